"""Puzzles: positions from seeded self-play matches where one choice is clearly best for the side to move.

A puzzle file is ``games/<game>/puzzles.json`` (made by ``scripts/make_puzzles.py``), validated on
load. Each puzzle carries the position it is played from (the position API's JSON, the true state:
the puzzle shows only the side's own view of it), where it came from (seed, params, agents, ply),
every legal option valued for the side (exact, or sampled from the side's own information with
paired standard errors), the answer, the margin of the answer over the second best and a
difficulty: the share of heuristic and random agent tries at the position that did not find it.
The terminal (``turnbuckle puzzle``) and the web app both read puzzles through this module.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from turnbuckle.analysis.review.compare import Gap
from turnbuckle.engine.datafiles import parse_json, validate
from turnbuckle.engine.errors import DataFileError, TurnbuckleError
from turnbuckle.engine.game import State
from turnbuckle.engine.registry import list_games

MIN_MARGIN = 0.10
"""The answer's lead over the second best option, in win chance (10 points)."""
MIN_SE_RATIO = 3.0
"""A sampled answer's lead must also exceed this many paired standard errors."""
PUZZLES_FILE = "puzzles.json"
EASY_BELOW = 0.4
HARD_FROM = 0.7
"""Difficulty (share of agent tries that missed) below ``EASY_BELOW`` is easy, from ``HARD_FROM`` hard."""
Horizon = Literal["review", "match"]
"""How far a search puzzle's playouts run: ``"review"``, the game's review plan as it is (where it
cuts playouts short, a position score stands in); ``"match"``, the same plan with every playout run
to the end of the match, valued by its real result. Stored per puzzle so the re-verification values
it the way it was made (a cut-off's calibrated score rarely moves 10 points on one choice in a
skirmish; whole matches do)."""


class PuzzleModel(BaseModel):
    """Base of the puzzle models: unknown fields are refused (a typo is an error, not ignored)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(PuzzleModel):
    """The seeded self-play match a puzzle comes from: replaying it reaches the position at ``ply``."""

    seed: int
    params: dict[str, Any] = Field(default_factory=dict, description="the game's params (options) of the match")
    agents: list[str] = Field(min_length=1, description="the agents that played it, by seat")
    ply: int = Field(ge=0, description="actions played (chance outcomes included) before the decision")


class Option(PuzzleModel):
    """One legal option valued for the side to move."""

    action: str = Field(min_length=1)
    label: str = Field(description="what the option does, in words (the menu's label; may repeat the action)")
    value: float = Field(ge=0.0, le=1.0, description="the side's win chance after it (a draw counts half)")
    se: float | None = Field(None, ge=0.0, description="standard error of value; None when exact")
    gap: float = Field(0.0, description="how far behind the answer (0 for the answer)")
    gap_se: float | None = Field(None, ge=0.0, description="paired standard error of gap; None when exact")
    words: str = Field("", description="where it stands, in the review's words")


class Puzzle(PuzzleModel):
    """One puzzle (see the module note)."""

    id: str = Field(pattern=r"^[a-z]+-\d{3}$")
    game: str
    number: int = Field(ge=1)
    title: str = Field(min_length=1)
    prompt: str = Field(min_length=1)
    position: dict[str, Any]
    source: Source
    side: int = Field(ge=0)
    answer: str = Field(min_length=1)
    options: list[Option] = Field(min_length=2)
    margin: float = Field(ge=MIN_MARGIN)
    method: Literal["exact", "search"]
    method_text: str = Field("", description="the method in the review's words")
    budget: int | None = Field(None, ge=1, description="playouts per option of a search; None when exact")
    search_seed: int | None = Field(None, description="the seed of the search's sample; None when exact")
    horizon: Horizon = Field("review", description="how far the search's playouts run (see ``Horizon``)")
    difficulty: float = Field(ge=0.0, le=1.0)
    difficulty_label: Literal["easy", "medium", "hard"]
    tries: int = Field(0, ge=0, description="agent tries behind the difficulty")
    rules: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> Puzzle:
        if self.id != f"{self.game}-{self.number:03d}":
            raise ValueError(f"id {self.id!r} should be {self.game}-{self.number:03d}")
        names = [o.action for o in self.options]
        if len(set(names)) != len(names):
            raise ValueError("options: an action is listed twice")
        if self.options[0].action != self.answer:
            raise ValueError("options: the first option must be the answer")
        if any(o.value > self.options[0].value for o in self.options[1:]):
            raise ValueError("options: an option is valued above the answer")
        if abs((self.options[0].value - self.options[1].value) - self.margin) > 1e-6:
            raise ValueError("margin: not the answer's value minus the second best's")
        if self.method == "search":
            second = self.options[1]
            if self.budget is None or self.search_seed is None:
                raise ValueError("budget: a search puzzle names its budget and seed")
            if second.gap_se is None or second.gap < MIN_SE_RATIO * second.gap_se:
                raise ValueError(f"options: the answer's lead is not {MIN_SE_RATIO:g} paired errors")
        if self.difficulty_label != difficulty_label(self.difficulty):
            raise ValueError(f"difficulty_label: {self.difficulty} is {difficulty_label(self.difficulty)!r}")
        return self


class PuzzleFile(PuzzleModel):
    """A game's puzzle file."""

    game: str
    puzzles: list[Puzzle]

    @model_validator(mode="after")
    def _numbered(self) -> PuzzleFile:
        for index, p in enumerate(self.puzzles, start=1):
            if p.game != self.game or p.number != index:
                raise ValueError(f"puzzles[{index - 1}]: expected {self.game} puzzle number {index}")
        return self


