"""The Filsinger chart game as a fixed-size observation tensor (layout in ``docs/interop.md``).

Everything is public, so both players' tensors differ only in the ``observer`` one-hot. The shape
depends on the wrestlers per side (``size``: 1 in singles, 2 in tag, ...). Sides are absolute
(side 0 first); ratings and counters are raw numbers; categories are one-hot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from turnbuckle.engine.game import State
from turnbuckle.engine.tensorlayout import Layout, index_of, mark_seats
from turnbuckle.games.filsinger.core import card, in_ring, pin_rating

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame
    from turnbuckle.games.filsinger.state import FilsingerState

PHASES = ("first", "ally_setup", "offense_choice", "offense_roll", "defense_roll", "finisher_roll", "chart_choice",
          "chart_roll", "dis_choice", "choice", "choice_roll", "defense_choice", "ally_choice", "dq_roll",
          "countout_roll", "pin_window", "pin_roll", "distract_roll", "tag_target", "tag_roll", "feud_roll", "over",
          "other")
"""The state machine's phases; a phase added later counts as ``other``."""
CHARTS = ("ropes", "turnbuckle", "ring", "deathjump", "other")
LETTERS = ("A", "B", "C", "D", "E", "F", "G", "H", "other")
PIN_PHASES = frozenset({"pin_window", "pin_roll", "distract_roll"})
CARD_RATINGS = ("pin", "disqualification", "agility", "power", "distractor")
PER_SIDE = ("pin_rating", "pin_saves_left", "distraction_used", "interference_used", "ally_ringside", "just_tagged")


def layout(game: FilsingerGame) -> Layout:
    size = game.size
    cards = 2 * size
    out = Layout()
    out.add("observer", 2, "1 at the observing side")
    out.add("to_move", 4, "side 0, side 1, chance, terminal (one-hot)")
    out.add("phase", len(PHASES), "phase: " + ", ".join(PHASES) + " (one-hot)")
    out.add("attacker", 2, "the side on offense (one-hot)")
    out.add("level", 1, "the offense level")
    out.add("in_ring", cards, "per wrestler (side 0's first): 1 for each side's legal man")
    out.add("tokens", cards, "per wrestler: fatigue / add-one tokens on his PIN rating")
    out.add("ratings", cards * len(CARD_RATINGS),
            "per wrestler: " + ", ".join(CARD_RATINGS) + " (the PIN rating in use before tokens; distractor 5 "
            "when the card shows none)")
    out.add("sides", 2 * len(PER_SIDE), "per side: " + ", ".join(PER_SIDE))
    out.add("chart", len(CHARTS), "the chart in play: " + ", ".join(CHARTS) + " (one-hot; none: zeros)")
    out.add("chart_wrestler", 2, "the side whose wrestler is on that chart (one-hot)")
    out.add("ally_in", 1, "1 when the ringside ally interferes")
    out.add("choice", len(LETTERS), "the Choice Situation letter (one-hot; none: zeros)")
    out.add("stun_level", 1, "the level of the stun being defended")
    out.add("pin", 4, "pinned side (one-hot, 2), the PIN number to beat, its additions (pin phases only)")
    out.add("dq", 4, "the DQ or count-out rating rolled against, then who risks it: side 0, side 1, both")
    out.add("last_roll", 2, "the last 2d6 total, 1 if it was doubles")
    out.add("result", 4, "decided, then the winner: side 0, side 1, both (a draw)")
    out.add("match", 3, "no disqualification, cage, feud table active")
    return out


class FilsingerTensor:
    """The ``TensorView`` of ``FilsingerGame``."""

    def __init__(self, game: FilsingerGame) -> None:
        self.game = game
        self.layout = layout(game)
        self.shape: tuple[int, ...] = (self.layout.size,)
        self._at = at = {s.name: s.offset for s in self.layout.segments}
        template = [0.0] * self.layout.size
        for index, wrestler in enumerate(game.cards):
            r = wrestler.ratings
            values = (game.base_pin[index], r.disqualification, r.agility, r.power, game.distractor_rating(wrestler))
            for j, value in enumerate(values):
                template[at["ratings"] + index * len(CARD_RATINGS) + j] = float(value)
        match = at["match"]
        template[match] = 1.0 if game.no_dq else 0.0
        template[match + 1] = 1.0 if game.cage else 0.0
        template[match + 2] = 1.0 if game.feud_active else 0.0
        self._template = template

    def observation(self, state: State, player: int) -> list[float]:
        s = cast("FilsingerState", state)
        at = self._at
        v = self._template.copy()
        mark_seats(v, at["observer"], at["to_move"], player, s.current_player(), 2)
        phase = s.phase
        v[at["phase"] + index_of(PHASES, phase)] = 1.0
        v[at["attacker"] + s.attacker] = 1.0
        v[at["level"]] = float(s.level)
        for side in (0, 1):
            v[at["in_ring"] + in_ring(s, side)] = 1.0
        for index, tokens in enumerate(s.tokens):
            v[at["tokens"] + index] = float(tokens)
        per_side = len(PER_SIDE)
        for side in (0, 1):
            values = (pin_rating(s, side), s.saves_left[side], s.distract_used[side], s.interfere_used[side],
                      s.ally_ringside[side], s.just_tagged[side])
            for j, value in enumerate(values):
                v[at["sides"] + side * per_side + j] = float(value)
        if s.chart:
            v[at["chart"] + index_of(CHARTS, s.chart)] = 1.0
            v[at["chart_wrestler"] + s.chart_me] = 1.0
        v[at["ally_in"]] = 1.0 if s.ally_in else 0.0
        if s.letter:
            v[at["choice"] + index_of(LETTERS, s.letter)] = 1.0
        v[at["stun_level"]] = float(s.stun_level)
        if phase in PIN_PHASES:
            pin = at["pin"]
            v[pin + s.pinned] = 1.0
            v[pin + 2] = float(pin_rating(s, s.pinned, s.pin_add))
            v[pin + 3] = float(s.pin_add)
        if phase in ("dis_choice", "dq_roll", "countout_roll"):
            dq = at["dq"]
            rating = s.dq_rating
            if phase == "dis_choice" and s.move is not None:
                rating = s.move.dis_rating or card(s, s.attacker).ratings.disqualification
            v[dq] = float(rating)
            if phase != "dis_choice":
                v[dq + 1 + min(s.dq_who, 2)] = 1.0
        v[at["last_roll"]] = float(s.last_total)
        v[at["last_roll"] + 1] = 1.0 if s.last_doubles else 0.0
        if s.decided:
            result = at["result"]
            v[result] = 1.0
            if s.winner is not None:
                v[result + 1 + min(s.winner, 2)] = 1.0
        return v
