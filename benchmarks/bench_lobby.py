"""The lobby under load: simulated players on loopback against two ``turnbuckle serve`` processes
sharing one PostgreSQL database, playing turn-based matches with sped-up clocks and chatting.

Run: ``python benchmarks/bench_lobby.py [--players 200] [--seconds 30] [--stop-share 0.1]
[--move-seconds 10] [--db postgresql://...]``. Without ``--db`` it starts a throwaway PostgreSQL
cluster (``tests/support/postgres.py``).

- The players are made in the database directly (sign-up's Argon2 hashing is not what is measured)
  and each gets a session cookie. They pair up: one opens a casual challenge with a turn-based clock
  (1 day per move, times ``--clock-scale`` so a move has ``--move-seconds``) through one process,
  the other accepts through the other process; each plays its seat through its own process with
  random legal moves, and says something in the players' chat every few moves.
- ``--stop-share`` of the players stop after a few moves and never come back: their clock runs out,
  the computer takes their seat over and plays the match out with the other player.
- At the end it reads the database and checks that every move a server accepted is in the stored
  log at its place and that every match's people's decisions are exactly the accepted ones (nothing
  lost, nothing applied twice), that every chat message accepted is stored once, and that every
  stopped player's clock ran out and was handled exactly once (one flag, one computer takeover).

Reported: moves/s, p50/p95 of a move's post, chat messages, time-outs handled, and the checks.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from rich.console import Console

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support.postgres import Cluster, find_binaries
from support.serve import ServeProcess

GAME = "powerhouses"
PASSWORD = "a long enough pass phrase for the bench"


class Server(ServeProcess):
    """A ``turnbuckle serve`` process with no rate limits and sped-up clocks, on a free port."""

    def __init__(self, db: str, clock_scale: float) -> None:
        super().__init__(db, "--clock-scale", f"{clock_scale:.10f}", "--think", "0.2")
        self.wait_ready(120)


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    accepted: list[tuple[str, int, int, str]] = field(default_factory=list)
    """(match, seat, position, action) of every move a server accepted."""
    chat: list[tuple[str, str]] = field(default_factory=list)
    stopped: list[tuple[str, int]] = field(default_factory=list)
    refused: collections.Counter[int] = field(default_factory=collections.Counter)
    errors: list[str] = field(default_factory=list)


def make_players(db_url: str, count: int) -> list[tuple[str, str]]:
    """Accounts and session cookies, made in the database (as sign-up and log-in would)."""
    from turnbuckle.players.names import skeleton
    from turnbuckle.store import open_database
    from turnbuckle.store.player_models import Player
    from turnbuckle.web import accounts

    out = []
    with open_database(db_url) as db:
        first = accounts.sign_up(db, "bench0000", PASSWORD)  # one Argon2 hash, shared by all (not measured)
        with db.read() as session:
            hashed = session.get(Player, first.id).password_hash  # type: ignore[union-attr]
        with db.write() as session:
            session.add_all(Player(name=f"bench{i:04d}", skeleton=skeleton(f"bench{i:04d}"), password_hash=hashed)
                            for i in range(1, count))
        for i in range(count):
            player = accounts.find(db, f"bench{i:04d}")
            assert player is not None
            out.append((player.name, accounts.open_session(db, player)))
    return out


async def play(base: str, cookie: str, match_id: str, tally: Tally, until: float, rng: random.Random,
               stop_after: int | None) -> None:
    """One player's seat, through ``base``, until the match ends, the time is up, or it stops."""
    async with httpx.AsyncClient(base_url=base, timeout=60, cookies={"tb_player": cookie}) as client:
        answer = await client.post(f"/api/players/me/matches/{match_id}/token")
        if answer.status_code != 200:
            tally.refused[answer.status_code] += 1
            return
        seat, token = int(answer.json()["seat"]), answer.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        moves = 0
        while time.perf_counter() < until:
            try:
                moves = await step(client, match_id, seat, headers, tally, rng, stop_after, moves)
            except httpx.TransportError:
                tally.refused[-1] += 1  # the connection broke: look again
                await asyncio.sleep(0.5)
                continue
            if moves < 0:
                return


