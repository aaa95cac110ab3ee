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
