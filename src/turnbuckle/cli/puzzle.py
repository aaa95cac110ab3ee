"""``puzzle``: a position from a real match where one choice is clearly best; find it.

The side's own view of the table is shown (as ``play`` shows it), the move is typed as in ``play``,
and after the answer every option's value is shown as a review or hint shows them.
"""

from __future__ import annotations

import datetime

import typer
from rich.console import Console
from rich.prompt import Prompt
from rich.text import Text

from turnbuckle.agents.human import menu_lines, pick_action
from turnbuckle.analysis.review.compare import gap_text
from turnbuckle.analysis.review.values import value_text
from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.registry import game_class
from turnbuckle.learn.puzzles import Puzzle, daily_puzzle, is_answer, puzzle, puzzle_state, puzzles

console = Console(soft_wrap=True)


class PuzzleInputError(TurnbuckleError):
    """A move that is not one of the puzzle's legal choices (given with ``--answer``)."""


def puzzle_command(
    game_name: str | None = typer.Argument(None, metavar="GAME", help="The game (not needed with --daily)."),
    number: int | None = typer.Option(None, "--number", "-n", help="Which puzzle (1 = the first; default: 1)."),
    daily: bool = typer.Option(False, "--daily", help="Today's puzzle (every game's puzzles in turn)."),
    answer: str | None = typer.Option(None, "--answer", help="Answer with this move instead of asking."),
) -> None:
    """Solve a puzzle: a position from a real match where one choice is clearly best."""
    if daily:
        if number is not None:
            raise TurnbuckleError("give --daily or --number, not both")
        chosen = daily_puzzle(datetime.date.today())
        if game_name is not None and game_name != chosen.game:
            raise TurnbuckleError(f"today's puzzle is a {chosen.game} puzzle, not {game_name}")
    else:
        if game_name is None:
            raise TurnbuckleError("name a GAME, or give --daily")
        game_class(game_name)  # an unknown GAME is one line
        chosen = puzzle(game_name, 1 if number is None else number)
    _solve(chosen, answer)


def _solve(p: Puzzle, answer: str | None) -> None:
    state = puzzle_state(p)
    game = state.game
    legal = state.legal_actions()
    total = len(puzzles(p.game))
    given = None
    if answer is not None:  # a bad move is refused before anything is shown
        given, problem = pick_action(legal, answer)
        if given is None:
            raise PuzzleInputError(problem)
    console.print(Text(f"{game.title} puzzle {p.number} of {total}: {p.title} ({p.difficulty_label})", style="bold"))
    console.print(game.render_observation(state.observation(p.side)), markup=False, highlight=False)
    console.print(Text(p.prompt, style="cyan"))
    for line in menu_lines(state, legal):
        console.print(line, highlight=False)
    if given is not None:
        console.print(f"Your move: {given.name}", markup=False, highlight=False)
    while given is None:
        try:
            typed = Prompt.ask("Your move (number, name or its start; 'quit')", console=console).strip()
        except EOFError:  # input ended (a pipe): nothing was answered
            typed = "quit"
        if typed.lower() in {"q", "quit", "exit"}:
            console.print("Puzzle left unsolved.")
            raise typer.Exit(0)
        given, problem = pick_action(legal, typed)
        if given is None:
            console.print(Text(problem, style="red"))
    chosen = given
    if is_answer(p, chosen.name):
        console.print(Text(f"Right: {chosen.name} is clearly best.", style="bold green"))
    else:
        console.print(Text(f"Not quite: {chosen.name} is not the best; the answer is {p.answer}.", style="bold red"))
    for line in option_lines(p, chosen.name):
        console.print(line, highlight=False)
    if p.number < total:
        console.print(f"Next: turnbuckle puzzle {p.game} --number {p.number + 1}", markup=False, highlight=False)


def option_lines(p: Puzzle, chosen: str) -> list[Text]:
    """Every option as a review shows it: the best's chances, every other's difference to it (in
    points, with the paired error when sampled) and where it stands in words."""
    how = p.method_text or p.method
    lines = [Text(f"Values ({how}; the answer leads by {100 * p.margin:.1f} points):", style="dim")]
    width = max(len(o.action) for o in p.options)
    for rank, option in enumerate(p.options, start=1):
        if rank == 1:
            figure = value_text(option.value, option.se)
        else:
            figure = f"{gap_text_of(option.gap, option.gap_se)} points"
        mark = "  <- yours" if option.action == chosen else ""
        lines.append(Text.assemble((f"  {rank:>2}. ", "bold cyan"), option.action.ljust(width), f"  {figure:<16}",
                                   (f"  {option.words}", "bold" if rank == 1 else "dim"), (mark, "bold")))
    return lines


def gap_text_of(gap: float, gap_se: float | None) -> str:
    """``compare.gap_text`` for a stored option (its gap and paired error)."""
    from turnbuckle.analysis.review.values import OptionValue

    return gap_text(OptionValue("", 0.0, (), gap=gap, gap_stderr=gap_se))
