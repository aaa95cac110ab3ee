"""Generate a game's puzzles from seeded self-play matches (issue 34, items 5-6).

    PYTHONPATH=src python scripts/make_puzzles.py powerhouses --count 30 --seed 1
    PYTHONPATH=src python scripts/make_puzzles.py skirmish --count 30 --budget 96 --screen 24 --append
    PYTHONPATH=src python scripts/make_puzzles.py skirmish --horizon match --output gen/skirmish-A.json --seed 1000
    PYTHONPATH=src python scripts/make_puzzles.py skirmish --merge gen/skirmish-A.json

Match ``i`` is played from seed ``SEED + i`` by ``--agents`` (default: each game's heuristic on
both seats). At up to ``--per-match`` decisions of each match (picked at random, seeded, among those
with more than one legal action, never the same position twice) every option is valued for the
side to move (``turnbuckle.learn.puzzle_making``): exact where the game has it, else screened at
``--screen`` playouts per option and searched at ``--budget`` from the side's own information. A
position is kept when the best leads the second by 10 points (and 3 paired errors, sampled) and the
re-verification the tests run (twice the budget, another seed) agrees. The file is rewritten after
every puzzle found, so Ctrl-C stops cleanly with what was found kept.

``--horizon match`` searches (and stores, so the tests re-verify the same way) with playouts run to
the end of the match instead of the review plan's cut-off; ``--screen-horizon`` can screen at
another. ``--output`` writes to another file (two runs on different seeds can go side by side;
positions already shipped are skipped) and ``--merge`` appends such a file's puzzles to the
shipped one, renumbered, positions already there skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from turnbuckle.engine.game import Game, State
from turnbuckle.engine.position import plain
from turnbuckle.engine.registry import list_games, load_game
from turnbuckle.learn import puzzle_making as making
from turnbuckle.learn.puzzles import PUZZLES_FILE, Puzzle, Source, parse_puzzles, puzzle_state

ROOT = Path(__file__).resolve().parent.parent
console = Console(stderr=True)


def target(game: str) -> Path:
    return ROOT / "src" / "turnbuckle" / "games" / game / PUZZLES_FILE


def write(game: str, found: list[Puzzle], path: Path | None = None) -> None:
    """Write ``found`` to ``path`` (the shipped file by default), through a temporary file."""
    data: dict[str, Any] = {"game": game, "puzzles": [p.model_dump(mode="json") for p in found]}
    path = path or target(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    parse_puzzles(text, str(path))  # never write a file that does not load
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def read(game: str, path: Path) -> list[Puzzle]:
    """The puzzles of ``path`` (none when it does not exist)."""
    return list(parse_puzzles(path.read_text(encoding="utf-8"), str(path))) if path.is_file() else []


def renumbered(game: str, found: list[Puzzle]) -> list[Puzzle]:
    return [p.model_copy(update={"number": i, "id": f"{game}-{i:03d}"}) for i, p in enumerate(found, start=1)]


def merge(game: str, path: Path) -> int:
    """Append the puzzles of ``path`` to the shipped file, renumbered, skipping positions it has
    (or that ``path`` repeats); how many were added."""
    shipped = read(game, target(game))
    seen = {making.moment_key(puzzle_state(p)) for p in shipped}
    added = 0
    for p in read(game, path):
        if p.game != game:
            raise SystemExit(f"{path}: puzzles of {p.game!r}, not {game!r}")
        key = making.moment_key(puzzle_state(p))
        if key in seen:
            continue
        seen.add(key)
        shipped.append(p)
        added += 1
    write(game, renumbered(game, shipped))
    return added


def log(line: str) -> None:
    """A line for a log (a background run's file): the progress bar is for terminals."""
    if not console.is_terminal:
        console.print(line, markup=False, highlight=False)


def focused(state: State, texts: list[str]) -> bool:
    """Whether the side to move's view mentions one of ``texts`` (none given: every decision)."""
    if not texts:
        return True
    seen = json.dumps(state.observation(state.current_player()), ensure_ascii=False)
    return any(text in seen for text in texts)


def confirmed(puzzle: Puzzle) -> bool:
    """The re-verification the tests run agrees, and (stricter than the test, which allows for the
    noise of a new sample) its lead is the full ``MIN_MARGIN`` as well."""
    ok, values = making.reverify(puzzle, puzzle_state(puzzle))
    return ok and making.meets_rule(values)


def match_game(name: str, params: dict[str, Any], seed: int) -> Game:
    """The game of match ``seed`` with two roster entrants picked by the seed."""
    base = load_game(name, **params)
    entrants = random.Random(f"puzzles:entrants:{seed}").sample(base.balance_entrants(), 2)
    return load_game(name, **{**params, **base.balance_params(entrants)})


def interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops a run as Ctrl-C does (a background run ignores SIGINT): found puzzles kept,
    the summary printed."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=list_games())
    parser.add_argument("--count", type=int, default=30, help="puzzles wanted in the file (default 30)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first match")
    parser.add_argument("--matches", type=int, default=2000, help="give up after this many matches")
    parser.add_argument("--agents", default=None, help="agents by seat, comma-separated (default: heuristic)")
    parser.add_argument("--per-match", type=int, default=2, help="puzzles kept from one match at most")
    parser.add_argument("--look", type=int, default=6, help="decisions of a match looked at, at most")
    parser.add_argument("--screen", type=int, default=16, help="screening playouts per option (sampled games)")
    parser.add_argument("--budget", type=int, default=64, help="puzzle search playouts per option (sampled games)")
    parser.add_argument("--tries", type=int, default=5, help="tries per agent (heuristic, random) for difficulty")
    parser.add_argument("--option", "-o", action="append", default=[], help="game param NAME=JSON")
    parser.add_argument("--append", action="store_true", help="keep the file's puzzles and add to them")
    parser.add_argument("--late", type=float, default=0.0,
                        help="look only at the last part of a match: skip this share of its decisions")
    parser.add_argument("--max-options", type=int, default=10**6,
                        help="look only at decisions with at most this many legal actions")
    parser.add_argument("--prune", action="store_true",
                        help="with --append: first drop the file's puzzles the re-verification does not confirm")
    parser.add_argument("--focus", action="append", default=[],
                        help="look only at decisions whose side's view mentions this text (any of several)")
    parser.add_argument("--with-action", action="append", default=[],
                        help="look only at decisions with a legal action of this name (any of several)")
    parser.add_argument("--skip-verb", action="append", default=[],
                        help="skip decisions with an option of this verb (its kind rarely makes a puzzle)")
    parser.add_argument("--vary", action="store_true", help="seat two roster wrestlers picked by each match's seed")
    parser.add_argument("--max-kind", type=float, default=0.6,
                        help="largest share of the puzzles one kind (the options' verbs and the answer's) may take")
    parser.add_argument("--horizon", choices=["review", "match"], default="review",
                        help="search playouts to the review plan's cut-off, or to the end of the match (stored)")
    parser.add_argument("--screen-horizon", choices=["review", "match"], default=None,
                        help="screen playouts to this horizon (default: --horizon)")
    parser.add_argument("--screen-lead", type=float, default=None,
                        help="search only positions whose screened lead is at least this win chance "
                             f"(default {making.SCREEN_FACTOR} of the 10-point rule)")
    parser.add_argument("--output", type=Path, default=None,
                        help="write the puzzles found to this file instead of the shipped one")
    parser.add_argument("--merge", type=Path, default=None,
                        help="append this file's puzzles to the shipped file (renumbered, duplicates skipped); "
                             "nothing else is done")
    args = parser.parse_args(argv)
    if args.merge is not None:
        added = merge(args.game, args.merge)
        console.print(f"{args.game}: {added} puzzles added from {args.merge}, "
                      f"{len(read(args.game, target(args.game)))} in {target(args.game)}")
        return 0
    out = args.output or target(args.game)
    screen_horizon = args.screen_horizon or args.horizon

    params = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    game = load_game(args.game, **params)
    agents = (args.agents.split(",") if args.agents
              else ["heuristic" if "heuristic" in type(game).agent_factories() else "mcts"] * game.num_players())
    found: list[Puzzle] = []
    seen: set[str] = set()
    others: list[Puzzle] = read(args.game, target(args.game)) if args.output else []
    """With ``--output``: the shipped puzzles, whose positions and kinds count as taken."""
    seen = {making.moment_key(puzzle_state(p)) for p in others}
    if args.append and out.is_file():
        found = read(args.game, out)
        seen |= {making.moment_key(puzzle_state(p)) for p in found}
        if args.prune:
            kept_ones = [p for p in found if confirmed(p)]
            console.print(f"pruned: {len(kept_ones)} of {len(found)} kept")
            found = renumbered(args.game, kept_ones)
            write(args.game, found, out)
    signal.signal(signal.SIGTERM, interrupt)
    started = time.process_time()
    looked = searched = met = 0
    matches = 0
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[status]}"), console=console) as progress:
        task = progress.add_task(f"{args.game} puzzles", total=args.count, completed=len(found), status="")
        try:
            for index in range(args.matches):
                if len(found) >= args.count:
                    break
                seed = args.seed + index
                matches += 1
                if args.vary:
                    game = match_game(args.game, params, seed)
                moments = list(making.decisions(game, agents, seed))
                moments = [m for m in moments[int(args.late * len(moments)):]
                           if len(m.state.legal_actions()) <= args.max_options and focused(m.state, args.focus)
                           and not set(making.kind_of(m.state).split(" / ")) & set(args.skip_verb)
                           and (not args.with_action
                                or any(a.name in args.with_action for a in m.state.legal_actions()))]
                random.Random(f"puzzles:{seed}").shuffle(moments)
                kept = 0
                for moment in moments[:args.look]:
                    if kept >= args.per_match or len(found) >= args.count:
                        break
                    key = making.moment_key(moment.state)
                    if key in seen:
                        continue
                    kind = making.kind_of(moment.state)
                    if (sum(making.kind_of(puzzle_state(p)) == kind for p in [*others, *found])
                            >= args.max_kind * max(args.count, len(others) + args.count)):
                        continue
                    seen.add(key)
                    looked += 1
                    progress.update(task, status=f"match {index + 1}, seed {seed}, {looked} looked at")
                    search_seed = seed * 1000 + moment.ply
                    # the screen draws its own sample: were it the search's first playouts, the
                    # search would inherit the luck that passed the screen (and often stop there)
                    values = making.screen(moment.state, args.screen, -search_seed, horizon=screen_horizon,
                                           min_lead=args.screen_lead)
                    if values is None:
                        continue
                    if not values.exact:
                        screened = values.options[1].gap
                        values = making.value(moment.state, args.budget, search_seed, horizon=args.horizon)
                        searched += 1
                        gap, se = making.lead(values)
                        log(f"seed {seed} ply {moment.ply}: screened lead {screened:.3f}, searched {gap:.3f}"
                            f" ± {se or 0:.3f} ({values.stopped}); {searched} searched, {matches} matches, "
                            f"{time.process_time() - started:.0f} CPU s")
                        if not making.meets_rule(values) or len(values.options) < len(moment.state.legal_actions()):
                            continue
                    met += 1
                    source = Source(seed=seed, params=plain(game.params), agents=agents, ply=moment.ply)
                    puzzle = making.build(moment.state, values, game_name=args.game, number=len(found) + 1,
                                          source=source, playouts=args.budget, search_seed=search_seed,
                                          tries=args.tries, horizon=args.horizon)
                    if not confirmed(puzzle):
                        log(f"seed {seed} ply {moment.ply}: not confirmed by the re-verification")
                        continue
                    log(f"puzzle {len(found) + 1}: seed {seed} ply {moment.ply}, "
                        f"{puzzle.answer!r} by {puzzle.margin:.3f}")
                    found.append(puzzle)
                    kept += 1
                    write(args.game, found, out)
                    progress.update(task, completed=len(found))
        except KeyboardInterrupt:
            console.print("stopped (Ctrl-C): the puzzles found so far are kept")
    seconds = time.process_time() - started
    console.print(f"{args.game}: {len(found)} puzzles in {out}; {matches} matches, {looked} decisions looked at, "
                  f"{searched} searched, {met} met the rule, {seconds:.0f} CPU s")
    return 0 if len(found) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
