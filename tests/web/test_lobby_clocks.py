"""Clocks in the lobby (issue 32, Time): a challenge carries its time control to the match; a rated
match's player who stops runs out of time, the other claims the win (rated, settled once), and the
abandonment record on the player pages and the challenges counts it. The clocks run on a fake time
injected into the match service."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from support.accounts import LOOPBACK, sign_up
from turnbuckle.store import open_database
from turnbuckle.store.player_models import RatingHistory
from turnbuckle.web import clocks
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.service import MatchService
from turnbuckle.web.sql_repository import SqlRepository


class FakeNow:
    def __init__(self) -> None:
        self.t = 2_000_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def now() -> FakeNow:
    return FakeNow()


@pytest.fixture
def app(tmp_path: Path, now: FakeNow) -> Iterator[Any]:
    db = open_database(str(tmp_path / "clocks.db"))
    service = MatchService(SqlRepository(db), think_cap=0.5, now=now, clock_look=3600)  # the test looks itself
    try:
        yield create_app(service=service, limits=Limits(exempt_loopback=True))
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


def seat_of(client: TestClient, match_id: str) -> tuple[int, dict[str, str]]:
    data = client.post(f"/api/players/me/matches/{match_id}/token").json()
    return int(data["seat"]), {"Authorization": f"Bearer {data['token']}"}


def test_a_rated_player_who_stops_loses_on_time_and_the_record_shows_it(
        app: Any, now: FakeNow, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "rated": True, "seat": 0,
                                                     "time_control": {"kind": "turn", "days": 1}})
    assert made.status_code == 201, made.text
    listed = bob.get("/api/lobby").json()["challenges"][0]
    assert listed["clock"] == "1 day per move" and listed["creator_record"] == [0, 0]
    match_id = bob.post(f"/api/lobby/challenges/{made.json()['id']}/accept").json()["match_id"]
    seats = {"Alice": seat_of(alice, match_id), "Bob": seat_of(bob, match_id)}
    clients = {"Alice": alice, "Bob": bob}
    view = alice.get(f"/api/matches/{match_id}/seats/0", headers=seats["Alice"][1]).json()
    assert view["clock"]["kind"] == "turn" and view["clock"]["rated"] and view["clock"]["running"] == view["to_move"]
    # whoever is to move moves once; the other then stops
    first = "Alice" if view["to_move"] == seats["Alice"][0] else "Bob"
    while True:
        seat, headers = seats[first]
        view = clients[first].get(f"/api/matches/{match_id}/seats/{seat}", headers=headers).json()
        if view["to_move"] != seat:
            break
        moved = clients[first].post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=headers,
                                    json={"action": view["legal_actions"][-1]["name"]})
        assert moved.status_code == 200, moved.text
    late = "Bob" if first == "Alice" else "Alice"
    now.t += clocks.DAY + 1
    service = app.state.service
    assert service.check_clocks() == 1 and service.check_clocks() == 0
    seat, headers = seats[first]
    view = clients[first].get(f"/api/matches/{match_id}/seats/{seat}", headers=headers).json()
    assert view["clock"]["pending"] == [seats[late][0]]
    late_view = clients[late].get(f"/api/matches/{match_id}/seats/{seats[late][0]}", headers=seats[late][1]).json()
    assert late_view["legal_actions"] == []  # out of time: nothing to play while the other decides
    claimed = clients[first].post(f"/api/matches/{match_id}/seats/{seat}/clock", headers=headers,
                                  json={"decision": "claim"})
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["finished"] and "ran out of time" in claimed.json()["summary"]
    app.state.settle.wait()
    with service.repository.db.read() as session:
        places = {h.place for h in session.scalars(select(RatingHistory).where(RatingHistory.match_id == match_id))}
    assert places == {0, 1}  # rated: one winner, one loser
    pages = {name: clients[name].get(f"/api/players/{name}").json() for name in ("Alice", "Bob")}
    assert pages[late]["abandonment"] == {"finished": 0, "abandoned": 1}
    assert pages[first]["abandonment"] == {"finished": 1, "abandoned": 0}
    assert pages[first]["finished"][0]["outcome"] == "won"
    assert "0 finished, 1 abandoned" in clients[first].get(f"/players/{late}").text
    again = clients[late].post("/api/lobby/challenges", json={"game": "powerhouses"}).json()
    assert again["creator_record"] == [0, 1]


def test_a_casual_lobby_match_hands_the_stopped_seat_to_the_computer(
        app: Any, now: FakeNow, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0,
                                                     "time_control": {"kind": "live", "minutes": 1, "increment": 0}})
    match_id = bob.post(f"/api/lobby/challenges/{made.json()['id']}/accept").json()["match_id"]
    now.t += 61
    assert app.state.service.check_clocks() == 1
    public = alice.get(f"/api/matches/{match_id}/public").json()
    flagged = public["clock"]["flagged"]
    assert len(flagged) == 1 and public["seats"][flagged[0]]["kind"] == "computer"
    assert not public["clock"]["rated"] and public["clock"]["takeover"]


@pytest.mark.parametrize("control", [{"kind": "turn", "days": 10}, {"kind": "live", "minutes": 0}])
def test_a_bad_time_control_is_refused_in_the_lobby(alice: TestClient, control: dict[str, Any]) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "time_control": control})
    assert made.status_code == 400, made.text


# -- "your turn" (issue 32, Hearing about it) -----------------------------------------------------
def turns_of(client: TestClient) -> dict[str, Any]:
    answer = client.get("/api/players/me/turns")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_your_turn_lists_the_matches_waiting_for_each_player(app: Any, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0,
                                                     "time_control": {"kind": "turn", "days": 3}}).json()
    match_id = bob.post(f"/api/lobby/challenges/{made['id']}/accept").json()["match_id"]
    seats = {"Alice": seat_of(alice, match_id), "Bob": seat_of(bob, match_id)}
    clients = {"Alice": alice, "Bob": bob}
    for _ in range(6):
        view = alice.get(f"/api/matches/{match_id}/public").json()
        mover = "Alice" if view["to_move"] == seats["Alice"][0] else "Bob"
        other = "Bob" if mover == "Alice" else "Alice"
        waiting = turns_of(clients[mover])
        assert waiting["count"] == 1 and waiting["matches"][0]["match_id"] == match_id
        assert waiting["matches"][0]["clock"] == "3 days per move" and waiting["matches"][0]["deadline"]
        assert turns_of(clients[other])["count"] == 0
        seat, headers = seats[mover]
        legal = clients[mover].get(f"/api/matches/{match_id}/seats/{seat}", headers=headers).json()["legal_actions"]
        assert clients[mover].post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=headers,
                                   json={"action": legal[-1]["name"]}).status_code == 200
    assert TestClient(app, client=LOOPBACK).get("/api/players/me/turns").status_code == 401  # a guest
    view = alice.get(f"/api/matches/{match_id}/public").json()
    mover = "Alice" if view["to_move"] == seats["Alice"][0] else "Bob"
    page = clients[mover].get(f"/players/{mover}").text
    assert f'data-turn="{match_id}"' in page and 'id="turns-badge"' in page
    assert clients[mover].get("/turns", follow_redirects=False).headers["location"] == f"/players/{mover}#turns-title"


def test_the_your_turn_stream_sends_the_list(app: Any, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0}).json()
    match_id = bob.post(f"/api/lobby/challenges/{made['id']}/accept").json()["match_id"]
    view = alice.get(f"/api/matches/{match_id}/public").json()
    client = alice if view["to_move"] == 0 else bob
    with client.stream("GET", "/api/players/me/turns/stream?seconds=0.5") as stream:
        text = "".join(stream.iter_text())
    assert "event: update" in text and match_id in text and '"count": 1' in text
