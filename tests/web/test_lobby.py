"""The lobby (issue 31, "Meeting"): challenges created, cancelled, accepted seat by seat, filled
with computers, played to the end; rated results on the player pages and the leaderboard; two
accepts at once; a guest's matches claimed at sign-up; a disabled player's challenges withdrawn."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from support.accounts import LOOPBACK, PASSWORD, app_on, play_to_the_end, sign_up
from turnbuckle.store.player_models import Rating, RatingHistory
from turnbuckle.web import accounts


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    with app_on(tmp_path / "lobby.db") as made:
        yield made


def player(app: Any, name: str) -> TestClient:
    client = TestClient(app, client=LOOPBACK)
    client.__enter__()
    assert sign_up(client, name).status_code == 303
    return client


@pytest.fixture
def alice(app: Any) -> Iterator[TestClient]:
    client = player(app, "Alice")
    yield client
    client.__exit__(None, None, None)


@pytest.fixture
def bob(app: Any) -> Iterator[TestClient]:
    client = player(app, "Bob")
    yield client
    client.__exit__(None, None, None)


def my_seat(client: TestClient, match_id: str) -> tuple[int, str]:
    answer = client.post(f"/api/players/me/matches/{match_id}/token")
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["url"].endswith(f"/m/{match_id}#t={data['token']}")
    return int(data["seat"]), str(data["token"])


def test_a_challenge_is_listed_accepted_and_both_players_reach_their_own_seat(
        app: Any, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0})
    assert made.status_code == 201, made.text
    challenge = made.json()
    assert challenge["open_seats"] == [1] and challenge["creator"] == "Alice"
    assert challenge["creator_rating"] == "1500?"  # a newcomer's rating in the game
    listed = TestClient(app, client=LOOPBACK).get("/api/lobby").json()  # a guest sees it too
    assert [c["id"] for c in listed["challenges"]] == [challenge["id"]] and listed["you"] is None
    taken = bob.post(f"/api/lobby/challenges/{challenge['id']}/accept", json={})
    assert taken.status_code == 200, taken.text
    started = taken.json()
    assert started["status"] == "started" and started["match_id"]
    assert [s["player"] for s in started["seats"]] == ["Alice", "Bob"]
    match_id = started["match_id"]
    assert bob.get("/api/lobby").json()["started"][0]["match_id"] == match_id
    a_seat, a_token = my_seat(alice, match_id)
    b_seat, _ = my_seat(bob, match_id)
    assert (a_seat, b_seat) == (0, 1)
    # each token plays its own seat and only it
    assert alice.get(f"/api/matches/{match_id}/seats/1", headers={"Authorization": f"Bearer {a_token}"}
                     ).status_code == 403
    assert alice.get(f"/api/matches/{match_id}/seats/0", headers={"Authorization": f"Bearer {a_token}"}
                     ).status_code == 200
    # a player with no seat gets none; the form answers with the table's address
    assert TestClient(app, client=LOOPBACK).post(f"/api/players/me/matches/{match_id}/token").status_code == 401
    go = bob.post(f"/m/{match_id}/seat", follow_redirects=False)
    assert go.status_code == 303 and go.headers["location"].startswith(f"/m/{match_id}#t=")
    assert alice.get("/api/lobby").json()["challenges"] == []
    page = alice.get("/lobby").text
    assert "New challenge" in page and "Play the computer" in page and "Logged in as" in page


def test_the_creator_is_sent_to_the_table_only_once_the_seats_are_there(
        app: Any, alice: TestClient, bob: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby takes the creator to the table when the challenge shows as started: that must not
    happen before the match and its seats exist, or the creator's lobby (another process, in the
    PostgreSQL browser test) asks for a seat it does not have yet (403)."""
    from datetime import timedelta

    from turnbuckle.store import utcnow
    from turnbuckle.web import lobby

    db = app.state.service.repository.db
    creator = accounts.find(db, "Alice")
    assert creator is not None
    since = utcnow() - timedelta(minutes=1)
    seen_meanwhile: list[list[Any]] = []
    real = lobby.add_account_match

    def adding(*args: Any, **kwargs: Any) -> Any:
        seen_meanwhile.append(lobby.started_for(db, creator, since))  # between the claim and the seats
        return real(*args, **kwargs)

    monkeypatch.setattr(lobby, "add_account_match", adding)
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0}).json()
    assert bob.post(f"/api/lobby/challenges/{made['id']}/accept", json={}).status_code == 200
    assert seen_meanwhile == [[]]  # not yet shown as started
    started = alice.get("/api/lobby").json()["started"]
    assert [s["id"] for s in started] == [made["id"]]
    assert alice.post(f"/m/{started[0]['match_id']}/seat", follow_redirects=False).status_code == 303


