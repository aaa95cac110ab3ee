"""Shared by the accounts and lobby tests: an app on a fresh SQLite database, players signed up."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from turnbuckle.store import open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.sql_repository import SqlRepository

LOOPBACK = ("127.0.0.1", 50000)
PASSWORD = "a long enough pass phrase"


@contextmanager
def app_on(path: Path, **kwargs: Any) -> Iterator[Any]:
    db = open_database(str(path))
    try:
        yield create_app(SqlRepository(db), think_cap=1.0, limits=Limits(exempt_loopback=True), **kwargs)
    finally:
        db.close()


def sign_up(client: TestClient, name: str, password: str = PASSWORD, **extra: str) -> Any:
    return client.post("/signup", data={"name": name, "password": password, "password2": password, **extra},
                       follow_redirects=False)


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post("/login", data={"name": name, "password": password}, follow_redirects=False)


def play_to_the_end(client: TestClient, match_id: str, tokens: dict[int, str], limit: int = 20_000) -> dict[str, Any]:
    """Play the people's seats (``tokens``: seat -> token) of a match through the API until it is
    over, each time with the last legal action; the computer's seats move by themselves."""
    import time

    for _ in range(limit):
        moved = False
        for seat, token in tokens.items():
            headers = {"Authorization": f"Bearer {token}"}
            view = client.get(f"/api/matches/{match_id}/seats/{seat}", headers=headers)
            assert view.status_code == 200, view.text
            data = view.json()
            if data["finished"]:
                return dict(data)
            if data["legal_actions"]:
                posted = client.post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=headers,
                                     json={"action": data["legal_actions"][-1]["name"], "expect": data["actions"]})
                assert posted.status_code in (200, 409), posted.text
                moved = True
        if not moved:
            time.sleep(0.01)
    raise AssertionError("the match did not end")