async def step(client: httpx.AsyncClient, match_id: str, seat: int, headers: dict[str, str], tally: Tally,
               rng: random.Random, stop_after: int | None, moves: int) -> int:
    """One look at the seat and, on its turn, one move: the moves made so far, -1 when done."""
    view = (await client.get(f"/api/matches/{match_id}/seats/{seat}", headers=headers)).json()
    if view.get("finished"):
        return -1
    if view.get("to_move") != seat or not view.get("legal_actions"):
        await asyncio.sleep(1.0 + rng.random())  # a waiting player looks now and then (a page would listen)
        return moves
    if stop_after is not None and moves >= stop_after:
        tally.stopped.append((match_id, seat))
        return -1  # walks away: the clock will run out
    action = rng.choice(view["legal_actions"])["name"]
    started = time.perf_counter()
    posted = await client.post(f"/api/matches/{match_id}/seats/{seat}/actions", headers=headers,
                               json={"action": action, "expect": view["actions"]})
    tally.latencies.append(time.perf_counter() - started)
    if posted.status_code == 200:
        tally.accepted.append((match_id, seat, int(view["actions"]), action))
        moves += 1
    else:
        tally.refused[posted.status_code] += 1
    if moves % 8 == 1:
        text = f"{match_id} seat {seat} move {moves} {rng.random():.6f}"
        said = await client.post(f"/api/matches/{match_id}/chat/players", headers=headers, json={"text": text})
        if said.status_code == 201:
            tally.chat.append((match_id, text))
        else:
            tally.refused[said.status_code] += 1
    await asyncio.sleep(0.05 + rng.random() * 0.1)
    return moves


async def pair(servers: list[Server], players: list[tuple[str, str]], number: int, tally: Tally, until: float,
               stop_share: float) -> None:
    rng = random.Random(number)
    await asyncio.sleep(number * 0.02)  # the pairs arrive over a few seconds, not all in one instant
    (_, first), (_, second) = players
    try:
        match_id = await meet(servers, first, second, tally)
    except httpx.TransportError:
        tally.refused[-1] += 1
        return
    if match_id is None:
        return
    await play_pair(servers, first, second, match_id, number, tally, until, stop_share, rng)


async def meet(servers: list[Server], first: str, second: str, tally: Tally) -> str | None:
    """The first player opens a challenge through one process, the second accepts through the other."""
    async with httpx.AsyncClient(base_url=servers[0].base, timeout=60, cookies={"tb_player": first}) as a, \
            httpx.AsyncClient(base_url=servers[1].base, timeout=60, cookies={"tb_player": second}) as b:
        made = await a.post("/api/lobby/challenges", json={"game": GAME, "seat": 0,
                                                           "time_control": {"kind": "turn", "days": 1}})
        if made.status_code != 201:
            tally.refused[made.status_code] += 1
            tally.errors.append(made.text[:200])
            return None
        taken = await b.post(f"/api/lobby/challenges/{made.json()['id']}/accept", json={})
        if taken.status_code != 200:
            tally.refused[taken.status_code] += 1
            tally.errors.append(taken.text[:200])
            return None
        return str(taken.json()["match_id"])


async def play_pair(servers: list[Server], first: str, second: str, match_id: str, number: int, tally: Tally,
                    until: float, stop_share: float, rng: random.Random) -> None:
    stops = [rng.random() < stop_share, rng.random() < stop_share]
    if all(stops):
        stops[1] = False  # one person stays to play it out with the computer
    await asyncio.gather(
        play(servers[0].base, first, match_id, tally, until, rng, 1 + rng.randrange(3) if stops[0] else None),
        play(servers[1].base, second, match_id, tally, until, random.Random(number + 10_000),
             1 + rng.randrange(3) if stops[1] else None))