def test_a_rated_match_played_to_the_end_shows_on_both_player_pages_and_the_leaderboard(
        app: Any, alice: TestClient, bob: TestClient) -> None:
    challenge = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "rated": True}).json()
    assert challenge["random_seats"]
    match_id = bob.post(f"/api/lobby/challenges/{challenge['id']}/accept").json()["match_id"]
    tokens = dict([my_seat(alice, match_id), my_seat(bob, match_id)])
    assert sorted(tokens) == [0, 1]
    final = play_to_the_end(alice, match_id, tokens)
    app.state.settle.wait()
    db = app.state.service.repository.db
    with db.read() as session:
        ratings = {r.player_id: r for r in session.scalars(select(Rating))}
        history = list(session.scalars(select(RatingHistory)))
        session.expunge_all()
    assert len(ratings) == 2 and len(history) == 2 and all(r.games == 1 for r in ratings.values())
    winners = final["result"]
    pages = {name: client.get(f"/api/players/{name}").json() for name, client in (("Alice", alice), ("Bob", bob))}
    outcomes = {name: page["finished"][0]["outcome"] for name, page in pages.items()}
    assert sorted(outcomes.values()) in (["lost", "won"], ["drew", "drew"]), (outcomes, winners)
    for name, page in pages.items():
        other = "Bob" if name == "Alice" else "Alice"
        assert page["finished"][0]["opponents"] == [other] and page["finished"][0]["rated"]
        assert page["ratings"][0]["game"] == "powerhouses" and page["ratings"][0]["rating"].endswith("?")
        assert page["records"][0]["opponent"] == other
        html = alice.get(f"/players/{name}").text
        assert "<svg" in html and f"/m/{match_id}/replay" in html
        assert f"/m/{match_id}/replay#review" in html  # over: its review is open to both (docs/web.md, Review)
    if outcomes["Alice"] == "won":
        assert ratings[accounts.find(db, "Alice").id].rating > ratings[accounts.find(db, "Bob").id].rating  # type: ignore[union-attr]
    board = alice.get("/api/leaderboards").json()
    powerhouses = next(b for b in board if b["game"] == "powerhouses")
    assert sorted(p["name"] for p in powerhouses["provisional"]) == ["Alice", "Bob"]  # one match: provisional
    assert "Alice" in alice.get("/players").text


def accept_at_once(barrier: threading.Barrier, answers: dict[str, Any], name: str, client: TestClient,
                   challenge_id: int) -> None:
    barrier.wait()
    answers[name] = client.post(f"/api/lobby/challenges/{challenge_id}/accept")


def test_two_accepts_at_once_one_wins_and_the_other_is_told(app: Any, alice: TestClient, bob: TestClient) -> None:
    carol = player(app, "Carol")
    try:
        for round_ in range(3):
            challenge = alice.post("/api/lobby/challenges", json={"game": "powerhouses"}).json()
            barrier = threading.Barrier(2)
            answers: dict[str, Any] = {}

            threads = [threading.Thread(target=accept_at_once, args=(barrier, answers, n, c, challenge["id"]))
                       for n, c in (("Bob", bob), ("Carol", carol))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted(a.status_code for a in answers.values())
            assert codes == [200, 409], (round_, {n: a.text for n, a in answers.items()})
            loser = next(a for a in answers.values() if a.status_code == 409)
            assert "another player accepted it first" in loser.json()["error"]
            winner = next(n for n, a in answers.items() if a.status_code == 200)
            seated = [s["player"] for s in answers[winner].json()["seats"]]
            assert sorted(seated) == sorted(["Alice", winner])
    finally:
        carol.__exit__(None, None, None)


def test_a_four_way_fills_seat_by_seat_and_the_creator_adds_computers(
        app: Any, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "skirmish", "params": {"match_type": "fatal_four_way"},
                                                     "seat": 2}).json()
    assert len(made["seats"]) == 4 and made["open_seats"] == [0, 1, 3]
    assert bob.post(f"/api/lobby/challenges/{made['id']}/accept", json={"seat": 2}).status_code == 409
    half = bob.post(f"/api/lobby/challenges/{made['id']}/accept", json={"seat": 3}).json()
    assert half["status"] == "open" and half["open_seats"] == [0, 1]
    assert bob.post(f"/api/lobby/challenges/{made['id']}/computers").status_code == 403  # creator only
    started = alice.post(f"/api/lobby/challenges/{made['id']}/computers", json={"agent": "random"}).json()
    assert started["status"] == "started"
    assert [s["computer"] for s in started["seats"]] == ["random", "random", None, None]
    match = alice.get(f"/api/matches/{started['match_id']}").json()
    assert [s["kind"] for s in match["seats"]] == ["computer", "computer", "invite", "invite"]


