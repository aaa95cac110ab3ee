"""``turnbuckle serve`` as several processes on one PostgreSQL database: the seats of a match talk to
different processes, racing moves through both apply one, a process killed while its computer
thinks leaves the match to the other, and ``--workers N`` runs N processes behind one port."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from support.serve import ServeProcess
from turnbuckle.engine.game import TERMINAL
from turnbuckle.engine.registry import load_game
from turnbuckle.store import open_database
from turnbuckle.web.repository import LiveMatchRecord
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = pytest.mark.postgres


class Server(ServeProcess):
    """A ``turnbuckle serve`` process with JSON helpers."""

    def get(self, path: str, token: str | None = None, **params: Any) -> httpx.Response:
        return httpx.get(self.base + path, params=params, headers=auth(token), timeout=30)

    def post(self, path: str, body: dict[str, Any], token: str | None = None) -> httpx.Response:
        return httpx.post(self.base + path, json=body, headers=auth(token), timeout=30)


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


@pytest.fixture
def servers(pg_url: str) -> Iterator[Callable[..., list[Server]]]:
    """Starts ``turnbuckle serve`` processes on the test's database; all stopped at the end."""
    started: list[Server] = []

    def start(count: int, *options: str) -> list[Server]:
        made = [Server(pg_url, *options) for _ in range(count)]
        started.extend(made)
        return [server.wait_ready() for server in made]

    yield start
    for server in started:
        server.stop()


_stores: dict[str, SqlRepository] = {}


def stored(pg_url: str, match_id: str) -> LiveMatchRecord:
    """The match as stored (the test's own connection to the database)."""
    if pg_url not in _stores:
        for old in _stores.values():
            old.db.close()
        _stores.clear()
        _stores[pg_url] = SqlRepository(open_database(pg_url))
    record = _stores[pg_url].get(match_id)
    assert record is not None
    return record


