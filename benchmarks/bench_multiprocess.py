"""``turnbuckle serve`` as 1, 2 and 4 processes on PostgreSQL: moves per second, move latency, and
how soon a move made through one process reaches a spectator connected to another.

Run: ``python benchmarks/bench_multiprocess.py [--seconds 15] [--matches 50] [--processes 1 2 4]
[--db postgresql://...]``. Without ``--db`` it starts a throwaway PostgreSQL cluster with Debian's
binaries (as the tests do: ``tests/support/postgres.py``) and gives each row a fresh database.

- **moves**: ``turnbuckle serve --workers N`` on a free loopback port (uvicorn shares the socket
  between the N processes; the kernel hands each connection to one of them). ``--matches``
  clients, one keep-alive connection each, each plays a hot-seat Powerhouses match (both seats
  people: nothing thinks) with random legal moves: post the move, then read the next mover's view;
  a match that ends is replaced. Bounded: every client stops at ``--seconds``. Reported: moves a
  second over all clients, and p50 / p95 of the time a move's post takes.
- **propagation**: two separate ``turnbuckle serve`` processes (two ports) on one database; 20
  matches whose moves are posted through the first while a spectator of each follows the event
  stream of the second. Reported: p50 / p95 / max of the time from a move's post being answered to
  the update reaching the other process's spectator (the issue asks for under 200 ms).

Client, servers and database share this machine's cores: the load generator's own CPU counts
against the servers (the *client CPU* column: the share of one core it used), so more processes
help only as far as there are idle cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from support.postgres import Cluster, find_binaries
from support.serve import ServeProcess

GAME = "powerhouses"


class Server(ServeProcess):
    """A ``turnbuckle serve`` process (``--workers N``) with no rate limits, on a free port."""

    def __init__(self, db: str, workers: int) -> None:
        super().__init__(db, "--workers", str(workers))
        self.wait_ready(90)


async def new_match(client: httpx.AsyncClient, seed: int) -> tuple[str, dict[str, str], dict[str, Any]]:
    created = (await client.post("/api/matches", json={"game": GAME, "seats": ["hot-seat", "hot-seat"],
                                                      "seed": seed})).json()
    headers = {"Authorization": f"Bearer {created['owner_token']}"}
    view = (await client.get(f"/api/matches/{created['id']}/seats/{created['to_move']}", headers=headers)).json()
    return created["id"], headers, view


async def player(base: str, number: int, until: float, latencies: list[float]) -> None:
    """One client: plays matches one after another until ``until``, timing each move's post."""
    rng = random.Random(number)
    seed = number * 1000
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        match_id, headers, view = await new_match(client, seed)
        while time.perf_counter() < until:
            if view["finished"] or not view["legal_actions"]:
                seed += 1
                match_id, headers, view = await new_match(client, seed)
                continue
            action = rng.choice(view["legal_actions"])["name"]
            started = time.perf_counter()
            posted = await client.post(f"/api/matches/{match_id}/seats/{view['seat']}/actions", headers=headers,
                                       json={"action": action, "expect": view["actions"]})
            latencies.append(time.perf_counter() - started)
            answer = posted.json()
            mover = answer["to_move"] if answer.get("to_move") is not None else view["seat"]
            view = (await client.get(f"/api/matches/{match_id}/seats/{mover}", headers=headers)).json()


def moves_row(db: str, workers: int, matches: int, seconds: float) -> dict[str, float]:
    server = Server(db, workers)
    try:
        latencies: list[float] = []

        async def run() -> float:
            until = time.perf_counter() + seconds
            started = time.perf_counter()
            await asyncio.gather(*(player(server.base, i, until, latencies) for i in range(matches)))
            return time.perf_counter() - started

        cpu = time.process_time()
        elapsed = asyncio.run(run())
        cpu = time.process_time() - cpu
    finally:
        server.stop()
    cuts = statistics.quantiles(latencies, n=20)
    return {"moves": len(latencies), "per_second": len(latencies) / elapsed, "p50": statistics.median(latencies),
            "p95": cuts[18], "client_cpu": cpu / elapsed}