def test_a_direct_challenge_is_for_its_player_only(app: Any, alice: TestClient, bob: TestClient) -> None:
    carol = player(app, "Carol")
    try:
        made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "opponent": "bob"}).json()
        assert made["target"] == "Bob"
        assert carol.get("/api/lobby").json()["challenges"] == []
        assert [c["id"] for c in bob.get("/api/lobby").json()["challenges"]] == [made["id"]]
        assert carol.post(f"/api/lobby/challenges/{made['id']}/accept").status_code == 403
        assert bob.post(f"/api/lobby/challenges/{made['id']}/accept").status_code == 200
        assert alice.post("/api/lobby/challenges", json={"game": "powerhouses", "opponent": "Nobody_Here"}
                          ).status_code == 404
    finally:
        carol.__exit__(None, None, None)


def test_a_rating_range_keeps_others_out(alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "min_rating": 1800}).json()
    refused = bob.post(f"/api/lobby/challenges/{made['id']}/accept")
    assert refused.status_code == 403 and "1500" in refused.json()["error"]


def test_cancel_is_the_creators_and_a_cancelled_challenge_cannot_be_accepted(
        alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "wrasslin"}).json()
    assert bob.post(f"/api/lobby/challenges/{made['id']}/cancel").status_code == 403
    assert alice.post(f"/api/lobby/challenges/{made['id']}/cancel").json()["status"] == "cancelled"
    late = bob.post(f"/api/lobby/challenges/{made['id']}/accept")
    assert late.status_code == 409 and "no longer open" in late.json()["error"]


def test_playing_the_computer_starts_at_once(alice: TestClient) -> None:
    started = alice.post("/api/lobby/computer", json={"game": "powerhouses", "agent": "random", "seat": 1})
    assert started.status_code == 201, started.text
    data = started.json()
    assert data["status"] == "started" and data["seats"][0]["computer"] == "random"
    seat, token = my_seat(alice, data["match_id"])
    assert seat == 1
    play_to_the_end(alice, data["match_id"], {1: token})
    page = alice.get("/api/players/Alice").json()
    assert page["finished"][0]["opponents"] == ["computer (random)"] and page["finished"][0]["review"]
    assert f'/m/{data["match_id"]}/replay#review' in alice.get("/players/Alice").text


@pytest.mark.parametrize("body", [
    {"game": "chess"}, {"game": "powerhouses", "seat": 5}, {"game": "powerhouses", "params": {"dice": 99}},
    {"game": "powerhouses", "min_rating": 1800, "max_rating": 1200}, {"game": "powerhouses", "opponent": "Alice"},
    {"game": "powerhouses", "extra": 1},
])
def test_bad_challenges_are_4xx_never_500(alice: TestClient, body: dict[str, Any]) -> None:
    answer = alice.post("/api/lobby/challenges", json=body)
    assert 400 <= answer.status_code < 500 and "error" in answer.json()


def test_a_guest_cannot_create_or_accept(app: Any, alice: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses"}).json()
    with TestClient(app, client=LOOPBACK) as guest:
        assert guest.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401
        assert guest.post(f"/api/lobby/challenges/{made['id']}/accept").status_code == 401
        assert "Log in" in guest.get("/lobby").text


def test_a_disabled_players_open_challenges_are_withdrawn(app: Any, alice: TestClient, bob: TestClient) -> None:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses"}).json()
    db = app.state.service.repository.db
    assert accounts.disable(db, accounts.find(db, "Alice").id) == 1  # type: ignore[union-attr]
    assert bob.get("/api/lobby").json()["challenges"] == []
    assert bob.post(f"/api/lobby/challenges/{made['id']}/accept").status_code == 409
    assert alice.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401


def test_a_guest_claims_the_matches_it_played_in_this_browser_when_it_signs_up(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as guest:
        created = guest.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "computer:random"]}).json()
        play_to_the_end(guest, created["id"], {0: created["owner_token"]})
        other = guest.post("/api/matches", json={"game": "powerhouses", "seats": ["computer:random", "human"]}).json()
        claims = f'[["{created["id"]}", "{created["owner_token"]}"], ["{other["id"]}", "not its token"]]'
        answer = sign_up(guest, "Former_Guest", claims=claims)
        assert answer.status_code == 303 and answer.headers["location"].endswith("claimed=1")
        page = guest.get("/api/players/Former_Guest").json()
        assert [m["id"] for m in page["finished"]] == [created["id"]] and page["current"] == []
        assert page["finished"][0]["opponents"] == ["computer (random)"] and not page["finished"][0]["rated"]
        # a seat claimed is no longer claimable by someone else with the same token
        with TestClient(app, client=LOOPBACK) as copycat:
            claims = f'[["{created["id"]}", "{created["owner_token"]}"]]'
            assert "claimed" not in sign_up(copycat, "Copy_Cat", claims=claims).headers["location"]


