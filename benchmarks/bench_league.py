"""League throughput: ``season`` on SQLite against a plain simulation of the same matches.

For each game, one run:

1. starts a fresh league in a temporary SQLite file (WAL), signs the whole roster, adds a title,
   and times ``run_season`` with random agents (booking, playing, star ratings, openskill,
   titles, feuds, injuries; ``--batch 0``: one transaction per card, ``1``: per match);
2. re-plays exactly the same matches (same params, seeds and agents, read back from the file)
   with ``play_match`` and nothing else: the plain sim;
3. times the floor: what any league must add per match whatever its storage, for the same
   matches: recording the event log while playing and counting the star rating from it (the
   sim records nothing: powerhouses and Filsinger defer their logs), the openskill update, and
   encoding the stored row (action log, result, params) as JSON;
4. prints events/s and matches/s, the ratio league/sim (target: <= 1.2), the league's overhead
   in ms per match, the floor ratio (sim + floor) / sim, and the database size per 10,000
   matches (after a WAL checkpoint).

Timings are CPU seconds of this process by default (``--clock wall`` for wall time), because
the machine is usually shared; ``--repeat R`` keeps the fastest of R runs of each measurement.

    python benchmarks/bench_league.py                       # powerhouses and filsinger, 40 events
    python benchmarks/bench_league.py --events 100 --games powerhouses --json
"""

from __future__ import annotations

import argparse
import gc
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
from turnbuckle.league.game_cache import clear_game_cache
from turnbuckle.store import open_database
from turnbuckle.store.league_models import LeagueMatch

TARGET = 1.2


def _clock(kind: str) -> float:
    return time.process_time() if kind == "cpu" else time.perf_counter()


def warm_up(game: str, options: dict[str, Any]) -> None:
    """Import what the first match imports (a ruleset's agents module may pull in numpy, 0.4 s):
    otherwise the league, timed first, pays it and the sim after it does not."""
    g = load_game(game, **options)
    for name in ("random", service.default_agent(g)):
        play_match(g, [make_agent(name, g, p) for p in range(g.num_players())], 0)


def bench_game(
    game: str,
    events: int,
    matches: int,
    options: dict[str, Any],
    clock: str,
    folder: Path,
    batch: int,
    repeat: int = 1,
) -> dict[str, Any]:
    warm_up(game, options)
    league_seconds = float("inf")
    for attempt in range(repeat):
        path = folder / f"{game}-{batch}-{attempt}.db"
        db = open_database(str(path))
        service.create_league(db, game, game, options, seed=1)
        service.sign(db, None, [], everyone=True)
        service.new_title(db, None, "World Title")
        clear_game_cache()  # every run builds its games, as the sim below does
        start = _clock(clock)
        service.run_season(db, None, events, ["random"], matches_per_card=matches, batch=batch)
        league_seconds = min(league_seconds, _clock(clock) - start)
        with db.read() as session:
            played = [
                (m.params, m.seed, m.agents, m.actions, m.sides, m.result)
                for m in session.scalars(
                    select(LeagueMatch).where(LeagueMatch.status == "done").order_by(LeagueMatch.id)
                )
            ]
        db.close()
    # the plain sim: the same matches, nothing but play_match (each distinct game built once, as
    # the league does too)
    sim_seconds = float("inf")
    for _ in range(repeat):
        start = _clock(clock)
        games: dict[str, Any] = {}
        for params, seed, agents, actions, _sides, _result in played:
            assert params is not None and seed is not None and agents is not None
            key = json.dumps(params, sort_keys=True)
            g = games.get(key)
            if g is None:
                g = games[key] = load_game(game, **params)
            record = play_match(g, [make_agent(a, g, p) for p, a in enumerate(agents)], seed)
            assert record.actions == actions
        sim_seconds = min(sim_seconds, _clock(clock) - start)
    # the floor: playing with the event log recorded and counted, the openskill update and the
    # stored row's JSON, minus playing alone (both with the games already built)
    floor_seconds = float("inf")
    for _ in range(repeat):
        # no collection during the floor: it is a small difference of two timings taken match by
        # match, and a full collection landing in one half (where depends on everything the
        # process did before) moved it by +-0.4 ms per match
        gc.collect()
        gc.disable()
        bare = floor = 0.0
        for params, seed, agents, actions, sides, result in played:
            assert params is not None and seed is not None and agents is not None and result is not None
            g = games[json.dumps(params, sort_keys=True)]
            start = _clock(clock)
            play_match(g, [make_agent(a, g, p) for p, a in enumerate(agents)], seed)
            middle = _clock(clock)
            state = service.play_counted(g, [make_agent(a, g, p) for p, a in enumerate(agents)], seed)[3]
            service.count_events(game, state)
            teams = [[service.MODEL.rating() for _ in side] for side in sides]
            ranks = [0.0] + [1.0] * (len(sides) - 1) if result.get("winner") else [0.0] * len(sides)
            service.MODEL.rate(teams, ranks=ranks)
            json.dumps([params, seed, agents, actions, result])
            end = _clock(clock)
            bare += middle - start
            floor += end - middle
        gc.enable()
        floor_seconds = min(floor_seconds, floor - bare)
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
        "overhead_ms_per_match": round((league_seconds - sim_seconds) / n * 1000, 3),
        "floor_ms_per_match": round(floor_seconds / n * 1000, 3),
        "floor_ratio": round((sim_seconds + floor_seconds) / sim_seconds, 2),
        "db_bytes": size,
        "mb_per_10k_matches": round(size / n * 10_000 / 1e6, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--matches", type=int, default=5, help="matches per card")
    parser.add_argument("--games", nargs="*", default=["powerhouses", "filsinger"])
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu")
    parser.add_argument(
        "--batch", type=int, nargs="*", default=[0], help="matches per transaction (0: a card per transaction)"
    )
    parser.add_argument("--repeat", type=int, default=1, help="keep the fastest of this many runs of each")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = {"filsinger": {"feud_table": True}}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            for batch in args.batch:
                rows.append(
                    bench_game(
                        game,
                        args.events,
                        args.matches,
                        options.get(game, {}),
                        args.clock,
                        Path(tmp),
                        batch,
                        args.repeat,
                    )
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
        "overhead ms/match",
        "floor ratio",
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
            str(r["overhead_ms_per_match"]),
            f"{r['floor_ratio']:.2f}",
            str(r["mb_per_10k_matches"]),
        )
    Console().print(table)


if __name__ == "__main__":
    main()
