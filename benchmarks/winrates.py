"""Agent win rates for any game, with Wilson 95% intervals and the first agent's decision time.

Every match is a line in a JSON Lines log, so a long run can be stopped and resumed (seeds
already in the log are skipped) and read back at any time with ``--summary``. Seats alternate:
in match ``seed`` the first-named agent sits in seat ``seed % 2``. Decision times are process
CPU time (a shared machine's load does not inflate them), counted only where the agent had more
than one legal action. A draw scores half a win.

    python benchmarks/winrates.py rumbleslam mcts:random mcts:heuristic -n 1000 --log rs.jsonl
    python benchmarks/winrates.py skirmish search:heuristic -n 200 --jobs 2 --log sk.jsonl
    python benchmarks/winrates.py rumbleslam --summary --log rs.jsonl

``--block B`` interleaves the pairings B seeds at a time, so a run stopped early still has a
comparable sample of every pairing.

The logs of the issues' targets are kept in the repository (``benchmarks/results/``) so that
samples too long for one sitting grow across sittings. A log is only resumed by the code that
wrote it: before appending, the last logged match of each pairing is played again and must end
the same way (same returns, same number of decisions); a change of rules or agents makes the
run stop and ask for a fresh log. Each row also names the commit it was played on.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import agent_rng, chance_rng

TARGETS: dict[str, dict[str, float]] = {
    # issue 9
    "rumbleslam": {"mcts:random": 0.95, "mcts:heuristic": 0.55, "heuristic:random": 0.90},
    # issue 10
    "skirmish": {"search:random": 0.95, "search:heuristic": 0.55},
    # issue 13 item 6
    "wrasslin": {"expert:heuristic": 0.60},
}
DECISION_TARGET_MS = {"rumbleslam": 1000.0, "skirmish": 1000.0, "wrasslin": 200.0}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_options(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise SystemExit(f"error: option {item!r} is not KEY=VALUE")
        out[key] = value
    return out


_GAMES: dict[str, Any] = {}


def loaded(game_id: str, options: dict[str, Any]) -> Any:
    """One game object per (game, options) in this process: the exact experts (Powerhouses,
    Filsinger) build their tables once per game object, over a second each, which a fresh game
    per match paid again every match (outside the timed part)."""
    key = json.dumps([game_id, options], sort_keys=True)
    if key not in _GAMES:
        _GAMES[key] = turnbuckle.load_game(game_id, **options)
    return _GAMES[key]


def play(job: tuple[str, dict[str, str], str, int]) -> dict[str, Any]:
    """One match of ``pairing`` (``first:second``) with seed ``seed``."""
    game_id, options, pairing, seed = job
    first, second = pairing.split(":", 1) if pairing.count(":") == 1 else _split_pairing(pairing)
    game = loaded(game_id, options)
    seat = seed % 2
    names = [first, second] if seat == 0 else [second, first]
    agents = [make_agent(name, game, p) for p, name in enumerate(names)]
    rngs = [agent_rng(seed, p) for p in range(2)]
    dice = chance_rng(seed)
    state = game.new_initial_state()
    if hasattr(state, "record_events"):
        state.record_events = False
    times: list[float] = []
    decisions = 0
    start = time.process_time()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(dice))
            continue
        player = state.current_player()
        began = time.process_time()
        action = agents[player].choose(state, rngs[player])
        if player == seat and len(state.legal_actions()) > 1:
            times.append(time.process_time() - began)
        decisions += 1
        state.apply_action(action)
    returns = state.returns()
    return {"game": game_id, "options": options, "pairing": pairing, "seed": seed, "seat": seat,
            "first_return": returns[seat], "second_return": returns[1 - seat],
            "decisions": decisions, "cpu_s": round(time.process_time() - start, 3),
            "first_ms": [round(t * 1000, 1) for t in times], "commit": COMMIT}


def current_commit() -> str:
    """The checkout's commit (with ``+dirty`` for uncommitted changes), or ``unknown``."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=here, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "../src"],
                               cwd=here, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


COMMIT = current_commit()


def same_code(rows: list[dict[str, Any]]) -> list[str]:
    """Replay the last logged match of each pairing; the pairings whose result differs now."""
    last: dict[str, dict[str, Any]] = {}
    for row in rows:
        last[row["pairing"]] = row
    changed = []
    for pairing, row in last.items():
        again = play((row["game"], row["options"], pairing, row["seed"]))
        keys = ("first_return", "second_return", "decisions")
        if any(again[k] != row[k] for k in keys):
            changed.append(f"{pairing} seed {row['seed']} (logged on {row.get('commit', 'an unknown commit')})")
    return changed


