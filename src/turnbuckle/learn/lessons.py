"""A lesson as data: ``games/<game>/lessons/NN-name.toml``, validated on load.

A lesson starts from a position (the position API's JSON, inline) or from a new match with the
game's params and a few setup actions, names the chance outcomes to come (in order), and lists the
steps the learner makes: each step says what to notice (citing rule sections), names the one action
it expects, and says why any other is refused. The other side's decisions are scripted per step.
The pieces that build and play a position (``start_state``, ``advance``) are meant for puzzles too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from turnbuckle.engine.datafiles import parse_json, parse_toml, validate
from turnbuckle.engine.errors import DataFileError
from turnbuckle.engine.game import State
from turnbuckle.engine.registry import list_games, load_game
from turnbuckle.rulebooks import rule_text


class LessonModel(BaseModel):
    """Base of the lesson models: unknown fields are refused (a typo is an error, not ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Start(LessonModel):
    """Where a lesson begins: a position (the position API's envelope) or a new match with ``params``;
    either way ``actions`` (decisions and chance outcomes by name) are then played silently."""

    position: dict[str, Any] | str | None = Field(
        None, description="a position (the position API's JSON), or the name of one in lessons/positions/")
    params: dict[str, Any] = Field(default_factory=dict)
    actions: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_source(self) -> Start:
        if self.position is not None and self.params:
            raise ValueError("give either a position or params (a position carries its own params)")
        return self


class Step(LessonModel):
    """One thing the learner does: read ``text``, play ``action``."""

    text: str = Field(min_length=1)
    sections: list[str] = Field(default_factory=list)
    action: str = Field(min_length=1)
    refusal: str = Field(min_length=1, description="why any other action is wrong, citing the rule")
    refusals: dict[str, str] = Field(default_factory=dict, description="per wrong action, why")
    hint: str | None = None
    replies: list[str] = Field(default_factory=list, description="the other side's scripted decisions")
    after: str | None = Field(None, description="said once the step is done")


class Lesson(LessonModel):
    """A lesson file."""

    title: str = Field(min_length=1)
    summary: str = Field(min_length=1)
    sections: list[str] = Field(min_length=1, description="the rule sections the lesson covers")
    seat: int = Field(0, ge=0, description="the side the learner plays")
    start: Start = Start(position=None)  # frozen: one shared default is safe
    chance: list[str] = Field(default_factory=list, description="the chance outcomes to come, in order")
    steps: list[Step] = Field(min_length=1)
    outro: str = Field(min_length=1)
    match_params: dict[str, Any] = Field(
        default_factory=dict, description="the last lesson: the params of the real match it leads to")

    def cited(self) -> list[str]:
        """Every section the lesson names, the lesson's own and its steps', in order, once each."""
        seen: dict[str, None] = dict.fromkeys(self.sections)
        for step in self.steps:
            seen.update(dict.fromkeys(step.sections))
        return list(seen)


@dataclass(frozen=True)
class LessonFile:
    """A loaded lesson: its game, its number (1-based, in file order) and its file name."""

    game: str
    number: int
    name: str
    lesson: Lesson


class LessonError(DataFileError):
    """A lesson file that does not load, or whose path does not play as written."""


@cache
def lessons(game: str) -> tuple[LessonFile, ...]:
    """The lessons shipped for ``game``, in the order of their file names (``01-...toml``)."""
    if game not in list_games():
        raise LessonError(f"unknown game {game!r}; games: {', '.join(list_games())}")
    folder = resources.files(f"turnbuckle.games.{game}").joinpath("lessons")
    if not folder.is_dir():
        return ()
    files = sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name)
    out = []
    for number, path in enumerate(files, start=1):
        source = f"{game}/lessons/{path.name}"
        data = parse_toml(path.read_text(encoding="utf-8"), source)
        out.append(LessonFile(game, number, path.name.removesuffix(".toml"), validate(Lesson, data, source)))
    return tuple(out)


def lesson(game: str, number: int) -> LessonFile:
    """Lesson ``number`` (1-based) of ``game``; a one-line ``LessonError`` if there is none."""
    found = lessons(game)
    if not 1 <= number <= len(found):
        raise LessonError(f"{game} has lessons 1 to {len(found)}, not {number}" if found
                          else f"{game} has no lessons yet")
    return found[number - 1]


NUMBERED = re.compile(r"\d+(\.\d+)*")


def section_exists(game: str, ref: str) -> bool:
    """Whether ``ref`` names a part of ``game``'s shipped rule text: a numbered section (``8.33``)
    begins a line of it; a named one (``Going Bust``, ``Troll``) appears in it."""
    text = rule_text(game)
    if NUMBERED.fullmatch(ref):
        return re.search(rf"^{re.escape(ref)}(?![\d.]?\d)", text, flags=re.M) is not None
    return ref.casefold() in text.casefold()


POSITION_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,80}")


def position_data(game: str, name: str) -> Any:
    """The position file ``games/<game>/lessons/positions/<name>.json`` (a plain position-API file,
    which ``turnbuckle play GAME --position`` also reads)."""
    if not POSITION_NAME.fullmatch(name):
        raise LessonError(f"start.position: {name!r} is not a position name (lower-case letters, digits, -)")
    path = resources.files(f"turnbuckle.games.{game}").joinpath("lessons").joinpath("positions").joinpath(
        f"{name}.json")
    if not path.is_file():
        raise LessonError(f"start.position: no position {name!r} in {game}/lessons/positions/")
    return parse_json(path.read_text(encoding="utf-8"), f"{game}/lessons/positions/{name}.json")


def start_state(game: str, start: Start) -> State:
    """The state a lesson (or a puzzle) begins from, its setup actions played."""
    if start.position is not None:
        from turnbuckle.engine.position import plain
        from turnbuckle.engine.position_file import game_from_position

        position = start.position if isinstance(start.position, dict) else position_data(game, start.position)
        built = game_from_position(position, f"{game} lesson")
        if built.name != game:
            raise LessonError(f"the start position is for {built.name!r}, not {game!r}")
        # TOML has no null: params the lesson leaves out are the game's defaults, as loaded
        state = built.state_from_position({**position, "params": plain(built.params)})
    else:
        state = load_game(game, **start.params).new_initial_state()
    for name in start.actions:
        state.apply_action(name)
    return state


__all__ = [
    "Lesson",
    "LessonError",
    "LessonFile",
    "Start",
    "Step",
    "lesson",
    "lessons",
    "section_exists",
    "start_state",
]
