"""Property test over the OpenAPI schema: whatever schemathesis sends, the API never answers 5xx."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

schemathesis = pytest.importorskip("schemathesis")

from fastapi.testclient import TestClient  # noqa: E402

from turnbuckle.engine.registry import game_class, list_games  # noqa: E402
from turnbuckle.store import open_database  # noqa: E402
from turnbuckle.web.app import create_app  # noqa: E402
from turnbuckle.web.limits import Limits  # noqa: E402
from turnbuckle.web.repository import MemoryRepository  # noqa: E402
from turnbuckle.web.sql_repository import SqlRepository  # noqa: E402

LOOPBACK = ("127.0.0.1", 50000)
app = create_app(MemoryRepository(), think_cap=0.5, limits=Limits(exempt_loopback=True))
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:500])
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body.get("error"), str) and body["error"], response.text


DB_DIR = tempfile.mkdtemp(prefix="turnbuckle-fuzz-")
atexit.register(shutil.rmtree, DB_DIR, True)
db_app = create_app(SqlRepository(open_database(str(Path(DB_DIR) / "fuzz.db"))), think_cap=0.5,
                    limits=Limits(exempt_loopback=True))
db_schema = schemathesis.openapi.from_asgi("/api/openapi.json", db_app)
"""The same API on the database the leagues share (SQLite): ids and numbers reach the driver (issue 37)."""


@db_schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors_on_the_database(case: schemathesis.Case) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.body, response.text[:500])
    if response.status_code >= 400:
        assert response.json()["error"], response.text


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
OPTION_NAMES = sorted({o.name for name in list_games() for o in game_class(name).options()})


@given(
    game=st.sampled_from(list_games()),
    params=st.dictionaries(st.sampled_from(OPTION_NAMES), json_values, max_size=4),
    seats=st.none() | st.lists(st.sampled_from(["human", "hot-seat", "invite", "computer:nobody", "x"]), max_size=9),
)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_any_options_are_a_match_or_a_4xx(game: str, params: dict[str, Any], seats: list[str] | None) -> None:
    """Option values of every type for every game: a created match or a 4xx naming the problem."""
    with TestClient(app, client=LOOPBACK) as client:
        response = client.post("/api/matches", json={"game": game, "params": params, "seats": seats})
        assert response.status_code in (201, 400, 404, 422), response.text
        if response.status_code != 201:
            assert response.json()["error"]
        setup = client.post(f"/api/games/{game}/setup", json={"params": params})
        assert setup.status_code in (200, 400, 422), setup.text