def check(db_url: str, tally: Tally) -> dict[str, Any]:
    """Read what was stored and compare it with what the servers accepted."""
    from sqlalchemy import func, select

    from turnbuckle.engine.game import CHANCE
    from turnbuckle.engine.registry import load_game
    from turnbuckle.store import open_database
    from turnbuckle.store.chat_models import ChatMessage
    from turnbuckle.web.sql_repository import SqlRepository

    problems: list[str] = []
    game = load_game(GAME)
    with open_database(db_url) as db:
        repository = SqlRepository(db)
        by_match: dict[str, list[tuple[int, int, str]]] = collections.defaultdict(list)
        for match_id, seat, position, action in tally.accepted:
            by_match[match_id].append((seat, position, action))
        flags = 0
        for match_id in {m for m, *_ in tally.accepted} | {m for m, _ in tally.stopped}:
            record = repository.get(match_id)
            if record is None:
                problems.append(f"{match_id}: missing")
                continue
            for _seat, position, action in by_match[match_id]:
                if position >= len(record.actions) or record.actions[position] != action:
                    problems.append(f"{match_id}: accepted move {action!r} at {position} is not stored there")
            clock = record.clock or {}
            takeover = {int(s): int(p) for s, p in (clock.get("takeover") or {}).items()}
            state = game.new_initial_state()
            people: collections.Counter[int] = collections.Counter()
            for index, name in enumerate(record.actions):
                mover = state.current_player()
                if mover != CHANCE and (mover not in takeover or index < takeover[mover]):
                    people[mover] += 1
                state.apply_action(state.action_from_string(name))
            accepted = collections.Counter(seat for seat, _, _ in by_match[match_id])
            if people != accepted:
                problems.append(f"{match_id}: people's decisions stored {dict(people)}, accepted {dict(accepted)}")
            flagged = list(clock.get("flagged") or [])
            flags += len(flagged)
            if len(flagged) != len(set(flagged)):
                problems.append(f"{match_id}: a seat flagged twice: {flagged}")
        for match_id, seat in tally.stopped:
            record = repository.get(match_id)
            flagged = list(((record.clock if record else None) or {}).get("flagged") or [])
            if flagged.count(seat) != 1:
                problems.append(f"{match_id}: seat {seat} stopped, flagged {flagged.count(seat)} times")
        with db.read() as session:
            stored = collections.Counter(session.execute(select(ChatMessage.match_id, ChatMessage.text)).all())
            total_chat = session.scalar(select(func.count()).select_from(ChatMessage)) or 0
        for item in tally.chat:
            if stored[item] != 1:
                problems.append(f"chat {item[1]!r} stored {stored[item]} times")
    return {"problems": problems, "flags": flags, "chat_stored": total_chat}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the players play")
    parser.add_argument("--stop-share", type=float, default=0.1, help="share of players who walk away")
    parser.add_argument("--move-seconds", type=float, default=10.0, help="a turn-based move's time, sped up")
    parser.add_argument("--db", help="a PostgreSQL URL to use instead of a throwaway cluster")
    args = parser.parse_args()
    console = Console()
    cluster: Cluster | None = None
    if args.db is None:
        binaries = find_binaries()
        if binaries is None:
            raise SystemExit("no PostgreSQL binaries (apt-get install postgresql), and no --db given")
        cluster = Cluster(binaries)
        cluster.start()
    servers: list[Server] = []
    try:
        db_url = cluster.new_database() if cluster is not None else str(args.db)
        scale = args.move_seconds / 86400
        servers = [Server(db_url, scale)]  # the first migrates the database
        servers.append(Server(db_url, scale))
        started = time.perf_counter()
        players = make_players(db_url, args.players - args.players % 2)
        console.print(f"{len(players)} players made in {time.perf_counter() - started:.1f} s; playing "
                      f"{args.seconds:g} s with {args.move_seconds:g} s per move")
        tally = Tally()

        async def run() -> float:
            until = time.perf_counter() + args.seconds
            began = time.perf_counter()
            await asyncio.gather(*(pair(servers, players[i:i + 2], i, tally, until, args.stop_share)
                                   for i in range(0, len(players), 2)))
            return time.perf_counter() - began

        elapsed = asyncio.run(run())
        time.sleep(args.move_seconds + 3)  # the last walk-aways' clocks run out and are handled
        found = check(db_url, tally)
    finally:
        for server in servers:
            if server.proc.poll() is not None and server.proc.stderr is not None:
                console.print(f"a server ended early: {server.proc.stderr.read()[-2000:]}")
            server.stop()
        if cluster is not None:
            cluster.stop()
    if len(tally.latencies) < 2:
        raise SystemExit(f"no moves were made: {dict(tally.refused)} {tally.errors[:3]}")
    cuts = statistics.quantiles(tally.latencies, n=20)
    console.print(f"moves accepted: {len(tally.accepted)} in {elapsed:.1f} s = {len(tally.accepted) / elapsed:.1f} "
                  f"moves/s; post p50 {statistics.median(tally.latencies) * 1000:.0f} ms, p95 {cuts[18] * 1000:.0f} ms")
    console.print(f"chat messages accepted: {len(tally.chat)} (stored: {found['chat_stored']}); refused answers: "
                  f"{dict(tally.refused)}")
    console.print(f"players who walked away: {len(tally.stopped)}; time-outs handled (flags stored): {found['flags']}")
    if found["problems"]:
        console.print(f"[red]{len(found['problems'])} problems[/red]:")
        for line in found["problems"][:20]:
            console.print(f"  {line}")
        raise SystemExit(1)
    console.print("checks: every accepted move stored once at its place, every chat message stored once, every "
                  "walk-away's clock handled exactly once")


if __name__ == "__main__":
    main()
