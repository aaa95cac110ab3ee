"""Calibrate the computer opponents' published ratings: play each game's agents against each other,
fit a rating per (game, agent) and write ``src/turnbuckle/ratings/data/computer_ratings.toml``.

    python benchmarks/calibrate_computer_ratings.py                    # every game (~12 CPU minutes)
    python benchmarks/calibrate_computer_ratings.py --games powerhouses --matches 100 --pair-seconds 20
    python benchmarks/calibrate_computer_ratings.py --refit            # fit the logged matches again, play none

Every published agent of a game (``agents.spec.agent_names``: random, mcts, ismcts and the game's
own) meets every other in default-params matches (``GAME_OPTIONS`` where the defaults leave no
decision), seats alternating (``winrates.play``: match ``seed`` puts the first-named agent in seat
``seed % 2``). The pairings take turns one match at a time, so a run stopped early (Ctrl-C: what
was played is fitted and written once every pairing has a match) has a sample of every pairing;
a pairing stops at ``--matches`` matches or ``--pair-seconds`` of CPU, and an agent whose matches
have taken ``--agent-seconds`` of CPU meets nobody new (skirmish's generic MCTS takes minutes a
match): a slow search plays few matches, some pairings none, and its rating carries a wide
standard error. Names for the same agent
(skirmish's ``expert`` is its ``search``) are played once.

The matches of ``benchmarks/results/winrates-GAME.jsonl`` (thousands of the slow searches'
matches, grown across sittings) count too, for every pairing whose last logged match still ends
the same way on this code (``winrates.same_code``); ``--no-logs`` leaves them out.

The fit: Bradley-Terry, a draw half a win, with one virtual draw per pairing (keeps a pairing one
agent always wins finite), by Newton's method; standard errors from the inverse information. The
logistic scale is openskill's (Plackett-Luce's two-sided odds are ``exp(diff / (sqrt 2 beta))``
for certain ratings), so ``mu = anchor + theta * sqrt(2) * beta``; the random agent is the anchor,
shown as 1000 in every game.

Each match played is appended to ``--log`` (JSON lines); a run reads it back first, so a stopped
run goes on where it stopped (its matches count, their seeds are not played again) and ``--refit``
only fits what is there.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import turnbuckle
from turnbuckle.agents.generic import GENERIC_AGENTS
from turnbuckle.agents.spec import agent_names
from turnbuckle.engine.datafiles import toml_string, write_text_atomically
from turnbuckle.ratings.computer import load_computer_ratings, ratings_path
from turnbuckle.ratings.model import DISPLAY_SCALE, MODEL, Rating, display, mu_of_display

sys.path.insert(0, str(Path(__file__).resolve().parent))
import winrates  # the sibling script: one way to play and log a match

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
ANCHOR_AGENT = "random"
ANCHOR_DISPLAY = 1000
GAME_OPTIONS: dict[str, dict[str, Any]] = {
    "filsinger": {"tournament_standard": True},
}
"""Options a game is calibrated with instead of its defaults: basic Filsinger leaves the players no
decision (the dice decide), so every agent would be equal there."""
SCALE = math.sqrt(2.0) * float(MODEL.beta)
"""``mu`` per unit of the logistic fit (openskill's c for two certain ratings)."""


@dataclass
class Pairing:
    first: str
    second: str
    matches: int = 0
    score: float = 0.0
    """The first agent's: a win 1, a draw 0.5."""
    cpu: float = 0.0
    logged: int = 0
    """Of ``matches``, how many came from a winrates log rather than this calibration's own."""
    cpu_own: float = 0.0
    """Of ``cpu``, this calibration's own matches'."""
    next_seed: int = 0
    """Past the seeds already in this calibration's log (0: none there; ``--seed`` is added)."""

    @property
    def name(self) -> str:
        return f"{self.first}:{self.second}"


@dataclass
class GameRun:
    game: str
    agents: list[str]
    """One name per distinct agent, in ``agent_names`` order."""
    aliases: dict[str, str]
    """Other name -> the name played."""
    pairings: dict[str, Pairing] = field(default_factory=dict)


def distinct_agents(game_id: str) -> tuple[list[str], dict[str, str]]:
    """The published names of a game, each distinct agent once, and the other names of each."""
    game = turnbuckle.load_game(game_id, **GAME_OPTIONS.get(game_id, {}))
    factories = {**GENERIC_AGENTS, **type(game).agent_factories()}
    played: list[str] = []
    aliases: dict[str, str] = {}
    for name in agent_names(game):
        same = next((p for p in played if factories[p] is factories[name]), None)
        if same is None:
            played.append(name)
        else:
            aliases[name] = same
    return played, aliases


def new_run(game_id: str) -> GameRun:
    agents, aliases = distinct_agents(game_id)
    run = GameRun(game_id, agents, aliases)
    for a, b in itertools.combinations(agents, 2):
        run.pairings[f"{a}:{b}"] = Pairing(a, b)
    return run


def count(run: GameRun, row: dict[str, Any], logged: bool = False) -> None:
    """Add one match row (``winrates.play``'s shape) to its pairing, either way round."""
    first, _, second = row["pairing"].partition(":")  # published names have no ':'
    score = winrates.score_of(row)
    pairing = run.pairings.get(f"{first}:{second}")
    if pairing is None:
        pairing = run.pairings.get(f"{second}:{first}")
        score = 1.0 - score
    if pairing is None:
        return
    pairing.matches += 1
    pairing.score += score
    pairing.cpu += float(row.get("cpu_s", 0.0))
    pairing.logged += logged
    if not logged:
        pairing.cpu_own += float(row.get("cpu_s", 0.0))


def add_logs(run: GameRun) -> int:
    """Matches of ``benchmarks/results/winrates-GAME.jsonl`` still played the same way by this code."""
    path = RESULTS / f"winrates-{run.game}.jsonl"
    options = GAME_OPTIONS.get(run.game, {})
    rows = [r for r in winrates.read_log(path) if r["game"] == run.game and r["options"] == options]
    rows = [r for r in rows if _pairing_of(run, r["pairing"])]
    if not rows:
        return 0
    print(f"{run.game}: checking {path.name} (replaying each pairing's last match)", flush=True)
    changed = {c.split(" seed ")[0] for c in winrates.same_code(rows)}
    for name in sorted(changed):
        print(f"{run.game}: {name} in {path.name} now ends differently; its logged matches are left out")
    kept = [r for r in rows if r["pairing"] not in changed]
    for row in kept:
        count(run, row, logged=True)
    return len(kept)


def _pairing_of(run: GameRun, name: str) -> Pairing | None:
    a, _, b = name.partition(":")
    return run.pairings.get(f"{a}:{b}") or run.pairings.get(f"{b}:{a}")


def agent_seconds_used(run: GameRun) -> dict[str, float]:
    """Each agent's own share of this calibration's match CPU (not the winrates logs'), estimated:
    its cheapest pairing's CPU per match (the other agent there is presumably cheap) times the
    matches it played. A match's CPU is both agents' thinking, so the random agent, which met the
    slow searches, would otherwise look slow itself."""
    per_match: dict[str, float] = {}
    played = dict.fromkeys(run.agents, 0)
    for p in run.pairings.values():
        own = p.matches - p.logged
        if own <= 0:
            continue
        cost = p.cpu_own / own
        for agent in (p.first, p.second):
            per_match[agent] = min(per_match.get(agent, cost), cost)
            played[agent] += own
    return {a: per_match.get(a, 0.0) * played[a] for a in run.agents}


def wanted(p: Pairing, used: dict[str, float], matches: int, pair_seconds: float, agent_seconds: float) -> bool:
    """Does pairing ``p`` play another match? Its first against the anchor always (every agent is
    then tied to the scale); else while under ``matches`` and ``pair_seconds``, and while both
    agents have used less than ``agent_seconds`` in all (a search taking minutes a match meets
    the anchor and stops there)."""
    if p.matches == 0 and ANCHOR_AGENT in (p.first, p.second):
        return True
    return (p.matches < matches and p.cpu < pair_seconds
            and used[p.first] < agent_seconds and used[p.second] < agent_seconds)


def play_game(run: GameRun, matches: int, pair_seconds: float, agent_seconds: float, seed: int,
              log: Path | None) -> None:
    """Round-robin one match per pairing at a time until each is done (``wanted``)."""
    start = time.process_time()
    out = log.open("a", encoding="utf-8") if log is not None else None
    try:
        while True:
            used = agent_seconds_used(run)
            active = [p for p in run.pairings.values() if wanted(p, used, matches, pair_seconds, agent_seconds)]
            if not active:
                return
            for pairing in active:
                used = agent_seconds_used(run)
                if not wanted(pairing, used, matches, pair_seconds, agent_seconds):
                    continue
                options = GAME_OPTIONS.get(run.game, {})
                row = winrates.play((run.game, options, pairing.name, max(seed, pairing.next_seed)))
                pairing.next_seed = row["seed"] + 1
                count(run, row)
                if out is not None:
                    slim = {k: v for k, v in row.items() if k != "first_ms"}
                    out.write(json.dumps(slim) + "\n")
                    out.flush()
            total = sum(p.matches - p.logged for p in run.pairings.values())
            print(f"\r{run.game}: {total} matches played, {len(active)} pairings still going, "
                  f"{time.process_time() - start:.0f} CPU s   ", end="", flush=True)
    finally:
        print(flush=True)
        if out is not None:
            out.close()


def fit(run: GameRun) -> dict[str, tuple[float, float]]:
    """Bradley-Terry strengths (logistic units) and standard errors, the anchor at 0."""
    agents = run.agents
    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for p in run.pairings.values():
        if p.matches == 0:
            continue
        i, j = index[p.first], index[p.second]
        wins[i][j] += p.score + 0.5  # one virtual draw per pairing played
        wins[j][i] += p.matches - p.score + 0.5
        games[i][j] += p.matches + 1
        games[j][i] += p.matches + 1
    anchor = index[ANCHOR_AGENT]
    free = [i for i in range(k) if i != anchor]
    theta = [0.0] * k
    for _ in range(100):
        grad, info = _derivatives(theta, wins, games, free)
        step = _solve(info, grad)
        for n, i in enumerate(free):
            theta[i] += step[n]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    _, info = _derivatives(theta, wins, games, free)
    inverse = _invert(info)
    out = {agents[anchor]: (0.0, 0.0)}
    for n, i in enumerate(free):
        out[agents[i]] = (theta[i], math.sqrt(max(inverse[n][n], 0.0)))
    return out


def _derivatives(theta: list[float], wins: list[list[float]], games: list[list[float]],
                 free: list[int]) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and the information matrix (minus the Hessian), free rows only."""
    k = len(theta)
    grad = [0.0] * k
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i == j or games[i][j] == 0:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            grad[i] += wins[i][j] - games[i][j] * p
            w = games[i][j] * p * (1 - p)
            info[i][i] += w
            info[i][j] -= w
    return [grad[i] for i in free], [[info[i][j] for j in free] for i in free]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _invert(matrix)
    return [sum(inverse[r][c] * vector[c] for c in range(len(vector))) for r in range(len(vector))]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan with partial pivoting (a handful of agents)."""
    n = len(matrix)
    work = [row[:] + [1.0 if r == c else 0.0 for c in range(n)] for r, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [v / lead for v in work[col]]
        for r in range(n):
            if r != col and work[r][col] != 0.0:
                factor = work[r][col]
                work[r] = [a - factor * b for a, b in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


def agent_matches(run: GameRun) -> dict[str, int]:
    return {a: sum(p.matches for p in run.pairings.values() if a in (p.first, p.second)) for a in run.agents}


def toml_text(runs: list[GameRun], fits: dict[str, dict[str, tuple[float, float]]], seed: int, cpu: float) -> str:
    anchor_mu = mu_of_display(ANCHOR_DISPLAY)
    total = sum(p.matches for r in runs for p in r.pairings.values())
    lines = [
        "# The computer opponents' published ratings (docs/ratings.md), written by",
        "# benchmarks/calibrate_computer_ratings.py: do not edit by hand, run it again.",
        "# mu and sigma are openskill's scale; sigma is the fit's standard error of mu (against the",
        f"# anchor, the random agent, shown as {ANCHOR_DISPLAY}). The comment after each: display +- standard error.",
        "",
        "[calibration]",
        f"commit = {toml_string(winrates.COMMIT)}",
        f"seed = {seed}",
        f'anchor = "{ANCHOR_AGENT} = {ANCHOR_DISPLAY} in every game"',
        f"cpu_seconds = {cpu:.0f}",
        f"matches = {total}",
    ]
    for game, options in GAME_OPTIONS.items():
        if any(r.game == game for r in runs):
            pairs = ", ".join(f"{toml_string(k)} = {json.dumps(v)}" for k, v in options.items())  # bool, number
            lines.append(f"options.{game} = {{ {pairs} }}")
    for run in runs:
        counts = agent_matches(run)
        for name in [*run.agents, *run.aliases]:
            played = run.aliases.get(name, name)
            theta, error = fits[run.game][played]
            mu, sigma = anchor_mu + theta * SCALE, error * SCALE
            lines += [
                "",
                "[[rating]]",
                f"game = {toml_string(run.game)}",
                f"agent = {toml_string(name)}",
                f"mu = {mu:.4f}",
                f"sigma = {sigma:.4f}",
                f"matches = {counts[played]}",
            ]
            if played != name:
                lines.append(f"same_as = {toml_string(played)}")
            lines.append(f"# {display(Rating(mu, sigma))} +- {sigma * DISPLAY_SCALE:.0f}")
    return "\n".join(lines) + "\n"


def markdown(runs: list[GameRun], fits: dict[str, dict[str, tuple[float, float]]]) -> list[str]:
    anchor_mu = mu_of_display(ANCHOR_DISPLAY)
    out = ["| game | agent | rating | standard error | matches |", "| --- | --- | ---: | ---: | ---: |"]
    for run in runs:
        counts = agent_matches(run)
        ranked = sorted(run.agents, key=lambda a: -fits[run.game][a][0])
        for agent in ranked:
            theta, error = fits[run.game][agent]
            shown = display(Rating(anchor_mu + theta * SCALE, 0.0))
            names = " / ".join([agent, *[n for n, p in run.aliases.items() if p == agent]])
            se = "anchor" if agent == ANCHOR_AGENT else f"{error * SCALE * DISPLAY_SCALE:.0f}"
            out.append(f"| {run.game} | {names} | {shown} | {se} | {counts[agent]:,} |")
    return out


def pairing_table(runs: list[GameRun]) -> list[str]:
    out = ["| game | pairing | matches (logged) | first's score | CPU s/match |", "| --- | --- | ---: | ---: | ---: |"]
    for run in runs:
        for p in run.pairings.values():
            rate = f"{p.score / p.matches:.1%}" if p.matches else "-"
            cpu = f"{p.cpu / p.matches:.2f}" if p.matches else "-"
            out.append(f"| {run.game} | {p.name} | {p.matches:,} ({p.logged:,}) | {rate} | {cpu} |")
    return out


def parse_games(text: str | None) -> list[str]:
    known = turnbuckle.list_games()
    if not text:
        return known
    games = [g.strip() for g in text.split(",") if g.strip()]
    unknown = [g for g in games if g not in known]
    if unknown:
        raise SystemExit(f"error: unknown game {unknown[0]!r}; choose from {', '.join(known)}")
    return games


def positive(kind: type[int] | type[float]) -> Any:
    def check(text: str) -> int | float:
        value = kind(text)
        if not value > 0:
            raise argparse.ArgumentTypeError(f"must be above 0, not {text}")
        return value
    return check


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument("--matches", type=positive(int), default=200, help="most matches per pairing")
    parser.add_argument("--pair-seconds", type=positive(float), default=10.0,
                        help="CPU seconds after which a pairing plays no more (it plays at least one match)")
    parser.add_argument("--agent-seconds", type=positive(float), default=60.0,
                        help="CPU seconds of an agent's matches after which it plays no more pairings "
                             "(beyond its first match against the random agent)")
    parser.add_argument("--seed", type=int, default=0, help="first match seed (seeds count up per pairing)")
    parser.add_argument("--no-logs", action="store_true", help="leave out benchmarks/results/winrates-GAME.jsonl")
    parser.add_argument("--log", type=Path, default=RESULTS / "computer-ratings.jsonl",
                        help="JSON lines file each match played is appended to")
    parser.add_argument("--refit", action="store_true",
                        help="play nothing: fit the matches in --log (and the winrates logs)")
    parser.add_argument("--out", type=Path, default=ratings_path(), help="the ratings file to write")
    args = parser.parse_args(list(argv) if argv is not None else None)
    games = parse_games(args.games)
    runs = [new_run(g) for g in games]
    began = time.process_time()
    if args.log.exists() and not args.refit:
        winrates._drop_cut_line(args.log)  # a line cut by a stopped run: that match is played again
    for row in winrates.read_log(args.log):  # a run stopped before: its matches count, seeds go on
        run = next((r for r in runs if r.game == row["game"]), None)
        if run is not None and row["options"] == GAME_OPTIONS.get(run.game, {}):
            count(run, row)
            pairing = _pairing_of(run, row["pairing"])
            if pairing is not None:
                pairing.next_seed = max(pairing.next_seed, row["seed"] + 1)
    try:
        for run in runs:
            if not args.no_logs:
                reused = add_logs(run)
                if reused:
                    print(f"{run.game}: {reused:,} logged matches reused")
            if not args.refit:
                play_game(run, args.matches, args.pair_seconds, args.agent_seconds, args.seed, args.log)
    except KeyboardInterrupt:
        print("\nstopped: fitting the matches played so far")
    cpu = sum(p.cpu_own for r in runs for p in r.pairings.values())  # the matches, over every sitting
    print(f"this sitting: {time.process_time() - began:.0f} CPU s")
    missing = [f"{r.game} {a}" for r in runs for a, n in agent_matches(r).items() if n == 0]
    if missing:
        raise SystemExit(f"error: no matches for {', '.join(missing[:5])}{' ...' if len(missing) > 5 else ''}; "
                         "nothing written (run it again to go on from the log)")
    fits = {run.game: fit(run) for run in runs}
    print("\n".join(pairing_table(runs)))
    print()
    print("\n".join(markdown(runs, fits)))
    text = toml_text(runs, fits, args.seed, cpu)
    write_text_atomically(args.out, text, force=True, what="ratings file")
    load_computer_ratings(args.out)  # what was written loads
    print(f"\nwrote {args.out} ({cpu:.0f} CPU s of calibration matches)")


if __name__ == "__main__":
    main()
