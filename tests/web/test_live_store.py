"""Live matches in the database: a restarted server resumes every match where it was."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from turnbuckle.store import open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.repository import LiveMatchRecord, MemoryRepository
from turnbuckle.web.sql_repository import SqlRepository


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out waiting for the server"
        time.sleep(0.01)


@pytest.mark.parametrize("kind", ["memory", "sql"])
def test_repository_round_trip(tmp_path: Path, kind: str) -> None:
    repo = MemoryRepository() if kind == "memory" else SqlRepository(open_database(str(tmp_path / "t.db")))
    record = LiveMatchRecord(id="abcdef12", game="powerhouses", params={"dice": 5}, seats=["human", "computer:expert"],
                             seed=7, tokens={"h": {"seats": [0], "owner": True}})
    repo.add(record)
    repo.append_actions("abcdef12", 0, ["die=1", "die=2"])
    repo.append_actions("abcdef12", 2, ["die=3"])
    repo.append_actions("abcdef12", 1, ["die=6", "die=5"])  # a rewrite from index 1 replaces the tail
    assert repo.unfinished() == ["abcdef12"]
    repo.update("abcdef12", finished=True, summary="someone wins by pin")
    loaded = repo.get("abcdef12")
    assert loaded is not None
    assert loaded.actions == ["die=1", "die=6", "die=5"]
    assert loaded.finished and loaded.summary == "someone wins by pin"
    assert loaded.seats == record.seats and loaded.tokens == record.tokens and loaded.params == {"dice": 5}
    assert repo.unfinished() == []
    assert [s.id for s in repo.recent()] == ["abcdef12"]
    assert repo.get("missing1") is None


def test_restart_resumes_matches(tmp_path: Path) -> None:
    url = str(tmp_path / "live.db")
    with TestClient(create_app(SqlRepository(open_database(url)))) as client:
        human = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "computer:expert"],
                                                  "seed": 5}).json()
        watch = client.post("/api/matches", json={"game": "wrasslin", "seats": ["computer:heuristic"] * 2,
                                                  "seed": 5, "delay": 0.5}).json()
        token = human["owner_token"]
        view = client.get(f"/api/matches/{human['id']}/seats/0", headers=auth(token)).json()
        for _ in range(3):  # a few moves, so the log holds decisions as well as dice
            if view["finished"] or not view["legal_actions"]:
                break
            view = client.post(f"/api/matches/{human['id']}/seats/0/actions",
                               json={"action": view["legal_actions"][0]["name"]}, headers=auth(token)).json()
        wait_until(lambda: client.get(f"/api/matches/{watch['id']}").json()["actions"] > 0)
        before = client.get(f"/api/matches/{human['id']}/seats/0", headers=auth(token)).json()
    # a new server on the same database: the same position, the same tokens, and the watch match goes on
    with TestClient(create_app(SqlRepository(open_database(url)))) as client:
        after = client.get(f"/api/matches/{human['id']}/seats/0", headers=auth(token)).json()
        assert after["observation"] == before["observation"] and after["actions"] == before["actions"]
        assert after["legal_actions"] == before["legal_actions"]
        client.post(f"/api/matches/{watch['id']}/control", json={"command": "delay", "delay": 0},
                    headers=auth(watch["owner_token"]))
        wait_until(lambda: client.get(f"/api/matches/{watch['id']}").json()["finished"])
        listed = {m["id"] for m in client.get("/api/matches").json()}
        assert {human["id"], watch["id"]} <= listed
