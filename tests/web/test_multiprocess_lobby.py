"""Players and the lobby with ``turnbuckle serve`` as two processes on one PostgreSQL database
(issue 31, "Done when"): sessions and the log-in throttle are shared, the lobby of one process
hears the other's challenges, two accepts through the two processes at once give one match, and
a rated match played through both ends with the ratings on both player pages and the leaderboard."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx2 as httpx
import pytest

from support.accounts import PASSWORD
from support.serve import ServeProcess

pytestmark = pytest.mark.postgres


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[ServeProcess, ServeProcess]]:
    made = [ServeProcess(pg_url), ServeProcess(pg_url)]
    try:
        first, second = (s.wait_ready() for s in made)
        yield first, second
    finally:
        for server in made:
            server.stop()


def sign_up(client: httpx.Client, name: str) -> None:
    answer = client.post("/signup", data={"name": name, "password": PASSWORD, "password2": PASSWORD})
    assert answer.status_code == 303, answer.text


def wait_for(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def lobby_heard(server: ServeProcess, cookies: Any, wanted: Callable[[dict[str, Any]], bool], out: list[float]) -> None:
    """Read ``server``'s lobby stream until an update satisfies ``wanted``; note when."""
    with httpx.Client(base_url=server.base, timeout=60, cookies=cookies) as client, client.stream(
            "GET", "/api/lobby/stream?seconds=60") as stream:
        for line in stream.iter_lines():
            if line.startswith("data: ") and wanted(json.loads(line[6:])):
                out.append(time.monotonic())
                return


def play(client: httpx.Client, match_id: str, seat: int, token: str) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(20_000):
        view = client.get(f"/api/matches/{match_id}/seats/{seat}", headers=headers).json()
        if view["finished"]:
            return
        if view["legal_actions"]:
            client.post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=headers,
                        json={"action": view["legal_actions"][-1]["name"], "expect": view["actions"]})
        else:
            time.sleep(0.01)
    raise AssertionError("the match did not end")


def test_players_meet_and_play_a_rated_match_through_two_processes(two: tuple[ServeProcess, ServeProcess],
                                                                   pg_url: str) -> None:
    from turnbuckle.store import resolve_url
    from turnbuckle.store.notices import Listener
    from turnbuckle.web.lobby import CHANNEL

    a, b = two
    notices: list[str] = []
    listener_pg = Listener(resolve_url(pg_url)[0], CHANNEL, notices.append)
    listener_pg.start()
    alice, bob, carol = a.client(), b.client(), a.client()
    try:
        sign_up(alice, "Alice")
        sign_up(bob, "Bob")
        sign_up(carol, "Carol")
        # a session opened through one process is good on the other
        roaming = b.client()
        roaming.cookies.update(alice.cookies)
        assert roaming.get("/api/lobby").json()["you"] == "Alice"
        # wrong passwords through both processes count together
        guesser_a, guesser_b = a.client(), b.client()
        codes = [(guesser_a if i % 2 else guesser_b).post("/login", data={"name": "Alice", "password": f"no {i}"})
                 .status_code for i in range(11)]
        assert codes[:10] == [401] * 10 and codes[10] == 429
        # a challenge made through A reaches B's lobby stream
        heard: list[float] = []
        listener = threading.Thread(target=lobby_heard, args=(b, bob.cookies, lambda p: bool(p["challenges"]), heard))
        listener.start()
        time.sleep(1.0)  # the stream has sent its first (empty) update
        made = alice.post("/api/lobby/challenges", json={"game": "powerhouses", "rated": True})
        assert made.status_code == 201, made.text
        sent = time.monotonic()
        listener.join(timeout=30)
        assert heard and heard[0] - sent < 30
        wait_for(lambda: bool(notices), 10)  # the change was announced to every process (NOTIFY)
        # Bob (through B) and Carol (through A) accept at once: one match, one refusal
        answers: dict[str, httpx.Response] = {}
        barrier = threading.Barrier(2)

        def accept(name: str, client: httpx.Client) -> None:
            barrier.wait()
            answers[name] = client.post(f"/api/lobby/challenges/{made.json()['id']}/accept", json={})

        threads = [threading.Thread(target=accept, args=pair) for pair in (("Bob", bob), ("Carol", carol))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(r.status_code for r in answers.values()) == [200, 409], {k: r.text for k, r in answers.items()}
        winner = next(name for name, r in answers.items() if r.status_code == 200)
        loser = next(r for r in answers.values() if r.status_code == 409)
        assert "another player accepted it first" in loser.json()["error"]
        opponent = bob if winner == "Bob" else carol
        match_id = answers[winner].json()["match_id"]
        seats = {}
        for client in (alice, opponent):
            got = client.post(f"/api/players/me/matches/{match_id}/token").json()
            seats[got["seat"]] = (client, got["token"])
        players = [threading.Thread(target=play, args=(client, match_id, seat, token))
                   for seat, (client, token) in seats.items()]
        for t in players:
            t.start()
        for t in players:
            t.join(timeout=120)

        def settled() -> bool:
            page = bob.get("/api/players/Alice").json()
            return bool(page["finished"]) and bool(page["ratings"])

        wait_for(settled)
        for server in (a, b):
            with server.client() as viewer:
                for name in ("Alice", winner):
                    page = viewer.get(f"/api/players/{name}").json()
                    assert page["finished"][0]["id"] == match_id and page["finished"][0]["rated"]
                    assert page["ratings"][0]["games"] == 1
                board = next(x for x in viewer.get("/api/leaderboards").json() if x["game"] == "powerhouses")
                assert sorted(p["name"] for p in board["provisional"]) == sorted(["Alice", winner])
    finally:
        listener_pg.stop()
        for client in (alice, bob, carol):
            client.close()
