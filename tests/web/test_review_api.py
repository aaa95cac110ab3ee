"""Reviews and hints over the API: who may have them, the seat token, and the shapes."""

from __future__ import annotations

import time
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay
from turnbuckle.engine.shapes import schema


def _create(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _finish(client: TestClient, match_id: str) -> None:
    deadline = time.monotonic() + 60
    while not client.get(f"/api/matches/{match_id}").json()["finished"]:
        assert time.monotonic() < deadline, "the match did not end"
        time.sleep(0.02)


def _review(client: TestClient, replay_id: str, query: str = "") -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        response = client.get(f"/api/replays/{replay_id}/review{query}")
        if response.status_code == 200:
            body: dict[str, Any] = response.json()
            return body
        assert response.status_code == 202, response.text
        progress = response.json()
        assert progress["status"] == "running"
        assert time.monotonic() < deadline, "the review did not finish"
        time.sleep(0.1)


def _my_turn(client: TestClient, match_id: str, seat: int, token: str) -> dict[str, Any]:
    """Wait for ``seat``'s next decision."""
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 60
    while True:
        view = client.get(f"/api/matches/{match_id}/seats/{seat}", headers=headers).json()
        assert not view["finished"], "the match ended before the seat had a decision"
        if len(view["legal_actions"]) > 1:
            return view
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_a_finished_matchs_review_follows_the_schema_with_viewer_steps(client: TestClient) -> None:
    created = _create(client, {"game": "powerhouses", "seats": ["computer:heuristic"] * 2, "seed": 8, "delay": 0})
    _finish(client, created["id"])
    body = _review(client, "m" + created["id"])
    review = body["review"]
    jsonschema.validate(review, schema("review"))
    assert review["decisions"] and all(d["exact"] for d in review["decisions"])
    frame = client.get(f"/api/replays/m{created['id']}").json()
    steps = frame["steps"]
    assert len(body["steps"]) == len(review["decisions"]) and body["final_step"] == steps - 1
    assert all(0 <= s < steps for s in body["steps"])
    assert body["steps"] == sorted(body["steps"])
    for decision, step in zip(review["decisions"], body["steps"], strict=True):
        shown = client.get(f"/api/replays/m{created['id']}?step={step}").json()["actions"]
        assert shown <= decision["action_index"], "a decision's step shows the position it was taken in"


def test_an_uploaded_replay_is_reviewed_in_the_background(client: TestClient) -> None:
    game = turnbuckle.load_game("wrasslin")
    record = play_match(game, [make_agent("random", game, p) for p in range(2)], seed=3)
    replay = Replay.from_result(record).model_dump()
    replay.update(actions=replay["actions"][:60], returns=None)
    uploaded = client.post("/api/replays", json=replay)
    assert uploaded.status_code == 201, uploaded.text
    first = client.get(f"/api/replays/{uploaded.json()['id']}/review?budget=4&seed=3")
    assert first.status_code in (200, 202)
    body = _review(client, uploaded.json()["id"], "?budget=4&seed=3")
    review = body["review"]
    jsonschema.validate(review, schema("review"))
    assert review["budget"] == {"playouts": 4, "seconds": None, "adaptive": False, "cpu": False}
    assert review["review_seed"] == 3
    assert all(o["samples"] == 4 for d in review["decisions"] for o in d["options"])


@pytest.mark.parametrize(("query", "status", "message"), [
    ("?budget=lots", 400, "budget"), ("?budget=100000", 400, "at most 256"), ("?budget=9s", 400, "at most"),
    ("?seed=-1", 422, "seed"),
])
def test_bad_review_queries_are_4xx_json(client: TestClient, query: str, status: int, message: str) -> None:
    created = _create(client, {"game": "powerhouses", "seats": ["computer:heuristic"] * 2, "seed": 2, "delay": 0})
    _finish(client, created["id"])
    response = client.get(f"/api/replays/m{created['id']}/review{query}")
    assert response.status_code == status and message in response.json()["error"]
    assert client.get("/api/replays/nope/review").status_code == 404


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_hint_needs_the_seats_token_and_its_turn(client: TestClient) -> None:
    created = _create(client, {"game": "powerhouses", "seats": ["human", "computer:heuristic"], "seed": 4})
    match_id, token = created["id"], created["owner_token"]
    assert client.get(f"/api/matches/{match_id}/hints").json()["hints"] is True
    view = _my_turn(client, match_id, 0, token)
    url = f"/api/matches/{match_id}/seats/0/hint"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Bearer nope"}).status_code == 403
    assert client.get(f"/api/matches/{match_id}/seats/1/hint", headers=bearer(token)).status_code == 403
    response = client.get(url, headers=bearer(token))
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["exact"] and body["seat"] == 0 and body["actions"] == view["actions"]
    assert {o["choice"] for o in body["options"]} == {a["name"] for a in view["legal_actions"]}
    values = [o["value"] for o in body["options"]]
    assert values == sorted(values, reverse=True) and all(0 <= v <= 1 for v in values)
    assert body["words"] == body["options"][0]["words"] and body["options"][0]["as_good"]
    assert all(o["words"] and o["gap"] >= 0 and o["gap_stderr"] is None for o in body["options"])
    assert client.get(url, params={"budget": "zero"}, headers=bearer(token)).status_code == 400


def test_a_sampled_hint_says_how_long_it_took_and_why_it_stopped(client: TestClient) -> None:
    created = _create(client, {"game": "rumbleslam", "seats": ["human", "computer:random"], "seed": 4})
    match_id, token = created["id"], created["owner_token"]
    _my_turn(client, match_id, 0, token)
    body = client.get(f"/api/matches/{match_id}/seats/0/hint", params={"budget": "1s"}, headers=bearer(token)).json()
    assert not body["exact"] and body["stopped"] and 0 < body["seconds"] < 30
    best, *others = body["options"]
    assert best["as_good"] and best["gap"] == 0 and best["words"]
    for option in others:
        assert option["as_good"] == (option["words"] == "as good as the best")


def test_hints_are_off_between_people_unless_agreed(client: TestClient) -> None:
    people = _create(client, {"game": "powerhouses", "seats": ["hot-seat", "hot-seat"], "seed": 4})
    assert client.get(f"/api/matches/{people['id']}/hints").json() == {
        "hints": False, "reason": "another person is playing and hints were not agreed when the match was created"}
    refused = client.get(f"/api/matches/{people['id']}/seats/0/hint", headers=bearer(people['owner_token']))
    assert refused.status_code == 403 and "no hints in this match" in refused.json()["error"]
    review = client.get(f"/api/replays/m{people['id']}/review")
    assert review.status_code == 403 and "no reviews of this match until it is over" in review.json()["error"]
    agreed = _create(client, {"game": "powerhouses", "seats": ["human", "invite"], "seed": 4, "hints": True})
    assert client.get(f"/api/matches/{agreed['id']}/hints").json()["hints"] is True
    solo_off = _create(client, {"game": "powerhouses", "seats": ["human", "computer"], "hints": False})
    assert client.get(f"/api/matches/{solo_off['id']}/hints").json()["hints"] is False
    off = client.get(f"/api/matches/{solo_off['id']}/seats/0/hint", headers=bearer(solo_off['owner_token']))
    assert off.status_code == 403


def test_a_hint_is_refused_to_a_seat_with_nothing_to_decide(client: TestClient) -> None:
    created = _create(client, {"game": "powerhouses", "seats": ["hot-seat", "hot-seat"], "seed": 4, "hints": True})
    match_id, token = created["id"], created["owner_token"]
    mover = client.get(f"/api/matches/{match_id}").json()["to_move"]
    assert mover in (0, 1), "a hot-seat match waits for a person at once (the dice roll themselves)"
    assert client.get(f"/api/matches/{match_id}/seats/{mover}/hint", headers=bearer(token)).status_code == 200
    waiting = client.get(f"/api/matches/{match_id}/seats/{1 - mover}/hint", headers=bearer(token))
    assert waiting.status_code == 409 and "no decision" in waiting.json()["error"]


def test_a_match_too_long_for_the_server_is_refused(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from turnbuckle.web import review

    monkeypatch.setattr(review, "MAX_WEB_DECISIONS", 3)
    created = _create(client, {"game": "powerhouses", "seats": ["computer:heuristic"] * 2, "seed": 5, "delay": 0})
    _finish(client, created["id"])
    deadline = time.monotonic() + 60
    while (response := client.get(f"/api/replays/m{created['id']}/review")).status_code == 202:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert response.status_code == 400 and "more than the 3 the server reviews" in response.json()["error"]


def test_a_match_between_people_may_be_reviewed_once_it_is_over(client: TestClient) -> None:
    """Hints were not agreed, so no review while it is played; after its last move its players may
    review it (it helps nobody win it any more)."""
    people = _create(client, {"game": "powerhouses", "seats": ["hot-seat", "hot-seat"], "seed": 4})
    match_id, token = people["id"], people["owner_token"]
    assert client.get(f"/api/replays/m{match_id}/review").status_code == 403
    for _ in range(500):
        meta = client.get(f"/api/matches/{match_id}").json()
        if meta["finished"]:
            break
        seat = meta["to_move"]
        view = client.get(f"/api/matches/{match_id}/seats/{seat}", headers=bearer(token)).json()
        stop = [a["name"] for a in view["legal_actions"] if a["name"] == "stop"]
        action = stop[0] if stop else view["legal_actions"][0]["name"]
        played = client.post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=bearer(token),
                             json={"action": action})
        assert played.status_code == 200, played.text
    assert meta["finished"]
    review = client.get(f"/api/replays/m{match_id}/review")
    assert review.status_code in (200, 202), review.text
