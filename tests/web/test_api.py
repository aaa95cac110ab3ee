"""The JSON API: full matches against the computer, tokens, errors, events, replays, pacing."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from turnbuckle.engine.replay import Replay, run_replay
from turnbuckle.engine.shapes import schema

jsonschema = pytest.importorskip("jsonschema")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def wait_until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out waiting for the server"
        time.sleep(0.01)


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


FULL_MATCHES = [
    ("powerhouses", {}, "computer:expert"),
    ("wrasslin", {}, "computer:heuristic"),
    ("filsinger", {"tournament_standard": True}, "computer:expert"),
]


@pytest.mark.parametrize(("game", "params", "opponent"), FULL_MATCHES)
def test_full_match_against_the_computer(client: TestClient, play_seat: Any, game: str, params: dict[str, Any],
                                         opponent: str) -> None:
    created = create(client, game=game, params=params, seats=["human", opponent], seed=11)
    assert created["you"] == {"seats": [0], "owner": True}
    seen = play_seat(client, created, 0, created["owner_token"])
    final = seen[-1]
    assert final["finished"] and final["result"]["finished"]
    jsonschema.validate(final["result"], schema("result"))
    assert final["result"]["summary"] == final["summary"]
    # the events are the shared event messages, and the replay re-runs to the same result
    events = client.get(f"/api/matches/{created['id']}/events", params={"since": 0}).json()
    assert events["total"] == len(events["events"]) > 0
    for message in events["events"][:50]:
        jsonschema.validate(message, schema("event"))
    replay = Replay.model_validate(client.get(f"/api/matches/{created['id']}/replay").json())
    state = run_replay(replay)
    assert state.is_terminal() and state.returns() == final["result"]["result"]["returns"]


def test_seat_view_is_the_observation_and_legal_actions(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["human", "computer:heuristic"], seed=4)
    view = client.get(f"/api/matches/{created['id']}/seats/0", headers=auth(created["owner_token"])).json()
    assert view["observation"]["game"] == "powerhouses" and view["observation"]["player"] == 0
    if view["to_move"] == 0:
        assert {a["name"] for a in view["legal_actions"]} <= {"roll", "stop"} | {
            f"pursue {a}" for a in ("Agility", "Brawling", "Martial Arts", "Strength", "Technical Ability")
        }
    rendered = client.get(f"/api/matches/{created['id']}/seats/0", params={"render": "true"},
                          headers=auth(created["owner_token"])).json()
    assert rendered["picture"]["svg"].startswith("<svg") and rendered["picture"]["text"]


def test_tokens_only_act_for_their_own_seat(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    owner, invite = created["owner_token"], created["invites"][0]["token"]
    match = f"/api/matches/{created['id']}"
    assert created["invites"][0]["seat"] == 1 and created["invites"][0]["url"].endswith(f"#t={invite}")
    assert client.get(f"{match}/seats/1", headers=auth(owner)).status_code == 403
    assert client.get(f"{match}/seats/0", headers=auth(invite)).status_code == 403
    assert client.get(f"{match}/seats/0").status_code == 401
    assert client.get(f"{match}/seats/0", headers=auth("not-a-token")).status_code == 403
    assert client.get(f"{match}/seats/1", params={"token": invite}).status_code == 400  # a header, not the URL
    assert client.get(f"{match}/seats/1", headers=auth(invite)).status_code == 200
    assert client.get(f"{match}/seats/9", headers=auth(owner)).status_code == 404
    me = client.get(match, headers=auth(invite)).json()["you"]
    assert me == {"seats": [1], "owner": False}
    # whoever is to move, the other token cannot post for that seat
    view = client.get(match, headers=auth(owner)).json()
    mover = view["to_move"]
    wrong = invite if mover == 0 else owner
    posted = client.post(f"{match}/seats/{mover}/actions", json={"action": "pass"}, headers=auth(wrong))
    assert posted.status_code == 403
    assert "seat" in posted.json()["error"]
    # the guest has opened the seat: the owner no longer sees its link (test_seat_tokens has the rest)
    listed = client.get(f"{match}/invites", headers=auth(owner)).json()
    assert listed == [{"seat": 1, "label": listed[0]["label"], "opened": True, "url": None}]
    assert client.get(f"{match}/invites", headers=auth(invite)).status_code == 403


def test_hot_seat_token_covers_both_seats(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["hot-seat", "hot-seat"], seed=2)
    assert created["you"]["seats"] == [0, 1]
    for seat in (0, 1):
        assert client.get(f"/api/matches/{created['id']}/seats/{seat}",
                          headers=auth(created["owner_token"])).status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": "powerhouses", "params": {"dice": 99}}, 400, "dice"),
        ({"game": "powerhouses", "params": {"colour": "red"}}, 400, "no option 'colour'"),
        ({"game": "powerhouses", "params": {"roster": "/etc/passwd"}}, 400, "roster"),
        ({"game": "powerhouses", "params": {"wrestlers": [1, 2]}}, 400, "powerhouses"),
        ({"game": "powerhouses", "seats": ["human"]}, 400, "2 seats"),
        ({"game": "powerhouses", "seats": ["human", "robot"]}, 400, "seat kind"),
        ({"game": "powerhouses", "seats": ["human", "computer:grandmaster"]}, 400, "unknown agent"),
        ({"game": "powerhouses", "seats": ["human", "computer:mcts:²"]}, 400, "digits 0-9"),  # was a 500
        ({"game": "powerhouses", "seats": ["human", "computer:mcts:٣"]}, 400, "digits 0-9"),
        ({"game": "powerhouses", "seats": ["human", "computer:mcts:2000000000"]}, 400, "1 to 100,000"),  # was stored
        ({"game": "powerhouses", "seats": ["human", "computer:expert:3"]}, 400, "takes no ':N' part"),
        ({"game": "wrasslin", "params": {"match_type": "cage"}}, 400, "match_type"),
        ({"game": 7}, 422, "game"),
        ({"seats": []}, 422, "game"),
        ({"game": "powerhouses", "extra": 1}, 422, "extra"),
    ],
)
def test_bad_match_requests_are_4xx_naming_the_problem(client: TestClient, body: Any, status: int,
                                                      words: str) -> None:
    response = client.post("/api/matches", json=body)
    assert response.status_code == status, response.text
    assert words in response.json()["error"]


@pytest.mark.parametrize(
    ("params", "option"),
    [
        ({"team0": "{path}"}, "team0"),
        ({"dice": "{path}"}, "dice"),
        ({"teams": ["Gilded Tusk Wreckers", "{path}"]}, "teams[1]"),
    ],
)
def test_no_request_makes_the_server_read_its_own_files(client: TestClient, tmp_path: Any, params: dict[str, Any],
                                                        option: str) -> None:
    """A path in a data option (RUMBLESLAM teams, dice) is refused before anything is opened: the
    server's files are neither read nor probed (the error is the same whether the file exists)."""
    secret = tmp_path / "secret.toml"
    secret.write_text('name = "TOP SECRET"\nwrestlers = ["Nobody"]\n')
    for path in (secret, tmp_path / "missing.toml"):
        body = json.loads(json.dumps(params).replace("{path}", str(path)))
        response = client.post("/api/matches", json={"game": "rumbleslam", "params": body})
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert f"option {option!r} names a file on the server" in error
        assert "SECRET" not in error and "Nobody" not in error and "no such file" not in error


