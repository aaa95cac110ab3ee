"""Generate a game's puzzles from seeded self-play matches (issue 34, items 5-6).

    PYTHONPATH=src python scripts/make_puzzles.py powerhouses --count 30 --seed 1
    PYTHONPATH=src python scripts/make_puzzles.py skirmish --count 30 --budget 96 --screen 24 --append

Match ``i`` is played from seed ``SEED + i`` by ``--agents`` (default: each game's heuristic on
both seats). At up to ``--per-match`` decisions of each match (picked at random, seeded, among those
with more than one legal action, never the same position twice) every option is valued for the
side to move (``turnbuckle.learn.puzzle_making``): exact where the game has it, else screened at
``--screen`` playouts per option and searched at ``--budget`` from the side's own information. A
position is kept when the best leads the second by 10 points (and 3 paired errors, sampled) and the
re-verification the tests run (twice the budget, another seed) agrees. The file is rewritten after
every puzzle found, so Ctrl-C stops cleanly with what was found kept.
"""

from __future__ import annotations

import argparse
import json
import random
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


def write(game: str, found: list[Puzzle]) -> None:
    data: dict[str, Any] = {"game": game, "puzzles": [p.model_dump(mode="json") for p in found]}
    path = target(game)
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    parse_puzzles(text, str(path))  # never write a file that does not load
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


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
    parser.add_argument("--vary", action="store_true", help="seat two roster wrestlers picked by each match's seed")
    parser.add_argument("--max-kind", type=float, default=0.6,
                        help="largest share of the puzzles one kind (the options' verbs and the answer's) may take")
    args = parser.parse_args(argv)

    params = {k: json.loads(v) for k, v in (o.split("=", 1) for o in args.option)}
    game = load_game(args.game, **params)
    agents = (args.agents.split(",") if args.agents
              else ["heuristic" if "heuristic" in type(game).agent_factories() else "mcts"] * game.num_players())
    found: list[Puzzle] = []
    seen: set[str] = set()
    if args.append and target(args.game).is_file():
        found = list(parse_puzzles(target(args.game).read_text(encoding="utf-8"), str(target(args.game))))
        seen = {making.moment_key(puzzle_state(p)) for p in found}
        if args.prune:
            kept_ones = [p for p in found if confirmed(p)]
            found = [p.model_copy(update={"number": i, "id": f"{args.game}-{i:03d}"})
                     for i, p in enumerate(kept_ones, start=1)]
            console.print(f"pruned: {len(found)} of {len(kept_ones) + (len(seen) - len(kept_ones))} kept")
            write(args.game, found)
    started = time.process_time()
    looked = 0
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[status]}"), console=console) as progress:
        task = progress.add_task(f"{args.game} puzzles", total=args.count, completed=len(found), status="")
        try:
            for index in range(args.matches):
                if len(found) >= args.count:
                    break
                seed = args.seed + index
                if args.vary:
                    game = match_game(args.game, params, seed)
                moments = list(making.decisions(game, agents, seed))
                moments = [m for m in moments[int(args.late * len(moments)):]
                           if len(m.state.legal_actions()) <= args.max_options and focused(m.state, args.focus)]
                random.Random(f"puzzles:{seed}").shuffle(moments)
                kept = 0
                for moment in moments[:args.look]:
                    if kept >= args.per_match or len(found) >= args.count:
                        break
                    key = making.moment_key(moment.state)
                    if key in seen:
                        continue
                    kind = making.kind_of(moment.state)
                    if sum(making.kind_of(puzzle_state(p)) == kind for p in found) >= args.max_kind * args.count:
                        continue
                    seen.add(key)
                    looked += 1
                    progress.update(task, status=f"match {index + 1}, seed {seed}, {looked} looked at")
                    search_seed = seed * 1000 + moment.ply
                    values = making.screen(moment.state, args.screen, search_seed)
                    if values is None:
                        continue
                    if not values.exact:
                        log(f"seed {seed} ply {moment.ply}: screened {making.lead(values)[0]:.3f}")
                    if not values.exact:
                        screened = values.options[1].gap
                        values = making.value(moment.state, args.budget, search_seed)
                        gap, se = making.lead(values)
                        log(f"seed {seed} ply {moment.ply}: screened lead {screened:.3f}, searched {gap:.3f}"
                            f" ± {se or 0:.3f} ({values.stopped})")
                        if not making.meets_rule(values) or len(values.options) < len(moment.state.legal_actions()):
                            continue
                    source = Source(seed=seed, params=plain(game.params), agents=agents, ply=moment.ply)
                    puzzle = making.build(moment.state, values, game_name=args.game, number=len(found) + 1,
                                          source=source, playouts=args.budget, search_seed=search_seed,
                                          tries=args.tries)
                    if not confirmed(puzzle):
                        log(f"seed {seed} ply {moment.ply}: not confirmed by the re-verification")
                        continue
                    log(f"puzzle {len(found) + 1}: seed {seed} ply {moment.ply}, "
                        f"{puzzle.answer!r} by {puzzle.margin:.3f}")
                    found.append(puzzle)
                    kept += 1
                    write(args.game, found)
                    progress.update(task, completed=len(found))
        except KeyboardInterrupt:
            console.print("stopped (Ctrl-C): the puzzles found so far are kept")
    seconds = time.process_time() - started
    console.print(f"{args.game}: {len(found)} puzzles in {target(args.game)}, {looked} decisions looked at, "
                  f"{seconds:.0f} CPU s")
    return 0 if len(found) >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
