"""Chat per match (issue 32, Chat): the players' room with seat tokens, the spectators' room for
logged-in players without a seat; rate-limited per author; mute; the word filter hides a message
from everyone but its author; text is stored as sent (the browser never renders it as HTML); no
chat against the computer; the players' room stays the players' after the end."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from support.accounts import LOOPBACK, app_on, sign_up
from turnbuckle.web import chat


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    with app_on(tmp_path / "chat.db") as made:
        yield made


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


@pytest.fixture
def carol(app: Any) -> Iterator[TestClient]:
    yield from player(app, "Carol")


def auth(client: TestClient, match_id: str) -> dict[str, str]:
    data = client.post(f"/api/players/me/matches/{match_id}/token").json()
    return {"Authorization": f"Bearer {data['token']}"}


@pytest.fixture
def match(alice: TestClient, bob: TestClient) -> tuple[str, dict[str, str], dict[str, str]]:
    made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "seat": 0}).json()
    match_id = bob.post(f"/api/lobby/challenges/{made['id']}/accept").json()["match_id"]
    return match_id, auth(alice, match_id), auth(bob, match_id)


def say(client: TestClient, match_id: str, text: str, headers: dict[str, str] | None = None,
        room: str = "players") -> Any:
    return client.post(f"/api/matches/{match_id}/chat/{room}", json={"text": text}, headers=headers or {})


def texts(client: TestClient, match_id: str, headers: dict[str, str] | None = None, room: str = "players") -> list[str]:
    answer = client.get(f"/api/matches/{match_id}/chat/{room}", headers=headers or {})
    assert answer.status_code == 200, answer.text
    return [m["text"] for m in answer.json()]


def test_players_chat_with_their_seat_tokens_and_html_stays_text(
        app: Any, alice: TestClient, bob: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, b = match
    sent = say(alice, match_id, "<img src=x onerror=alert(1)> good luck", a)
    assert sent.status_code == 201, sent.text
    assert sent.json()["author"] == "Alice" and sent.json()["account"]
    assert say(bob, match_id, "  you too\u202e  ", b).status_code == 201
    assert texts(bob, match_id, b) == ["<img src=x onerror=alert(1)> good luck", "you too"]  # stored as text
    guest = TestClient(app, client=LOOPBACK)
    assert guest.get(f"/api/matches/{match_id}/chat/players").status_code == 401
    assert say(guest, match_id, "hi").status_code == 401
    assert say(alice, match_id, "", a).status_code == 400
    assert say(alice, match_id, "x" * 301, a).status_code == 400
    assert alice.get(f"/api/matches/{match_id}/chat/lounge", headers=a).status_code == 404


def test_spectators_have_their_own_room(
        app: Any, alice: TestClient, carol: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, _ = match
    assert say(carol, match_id, "nice move", room="spectators").status_code == 201
    assert say(alice, match_id, "I play here", room="spectators").status_code == 403  # players: their own room
    assert say(TestClient(app, client=LOOPBACK), match_id, "anon", room="spectators").status_code == 401
    assert texts(TestClient(app, client=LOOPBACK), match_id, room="spectators") == ["nice move"]
    assert "nice move" not in texts(alice, match_id, a)
    assert carol.get(f"/api/matches/{match_id}/chat/players").status_code == 401


def test_chat_is_rate_limited_per_author(
        alice: TestClient, bob: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, b = match
    for i in range(chat.BURST):
        assert say(alice, match_id, f"message {i}", a).status_code == 201
    refused = say(alice, match_id, "one too many", a)
    assert refused.status_code == 429 and "too fast" in refused.json()["error"]
    assert say(bob, match_id, "my own count", b).status_code == 201  # per author, not per match


def test_mute_hides_a_players_messages_from_the_one_who_muted(
        alice: TestClient, bob: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, b = match
    say(bob, match_id, "blah blah", b)
    assert bob.post("/api/players/me/mutes", json={"name": "Alice"}).status_code == 200
    say(alice, match_id, "are you there?", a)
    assert texts(bob, match_id, b) == ["blah blah"]
    assert texts(alice, match_id, a) == ["blah blah", "are you there?"]  # the muted one still sees all
    assert bob.post("/api/players/me/mutes", json={"name": "Alice", "mute": False}).status_code == 200
    assert texts(bob, match_id, b) == ["blah blah", "are you there?"]
    assert bob.post("/api/players/me/mutes", json={"name": "Bob"}).status_code == 400
    assert bob.post("/api/players/me/mutes", json={"name": "Nobody"}).status_code == 404


def test_the_word_filter_hides_a_slur_from_everyone_but_its_author(
        alice: TestClient, bob: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, b = match
    word = "shpx".translate(str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm"))
    sent = say(alice, match_id, f"you {word.upper()}", a)  # capitals do not get around it
    assert sent.status_code == 201 and sent.json()["hidden"]
    say(alice, match_id, "sorry", a)
    assert texts(alice, match_id, a) == [f"you {word.upper()}", "sorry"]
    assert texts(bob, match_id, b) == ["sorry"]
    assert not chat.filtered("scunthorpe is a town")  # word by word: no match inside other words' gaps


def test_no_chat_against_the_computer(alice: TestClient) -> None:
    started = alice.post("/api/lobby/computer", json={"game": "powerhouses", "agent": "random"}).json()
    match_id = started["match_id"]
    headers = auth(alice, match_id)
    assert say(alice, match_id, "hello computer", headers).status_code == 409
    assert alice.get(f"/api/matches/{match_id}/chat/players", headers=headers).status_code == 409


def test_the_players_room_stays_theirs_after_the_end(
        app: Any, alice: TestClient, bob: TestClient, match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    match_id, a, b = match
    say(alice, match_id, "gg", a)
    seat = 0
    assert alice.post(f"/api/matches/{match_id}/seats/{seat}/clock", json={"decision": "abort"},
                      headers=a).status_code == 409  # no clock: the match is ended another way below
    service = app.state.service
    live = service.get(match_id)
    with service._writing(live) as change:  # the end, as a finished match stores it
        live.record.finished, live.record.summary = True, "over"
        change.update(finished=True, summary="over")
    assert texts(bob, match_id, b) == ["gg"]
    assert TestClient(app, client=LOOPBACK).get(f"/api/matches/{match_id}/chat/players").status_code == 401


def test_the_replay_shows_the_players_chat_to_its_players_only(
        app: Any, alice: TestClient, bob: TestClient, carol: TestClient,
        match: tuple[str, dict[str, str], dict[str, str]]) -> None:
    """Issue 32, Chat: "shown in replays to the players only". The replay page names the match and
    asks the chat API, which answers a player (seat token, or a login holding a seat) and nobody
    else; the page's HTML and the replay frames never carry a message."""
    match_id, a, _ = match
    assert say(alice, match_id, "secret plan", a).status_code == 201
    assert say(carol, match_id, "nice match", room="spectators").status_code == 201
    page = carol.get(f"/m/{match_id}/replay")
    assert page.status_code == 200 and f'"match": "{match_id}"' in html.unescape(page.text)
    assert alice.get(f"/api/matches/{match_id}/chat/players").json()[0]["text"] == "secret plan"  # login, no token
    assert texts(bob, match_id) == ["secret plan"]
    assert carol.get(f"/api/matches/{match_id}/chat/players").status_code == 401  # logged in, no seat
    anonymous = TestClient(app, client=LOOPBACK)
    assert anonymous.get(f"/api/matches/{match_id}/chat/players").status_code == 401
    assert say(alice, match_id, "no token, no writing").status_code == 401  # a login only reads
    for viewer in (alice, carol, anonymous):
        page_text = viewer.get(f"/replay/m{match_id}").text
        frame = viewer.get(f"/api/replays/m{match_id}?step=0").text
        for shown in (page_text, frame):
            assert "secret plan" not in shown and "nice match" not in shown
