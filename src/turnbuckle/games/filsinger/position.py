"""Filsinger positions (``engine.position``): who is on offense at which LEVEL, each side's legal man,
the counters of the optional rules, the pending step (a move landing, a chart, a disqualification
roll, a pin) and the result. Everything is on the table: there are no secrets.

Body::

    {"phase": "offense_roll", "attacker": 0, "level": 2, "decider": 0,
     "in_ring": ["RAZOR VANCE", "THE BRUTE"], "tokens": {"RAZOR VANCE": 1},
     "pin_saves_left": [0, 0], "distraction_used": [false, false], "interference_used": [false, false],
     "ally_ringside": [false, false], "just_tagged": [false, false], "ally_queue": [],
     "pending": {...}, "result": {"decided": false, "winner": null, "how": ""},
     "last_roll": {"total": 0, "doubles": false}, "injuries": [], "sums_only": false}

``pending`` holds the slots of the step in progress (all optional; a plain offense or defense roll
needs none): ``move``, ``chart`` (``ropes``, ``turnbuckle``, ``ring``, ``deathjump``, ...) with
``chart_me`` (the side rolling it) and ``ally_in``, ``letter`` and ``choice_move`` (a CHOICE),
``finisher``, ``dq_who`` / ``dq_rating`` / ``dq_then`` / ``dq_me`` (a disqualification or count-out
roll; ``dq_who`` 2 is both sides), ``stun_level`` / ``stun_entry`` (a stunned defense), ``tag_target``,
``pinned`` and ``pin_add``. Moves, finishers and stunned entries are written out as on the cards.

Reads: ally_queue, ally_ringside, attacker, decided, decider, distract_used, how, injuries,
interfere_used, just_tagged, last_doubles, last_total, level, phase, saves_left, sums_only,
tag_target, tokens, winner
Writes: -
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from pydantic import Field

from turnbuckle.engine.position import Strict, check_range, check_unique, fail, index_of, parse
from turnbuckle.games.filsinger.core import BOTH, DECISION_PHASES, TWO_DICE_PHASES, card
from turnbuckle.games.filsinger.models import ChoiceMove, Finisher, Move, Outcome, Stunned
from turnbuckle.games.filsinger.state import FilsingerState

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

PHASES: Final = frozenset({*DECISION_PHASES, *TWO_DICE_PHASES, "first", "offense_roll", "defense_roll",
                           "finisher_roll", "tag_target", "over"})
CHARTS: Final = ("", "ropes", "turnbuckle", "ring", "deathjump", "feud", "pin_saves", "interference", "brawl")
MAX_TOKENS: Final = 99


class PendingModel(Strict):
    move: Move | None = None
    chart: str = ""
    chart_me: int = Field(default=0, ge=0, le=1)
    ally_in: bool = False
    letter: str = ""
    choice_move: ChoiceMove | None = None
    finisher: Finisher | None = None
    dq_who: int = Field(default=0, ge=0, le=BOTH)
    dq_rating: int = Field(default=0, ge=0, le=12)
    dq_then: Outcome | None = None
    dq_me: int = Field(default=0, ge=0, le=1)
    stun_level: int = Field(default=0, ge=0, le=3)
    stun_entry: Stunned | None = None
    tag_target: str | None = None
    """The partner a defensive tag goes for (SIX OR EIGHT MAN TAGS), by name."""
    pinned: int = Field(default=0, ge=0, le=1)
    pin_add: int = Field(default=0, ge=-12, le=12)


class ResultModel(Strict):
    decided: bool = False
    winner: int | None = Field(default=None, ge=0, le=BOTH)
    how: str = ""


class LastRollModel(Strict):
    total: int = Field(default=0, ge=0, le=12)
    doubles: bool = False


def _pair() -> list[bool]:
    return [False, False]


class BodyModel(Strict):
    phase: str
    attacker: int = Field(ge=0, le=1)
    level: int = Field(ge=1, le=3)
    decider: int = Field(default=0, ge=0, le=1)
    in_ring: list[str] = Field(min_length=2, max_length=2)
    tokens: dict[str, int] = Field(default_factory=dict)
    pin_saves_left: list[int] = Field(min_length=2, max_length=2)
    distraction_used: list[bool] = Field(default_factory=_pair, min_length=2, max_length=2)
    interference_used: list[bool] = Field(default_factory=_pair, min_length=2, max_length=2)
    ally_ringside: list[bool] = Field(default_factory=_pair, min_length=2, max_length=2)
    just_tagged: list[bool] = Field(default_factory=_pair, min_length=2, max_length=2)
    ally_queue: list[int] = Field(default_factory=list, max_length=2)
    pending: PendingModel = Field(default_factory=PendingModel)
    result: ResultModel = Field(default_factory=ResultModel)
    last_roll: LastRollModel = Field(default_factory=LastRollModel)
    injuries: list[tuple[str, int]] = Field(default_factory=list, max_length=8)
    sums_only: bool = False


def _entry(value: Any) -> Any:
    """A card entry or chart outcome as JSON (``None`` stays ``None``)."""
    if value is None or isinstance(value, str | int | bool):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value.model_dump(exclude_defaults=True)


_IDLE: Final = PendingModel()
"""The pending slots between steps (``core.clear_pending``): a position lists only the others."""


def _pending(state: FilsingerState) -> dict[str, Any]:
    """The pending slots that are not idle, as JSON."""
    out = {slot: _entry(getattr(state, slot)) for slot in PendingModel.model_fields
           if slot != "tag_target" and getattr(state, slot) != getattr(_IDLE, slot)}
    if state.tag_target:
        out["tag_target"] = state.game.cards[state.tag_target].name
    return out


class FilsingerPositions:
    """The Filsinger position codec (``Game.position_codec``)."""

    derived: frozenset[str] = frozenset()

    def dump(self, state: FilsingerState) -> dict[str, Any]:
        game = state.game
        return {
            "phase": state.phase,
            "attacker": state.attacker,
            "level": state.level,
            "decider": state.decider,
            "in_ring": [card(state, side).name for side in (0, 1)],
            "tokens": {game.cards[i].name: t for i, t in enumerate(state.tokens) if t},
            "pin_saves_left": list(state.saves_left),
            "distraction_used": list(state.distract_used),
            "interference_used": list(state.interfere_used),
            "ally_ringside": list(state.ally_ringside),
            "just_tagged": list(state.just_tagged),
            "ally_queue": list(state.ally_queue),
            "pending": _pending(state),
            "result": {"decided": state.decided, "winner": state.winner, "how": state.how},
            "last_roll": {"total": state.last_total, "doubles": state.last_doubles},
            "injuries": [[name, cards] for name, cards in state.injuries],
            "sums_only": state.sums_only,
        }

    def load(self, game: FilsingerGame, body: Mapping[str, Any]) -> FilsingerState:
        model = parse(BodyModel, body)
        if model.phase not in PHASES:
            raise fail("phase", f"unknown phase {model.phase!r:.60} (phases: {', '.join(sorted(PHASES))})")
        names = [card.name for card in game.cards]
        legal = []
        for side, name in enumerate(model.in_ring):
            team = [names[i] for i in game.teams[side]]
            if name not in team:
                if name in names:
                    raise fail(f"in_ring[{side}]", f"{name} wrestles for the other side")
                index_of(team, name, f"in_ring[{side}]", "wrestler")
            legal.append(team.index(name))
        tokens = [0] * len(names)
        for name, count in model.tokens.items():
            tokens[index_of(names, name, f"tokens.{name}", "wrestler")] = check_range(
                count, 0, MAX_TOKENS, f"tokens.{name}")
        for side, saves in enumerate(model.pin_saves_left):
            check_range(saves, 0, game.pin_save_allowance[side], f"pin_saves_left[{side}]")
        for index, side in enumerate(model.ally_queue):
            check_range(side, 0, 1, f"ally_queue[{index}]")
        check_unique(model.ally_queue, "ally_queue", "side")
        for index, (name, cards) in enumerate(model.injuries):
            index_of(names, name, f"injuries[{index}][0]", "wrestler")
            check_range(cards, 1, 20, f"injuries[{index}][1]")
        pending = model.pending
        if pending.chart not in CHARTS:
            raise fail("pending.chart", f"unknown chart {pending.chart!r:.60} (charts: {', '.join(CHARTS[1:])})")
        if pending.letter and pending.letter not in game.charts.choice:
            raise fail("pending.letter", f"no choice situation {pending.letter!r:.20}")
        if model.phase == "choice" and not pending.letter:
            raise fail("pending.letter", "a CHOICE needs its letter")
        if model.phase in ("chart_choice", "chart_roll", "ally_choice") and not pending.chart:
            raise fail("pending.chart", f"phase {model.phase} needs the chart being rolled")
        if model.phase == "finisher_roll" and pending.finisher is None:
            raise fail("pending.finisher", "a finisher roll needs its finisher")
        tag_target = 0 if pending.tag_target is None else index_of(names, pending.tag_target, "pending.tag_target",
                                                                    "wrestler")
        result = model.result
        if model.phase == "over" and not result.decided:
            raise fail("result.decided", "a match in phase 'over' is decided")

        state = game.new_initial_state()
        state.phase = model.phase
        state.attacker = model.attacker
        state.level = model.level
        state.decider = model.decider
        state.legal = legal
        state.tokens = tokens
        state.saves_left = list(model.pin_saves_left)
        state.distract_used = list(model.distraction_used)
        state.interfere_used = list(model.interference_used)
        state.ally_ringside = list(model.ally_ringside)
        state.just_tagged = list(model.just_tagged)
        state.ally_queue = list(model.ally_queue)
        for slot in PendingModel.model_fields:
            if slot != "tag_target":  # a name in the position, a card index in the state (below)
                setattr(state, slot, getattr(pending, slot))
        state.tag_target = tag_target
        state.decided = result.decided
        state.winner = result.winner
        state.how = result.how
        state.last_total = model.last_roll.total
        state.last_doubles = model.last_roll.doubles
        state.injuries = [(name, cards) for name, cards in model.injuries]
        state.sums_only = model.sums_only
        return state


CODEC: Final = FilsingerPositions()
