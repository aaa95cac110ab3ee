"""``review``: a saved match decision by decision, with its turning points (docs/review.md);
and the ``hint`` that ``play`` offers at a person's decision."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import typer
from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from turnbuckle.analysis.review import (
    Budget,
    Decision,
    DecisionValues,
    Review,
    ReviewSettings,
    default_jobs,
    hint,
    review_message,
    review_replay,
)
from turnbuckle.analysis.review.compare import chosen_words, gap_text
from turnbuckle.analysis.review.values import percent, value_text
from turnbuckle.cli.common import ForceOpt, JsonOpt, count_option, echo_json, seed_option
from turnbuckle.engine.datafiles import check_output_path, write_text_atomically
from turnbuckle.engine.game import State
from turnbuckle.engine.replay import load_replay

console = Console(soft_wrap=True)
MAX_JOBS = 64
HTML_REPORT = "HTML report"
"""What ``--html`` writes, as its errors name it."""


def review(
    path: Path = typer.Argument(..., metavar="REPLAY", help="A replay file (--save-replay, or the web's download)."),
    budget: str | None = typer.Option(
        None, "--budget", metavar="N|Ns",
        help="Sampled games: playouts per option (64) or seconds per decision (2s). Default: the game's own.",
    ),
    seed: int = seed_option(0, help="Seed of the review's samples (the same seed gives the same review)."),
    omniscient: bool = typer.Option(
        False, "--omniscient", help="Sample from the true position, every hidden card known (labelled as such).",
    ),
    jobs: int = count_option(0, "--jobs", low=0, high=MAX_JOBS, help="Processes (0: one per core)."),
    html_file: Path | None = typer.Option(None, "--html", metavar="FILE", help="Also write an HTML report here."),
    force: bool = ForceOpt,
    as_json: bool = JsonOpt,
    allow_paths: bool = typer.Option(
        False, "--allow-paths", help="Let an old replay read the roster file it names (only for replays you trust).",
    ),
) -> None:
    """Review a saved match: each decision's chance of winning before and after, the best option and
    the swing; then the turning points. Exact for Powerhouses (and Filsinger when solvable), sampled
    elsewhere from what each player knew (see docs/review.md)."""
    chosen = Budget.parse(budget) if budget is not None else None
    if html_file is not None:
        check_output_path(html_file, force=force, what=HTML_REPORT)
    loaded = load_replay(path)
    settings = ReviewSettings(budget=chosen, seed=seed, omniscient=omniscient, jobs=jobs or default_jobs())
    errors = Console(stderr=True)
    with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task("review", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = review_replay(loaded, settings, source=str(path), allow_paths=allow_paths, progress=progress)
    if html_file is not None:
        from turnbuckle.analysis.review.html import render_html  # matplotlib: only when asked for

        write_text_atomically(html_file, render_html(result), force=force, what=HTML_REPORT)
    if as_json:
        echo_json(review_message(result))
        return
    show(result)
    if html_file is not None:
        console.print(Text(f"HTML report written to {html_file}"))


SWING_NOTE = (
    "swing: how many points (of 100) the side's chance of winning moved from this decision to its next "
    "one (or to the result): its choice and everything the dice, the cards and the other sides did in "
    "between. A side's swings add up to its result minus its chances at its first decision; the largest "
    "are the turning points (bold)."
)
NARROW_NOTE = (
    "chance: the side's chance of winning as it decided; \"a -> b\" when another option was better "
    "beyond the noise (a: that option, b: the choice made; an option as good as the best is not named); "
    "\"± n\": a sampled value's standard error, in points."
)


def show(result: Review) -> None:
    """The decision table, what *swing* means, and the turning points; a narrow terminal gets the
    narrow layout (fewer columns, the best option under the choice) rather than every cell broken
    over several lines. Text wraps at word boundaries."""
    game = result.game
    sides = " vs ".join(game.player_label(p) for p in range(game.num_players()))
    _say(Text.assemble((f"Review: {game.title}", "bold"), f" - {sides}: {result.summary}"))
    if result.settings.omniscient:
        _say(Text("OMNISCIENT review: values read every hidden card (not what the players knew).",
                  style="bold yellow"))
    for method in result.methods:
        _say(Text(f"Values: {method}", style="dim"))
    table = _wide_table(result)
    natural = Measurement.get(console, console.options.update_width(10_000), table).maximum
    narrow = natural > console.width  # the wide table would break its cells over several lines
    if narrow:
        table = _narrow_table(result)
    console.print(table, soft_wrap=False)
    if narrow:
        _say(Text(NARROW_NOTE, style="dim"))
    _say(Text(SWING_NOTE, style="dim"))
    console.print()
    points = result.turning_points
    if not points:
        _say(Text("No turning points: no swing of a point or more beyond the noise."))
        return
    if narrow:
        _turning_list(points)
    else:
        console.print(_turning_table(points), soft_wrap=False)


def _say(text: Text) -> None:
    """A paragraph wrapped at word boundaries to the terminal's width."""
    console.print(text, soft_wrap=False, highlight=False)


