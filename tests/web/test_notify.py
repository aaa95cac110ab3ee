"""Notifications away from the site (issue 32, Hearing about it): "your turn" after a delay, a
reminder at 80% of the time used, a daily digest, each switchable per player; Web Push to a local
fake push endpoint (VAPID-signed, encrypted) and e-mail to a local SMTP sink (aiosmtpd), never the
network. Each notice is sent once, however often the notifiers look."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from support.accounts import LOOPBACK, sign_up
from support.notify import PushEndpoint, Sink, browser_keys, push_endpoint, smtp_sink, vapid_keys
from turnbuckle.store import open_database
from turnbuckle.web import accounts
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.notifier import Notice, Notifier
from turnbuckle.web.service import MatchService
from turnbuckle.web.sql_repository import SqlRepository

pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd (the test extra) is not installed")
pytest.importorskip("pywebpush", reason="pywebpush (the push extra) is not installed")


@pytest.fixture
def smtp() -> Iterator[tuple[Sink, int]]:
    with smtp_sink() as running:
        yield running


@pytest.fixture
def push() -> Iterator[PushEndpoint]:
    with push_endpoint() as running:
        yield running


class FakeNow:
    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> FakeNow:
    return FakeNow()


@pytest.fixture
def app(tmp_path: Path, now: FakeNow, smtp: tuple[Sink, int], monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    private, public = vapid_keys(tmp_path)
    monkeypatch.setenv("TURNBUCKLE_SMTP_URL", f"smtp://127.0.0.1:{smtp[1]}")
    monkeypatch.setenv("TURNBUCKLE_MAIL_FROM", "turnbuckle@example.test")
    monkeypatch.setenv("TURNBUCKLE_VAPID_PRIVATE_KEY", private)
    monkeypatch.setenv("TURNBUCKLE_VAPID_PUBLIC_KEY", public)
    monkeypatch.setenv("TURNBUCKLE_VAPID_SUBJECT", "mailto:operator@example.test")
    db = open_database(str(tmp_path / "notify.db"))
    service = MatchService(SqlRepository(db), think_cap=0.5, now=now, clock_look=3600)
    try:
        made = create_app(service=service, limits=Limits(exempt_loopback=True))
        made.state.notifier.now = now
        made.state.notifier.look = 3600  # the test looks itself
        yield made
    finally:
        db.close()


def player(app: Any, name: str) -> Iterator[TestClient]:
    with TestClient(app, client=LOOPBACK) as client:
        assert sign_up(client, name).status_code == 303
        yield client


@pytest.fixture
def alice(app: Any) -> Iterator[TestClient]:
    yield from player(app, "Alice")


@pytest.fixture
def bob(app: Any) -> Iterator[TestClient]:
    yield from player(app, "Bob")


def set_up(client: TestClient, push: PushEndpoint, name: str, **prefs: Any) -> None:
    answer = client.post("/api/players/me/notifications", json={"email": f"{name.lower()}@example.test", **prefs})
    assert answer.status_code == 200, answer.text
    assert answer.json()["mail_configured"] and answer.json()["push_key"]
    subscribed = client.post("/api/players/me/push", json={"endpoint": f"{push.url}/push/{name}",
                                                           "keys": browser_keys()})
    assert subscribed.status_code == 201, subscribed.text


def test_your_turn_and_the_reminder_reach_the_push_endpoint_and_the_mailbox_once(
        app: Any, now: FakeNow, alice: TestClient, bob: TestClient, push: PushEndpoint,
        smtp: tuple[Sink, int]) -> None:
    sink, _ = smtp
    set_up(alice, push, "Alice")
    set_up(bob, push, "Bob")
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0,
                                                     "time_control": {"kind": "live", "minutes": 10, "increment": 0}})
    match_id = bob.post(f"/api/lobby/challenges/{made.json()['id']}/accept").json()["match_id"]
    mover = "Alice" if alice.get(f"/api/matches/{match_id}/public").json()["to_move"] == 0 else "Bob"
    notifier: Notifier = app.state.notifier
    now.t = time.time()  # signing up took a while on the real clock: the fake one catches up
    assert notifier.run_once() == 0  # nothing before the delay
    now.t += notifier.turn_delay + 1
    assert notifier.run_once() == 1  # your turn, to the mover
    assert [p for p, _, _ in push.received] == [f"/push/{mover}"]
    _path, headers, body = push.received[0]
    headers = {k.lower(): v for k, v in headers.items()}
    assert headers["authorization"].startswith("vapid t=") and headers.get("content-encoding") == "aes128gcm"
    assert b"Your turn" not in body  # encrypted for the browser
    assert [m["To"] for m in sink.messages] == [f"{mover.lower()}@example.test"]
    assert "Your turn" in sink.messages[0]["Subject"] and match_id in sink.messages[0].get_payload()
    assert notifier.run_once() == 0  # sent once, however often one looks
    now.t += 0.8 * 600
    assert notifier.run_once() == 1  # the reminder at 80% of the time used
    assert "running out" in sink.messages[-1]["Subject"] and len(push.received) == 2
    assert notifier.run_once() == 0


def test_the_daily_digest_goes_once_a_day_by_e_mail(app: Any, now: FakeNow, alice: TestClient, bob: TestClient,
                                                    push: PushEndpoint, smtp: tuple[Sink, int]) -> None:
    sink, _ = smtp
    for client, name in ((alice, "Alice"), (bob, "Bob")):
        set_up(client, push, name, turn=False, reminder=False, digest=True)
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0})
    match_id = bob.post(f"/api/lobby/challenges/{made.json()['id']}/accept").json()["match_id"]
    mover = "Alice" if alice.get(f"/api/matches/{match_id}/public").json()["to_move"] == 0 else "Bob"
    now.t = 2_000_000_000.0  # a fixed day
    assert app.state.notifier.run_once() == 1
    assert app.state.notifier.run_once() == 0
    assert [m["To"] for m in sink.messages] == [f"{mover.lower()}@example.test"]
    assert match_id in sink.messages[0].get_payload() and push.received == []  # e-mail only
    now.t += 86400
    assert app.state.notifier.run_once() == 1  # the next day, still waiting


def test_each_kind_can_be_switched_off(app: Any, now: FakeNow, alice: TestClient, bob: TestClient,
                                       push: PushEndpoint, smtp: tuple[Sink, int]) -> None:
    sink, _ = smtp
    for client, name in ((alice, "Alice"), (bob, "Bob")):
        set_up(client, push, name, turn=False, reminder=False, digest=False)
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0,
                                                     "time_control": {"kind": "live", "minutes": 10, "increment": 0}})
    bob.post(f"/api/lobby/challenges/{made.json()['id']}/accept")
    now.t = time.time() + 0.9 * 600
    assert app.state.notifier.run_once() == 0
    assert sink.messages == [] and push.received == []
    for client, name in ((alice, "Alice"), (bob, "Bob")):  # push off, e-mail on: only the e-mail goes
        client.post("/api/players/me/notifications", json={"email": f"{name.lower()}@example.test", "push": False})
    assert app.state.notifier.run_once() == 2  # your turn and the reminder, for the mover
    assert len(sink.messages) == 2 and push.received == []


def test_a_notice_is_claimed_by_one_notifier_only(app: Any, alice: TestClient) -> None:
    db = app.state.service.repository.db
    first, second = Notifier(db, app.state.notifier.config), Notifier(db, app.state.notifier.config)
    found = accounts.find(db, "Alice")
    assert found is not None
    player_id = found.id
    notice = Notice(player_id, "turn:m:1", "turn", "Your turn", "", "/turns")
    assert first.claim(notice) and not second.claim(notice) and not first.claim(notice)


def test_bad_settings_are_refused(alice: TestClient, app: Any) -> None:
    assert alice.post("/api/players/me/notifications", json={"email": "not an address"}).status_code == 400
    assert alice.post("/api/players/me/push", json={"endpoint": "ftp://x", "keys": browser_keys()}).status_code == 400
    assert TestClient(app, client=LOOPBACK).get("/api/players/me/notifications").status_code == 401


def test_the_turn_notice_waits_in_the_clock_scale(tmp_path: Path) -> None:
    """A server whose clocks run 100 times fast (--clock-scale 0.01) says "your turn" after 1.2 s, not 120 s."""
    db = open_database(str(tmp_path / "scaled.db"))
    try:
        for scale, delay in ((1.0, 120.0), (0.01, 1.2)):
            service = MatchService(SqlRepository(db), think_cap=0.5, clock_scale=scale)
            made = create_app(service=service, limits=Limits(exempt_loopback=True))
            assert made.state.notifier.turn_delay == pytest.approx(delay)
    finally:
        db.close()