def test_the_lobby_stream_sends_the_challenges(app: Any, alice: TestClient) -> None:
    alice.post("/api/lobby/challenges", json={"game": "powerhouses"})
    with alice.stream("GET", "/api/lobby/stream?seconds=1") as stream:
        text = ""
        for chunk in stream.iter_text():
            text += chunk
            if "\n\n" in text:
                break
    assert text.startswith("event: update\ndata: ") and '"creator": "Alice"' in text


def test_a_rated_match_against_the_computer_needs_its_published_rating(app: Any, alice: TestClient) -> None:
    from turnbuckle.web.player_matches import published_rating

    answer = alice.post("/api/lobby/computer", json={"game": "powerhouses", "agent": "random", "rated": True})
    if published_rating("powerhouses", "random") is None:  # no calibration shipped: refused, and nothing left open
        assert answer.status_code == 400 and "no published rating" in answer.json()["error"]
        assert alice.get("/api/lobby").json()["challenges"] == []
        return
    assert answer.status_code == 201, answer.text
    match_id = answer.json()["match_id"]
    seat, token = my_seat(alice, match_id)
    play_to_the_end(alice, match_id, {seat: token})
    app.state.settle.wait()
    page = alice.get("/api/players/Alice").json()
    assert page["ratings"][0]["games"] == 1 and page["finished"][0]["rated"]


def test_log_in_goes_back_to_the_lobby_and_nowhere_outside(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as client:
        sign_up(client, "Wanderer")
        client.post("/logout")
        assert 'name="next" value="/lobby"' in client.get("/login?next=/lobby").text
        assert 'name="next"' not in client.get("/login?next=https://evil.example/").text
        back = client.post("/login", data={"name": "Wanderer", "password": PASSWORD, "next": "/lobby"},
                           follow_redirects=False)
        assert back.headers["location"] == "/lobby"
        client.post("/logout")
        away = client.post("/login", data={"name": "Wanderer", "password": PASSWORD, "next": "//evil.example"},
                           follow_redirects=False)
        assert away.headers["location"] == "/players/Wanderer"


def test_the_leaderboard_ranks_settled_ratings_and_lists_the_provisional_below(app: Any) -> None:
    from turnbuckle.store.player_models import Rating as RatingRow
    from turnbuckle.web.player_views import boards

    db = app.state.service.repository.db
    made = {name: accounts.sign_up(db, name, "a long enough pass phrase") for name in ("Top", "Mid", "New", "Off")}
    with db.write() as session:
        session.add_all([
            RatingRow(player_id=made["Top"].id, game="wrasslin", rating=31.0, deviation=3.0, state={}, games=12),
            RatingRow(player_id=made["Mid"].id, game="wrasslin", rating=27.0, deviation=4.0, state={}, games=8),
            RatingRow(player_id=made["New"].id, game="wrasslin", rating=40.0, deviation=7.0, state={}, games=2),
            RatingRow(player_id=made["Off"].id, game="wrasslin", rating=45.0, deviation=2.0, state={}, games=30),
        ])
    accounts.disable(db, made["Off"].id)  # a disabled player leaves the boards
    board = next(b for b in boards(db) if b.game == "wrasslin")
    assert [r.name for r in board.rows] == ["Top", "Mid"]
    assert [r.name for r in board.pending] == ["New"]
    with TestClient(app, client=LOOPBACK) as viewer:
        shown = next(b for b in viewer.get("/api/leaderboards").json() if b["game"] == "wrasslin")
        assert [p["name"] for p in shown["players"]] == ["Top", "Mid"]
        assert shown["provisional"][0]["rating"].endswith("?")
        assert viewer.get("/players/Off").status_code == 404


def test_a_challenge_whose_options_the_rules_no_longer_take_ends_when_accepted(
        app: Any, alice: TestClient, bob: TestClient) -> None:
    from turnbuckle.store.player_models import Challenge

    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses"}).json()
    db = app.state.service.repository.db
    with db.write() as session:  # as if a rule change made the stored options wrong since
        session.get(Challenge, made["id"]).params = {"dice": 99}  # type: ignore[union-attr]
    listed = bob.get("/api/lobby").json()["challenges"]
    assert [c["id"] for c in listed] == [made["id"]] and listed[0]["seats"][1]["label"] == "seat 1"
    refused = bob.post(f"/api/lobby/challenges/{made['id']}/accept")
    assert refused.status_code == 400 and "dice" in refused.json()["error"]
    assert bob.get("/api/lobby").json()["challenges"] == []
    assert bob.post(f"/api/lobby/challenges/{made['id']}/accept").status_code == 409
