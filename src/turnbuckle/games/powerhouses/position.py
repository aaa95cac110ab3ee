"""Powerhouses of Wrestling! positions (``engine.position``): both wrestlers' dice, the phase of the
exchange and the roll in progress. Everything is on the table: there are no secrets.

Body::

    {"dice": [5, 4], "phase": "attack", "attacker": 0, "exchanges": 3,
     "takedown_totals": [2, 1], "attack_total": 0, "winner": null,
     "roll": {"roller": 0, "awaiting": "dice", "ability": null, "matches": 0,
              "unmatched_dice": 5, "throw": 5, "landed": [6, 2], "tied": [], "earlier_throws": []}}

``roll.awaiting`` is what the match waits for: ``dice`` (the rest of ``throw`` to land),
``roll or stop``, ``pursue`` (a choice among ``tied`` abilities) or ``nothing`` (the match is over).
``roll.earlier_throws`` are the faces of the roll's throws so far (the table shows them).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import Field

from turnbuckle.engine.position import Strict, check_range, fail, parse
from turnbuckle.games.powerhouses.state import (
    ABILITY_NAMES,
    AWAIT_CONTINUE,
    AWAIT_DIE,
    AWAIT_NOTHING,
    AWAIT_PURSUE,
    NO_ABILITY,
    OVER,
    PHASE_NAMES,
    PowerhousesState,
)

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

AWAITING: Final = {AWAIT_DIE: "dice", AWAIT_CONTINUE: "roll or stop", AWAIT_PURSUE: "pursue", AWAIT_NOTHING: "nothing"}
MAX_DICE: Final = 12

Phase = Literal["take-down", "attack", "defense", "come-back", "over"]
Awaiting = Literal["dice", "roll or stop", "pursue", "nothing"]


class RollModel(Strict):
    """The roll in progress (Rolling the Dice)."""

    roller: int = Field(ge=0, le=1)
    awaiting: Awaiting
    ability: str | None = None
    matches: int = Field(ge=0, le=MAX_DICE + 1000)
    unmatched_dice: int = Field(ge=0, le=MAX_DICE)
    throw: int = Field(ge=0, le=MAX_DICE)
    landed: list[int] = Field(default_factory=list, max_length=MAX_DICE)
    tied: list[str] = Field(default_factory=list, max_length=len(ABILITY_NAMES))
    earlier_throws: list[list[int]] = Field(default_factory=list, max_length=1000)


def _no_totals() -> list[int | None]:
    return [None, None]


class BodyModel(Strict):
    dice: list[int] = Field(min_length=2, max_length=2)
    phase: Phase
    attacker: int | None = Field(default=None, ge=0, le=1)
    exchanges: int = Field(default=0, ge=0)
    takedown_totals: list[int | None] = Field(default_factory=_no_totals, min_length=2, max_length=2)
    attack_total: int = Field(default=0, ge=0)
    winner: int | None = Field(default=None, ge=0, le=1)
    roll: RollModel


class PowerhousesPositions:
    """The Powerhouses position codec (``Game.position_codec``)."""

    derived: frozenset[str] = frozenset()

    def dump(self, state: PowerhousesState) -> dict[str, Any]:
        return {
            "dice": list(state.dice),
            "phase": PHASE_NAMES[state.phase],
            "attacker": state.attacker if state.attacker >= 0 else None,
            "exchanges": state.exchanges,
            "takedown_totals": list(state.takedown_totals),
            "attack_total": state.attack_total,
            "winner": state.winner if state.winner >= 0 else None,
            "roll": {
                "roller": state.roller,
                "awaiting": AWAITING[state.awaiting],
                "ability": ABILITY_NAMES[state.ability] if state.ability >= 0 else None,
                "matches": state.count,
                "unmatched_dice": state.free,
                "throw": state.to_throw,
                "landed": list(state.thrown),
                "tied": [ABILITY_NAMES[a] for a in state.tied],
                "earlier_throws": [list(t) for t in state.turn_throws],
            },
        }

    def load(self, game: PowerhousesGame, body: Mapping[str, Any]) -> PowerhousesState:
        model = parse(BodyModel, body)
        roll = model.roll
        for side, dice in enumerate(model.dice):
            check_range(dice, 1, MAX_DICE, f"dice[{side}]")
        for index, face in enumerate(roll.landed):
            check_range(face, 1, 6, f"roll.landed[{index}]")
        for k, throw in enumerate(roll.earlier_throws):
            if not 1 <= len(throw) <= MAX_DICE:
                raise fail(f"roll.earlier_throws[{k}]", f"a throw is 1 to {MAX_DICE} dice, not {len(throw)}")
            for index, face in enumerate(throw):
                check_range(face, 1, 6, f"roll.earlier_throws[{k}][{index}]")
        for side, total in enumerate(model.takedown_totals):
            if total is not None:
                check_range(total, 0, MAX_DICE + 1000, f"takedown_totals[{side}]")
        if model.phase == "take-down" and roll.roller == 1 and model.takedown_totals[0] is None:
            raise fail("takedown_totals[0]", "the second wrestler's take-down roll is compared with the first's total, "
                                             "which is missing")
        over = model.phase == "over"
        if over != (roll.awaiting == "nothing"):
            raise fail("roll.awaiting", "is 'nothing' exactly when the phase is 'over'")
        if over != (model.winner is not None):
            raise fail("winner", "is set exactly when the phase is 'over'")
        if model.phase in ("attack", "defense", "come-back") and model.attacker is None:
            raise fail("attacker", f"the {model.phase} phase needs an attacker")
        if roll.awaiting == "dice" and len(roll.landed) >= roll.throw:
            raise fail("roll.landed", f"{len(roll.landed)} dice landed of a throw of {roll.throw}: none left to land")
        if roll.awaiting == "pursue" and len(roll.tied) < 2:
            raise fail("roll.tied", "a choice to pursue needs two or more tied abilities")
        sheet = game.sheet_abilities[roll.roller]
        ability = self._ability(game, roll.ability, sheet, roll.roller, "roll.ability")
        tied = [self._ability(game, name, sheet, roll.roller, f"roll.tied[{i}]") for i, name in enumerate(roll.tied)]
        if len(set(tied)) != len(tied):
            raise fail("roll.tied", "an ability is listed twice")
        state = game.new_initial_state()
        state.dice = list(model.dice)
        state.phase = PHASE_NAMES.index(model.phase)
        state.attacker = -1 if model.attacker is None else model.attacker
        state.exchanges = model.exchanges
        state.takedown_totals = list(model.takedown_totals)
        state.attack_total = model.attack_total
        state.winner = -1 if model.winner is None else model.winner
        state.roller = roll.roller
        state.awaiting = next(code for code, name in AWAITING.items() if name == roll.awaiting)
        state.ability = ability
        state.count = roll.matches
        state.free = roll.unmatched_dice
        state.to_throw = roll.throw
        state.thrown = list(roll.landed)
        state.tied = tied
        state.turn_throws = tuple(tuple(t) for t in roll.earlier_throws)
        assert (state.phase == OVER) == over
        return state

    @staticmethod
    def _ability(game: PowerhousesGame, name: str | None, sheet: tuple[int, ...], roller: int, where: str) -> int:
        if name is None:
            return NO_ABILITY
        if name not in ABILITY_NAMES:
            raise fail(where, f"unknown ability {name!r:.60} (abilities: {', '.join(ABILITY_NAMES)})")
        ability = ABILITY_NAMES.index(name)
        if ability not in sheet:
            raise fail(where, f"{name} is not on {game.player_label(roller)}'s sheet")
        return ability


CODEC: Final = PowerhousesPositions()
