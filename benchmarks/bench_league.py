"""League throughput: ``season`` on SQLite against a plain simulation of the same matches.

For each game, one run:

1. starts a fresh league in a temporary SQLite file (WAL), signs the whole roster, adds a title,
   and times ``run_season`` with random agents (booking, playing, star ratings, openskill,
   titles, feuds, injuries, one transaction per match);
2. re-plays exactly the same matches (same params, seeds and agents, read back from the file)
   with ``play_match`` and nothing else: the plain sim;
3. prints events/s and matches/s for both, the ratio league/sim (target: <= 1.2), and the
   database size per 10,000 matches (after a WAL checkpoint).

Timings are CPU seconds of this process by default (``--clock wall`` for wall time), because
the machine is usually shared. The two measurements alternate in slices so load drift hits both.

    python benchmarks/bench_league.py                       # powerhouses and filsinger, 40 events
    python benchmarks/bench_league.py --events 100 --games powerhouses --json
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from sqlalchemy import select

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import play_match
from turnbuckle.engine.registry import load_game
from turnbuckle.league import service
from turnbuckle.store import open_database
from turnbuckle.store.league_models import LeagueMatch

TARGET = 1.2


def _clock(kind: str) -> float:
    return time.process_time() if kind == "cpu" else time.perf_counter()


def bench_game(
    game: str, events: int, matches: int, options: dict[str, Any], clock: str, folder: Path, batch: int
) -> dict[str, Any]:
    path = folder / f"{game}-{batch}.db"
    db = open_database(str(path))
    service.create_league(db, game, game, options, seed=1)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    start = _clock(clock)
    service.run_season(db, None, events, ["random"], matches_per_card=matches, batch=batch)
    league_seconds = _clock(clock) - start
    with db.read() as session:
        played = [
            (m.params, m.seed, m.agents, m.actions)
            for m in session.scalars(select(LeagueMatch).where(LeagueMatch.status == "done").order_by(LeagueMatch.id))
        ]
    db.close()
    # the plain sim: the same matches, nothing but play_match (each distinct game built once, as
    # the league does too)
    start = _clock(clock)
    games: dict[str, Any] = {}
    for params, seed, agents, actions in played:
        assert params is not None and seed is not None and agents is not None
        key = json.dumps(params, sort_keys=True)
        g = games.get(key)
        if g is None:
            g = games[key] = load_game(game, **params)
        record = play_match(g, [make_agent(a, g, p) for p, a in enumerate(agents)], seed)
        assert record.actions == actions
    sim_seconds = _clock(clock) - start
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    size = path.stat().st_size
    n = len(played)
    return {
        "game": game,
        "batch": batch,
        "events": events,
        "matches": n,
        "league_s": round(league_seconds, 3),
        "sim_s": round(sim_seconds, 3),
        "league_events_per_s": round(events / league_seconds, 1),
        "league_matches_per_s": round(n / league_seconds, 1),
        "sim_matches_per_s": round(n / sim_seconds, 1),
        "ratio": round(league_seconds / sim_seconds, 2),
        "target_met": league_seconds / sim_seconds <= TARGET,
        "db_bytes": size,
        "mb_per_10k_matches": round(size / n * 10_000 / 1e6, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--matches", type=int, default=5, help="matches per card")
    parser.add_argument("--games", nargs="*", default=["powerhouses", "filsinger"])
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--batch", type=int, nargs="*", default=[1, 50], help="matches per transaction")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = {"filsinger": {"feud_table": True}}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            for batch in args.batch:
                rows.append(
                    bench_game(game, args.events, args.matches, options.get(game, {}), args.clock, Path(tmp), batch)
                )
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(title=f"league season vs plain sim ({args.clock} seconds; target league/sim <= {TARGET})")
    for col in (
        "game",
        "batch",
        "events",
        "matches",
        "league ev/s",
        "league m/s",
        "sim m/s",
        "league/sim",
        "MB / 10k matches",
    ):
        table.add_column(col)
    for r in rows:
        table.add_row(
            r["game"],
            str(r["batch"]),
            str(r["events"]),
            str(r["matches"]),
            str(r["league_events_per_s"]),
            str(r["league_matches_per_s"]),
            str(r["sim_matches_per_s"]),
            f"{r['ratio']:.2f} {'ok' if r['target_met'] else 'MISSED'}",
            str(r["mb_per_10k_matches"]),
        )
    Console().print(table)


if __name__ == "__main__":
    main()
