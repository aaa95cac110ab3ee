"""RUMBLESLAM as a fixed-size observation tensor (layout in ``docs/interop.md``).

Everything on the mat is public (``State.observation`` hides nothing from anyone), so the players'
tensors differ only where the layout is relative to the observer: ``observer``, the ``friendly`` /
``enemy`` board planes and each wrestler's ``friendly`` flag. Everything else uses absolute seats
(team 0 first), like the other rulesets' tensors.

The shape is fixed when the game is loaded: ``n`` teams and ``W`` wrestlers (every hired wrestler of
every team, in entrant order: team 0's first, as ``game.entrants``). The board is 104 squares, the
100 floor squares row by row (A1 .. J1, A2 .. J10) then the turnbuckles NW, NE, SW, SE; it is laid
out plane by plane (channel-major), so ``board[c * 104 + s]``. Unlike the other rulesets' raw counts,
values here are scaled to about [0, 1] (the board and the wrestler rows are meant for a network);
the docs give each scale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from turnbuckle.engine.game import State
from turnbuckle.engine.tensorlayout import Layout, index_of, mark_seats
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import COUNTER_CAP, FLOOR, LIFTED, LOC_NAMES, TB
from turnbuckle.games.rumbleslam.models import SPONSORSHIPS

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame
    from turnbuckle.games.rumbleslam.state import RumbleslamState

SQUARES: tuple[int, ...] = (*mat.FLOOR, *mat.TURNBUCKLES)
"""The 104 squares by tensor index: the floor row by row, then TB-NW, TB-NE, TB-SW, TB-SE."""
SQUARE_INDEX: dict[int, int] = {cell: i for i, cell in enumerate(SQUARES)}
PLANES = ("friendly", "enemy", "active", "knocked_down", "ko", "lifting", "bleeding", "activated", "big")
"""Board channels, each 1 on every square a wrestler's base covers."""
PENDING = ("roll", "act", "activate", "choice", "corner", "defend", "enter", "land", "nominate", "place",
           "rebound", "recipient", "reroll", "shove", "sponsor", "throw", "stay", "hit", "other")
"""What the match waits for (``observation()["pending"]``); a decision kind added later is ``other``."""
PLACE_PURPOSES = ("deploy", "enter", "eagle", "dodge", "impact", "drop", "escape", "ammo", "throw", "other")
"""Why a wrestler is being placed (the ``place`` prompt)."""
WRESTLER_FEATURES = ("friendly", *(f"where_{w}" for w in LOC_NAMES), "x", "y", "big", "sta", "sta_max", "ko",
                     "ap", "mp", "minus_ap", "plus_ap", "minus_mp", "plus_mp", "bleeding", "knockdown",
                     "crowd_pleaser", "lifting", "lifted", "activated", "active", "dosh", "weight")
"""Per wrestler after its team one-hot (``n``), in this order (scales in the docs)."""
AP_SCALE = 10.0
MP_SCALE = 10.0
STA_SCALE = 10.0
DOSH_SCALE = 1000.0
ENDORSEMENT_CAP = 8
"""At most 8 Endorsements per match (the team file's limit)."""
CORNER_CELLS = mat.TURNBUCKLES


def layout(game: RumbleslamGame) -> Layout:
    n = game.players
    w = len(game.entrants)
    out = Layout()
    out.add("observer", n, "1 at the observing team")
    out.add("to_move", n + 2, "the team to decide, then chance, then terminal (one-hot)")
    out.add("round", 1, "round / rounds (0 during setup, 1 in the last round)")
    out.add("initiative", n, "the team holding the Initiative card (one-hot)")
    out.add("pending", len(PENDING), "what the match waits for: " + ", ".join(PENDING) + " (one-hot; over: zeros)")
    out.add("place_purpose", len(PLACE_PURPOSES),
            "a place decision only: " + ", ".join(PLACE_PURPOSES) + " (one-hot)")
    out.add("teams", n * (1 + len(SPONSORSHIPS) + len(CORNER_CELLS)),
            "per team: Endorsements left / 8, each Sponsorship still unused (the text's 8, in order), "
            "its corner turnbuckle NW, NE, SW, SE (one-hot; zeros before it is chosen)")
    out.add("result", 1 + 2 * n, "over, then per team its return (-1..1), then its Dosh count / budget")
    out.add("board", len(PLANES) * len(SQUARES),
            "planes of 104 squares: " + ", ".join(PLANES))
    out.add("wrestlers", w * (n + len(WRESTLER_FEATURES)),
            "per wrestler: team (one-hot, n), " + ", ".join(WRESTLER_FEATURES))
    return out