def _title(result: Review) -> str:
    return f"{len(result.decisions)} decisions (chance of winning for the side deciding)"


def _wide_table(result: Review) -> Table:
    turns = {d.index for d in result.turning_points}
    table = Table(title=_title(result))
    for name, justify in (("#", "right"), ("who", "left"), ("choice", "left"), ("before", "right"),
                          ("after", "right"), ("best option", "left"), ("verdict", "left"), ("swing", "right")):
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for d in result.decisions:
        best = "=" if d.best.action == d.choice else f"{d.best.action} {percent(d.best.value)}"
        table.add_row(str(d.index + 1), Text(d.wrestler), Text(d.choice), percent(d.before),
                      value_text(d.after, d.chosen.stderr), Text(best), Text(chosen_words(d.values, d.choice)),
                      _swing(d),
                      style="bold" if d.index in turns else None)
    return table


def _narrow_table(result: Review) -> Table:
    """Five short columns: #, who, the choice (the better option under it), the chance, the swing."""
    turns = {d.index for d in result.turning_points}
    table = Table(title=_title(result), box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("who")
    table.add_column("choice")
    table.add_column("chance", justify="right", no_wrap=True)
    table.add_column("swing", justify="right", no_wrap=True)
    for d in result.decisions:
        choice = Text(d.choice)
        chance = value_text(d.after, d.chosen.stderr)
        chosen = d.values.option(d.choice)
        if d.best.action != d.choice and not (chosen is not None and chosen.as_good):
            # a better option is named only when the choice is behind it beyond the noise
            choice.append(f"\nbest: {d.best.action} (yours: {chosen_words(d.values, d.choice)})", style="italic")
            chance = f"{percent(d.best.value)} -> {chance}"
        table.add_row(str(d.index + 1), Text(d.wrestler), choice, chance, _swing(d),
                      style="bold" if d.index in turns else None)
    return table


def _swing(d: Decision) -> str:
    return f"{d.swing * 100:+.1f}"


def _said(d: Decision) -> str:
    return " / ".join(d.commentary[:3]) + (" ..." if len(d.commentary) > 3 else "")


def _turning_table(points: list[Decision]) -> Table:
    turning = Table(title="Turning points (the largest swings beyond the noise)")
    for name in ("#", "who", "choice", "before", "swing", "what happened"):
        turning.add_column(name)
    for d in points:
        turning.add_row(str(d.index + 1), Text(d.wrestler), Text(d.choice), percent(d.before), _swing(d),
                        Text(_said(d)))
    return turning


def _turning_list(points: list[Decision]) -> None:
    """The turning points one paragraph each: the commentary gets the whole width."""
    _say(Text("Turning points (the largest swings beyond the noise)", style="bold"))
    for d in points:
        _say(Text.assemble((f"#{d.index + 1} ", "bold"), (d.wrestler, "bold"),
                           f": {d.choice} at {percent(d.before)}, swing {_swing(d)}"))
        said = textwrap.fill(_said(d), width=max(20, console.width), initial_indent="    ", subsequent_indent="    ")
        console.print(Text(said), soft_wrap=True, highlight=False)  # wrapped at words, indented, no trailing spaces


# -- hints in ``play`` ---------------------------------------------------------------------------
def hint_lines(values: DecisionValues) -> list[Text]:
    """A hint as the terminal shows it: the best option's chances, every other one's difference to
    it (paired, in points) and where each stands in words ("as good as the best", ...)."""
    spent = "" if values.exact else f"; {values.seconds:.1f} s, stopped: {values.stopped}"
    lines = [Text(f"Hint ({values.method}{spent}):", style="dim")]
    width = max(len(o.action) for o in values.options)
    for rank, option in enumerate(values.options, start=1):
        figure = value_text(option.value, option.stderr) if rank == 1 else f"{gap_text(option)} points"
        line = Text.assemble((f"  {rank:>2}. ", "bold cyan"), option.action.ljust(width), f"  {figure:<16}",
                             (f"  {option.words}", "bold" if rank == 1 or option.as_good else "dim"))
        lines.append(line)
    return lines


def terminal_hinter(budget: Budget | None = None) -> Callable[[State], list[Text]]:
    """The ``hint`` callback for ``HumanAgent``: the seat's options from its own information."""

    def advise(state: State) -> list[Text]:
        return hint_lines(hint(state, budget=budget))

    return advise