def test_bad_actions_are_4xx(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["human", "human"], seed=8)
    token = created["owner_token"]
    match = f"/api/matches/{created['id']}"
    view = client.get(f"{match}/seats/0", headers=auth(token)).json()
    mover = view["to_move"]
    other = 1 - mover
    cases = [
        (f"{match}/seats/{mover}/actions", {"action": "fly"}, 400, "illegal action 'fly'"),
        (f"{match}/seats/{mover}/actions", {"action": "die=3"}, 400, "illegal"),
        (f"{match}/seats/{other}/actions", {"action": "roll"}, 409, "turn"),
        (f"{match}/seats/{mover}/actions", {"action": "roll", "expect": 0}, 409, "moved on"),
        (f"{match}/seats/{mover}/actions", {"act": "roll"}, 422, "action"),
        (f"{match}/seats/{mover}/actions", {"action": ""}, 422, "action"),
        ("/api/matches/nosuchmatch/seats/0/actions", {"action": "roll"}, 404, "no match"),
    ]
    for path, body, status, words in cases:
        response = client.post(path, json=body, headers=auth(token))
        assert response.status_code == status, (path, body, response.text)
        assert words in response.json()["error"], response.text
    raw = client.post(f"{match}/seats/{mover}/actions", content=b"{not json", headers={
        **auth(token), "Content-Type": "application/json"})
    assert raw.status_code == 422 and raw.json()["error"]