class RumbleslamTensor:
    """The ``TensorView`` of ``RumbleslamGame``."""

    def __init__(self, game: RumbleslamGame) -> None:
        self.game = game
        self.layout = layout(game)
        self.shape: tuple[int, ...] = (self.layout.size,)
        self._at = at = {s.name: s.offset for s in self.layout.segments}
        n = game.players
        self._row = row = n + len(WRESTLER_FEATURES)
        self._f = {name: n + i for i, name in enumerate(WRESTLER_FEATURES)}
        self._team_row = 1 + len(SPONSORSHIPS) + len(CORNER_CELLS)
        template = [0.0] * self.layout.size
        for e in game.entrants:  # the card: fixed for the match
            base = at["wrestlers"] + e.index * row
            template[base + e.player] = 1.0
            template[base + self._f["dosh"]] = e.profile.dosh / DOSH_SCALE
            template[base + self._f["weight"]] = e.profile.weight / 3.0
        self._template = template
        self._budget = float(game.budget)

    def observation(self, state: State, player: int) -> list[float]:
        s = cast("RumbleslamState", state)
        g = self.game
        at = self._at
        n = g.players
        v = self._template.copy()
        mark_seats(v, at["observer"], at["to_move"], player, s.current_player(), n)
        v[at["round"]] = min(s.round / g.rounds, 1.0)
        v[at["initiative"] + s.holder] = 1.0
        if not s.over and s.stack:
            top = s.stack[-1]
            pending = "roll" if top[0] == "die" else str(top[1])
            v[at["pending"] + index_of(PENDING, pending)] = 1.0
            if pending == "place":
                v[at["place_purpose"] + index_of(PLACE_PURPOSES, str(top[3]))] = 1.0
        team_row = self._team_row
        for p in range(n):
            base = at["teams"] + p * team_row
            v[base] = min(s.endorsements[p] / ENDORSEMENT_CAP, 1.0)
            for name in s.sponsors_left[p]:
                v[base + 1 + SPONSORSHIPS.index(name)] = 1.0
            if s.corners[p] >= 0:
                v[base + 1 + len(SPONSORSHIPS) + CORNER_CELLS.index(s.corners[p])] = 1.0
        if s.over:
            result = at["result"]
            v[result] = 1.0
            for p, r in enumerate(s.outcome):
                v[result + 1 + p] = float(r)
            for p, dosh in enumerate(s.dosh_count):
                v[result + 1 + n + p] = min(dosh / self._budget, 1.0)
        board = at["board"]
        squares = len(SQUARES)
        row = self._row
        f = self._f
        for w in s.ws:
            base = at["wrestlers"] + w.index * row
            mine = w.player == player
            if mine:
                v[base + f["friendly"]] = 1.0
            v[base + f["where_ring"] + w.loc] = 1.0
            big = w.loc == FLOOR and w.size == 2
            if w.loc <= TB:
                x, y = mat.xy(w.pos)
                v[base + f["x"]] = x / (mat.SIZE - 1)
                v[base + f["y"]] = y / (mat.SIZE - 1)
            v[base + f["big"]] = 1.0 if big else 0.0
            v[base + f["sta"]] = w.sta / w.sta_max if w.sta_max else 0.0
            v[base + f["sta_max"]] = w.sta_max / STA_SCALE
            v[base + f["ko"]] = 1.0 if w.ko else 0.0
            v[base + f["ap"]] = w.ap / AP_SCALE
            v[base + f["mp"]] = w.mp / MP_SCALE
            v[base + f["minus_ap"]] = w.m_ap / COUNTER_CAP
            v[base + f["plus_ap"]] = w.p_ap / COUNTER_CAP
            v[base + f["minus_mp"]] = w.m_mp / COUNTER_CAP
            v[base + f["plus_mp"]] = w.p_mp / COUNTER_CAP
            v[base + f["bleeding"]] = 1.0 if w.bleed else 0.0
            v[base + f["knockdown"]] = 1.0 if w.kd else 0.0
            v[base + f["crowd_pleaser"]] = 1.0 if w.cp else 0.0
            v[base + f["lifting"]] = 1.0 if w.lifting >= 0 else 0.0
            v[base + f["lifted"]] = 1.0 if w.loc == LIFTED else 0.0
            v[base + f["activated"]] = 1.0 if w.activated else 0.0
            active = w.index == s.active
            v[base + f["active"]] = 1.0 if active else 0.0
            if w.loc > TB:
                continue
            planes = (mine, not mine, active, bool(w.kd), w.ko, w.lifting >= 0, bool(w.bleed), w.activated, big)
            for cell in w.cells():
                square = SQUARE_INDEX[cell]
                for c, on in enumerate(planes):
                    if on:
                        v[board + c * squares + square] = 1.0
        return v
