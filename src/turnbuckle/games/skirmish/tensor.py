"""The ring skirmish game as a fixed-size observation tensor (layout in ``docs/interop.md``).

Built from exactly what ``SkirmishState.observation(player)`` shows: everything is public except a
bid before the reveal (SK-3.2), so another player's bid, every ``bid_left`` and the turn order stay
zeros until the bids are revealed; only that a bid was submitted shows. Seats are absolute (seat 0
first) and ``observer`` says who looks.

The shape is fixed when the game is loaded: ``n`` players (2, or 4 in a fatal four-way), ``m``
models (``n``, or 4 in tag) and ``M`` maneuvers: the Basic Maneuver Chart, its tag maneuvers and
every unique maneuver of the roster file, then ``other`` (so a roster or chart that grows never
breaks a layout). Positions, facings and counts are scaled to about [0, 1] (facing is sin and cos,
in [-1, 1]); the docs give each scale.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from turnbuckle.engine.game import State
from turnbuckle.engine.tensorlayout import Layout, index_of, mark_seats
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import PHASE_NAMES

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.game import SkirmishGame
    from turnbuckle.games.skirmish.state import SkirmishState

MATCH_TYPES = ("singles", "fatal_four_way", "tag", "other")
PHASES = ("roll-off", "choose starter", "choose corner", "bid", "bid roll-off", "turn", "move roll", "destination",
          "facing", "boost", "attack roll", "counter", "push", "whip roll", "placement", "flaunt effect", "over",
          "whip route", "other")
"""``observation()["phase"]`` (the rules' ``PHASE_NAMES``); a phase added later counts as ``other``."""
CORNERS = tuple(geo.CORNERS)
"""SW, SE, NW, NE."""
STATS = ("STR", "TECH", "END", "SPD", "SHOW", "other")
PLAYER_FEATURES = ("pool", "bid_submitted", "bid_known", "bid", "bid_left", "flaunt_pin_dice", "tag_cost_doubled")
"""Per player after its corner one-hot (4), in this order."""
MODEL_FEATURES = ("x", "y", "facing_sin", "facing_cos", "base", "end", "end_start", "staggered", "in_ring",
                  "str", "tech", "spd", "show")
"""Per model after its player one-hot (``n``), in this order."""
PENDING_NUMBERS = ("counter", "count", "a_dice", "d_dice", "a_hits", "d_hits", "sdv", "limit")
AP_SCALE = 10.0
"""The pool cap (SK-3.1); a bid is at most the pool."""
DICE_SCALE = 24.0
"""Dice and hits: the most dice one roll takes (``MAX_DICE``); more hits (explosions) read 1."""
LIMIT_SCALE = 60.0
"""Inches a move or push may still cover; the ring's diagonal is 42 inches, longer reads 1."""


def maneuver_names(game: SkirmishGame) -> tuple[str, ...]:
    """The maneuver vocabulary (keys): the chart, its tag maneuvers, the roster's unique ones, ``other``."""
    keys = [m.key for m in (*game.chart.maneuver, *game.chart.tag_maneuver)]
    keys += [m.key for w in game.roster_file.wrestler for m in w.maneuver]
    return (*dict.fromkeys(keys), "other")


def layout(game: SkirmishGame) -> Layout:
    n = game.players
    models = len(game.profiles)
    maneuvers = len(maneuver_names(game))
    out = Layout()
    out.add("observer", n, "1 at the observing seat")
    out.add("to_move", n + 2, "the seat to decide, then chance, then terminal (one-hot)")
    out.add("match_type", len(MATCH_TYPES), "singles, fatal_four_way, tag, other (one-hot)")
    out.add("phase", len(PHASES), "phase: " + ", ".join(PHASES) + " (one-hot)")
    out.add("round", 1, "round / max_rounds")
    out.add("order", n * n, "[place][seat]: the turn order once the bids are revealed (zeros before)")
    out.add("turn_player", n, "whose turn it is, once the bids are revealed (one-hot)")
    out.add("players", n * (len(CORNERS) + len(PLAYER_FEATURES)),
            "per seat: corner SW, SE, NW, NE (one-hot), " + ", ".join(PLAYER_FEATURES))
    out.add("used", n * maneuvers, "per seat: the maneuvers performed this round (multi-hot over the vocabulary)")
    out.add("models", models * (n + len(MODEL_FEATURES)),
            "per model: its seat (one-hot), " + ", ".join(MODEL_FEATURES))
    out.add("pending_player", n, "the seat whose maneuver is resolving (one-hot)")
    out.add("pending_model", models, "the model performing it (one-hot)")
    out.add("pending_target", models, "the model it is aimed at (one-hot)")
    out.add("pending_mover", models, "the model moving or being moved (one-hot)")
    out.add("pending_stat", len(STATS), "the stat the attacker rolls: " + ", ".join(STATS) + " (one-hot)")
    out.add("pending_maneuver", maneuvers, "the maneuver resolving (one-hot over the vocabulary)")
    out.add("pending_via", len(geo.ROPES), "a Whip sent off this rope N, E, S, W (one-hot; direct: zeros)")
    out.add("pending", len(PENDING_NUMBERS), "counter (1 for a counter-attack), pin count / 3, attacker's and "
            "defender's dice, their hits and the SDV (/ 24, at most 1), the distance limit (inches / 60, at most 1)")
    out.add("result", 1 + n, "over, then the winner (one-hot; a draw: zeros)")
    return out


class SkirmishTensor:
    """The ``TensorView`` of ``SkirmishGame``."""

    def __init__(self, game: SkirmishGame) -> None:
        self.game = game
        self.layout = layout(game)
        self.shape: tuple[int, ...] = (self.layout.size,)
        self._at = at = {s.name: s.offset for s in self.layout.segments}
        names = maneuver_names(game)
        self._maneuvers = len(names)
        self._vocab = [index_of(names, m.key) for m in game.maneuvers]
        """Each of the game's maneuvers (``game.maneuvers`` index) in the vocabulary."""
        n = game.players
        self._player_row = len(CORNERS) + len(PLAYER_FEATURES)
        self._model_row = n + len(MODEL_FEATURES)
        self._mf = {name: n + i for i, name in enumerate(MODEL_FEATURES)}
        template = [0.0] * self.layout.size
        template[at["match_type"] + index_of(MATCH_TYPES, game.match_type)] = 1.0
        for i, prof in enumerate(game.profiles):  # the cards: fixed for the match
            base = at["models"] + i * self._model_row
            template[base + i // game.per_side] = 1.0
            template[base + self._mf["base"]] = 2 * game.radius[i] / geo.UNIT / 3.0
            template[base + self._mf["end_start"]] = prof.END / 12.0
            template[base + self._mf["str"]] = prof.STR / 8.0
            template[base + self._mf["tech"]] = prof.TECH / 8.0
            template[base + self._mf["spd"]] = prof.SPD / 6.0
            template[base + self._mf["show"]] = prof.SHOW / 6.0
        self._template = template

    def observation(self, state: State, player: int) -> list[float]:
        s = cast("SkirmishState", state)
        g = self.game
        at = self._at
        n = g.players
        v = self._template.copy()
        mark_seats(v, at["observer"], at["to_move"], player, s.current_player(), n)
        phase = s.phase
        v[at["phase"] + index_of(PHASES, PHASE_NAMES[phase] if 0 <= phase < len(PHASE_NAMES) else "other")] = 1.0
        v[at["round"]] = min(s.round / g.max_rounds, 1.0)
        revealed = s.revealed
        if revealed:  # SK-3.2: the order (it follows the bids) shows only once they are revealed
            for place, seat in enumerate(s.order):
                v[at["order"] + place * n + seat] = 1.0
            if 0 <= s.turn_index < len(s.order):
                v[at["turn_player"] + s.order[s.turn_index]] = 1.0
        row = self._player_row
        maneuvers = self._maneuvers
        for p in range(n):
            base = at["players"] + p * row
            if s.corner[p]:
                v[base + CORNERS.index(s.corner[p])] = 1.0
            f = base + len(CORNERS)
            v[f] = s.pool[p] / AP_SCALE
            if s.bid_in[p]:
                v[f + 1] = 1.0
                if revealed or p == player:  # never another player's hidden bid
                    v[f + 2] = 1.0
                    v[f + 3] = s.bid[p] / AP_SCALE
            if revealed:
                v[f + 4] = s.left[p] / AP_SCALE
            v[f + 5] = s.flaunt_pin[p] / 3.0
            v[f + 6] = 1.0 if s.tag_double[p] else 0.0
            used = at["used"] + p * maneuvers
            for mi in s.used[p]:
                v[used + self._vocab[mi]] = 1.0
        mrow = self._model_row
        mf = self._mf
        for i, m in enumerate(s.models):
            base = at["models"] + i * mrow
            v[base + mf["x"]] = m.x / geo.RING
            v[base + mf["y"]] = m.y / geo.RING
            norm = math.hypot(m.fx, m.fy) or 1.0
            v[base + mf["facing_sin"]] = m.fy / norm
            v[base + mf["facing_cos"]] = m.fx / norm
            start = g.profiles[m.wrestler].END
            v[base + mf["end"]] = m.end / start if start else 0.0
            v[base + mf["staggered"]] = 1.0 if m.staggered else 0.0
            v[base + mf["in_ring"]] = 1.0 if m.in_ring else 0.0
        pend = s.pend
        if pend:
            models = len(s.models)
            for key in ("player", "model", "target", "mover"):
                who = pend.get(key)
                limit = n if key == "player" else models
                if isinstance(who, int) and 0 <= who < limit:
                    v[at["pending_" + key] + who] = 1.0
            if "stat" in pend:
                v[at["pending_stat"] + index_of(STATS, str(pend["stat"]))] = 1.0
            if "man" in pend:
                v[at["pending_maneuver"] + self._vocab[pend["man"]]] = 1.0
            via = pend.get("via")
            if via in geo.ROPES:
                v[at["pending_via"] + geo.ROPES.index(via)] = 1.0
            p0 = at["pending"]
            v[p0] = 1.0 if pend.get("counter") else 0.0
            v[p0 + 1] = pend.get("count", 0) / 3.0
            for j, key in enumerate(("a_dice", "d_dice", "a_hits", "d_hits", "sdv"), start=2):
                v[p0 + j] = min(pend.get(key, 0) / DICE_SCALE, 1.0)
            if "limit" in pend:
                v[p0 + 7] = min(pend["limit"] / geo.UNIT / LIMIT_SCALE, 1.0)
        if s.is_terminal():
            v[at["result"]] = 1.0
            if s.winner >= 0:
                v[at["result"] + 1 + s.winner] = 1.0
        return v
