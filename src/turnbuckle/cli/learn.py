"""``learn``: a game's lessons in the terminal, played with the same input as ``play``."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.prompt import Prompt
from rich.table import Table
from rich.text import Text

from turnbuckle.agents.human import menu_lines, pick_action
from turnbuckle.engine.game import State
from turnbuckle.engine.registry import game_class, load_game
from turnbuckle.learn.lessons import LessonFile, lesson, lessons
from turnbuckle.learn.progress import load_progress, mark_done, progress_file, reset
from turnbuckle.learn.run import LessonRun

console = Console(soft_wrap=True)
EASIEST = "random"
"""The computer a finished tutorial sends the learner to (with hints on)."""


def learn(
    game_name: str = typer.Argument(..., metavar="GAME"),
    number: int | None = typer.Option(None, "--lesson", min=1, max=99, help="Play this lesson (1 = the first)."),
    reset_progress: bool = typer.Option(False, "--reset", help="Forget which of this game's lessons are done."),
) -> None:
    """Learn a game by playing its lessons (without --lesson: the list, and which are done)."""
    game_class(game_name)  # an unknown GAME is one line
    if reset_progress:
        reset(game_name)
        console.print(f"Lesson progress for {game_name} forgotten.", highlight=False)
        if number is None:
            return
    if number is None:
        _list(game_name)
        return
    _play(lesson(game_name, number))


def _list(game: str) -> None:
    found = lessons(game)
    if not found:
        console.print(f"{game} has no lessons yet; read `turnbuckle rules {game} --text`.", markup=False)
        return
    done = set(load_progress().get(game, []))
    table = Table(title=f"{load_game(game).title}: lessons")
    table.add_column("#", justify="right")
    table.add_column("lesson", style="bold")
    table.add_column("rule sections")
    table.add_column("done")
    for file in found:
        table.add_row(str(file.number), file.lesson.title, ", ".join(file.lesson.sections),
                      "yes" if file.number in done else "")
    console.print(table)
    todo = [f.number for f in found if f.number not in done]
    if todo:
        console.print(f"Next: turnbuckle learn {game} --lesson {todo[0]}", markup=False, highlight=False)
    else:
        _after_the_last(found[-1])


def _play(file: LessonFile) -> None:
    run = LessonRun(file)
    game = run.state.game
    console.print(Text(f"Lesson {file.number}: {file.lesson.title}", style="bold"))
    console.print(file.lesson.summary, markup=False, highlight=False)
    seen = _narrate(run.state, 0)
    while run.step is not None:
        step = run.step
        console.print(game.render_observation(run.state.observation(run.seat)), markup=False, highlight=False)
        console.print(Text(step.text, style="cyan"))
        legal = run.state.legal_actions()
        for line in menu_lines(run.state, legal):
            console.print(line, highlight=False)
        while True:
            answer = Prompt.ask("Your move (number, name or its start; 'hint', 'quit')", console=console).strip()
            if answer.lower() in {"q", "quit", "exit"}:
                console.print("Lesson left; it is not marked done.")
                raise typer.Exit(0)
            if answer.lower() == "hint":
                console.print(Text(step.hint or f"The rule: {', '.join(step.sections) or 'see the text above'}."))
                continue
            chosen, problem = pick_action(legal, answer)
            if chosen is None:
                console.print(Text(problem, style="red"))
                continue
            outcome = run.attempt(chosen.name)
            if outcome.accepted:
                break
            console.print(Text(outcome.message, style="red"))
        seen = _narrate(run.state, seen)
        console.print(Text(outcome.message, style="green"))
    console.print(Text(file.lesson.outro, style="bold green"))
    mark_done(file.game, file.number)
    console.print(f"Lesson {file.number} done (progress kept in {progress_file()}).", markup=False, highlight=False)
    count = len(lessons(file.game))
    if file.number < count:
        console.print(f"Next: turnbuckle learn {file.game} --lesson {file.number + 1}", markup=False, highlight=False)
    else:
        _after_the_last(file)


def _after_the_last(last: LessonFile) -> None:
    options = "".join(f" -o {name}={json.dumps(value)}" for name, value in last.lesson.match_params.items())
    console.print(f"Every lesson done. Now a real match against the easiest computer, with hints: "
                  f"turnbuckle play {last.game} --opponent {EASIEST} --hints{options}", markup=False, highlight=False)


def _narrate(state: State, since: int) -> int:
    """Print the commentary of the events from ``since``; the new count."""
    events = state.events
    for event in events[since:]:
        line = state.game.narrate(event)
        if line:
            console.print(line, markup=False, highlight=False)
    return len(events)