def wait_for(check: Callable[[], bool], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


class Spectator(threading.Thread):
    """Reads a match's public event stream from one server: the ``actions`` count of every update."""

    def __init__(self, server: Server, match_id: str) -> None:
        super().__init__(daemon=True)
        self.url = f"{server.base}/api/matches/{match_id}/stream"
        self.counts: list[int] = []
        self.finished = threading.Event()

    def run(self) -> None:
        with httpx.stream("GET", self.url, params={"seconds": 300}, timeout=60) as response:
            for line in response.iter_lines():
                if line.startswith("data: "):
                    update = json.loads(line[len("data: "):])
                    self.counts.append(update["actions"])
                    if update["finished"]:
                        self.finished.set()
                        return


def hold_first(names: list[str]) -> str:
    """Play holds when possible (the match moves on), else the first action."""
    return next((n for n in names if n.startswith("play ") and "Wild Card" not in n), names[0])


def test_two_seats_on_two_processes_play_wrasslin_to_the_end_and_keep_their_cards(
    servers: Callable[..., list[Server]], pg_url: str
) -> None:
    a, b = servers(2)
    created = a.post("/api/matches", {"game": "wrasslin", "seats": ["human", "invite"], "seed": 21}).json()
    match_id = created["id"]
    tokens = {0: created["owner_token"], 1: created["invites"][0]["token"]}
    seat_server = {0: a, 1: b}  # seat 0 plays through a, its guest through b
    base = f"/api/matches/{match_id}"
    # neither token reaches the other seat, on either process
    for server in (a, b):
        assert server.get(f"{base}/seats/0", tokens[1]).status_code == 403
        assert server.get(f"{base}/seats/1", tokens[0]).status_code == 403
    spectator = Spectator(b, match_id)  # watching through b, half the moves made through a
    spectator.start()
    game = load_game("wrasslin")
    card_names = sorted({c.name for c in game.cards}, key=len, reverse=True)  # type: ignore[attr-defined]
    moves = checked = 0
    state = game.new_initial_state()
    while True:
        for name in stored(pg_url, match_id).actions[len(state.history):]:  # the truth: the stored log
            state.apply_action(state.action_from_string(name))
        if state.current_player() == TERMINAL:
            break
        mover = state.current_player()
        public = json.dumps([e.to_dict() for e in state.events])
        views: dict[int, dict[str, Any]] = {}
        for seat in (0, 1):  # what each seat is sent names no card of the other's it could not know
            knows = {n for n in card_names if n in json.dumps(state.observation(seat)) or n in public}
            secret = set(state.observation(1 - seat)["hand"]) - knows
            view = seat_server[seat].get(f"{base}/seats/{seat}", tokens[seat])
            assert view.status_code == 200, view.text
            leaked = {n for n in secret if n in view.text}
            assert not leaked, f"seat {seat} was sent {sorted(leaked)} from the other seat's hand"
            checked += len(secret)
            views[seat] = view.json()
        server, token, seen = seat_server[mover], tokens[mover], views[mover]
        while seen["actions"] != len(state.history):  # that process has not heard of the last move yet
            time.sleep(0.005)
            seen = server.get(f"{base}/seats/{mover}", token).json()
        names = [x["name"] for x in seen["legal_actions"]]
        posted = server.post(f"{base}/seats/{mover}/actions", {"action": hold_first(names),
                                                               "expect": len(state.history)}, token)
        assert posted.status_code == 200, posted.text
        moves += 1
    assert moves > 20 and checked > 50
    final = stored(pg_url, match_id)
    assert final.finished and game.state_from_actions(final.actions).is_terminal()
    assert spectator.finished.wait(30), "the spectator on the other process never saw the end"
    assert spectator.counts[-1] == len(final.actions)
    for server in (a, b):
        assert server.get(base).json()["finished"]


def test_racing_moves_through_both_processes_apply_exactly_one(
    servers: Callable[..., list[Server]], pg_url: str
) -> None:
    a, b = servers(2)
    created = a.post("/api/matches", {"game": "powerhouses", "seats": ["hot-seat", "hot-seat"], "seed": 6}).json()
    match_id, token = created["id"], created["owner_token"]
    base = f"/api/matches/{match_id}"
    game = load_game("powerhouses")
    for _ in range(6):
        before = stored(pg_url, match_id)
        state = game.state_from_actions(before.actions)
        if state.is_terminal():
            break
        seat, position = state.current_player(), len(before.actions)
        legal = [x.name for x in state.legal_actions()]
        for server in (a, b):  # both processes are at the position (b by notice)
            wait_for(lambda s=server, at=position: s.get(base).json()["actions"] == at)
        answers: dict[str, int] = {}
        gate = threading.Barrier(2)

        def move(server: Server, name: str, key: str, gate: threading.Barrier = gate, seat: int = seat,
                 position: int = position, answers: dict[str, int] = answers) -> None:
            gate.wait()
            answers[key] = server.post(f"{base}/seats/{seat}/actions", {"action": name, "expect": position},
                                       token).status_code

        threads = [threading.Thread(target=move, args=(a, legal[0], legal[0] + "@a")),
                   threading.Thread(target=move, args=(b, legal[-1], legal[-1] + "@b"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(answers.values()) == [200, 409], answers
        applied = next(key for key, status in answers.items() if status == 200).rpartition("@")[0]
        after = stored(pg_url, match_id)
        assert after.actions[:position] == before.actions and after.actions[position] == applied


def test_a_process_killed_while_its_computer_thinks_leaves_the_match_to_the_other(
    servers: Callable[..., list[Server]], pg_url: str
) -> None:
    a, b = servers(2, "--think", "0.5", "--lease-seconds", "2")
    created = a.post("/api/matches", {"game": "powerhouses", "seats": ["human", "computer:mcts:100000"],
                                      "seed": 9}).json()
    match_id, token = created["id"], created["owner_token"]
    base = f"/api/matches/{match_id}"
    thinking = False
    for _ in range(200):  # the person moves through a until a's computer is thinking
        meta = a.get(base, token).json()
        if meta["thinking"]:
            thinking = True
            break
        view = a.get(f"{base}/seats/0", token).json()
        names = [x["name"] for x in view["legal_actions"]]
        if names:
            a.post(f"{base}/seats/0/actions", {"action": "stop" if "stop" in names else names[0],
                                               "expect": view["actions"]}, token)
    assert thinking, "the computer never thought"
    at = a.get(base).json()["actions"]
    os.killpg(a.proc.pid, signal.SIGKILL)  # mid-thought: a's lease stays in the database, unrenewed
    a.proc.wait(timeout=10)
    # b takes the match over once the lease has expired, and plays it to the end with the person
    # (a liveness bound: 13 s on a loaded machine; 30 s was once too few in a CI run sharing its cores)
    wait_for(lambda: b.get(base).json()["actions"] > at, timeout=60)
    for _ in range(400):
        view = b.get(f"{base}/seats/0", token).json()
        if view["finished"]:
            break
        names = [x["name"] for x in view["legal_actions"]]
        if not names:
            time.sleep(0.05)
            continue
        b.post(f"{base}/seats/0/actions", {"action": "stop" if "stop" in names else names[0],
                                           "expect": view["actions"]}, token)
    final = stored(pg_url, match_id)
    assert final.finished and not final.stopped
    assert load_game("powerhouses").state_from_actions(final.actions).is_terminal()


def test_workers_run_several_processes_behind_one_port(servers: Callable[..., list[Server]], pg_url: str) -> None:
    (server,) = servers(1, "--workers", "2")
    children = Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children").read_text().split()
    workers = [pid for pid in children if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]
    assert len(workers) == 2
    created = server.post("/api/matches", {"game": "powerhouses", "seats": ["human", "computer:heuristic"],
                                           "seed": 4}).json()
    base, token = f"/api/matches/{created['id']}", created["owner_token"]
    for _ in range(400):  # each request opens its own connection: either worker may answer it
        view = server.get(f"{base}/seats/0", token).json()
        if view["finished"]:
            break
        names = [x["name"] for x in view["legal_actions"]]
        if names:
            server.post(f"{base}/seats/0/actions", {"action": names[-1], "expect": view["actions"]}, token)
        else:
            time.sleep(0.02)
    assert stored(pg_url, created["id"]).finished


def test_several_workers_need_postgresql(tmp_path: Path) -> None:
    for db in (str(tmp_path / "one.db"), "memory"):
        done = subprocess.run([sys.executable, "-m", "turnbuckle", "serve", "--workers", "2", "--db", db],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 2
        assert done.stderr.startswith("error: --workers 2 needs a PostgreSQL database") and done.stderr.count("\n") == 1
    assert not (tmp_path / "one.db").exists()  # refused before anything was created
