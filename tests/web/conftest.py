"""Fixtures for the web app: an app on an in-memory repository and a client that plays through the API."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient  # needs httpx2 (the test extra): missing, the web tests fail, not skip

from support.browser import CHROMIUM, CHROMIUM_ARGS, TIMEOUT, Server
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.repository import MemoryRepository

LOOPBACK = ("127.0.0.1", 50000)
"""The test client's address: a loopback one, so ``Limits(exempt_loopback=True)`` applies to it."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    """The app as ``turnbuckle serve`` runs it, except that this (loopback) client plays as fast as it
    likes: the tests of the rate limits build their own app."""
    app = create_app(MemoryRepository(), think_cap=2.0, limits=Limits(exempt_loopback=True))
    with TestClient(app, client=LOOPBACK) as test_client:
        yield test_client


Player = Callable[[TestClient, dict[str, Any], int, str], list[dict[str, Any]]]


@pytest.fixture
def play_seat() -> Player:
    """Play ``seat`` of a created match to the end through the API (first legal action, or a fixed
    choice), waiting while the computer moves; returns every response body seen."""

    def play(client: TestClient, created: dict[str, Any], seat: int, token: str) -> list[dict[str, Any]]:
        match_id = created["id"]
        headers = {"Authorization": f"Bearer {token}"}
        seen: list[dict[str, Any]] = []
        for _ in range(20_000):
            response = client.get(f"/api/matches/{match_id}/seats/{seat}", headers=headers)
            assert response.status_code == 200, response.text
            view = response.json()
            seen.append(view)
            if view["finished"]:
                return seen
            if not view["legal_actions"]:
                time.sleep(0.005)
                continue
            # a steady, simple policy: the last legal action ("stop" in powerhouses ends rolls)
            name = view["legal_actions"][-1]["name"]
            posted = client.post(
                f"/api/matches/{match_id}/seats/{seat}/actions",
                json={"action": name, "expect": view["actions"]},
                headers=headers,
            )
            if posted.status_code == 409:  # the computer moved in between; look again
                continue
            assert posted.status_code == 200, posted.text
            seen.append(posted.json())
        raise AssertionError("match did not end")

    return play



# -- the browser tests (Playwright driving Debian's Chromium; support/browser.py) -------------------
@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with Server() as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page for tests that wait on JavaScript expressions: Playwright evaluates those with eval,
    which the app's CSP (rightly) forbids, so this context bypasses the CSP. ``strict_page`` keeps it."""
    context = browser.new_context(bypass_csp=True)
    context.set_default_timeout(TIMEOUT)
    yield context.new_page()
    context.close()


@pytest.fixture
def strict_page(browser: Any) -> Iterator[Any]:
    """A page under the app's own CSP; any CSP violation the browser reports fails the test."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    yield page
    context.close()
    assert not violations, violations