async def follow(base: str, match_id: str, seen: dict[int, float], done: asyncio.Event) -> None:
    """A spectator on one server: when each action count was first seen in the event stream."""
    async with httpx.AsyncClient(timeout=120) as client, client.stream(
        "GET", f"{base}/api/matches/{match_id}/stream", params={"seconds": 300}
    ) as response:
        async for line in response.aiter_lines():
            if line.startswith("data: "):
                update = json.loads(line[len("data: "):])
                seen.setdefault(update["actions"], time.perf_counter())
                if update["finished"] or done.is_set():
                    return


async def mover(base: str, number: int, watch: str, delays: list[float], until: float) -> None:
    """Plays one match through ``base`` while a spectator follows it through ``watch``."""
    rng = random.Random(number)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        match_id, headers, view = await new_match(client, 50_000 + number)
        seen: dict[int, float] = {}
        done = asyncio.Event()
        spectator = asyncio.create_task(follow(watch, match_id, seen, done))
        await asyncio.sleep(0.5)  # the stream is open
        while time.perf_counter() < until and not view["finished"] and view["legal_actions"]:
            action = rng.choice(view["legal_actions"])["name"]
            answer = (await client.post(f"/api/matches/{match_id}/seats/{view['seat']}/actions", headers=headers,
                                        json={"action": action, "expect": view["actions"]})).json()
            answered = time.perf_counter()
            count = answer["actions"]
            for _ in range(400):  # wait for the other process's spectator to see this position
                if count in seen or any(c >= count for c in seen):
                    break
                await asyncio.sleep(0.0025)
            arrived = min((t for c, t in seen.items() if c >= count), default=None)
            if arrived is not None:
                delays.append(max(0.0, arrived - answered))
            mover_seat = answer["to_move"] if answer.get("to_move") is not None else view["seat"]
            view = (await client.get(f"/api/matches/{match_id}/seats/{mover_seat}", headers=headers)).json()
            await asyncio.sleep(rng.uniform(0.02, 0.08))  # people, not a flood
        done.set()
        spectator.cancel()


def propagation_row(db: str, seconds: float) -> dict[str, float]:
    first, second = Server(db, 1), Server(db, 1)
    try:
        delays: list[float] = []

        async def run() -> None:
            until = time.perf_counter() + seconds
            await asyncio.gather(*(mover(first.base, i, second.base, delays, until) for i in range(20)),
                                 return_exceptions=False)

        asyncio.run(run())
    finally:
        first.stop()
        second.stop()
    cuts = statistics.quantiles(delays, n=20)
    return {"moves": len(delays), "p50": statistics.median(delays), "p95": cuts[18], "max": max(delays)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0, help="load per row (default 15)")
    parser.add_argument("--matches", type=int, default=50, help="concurrent matches (default 50)")
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2, 4])
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
    try:
        def database() -> str:
            return cluster.new_database() if cluster is not None else str(args.db)

        table = Table(title=f"{args.matches} concurrent {GAME} matches, {args.seconds:g} s per row, PostgreSQL "
                            f"on loopback ({os.cpu_count()} cores)")
        for column in ("processes", "moves", "moves/s", "p50 ms", "p95 ms", "client CPU"):
            table.add_column(column, justify="right")
        for workers in args.processes:
            row = moves_row(database(), workers, args.matches, args.seconds)
            table.add_row(str(workers), str(row["moves"]), f"{row['per_second']:.0f}", f"{row['p50'] * 1000:.1f}",
                          f"{row['p95'] * 1000:.1f}", f"{row['client_cpu']:.0%}")
            console.print(f"{workers} process(es): {row['per_second']:.0f} moves/s, p95 {row['p95'] * 1000:.1f} ms")
        console.print(table)
        spread = propagation_row(database(), min(args.seconds, 10.0))
        console.print(f"a move through one process seen by a spectator of another ({spread['moves']} moves, "
                      f"20 matches): p50 {spread['p50'] * 1000:.1f} ms, p95 {spread['p95'] * 1000:.1f} ms, "
                      f"max {spread['max'] * 1000:.1f} ms (target: under 200 ms) "
                      f"{'met' if spread['p95'] < 0.2 else 'NOT met'}")
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
