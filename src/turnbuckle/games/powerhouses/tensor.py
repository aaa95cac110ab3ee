"""Powerhouses of Wrestling! as a fixed-size observation tensor (layout in ``docs/interop.md``).

Everything in Powerhouses is on the table, so every player's tensor is the same apart from the
``observer`` one-hot. Counts are raw numbers (dice, matches, totals), categories are one-hot, seats
are absolute (seat 0 first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from turnbuckle.engine.game import State
from turnbuckle.engine.tensorlayout import Layout, mark_seats
from turnbuckle.games.powerhouses.models import ABILITIES
from turnbuckle.games.powerhouses.state import AWAIT_PURSUE, DEFENSE, PowerhousesState

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

NUM_ABILITIES = len(ABILITIES)
SHEET_SLOTS = NUM_ABILITIES + 1
"""Per die face: the ability it shows, or Fan Support (the last slot)."""


def layout() -> Layout:
    out = Layout()
    out.add("observer", 2, "1 at the observing seat")
    out.add("to_move", 4, "seat 0, seat 1, chance, terminal (one-hot)")
    out.add("dice", 2, "dice each wrestler has")
    out.add("starting_dice", 1, "dice each wrestler started with (the dice option)")
    out.add("phase", 5, "take-down, attack, defense, come-back, over (one-hot)")
    out.add("attacker", 2, "the attacking seat (zeros before the Take-Down is decided)")
    out.add("roller", 2, "the seat rolling now")
    out.add("awaiting", 4, "a die, roll-or-stop, a pursue choice, nothing (one-hot)")
    out.add("throw_size", 1, "dice in the throw being rolled")
    out.add("landed", 6, "dice of the current throw landed so far, per face 1-6")
    out.add("ability", NUM_ABILITIES, "the ability being pursued (one-hot; zeros before it is chosen)")
    out.add("matches", 1, "matched dice set aside so far this roll")
    out.add("unmatched_dice", 1, "dice free to roll again")
    out.add("tied_abilities", NUM_ABILITIES, "abilities tied for the largest first match (a pursue choice)")
    out.add("takedown_totals", 2, "each seat's Take-Down total (0 until rolled)")
    out.add("takedown_rolled", 2, "1 once that seat's Take-Down total is known")
    out.add("attack_total", 1, "the attack total the defense must beat (defense phase only)")
    out.add("winner", 2, "the winning seat (one-hot, zeros while the match goes on)")
    out.add("comeback_rule", 1, "1 when the Come-Back roll is played")
    out.add("sheets", 2 * 6 * SHEET_SLOTS,
            "per seat, per die face 1-6: the ability it shows (Agility, Brawling, Martial Arts, Strength, "
            "Technical Ability) or Fan Support, one-hot")
    return out


class PowerhousesTensor:
    """The ``TensorView`` of ``PowerhousesGame``."""

    def __init__(self, game: PowerhousesGame) -> None:
        self.layout = layout()
        self.shape: tuple[int, ...] = (self.layout.size,)
        at = self.layout.offset
        self._at = {s.name: s.offset for s in self.layout.segments}
        template = [0.0] * self.layout.size
        template[at("starting_dice")] = float(game.starting_dice)
        template[at("comeback_rule")] = 1.0 if game.comeback_rule else 0.0
        base = at("sheets")
        for seat, face_map in enumerate(game.face_maps):
            for face in range(1, 7):
                ability = face_map[face]
                slot = NUM_ABILITIES if ability < 0 else ability
                template[base + (seat * 6 + face - 1) * SHEET_SLOTS + slot] = 1.0
        self._template = template

    def observation(self, state: State, player: int) -> list[float]:
        s = cast("PowerhousesState", state)
        at = self._at
        v = self._template.copy()
        mark_seats(v, at["observer"], at["to_move"], player, s.current_player(), 2)
        dice = s.dice
        v[at["dice"]] = float(dice[0])
        v[at["dice"] + 1] = float(dice[1])
        v[at["phase"] + s.phase] = 1.0
        if s.attacker >= 0:
            v[at["attacker"] + s.attacker] = 1.0
        v[at["roller"] + s.roller] = 1.0
        v[at["awaiting"] + s.awaiting] = 1.0
        v[at["throw_size"]] = float(s.to_throw)
        landed = at["landed"] - 1
        for face in s.thrown:
            v[landed + face] += 1.0
        if s.ability >= 0:
            v[at["ability"] + s.ability] = 1.0
        v[at["matches"]] = float(s.count)
        v[at["unmatched_dice"]] = float(s.free)
        if s.awaiting == AWAIT_PURSUE:
            for ability in s.tied:
                v[at["tied_abilities"] + ability] = 1.0
        for seat, total in enumerate(s.takedown_totals):
            if total is not None:
                v[at["takedown_totals"] + seat] = float(total)
                v[at["takedown_rolled"] + seat] = 1.0
        if s.phase == DEFENSE:
            v[at["attack_total"]] = float(s.attack_total)
        if s.winner >= 0:
            v[at["winner"] + s.winner] = 1.0
        return v