def test_events_since_and_public_view(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer:heuristic", "computer:heuristic"], seed=3, delay=0)
    match = f"/api/matches/{created['id']}"
    wait_until(lambda: client.get(match).json()["finished"])
    total = client.get(f"{match}/events").json()["total"]
    tail = client.get(f"{match}/events", params={"since": total - 2}).json()
    assert [e["index"] for e in tail["events"]] == [total - 2, total - 1]
    assert tail["events"][-1]["kind"] == "result"
    public = client.get(f"{match}/public", params={"render": "true"}).json()
    assert public["seat"] is None and "player" not in public["observation"]
    assert public["picture"]["svg"].startswith("<svg")
    assert public["result"]["summary"].endswith("by pin")


def test_stream_sends_updates_until_the_end(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer:heuristic", "computer:heuristic"], seed=6, delay=0)
    match = f"/api/matches/{created['id']}"
    wait_until(lambda: client.get(match).json()["finished"])
    with client.stream("GET", f"{match}/stream", params={"since": 0}, headers={"Accept-Encoding": "gzip"}) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        assert "content-encoding" not in response.headers  # gzip would hold events back in its buffer
        payloads = [json.loads(line[6:]) for line in response.iter_lines() if line.startswith("data: ")]
    assert payloads[-1]["finished"]
    indices = [e["index"] for p in payloads for e in p["events"]]
    assert indices == list(range(len(indices))) and len(indices) == payloads[-1]["total"]


def test_watch_match_pause_step_resume(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer", "computer"], seed=9, delay=5)
    match = f"/api/matches/{created['id']}"
    token = created["owner_token"]
    assert created["watch"] and created["you"]["owner"]
    paused = client.post(f"{match}/control", json={"command": "pause"}, headers=auth(token)).json()
    assert paused["paused"]
    before = client.get(f"{match}/events").json()["total"]
    client.post(f"{match}/control", json={"command": "step"}, headers=auth(token))
    wait_until(lambda: client.get(f"{match}/events").json()["total"] > before)
    after = client.get(match).json()
    assert after["paused"] and not after["finished"]
    time.sleep(0.2)
    assert client.get(match).json()["actions"] == after["actions"]  # paused: nothing more
    assert client.post(f"{match}/control", json={"command": "warp"}, headers=auth(token)).status_code == 400
    assert client.post(f"{match}/control", json={"command": "pause"}).status_code == 403
    client.post(f"{match}/control", json={"command": "resume", "delay": 0}, headers=auth(token))
    wait_until(lambda: client.get(match).json()["finished"])


def test_replay_upload_and_stepping(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer:heuristic", "computer:heuristic"], seed=12, delay=0)
    match = f"/api/matches/{created['id']}"
    wait_until(lambda: client.get(match).json()["finished"])
    exported = client.get(f"{match}/replay").json()
    uploaded = client.post("/api/replays", json=exported)
    assert uploaded.status_code == 201, uploaded.text
    info = uploaded.json()
    first = client.get(f"/api/replays/{info['id']}", params={"step": 0}).json()
    last = client.get(f"/api/replays/{info['id']}", params={"step": info["steps"] - 1}).json()
    assert first["actions"] == 0 and first["result"] is None
    assert last["actions"] == len(exported["actions"]) and last["result"]["finished"]
    middle = client.get(f"/api/replays/{info['id']}", params={"step": 5}).json()
    assert 0 < middle["actions"] < last["actions"] and middle["events"]
    assert client.get(f"/api/replays/{info['id']}", params={"step": info["steps"]}).status_code == 404
    assert client.get("/api/replays/unknown").status_code == 404
    broken = dict(exported, actions=[*exported["actions"][:3], "die=9"])
    bad = client.post("/api/replays", json=broken)
    assert bad.status_code == 400 and "die=9" in bad.json()["error"]
    assert client.post("/api/replays", json={"game": "powerhouses"}).status_code == 400
    # the live match's own viewer session
    assert client.get(f"/api/replays/m{created['id']}", params={"step": 1}).status_code == 200


def test_hidden_information_replay_only_after_the_match(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "computer:heuristic"], seed=1)
    response = client.get(f"/api/matches/{created['id']}/replay")
    assert response.status_code == 403 and "over" in response.json()["error"]
    assert client.get(f"/api/replays/m{created['id']}").status_code == 403


def test_games_listing_and_setup(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"powerhouses", "wrasslin", "filsinger"} <= set(games)
    detail = client.get("/api/games/wrasslin").json()
    assert "roster" not in {o["name"] for o in detail["options"]}
    assert detail["default_agent"] in detail["agents"]
    setup = client.post("/api/games/wrasslin/setup", json={"params": {"match_type": "tag"}}).json()
    assert len(setup["seats"]) == 4
    assert client.post("/api/games/wrasslin/setup", json={"params": {"players": 99}}).status_code == 400
    assert client.get("/api/games/nope").status_code == 404


def test_pages_render(client: TestClient) -> None:
    created = create(client, game="filsinger", seats=["computer", "computer"], seed=2, delay=0)
    for path in ("/", "/new", "/new?game=wrasslin", "/games/powerhouses", "/replay", f"/m/{created['id']}"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "<main" in response.text
    missing = client.get("/m/nosuchmatch", headers={"Accept": "text/html"})
    assert missing.status_code == 404 and "no match" in missing.text
    watch = client.post("/watch", data={"game": "powerhouses"}, follow_redirects=False)
    assert watch.status_code == 303 and "#t=" in watch.headers["location"]


def test_replay_file_upload_page(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer:heuristic", "computer:heuristic"], seed=5, delay=0)
    wait_until(lambda: client.get(f"/api/matches/{created['id']}").json()["finished"])
    text = client.get(f"/api/matches/{created['id']}/replay").content
    uploaded = client.post("/replay", files={"file": ("m.json", text, "application/json")}, follow_redirects=False)
    assert uploaded.status_code == 303 and uploaded.headers["location"].startswith("/replay/u")
    page = client.get(uploaded.headers["location"])
    assert page.status_code == 200 and "wins by pin" in page.text
    bad = client.post("/replay", files={"file": ("m.json", b"not json", "application/json")},
                      headers={"Accept": "text/html"})
    assert bad.status_code == 400 and "not a JSON replay file" in bad.text


def test_a_replay_that_starts_from_a_position_opens_in_the_viewer(client: TestClient) -> None:
    import random

    import turnbuckle
    from turnbuckle.engine.game import CHANCE

    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):  # somewhere into the take-down
        state.apply_action(state.sample_chance(rng) if state.current_player() == CHANCE
                           else rng.choice(state.legal_actions()))
    start = state.to_position()
    played = game.state_from_position(start)
    actions = []
    while not played.is_terminal():
        action = played.sample_chance(rng) if played.current_player() == CHANCE else rng.choice(played.legal_actions())
        played.apply_action(action)
        actions.append(action.name)
    body = {"game": "powerhouses", "params": game.params, "seed": 3, "agents": ["random", "random"],
            "actions": actions, "returns": played.returns(), "position": start}
    opened = client.post("/api/replays", json=body)
    assert opened.status_code == 201, opened.text
    info = opened.json()
    last = client.get(f"/api/replays/{info['id']}", params={"step": info["steps"] - 1}).json()
    assert last["result"]["summary"] == played.match_result().describe()
    first = client.get(f"/api/replays/{info['id']}", params={"step": 0}).json()
    assert first["observation"]["dice"] == start["position"]["dice"]  # it opens where the position is