def _split_pairing(pairing: str) -> tuple[str, str]:
    """``mcts:400:random`` style names: split before the second agent name."""
    head, _, tail = pairing.rpartition(":")
    return head, tail


def score_of(row: dict[str, Any]) -> float:
    mine, theirs = row["first_return"], row["second_return"]
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def read_log(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            if number < len(lines):
                raise SystemExit(f"error: {path}:{number}: not a JSON line") from None
            print(f"{path}: the last line was cut off (a run stopped mid-write); that match is played again")
    return rows


def _drop_cut_line(path: Path) -> None:
    """Cut a last line left unfinished by a stopped run, so the next row starts on a line of its own."""
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with path.open("r+b") as handle:
            handle.truncate(data.rfind(b"\n") + 1)


def summary(game_id: str, rows: list[dict[str, Any]]) -> list[str]:
    lines = ["| pairing | matches | score | win rate | 95% interval | target | first agent median ms (CPU) "
             "| CPU s/match |", "|---|---|---|---|---|---|---|---|"]
    pairings: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["game"] == game_id:
            pairings.setdefault(row["pairing"], []).append(row)
    for pairing, group in pairings.items():
        n = len(group)
        score = sum(score_of(r) for r in group)
        low, high = wilson(score, n)
        target = TARGETS.get(game_id, {}).get(pairing)
        if target is None:
            verdict = "-"
        elif low >= target:
            verdict = f">= {target:.0%}: met (interval above)"
        elif score / n >= target:
            verdict = f">= {target:.0%}: point estimate met"
        else:
            verdict = f">= {target:.0%}: MISSED"
        times = [t for r in group for t in r["first_ms"]]
        median = f"{statistics.median(times):.0f}" if times else "-"
        cpu = statistics.mean(r["cpu_s"] for r in group)
        lines.append(f"| {pairing} | {n} | {score:g} | {score / n:.1%} | {low:.1%}-{high:.1%} | {verdict} "
                     f"| {median} | {cpu:.1f} |")
    return lines


def jobs(game_id: str, options: dict[str, str], pairings: list[str], matches: int, first_seed: int,
         block: int, done: set[tuple[str, int]]) -> Iterator[tuple[str, dict[str, str], str, int]]:
    for start in range(first_seed, first_seed + matches, block):
        for pairing in pairings:
            for seed in range(start, min(start + block, first_seed + matches)):
                if (pairing, seed) not in done:
                    yield game_id, options, pairing, seed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("pairings", nargs="*", help="first:second agent names (default: the game's targets)")
    parser.add_argument("-n", "--matches", type=int, default=100, help="matches per pairing")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--block", type=int, default=10, help="seeds per pairing before moving to the next")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option KEY=VALUE")
    parser.add_argument("--log", type=Path, help="JSON Lines file to append matches to (and resume from)")
    parser.add_argument("--summary", action="store_true", help="only summarise the log")
    args = parser.parse_args()
    options = parse_options(args.option)
    rows = read_log(args.log) if args.log else []
    if not args.summary:
        pairings = args.pairings or list(TARGETS.get(args.game, {}))
        if not pairings:
            raise SystemExit(f"error: name the pairings for {args.game} (e.g. mcts:random)")
        mine = [r for r in rows if r["game"] == args.game and r["options"] == options]
        changed = same_code([r for r in mine if r["pairing"] in pairings])
        if changed:
            raise SystemExit(f"error: {args.log} was written by other code; these matches now end differently: "
                             f"{'; '.join(changed)}. Start a new log (or move the old one aside).")
        done = {(r["pairing"], r["seed"]) for r in mine}
        todo = jobs(args.game, options, pairings, args.matches, args.first_seed, args.block, done)
        if args.log and args.log.exists():
            _drop_cut_line(args.log)
        out = args.log.open("a", encoding="utf-8") if args.log else None
        try:
            with multiprocessing.Pool(args.jobs) as pool:
                for row in pool.imap(play, todo):
                    rows.append(row)
                    if out is not None:
                        out.write(json.dumps(row) + "\n")
                        out.flush()
        except KeyboardInterrupt:
            print("stopped; the log keeps every finished match")
        finally:
            if out is not None:
                out.close()
    print("\n".join(summary(args.game, rows)))


if __name__ == "__main__":
    main()