class PuzzleError(DataFileError):
    """A puzzle file that does not load, or a puzzle asked for that does not exist."""


def answer_gaps(leads: Sequence[tuple[float, float | None]]) -> list[Gap]:
    """Each option's ``(gap, paired error)`` behind the answer (the answer's own first, ``(0,
    None)``) as the review's gaps, *clear* at ``MIN_SE_RATIO`` errors, not the review's
    ``CLEAR_Z``: a searched puzzle's answer led by that much in the search that made it and again
    in a second search on other seeds at twice the budget (``puzzle_making.reverify``, re-run by
    the tests), the two-seed agreement the review's stricter one-search rule stands in for."""
    return [Gap(gap, stderr, clear_z=MIN_SE_RATIO) for gap, stderr in leads]


def difficulty_label(difficulty: float) -> Literal["easy", "medium", "hard"]:
    if difficulty < EASY_BELOW:
        return "easy"
    return "medium" if difficulty < HARD_FROM else "hard"


def _check_game(game: str) -> None:
    if game not in list_games():
        raise PuzzleError(f"unknown game {game!r}; games: {', '.join(list_games())}")


def parse_puzzles(text: str, source: str) -> tuple[Puzzle, ...]:
    """The puzzles of a file's ``text``; a one-line ``PuzzleError`` naming ``source`` and the field."""
    try:
        data = parse_json(text, source)
    except ValueError as exc:
        raise PuzzleError(f"{source}: malformed JSON: {exc}") from None
    try:
        return tuple(validate(PuzzleFile, data, source).puzzles)
    except DataFileError as exc:
        raise PuzzleError(str(exc)) from None


@cache
def puzzles(game: str) -> tuple[Puzzle, ...]:
    """The puzzles shipped for ``game`` (none when it has no file)."""
    _check_game(game)
    path = resources.files(f"turnbuckle.games.{game}").joinpath(PUZZLES_FILE)
    if not path.is_file():
        return ()
    found = parse_puzzles(path.read_text(encoding="utf-8"), f"{game}/{PUZZLES_FILE}")
    if any(p.game != game for p in found):
        raise PuzzleError(f"{game}/{PUZZLES_FILE}: game: the file is not {game}'s")
    return found


def puzzle(game: str, number: int) -> Puzzle:
    """Puzzle ``number`` (1-based) of ``game``; a one-line ``PuzzleError`` if there is none."""
    found = puzzles(game)
    if not 1 <= number <= len(found):
        raise PuzzleError(f"{game} has puzzles 1 to {len(found)}, not {number}" if found
                          else f"{game} has no puzzles yet")
    return found[number - 1]


def all_puzzles() -> tuple[Puzzle, ...]:
    """Every game's puzzles, game by game in the registry's order."""
    return tuple(p for game in list_games() for p in puzzles(game))


DAILY_EPOCH = datetime.date(2026, 1, 1)


def daily_puzzle(day: datetime.date) -> Puzzle:
    """The puzzle of ``day``: deterministic, cycling over every game's puzzles so consecutive days
    go round the games (puzzle 1 of each game, then puzzle 2 of each, ...)."""
    by_game = [puzzles(game) for game in list_games()]
    longest = max((len(found) for found in by_game), default=0)
    order = [found[i] for i in range(longest) for found in by_game if i < len(found)]
    if not order:
        raise PuzzleError("no puzzles are shipped")
    return order[(day - DAILY_EPOCH).days % len(order)]


def puzzle_state(p: Puzzle) -> State:
    """The state at the puzzle's decision, its side to move; a ``PuzzleError`` if it does not rebuild."""
    from turnbuckle.engine.position_file import game_from_position

    where = f"{p.game}/{PUZZLES_FILE}: puzzle {p.number}"
    try:
        game = game_from_position(p.position, where)
        state = game.state_from_position(p.position)
    except TurnbuckleError as exc:
        raise PuzzleError(f"{where}: position: {exc}") from None
    if game.name != p.game:
        raise PuzzleError(f"{where}: position: for {game.name!r}, not {p.game!r}")
    if state.current_player() != p.side:
        raise PuzzleError(f"{where}: side: seat {p.side} is not to move in the position")
    return state


def is_answer(p: Puzzle, action: str) -> bool:
    """Whether ``action`` (a legal action's name) is the puzzle's answer."""
    return action == p.answer


__all__ = [
    "DAILY_EPOCH",
    "MIN_MARGIN",
    "MIN_SE_RATIO",
    "Horizon",
    "Option",
    "Puzzle",
    "PuzzleError",
    "PuzzleFile",
    "Source",
    "all_puzzles",
    "daily_puzzle",
    "difficulty_label",
    "is_answer",
    "parse_puzzles",
    "puzzle",
    "puzzle_state",
    "puzzles",
]
