"""RUMBLESLAM positions (``engine.position``): every wrestler's place on the mat and its counters, each
team's corner, nominee, Endorsements and Sponsorships, the round and turn, the dice on the table
(with their re-roll marks) and the pending resolution steps. Nothing is secret.

Body::

    {"round": 2, "initiative": 0, "turn": 1, "active": "Orkishi", "end_flag": false,
     "order": [0, 1], "turn_order": [1, 0],
     "teams": [{"corner": "TB-NW", "nominee": "Orkishi", "endorsements": 1,
                "sponsorships": ["Orka-Cola"], "removed": 0, "entered": 0}, ...],
     "wrestlers": [{"wrestler": "Orkishi", "location": "ring", "square": "D4", "sta": 5, "sta_max": 6,
                    "ap": 2, "mp": 0, ...}, ...],
     "dice": [{"side": 0, "kind": "G", "face": 4, "rerolled": false}],
     "steps": [["next_act"], ["decide", "act", 0, 3]], ...}

``square`` names the mat square (``D4``; a WEIGHT 3 wrestler's north-west square; ``TB-NE`` on a
turnbuckle) and is ``null`` off the mat. ``steps`` are the rules engine's pending steps, the last one
runs next: a ``["die", i]`` step waits for ``dice[i]`` to be rolled, a ``["decide", CODE, team, ...]``
step for that team's decision. Copy them from a saved position rather than writing them by hand.

Reads: -
Writes: _legal, active, buf, corners, deferred, dirty, dosh_count, end_flag, endorsements, entered,
  holder, method, nominee, occ, order, outcome, over, reach_memo, removed, root_filter, round,
  sponsors_left, stack, tag_used, turn, turn_order, used, ws
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import Field

from turnbuckle.engine.position import (
    Strict,
    check_count,
    check_range,
    check_seat,
    check_seats,
    check_unique,
    fail,
    index_of,
    join,
    parse,
)
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import COUNTER_CAP, FLOOR, LIFTED, LOC_NAMES, TB, Wrestler
from turnbuckle.games.rumbleslam.state import RumbleslamState
from turnbuckle.games.rumbleslam.steps import STEPS

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame

Location = Literal["ring", "turnbuckle", "lifted", "sidelines", "out"]
MAX_COUNT: Final = 99


class WrestlerModel(Strict):
    wrestler: str
    location: Location = "sidelines"
    square: str | None = None
    sta: int = Field(ge=0, le=MAX_COUNT)
    sta_max: int = Field(ge=1, le=MAX_COUNT)
    ap: int = Field(default=0, ge=0, le=MAX_COUNT)
    mp: int = Field(default=0, ge=0, le=MAX_COUNT)
    mp_allow: int = Field(default=0, ge=0, le=MAX_COUNT)
    activated: bool = False
    minus_ap: int = Field(default=0, ge=0, le=COUNTER_CAP)
    plus_ap: int = Field(default=0, ge=0, le=COUNTER_CAP)
    minus_mp: int = Field(default=0, ge=0, le=COUNTER_CAP)
    plus_mp: int = Field(default=0, ge=0, le=COUNTER_CAP)
    bleeding: int = Field(default=0, ge=0, le=MAX_COUNT)
    knockdown: int = Field(default=0, ge=0, le=MAX_COUNT)
    crowd_pleaser: int = Field(default=0, ge=0, le=MAX_COUNT)
    crowd_pleaser_locked: bool = False
    lifting: str | None = None
    lifted_by: str | None = None
    choice: int = Field(default=-1, ge=-1, le=MAX_COUNT)
    bonus: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Sponsorship bonuses to ATT, DEF, GRP and DEX this round."""


class TeamModel(Strict):
    corner: str | None = None
    nominee: str | None = None
    endorsements: int = Field(default=0, ge=0, le=MAX_COUNT)
    sponsorships: list[str] = Field(default_factory=list)
    removed: int = Field(default=0, ge=0, le=MAX_COUNT)
    entered: int = Field(default=0, ge=0, le=MAX_COUNT)


class DieModel(Strict):
    side: int = Field(ge=0, le=7)
    kind: str
    face: int = -1
    """-1: not rolled yet."""
    rerolled: bool = False


class BodyModel(Strict):
    round: int = Field(ge=0, le=MAX_COUNT)
    initiative: int = 0
    turn: int = Field(default=0, ge=0)
    active: str | None = None
    end_flag: bool = False
    order: list[int] = Field(default_factory=list)
    turn_order: list[int] = Field(default_factory=list)
    teams: list[TeamModel]
    wrestlers: list[WrestlerModel]
    used: list[str] = Field(default_factory=list)
    dirty: int = Field(default=0, ge=0, le=MAX_COUNT)
    tag_used: list[str] = Field(default_factory=list)
    over: bool = False
    outcome: list[float] | None = None
    method: str = ""
    dosh_count: list[float] = Field(default_factory=list)
    dice: list[DieModel] = Field(default_factory=list)
    steps: list[list[Any]] = Field(default_factory=list)


def _json(value: Any) -> Any:
    """A pending step's argument as JSON: tuples become lists."""
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    return value


def _tuple(value: Any, where: str) -> Any:
    """A pending step's argument back from JSON: lists become tuples; only plain values."""
    if isinstance(value, list):
        return tuple(_tuple(v, join(where, i)) for i, v in enumerate(value))
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise fail(where, f"a step argument is a number, a string or a list, not {type(value).__name__}")


class RumbleslamPositions:
    """The RUMBLESLAM position codec (``Game.position_codec``)."""

    derived: frozenset[str] = frozenset({"_legal", "reach_memo", "occ_version", "root_filter"})
    """Cached legal actions, the reach memo and its board version, and a search agent's root filter."""

    def dump(self, state: RumbleslamState) -> dict[str, Any]:
        g = state.game
        label = [e.label for e in g.entrants].__getitem__

        def who(index: int) -> str | None:
            return label(index) if index >= 0 else None

        return {
            "round": state.round,
            "initiative": state.holder,
            "turn": state.turn,
            "active": who(state.active),
            "end_flag": state.end_flag,
            "order": list(state.order),
            "turn_order": list(state.turn_order),
            "teams": [
                {"corner": mat.TURNBUCKLE_NAMES[state.corners[p]] if state.corners[p] >= 0 else None,
                 "nominee": who(state.nominee[p]), "endorsements": state.endorsements[p],
                 "sponsorships": list(state.sponsors_left[p]), "removed": state.removed[p],
                 "entered": state.entered[p]}
                for p in range(g.players)
            ],
            "wrestlers": [
                {"wrestler": label(w.index), "location": LOC_NAMES[w.loc],
                 "square": mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else None, "sta": w.sta, "sta_max": w.sta_max,
                 "ap": w.ap, "mp": w.mp, "mp_allow": w.mp_allow, "activated": w.activated,
                 "minus_ap": w.m_ap, "plus_ap": w.p_ap, "minus_mp": w.m_mp, "plus_mp": w.p_mp,
                 "bleeding": w.bleed, "knockdown": w.kd, "crowd_pleaser": w.cp, "crowd_pleaser_locked": w.cp_lock,
                 "lifting": who(w.lifting), "lifted_by": who(w.lifted_by), "choice": w.choice,
                 "bonus": list(w.bonus)}
                for w in state.ws
            ],
            "used": list(state.used),
            "dirty": state.dirty,
            "tag_used": list(state.tag_used),
            "over": state.over,
            "outcome": list(state.outcome),
            "method": state.method,
            "dosh_count": list(state.dosh_count),
            "dice": [{"side": s, "kind": k, "face": f, "rerolled": r} for s, k, f, r in state.buf],
            "steps": [_json(step) for step in state.stack],
        }

    def load(self, game: RumbleslamGame, body: Mapping[str, Any]) -> RumbleslamState:
        m = parse(BodyModel, body)
        players = game.players
        labels = [e.label for e in game.entrants]
        check_count(m.teams, players, "teams")
        check_count(m.wrestlers, len(labels), "wrestlers")
        check_seat(m.initiative, players, "initiative")
        check_seats(m.order, players, "order")
        check_seats(m.turn_order, players, "turn_order")

        def wrestler(name: str | None, where: str) -> int:
            return -1 if name is None else index_of(labels, name, where, "wrestler")

        check_unique([w.wrestler for w in m.wrestlers], "wrestlers", "wrestler")
        by_index: dict[int, tuple[int, WrestlerModel]] = {}
        for i, wm in enumerate(m.wrestlers):
            by_index[wrestler(wm.wrestler, join("wrestlers", i, "wrestler"))] = (i, wm)
        occ = [-1] * mat.CELLS
        ws: list[Wrestler] = []
        for index, entrant in enumerate(game.entrants):
            i, wm = by_index[index]
            at = join("wrestlers", i)
            w = Wrestler(index, entrant.player, entrant.size, wm.sta_max)
            check_range(wm.sta, 0, wm.sta_max, join(at, "sta"))
            w.sta = wm.sta
            w.loc = LOC_NAMES.index(wm.location)
            w.pos = self._square(wm, w, join(at, "square"))
            for cell in w.cells():
                if occ[cell] >= 0:
                    raise fail(join(at, "square"), f"{labels[index]} and {labels[occ[cell]]} are both on "
                                                   f"{mat.SQUARE_NAMES[cell]}")
                occ[cell] = index
            w.ap, w.mp, w.mp_allow, w.activated = wm.ap, wm.mp, wm.mp_allow, wm.activated
            w.m_ap, w.p_ap, w.m_mp, w.p_mp = wm.minus_ap, wm.plus_ap, wm.minus_mp, wm.plus_mp
            w.bleed, w.kd, w.cp, w.cp_lock = wm.bleeding, wm.knockdown, wm.crowd_pleaser, wm.crowd_pleaser_locked
            w.lifting = wrestler(wm.lifting, join(at, "lifting"))
            w.lifted_by = wrestler(wm.lifted_by, join(at, "lifted_by"))
            w.choice = wm.choice
            w.bonus = wm.bonus
            ws.append(w)
        for w in ws:
            at = join("wrestlers", by_index[w.index][0])
            if w.lifting >= 0 and (ws[w.lifting].lifted_by != w.index or ws[w.lifting].loc != LIFTED):
                raise fail(join(at, "lifting"), f"{labels[w.lifting]} is not lifted by {labels[w.index]}")
            if w.lifted_by >= 0 and ws[w.lifted_by].lifting != w.index:
                raise fail(join(at, "lifted_by"), f"{labels[w.lifted_by]} is not lifting {labels[w.index]}")
        def fill(st: RumbleslamState) -> RumbleslamState:
            """A fresh state's fields set from the position (``st`` a parameter, so the field check
            of issue 35 sees these writes)."""
            st.ws = ws
            st.occ = occ
            st.round = m.round
            st.holder = m.initiative
            st.turn = m.turn
            st.active = wrestler(m.active, "active")
            st.end_flag = m.end_flag
            st.order = list(m.order)
            st.turn_order = list(m.turn_order)
            st.corners = [self._corner(t.corner, join("teams", p, "corner")) for p, t in enumerate(m.teams)]
            st.nominee = [wrestler(t.nominee, join("teams", p, "nominee")) for p, t in enumerate(m.teams)]
            st.endorsements = [t.endorsements for t in m.teams]
            st.sponsors_left = [tuple(t.sponsorships) for t in m.teams]
            st.removed = [t.removed for t in m.teams]
            st.entered = [t.entered for t in m.teams]
            st.used = list(m.used)
            st.dirty = m.dirty
            st.tag_used = list(m.tag_used)
            st.over = m.over
            outcome = m.outcome if m.outcome is not None else [0.0] * players
            if len(outcome) != players:
                raise fail("outcome", f"{len(outcome)} returns for {players} teams")
            st.outcome = tuple(outcome)
            st.method = m.method
            st.dosh_count = list(m.dosh_count)
            st.buf = [self._die(game, d, join("dice", i)) for i, d in enumerate(m.dice)]
            st.stack = [self._step(st, game, step, join("steps", i)) for i, step in enumerate(m.steps)]
            if not st.stack and not st.over:
                raise fail("steps", "a match that is not over has a step pending")
            st.deferred = []
            st._legal = None
            st.root_filter = None
            st.reach_memo = None
            return st

        return fill(game.new_initial_state())

    # -- one field at a time ---------------------------------------------------------------------
    @staticmethod
    def _square(wm: WrestlerModel, w: Wrestler, where: str) -> int:
        if w.loc not in (FLOOR, TB):
            if wm.square is not None:
                raise fail(where, f"a wrestler in the {wm.location} stands on no square")
            return -1
        if wm.square is None:
            raise fail(where, f"a wrestler in the {wm.location} needs a square")
        try:
            cell = mat.parse_square(wm.square)
        except KeyError:
            raise fail(where, f"unknown square {wm.square!r:.20} (A1 to J10, TB-NW/NE/SW/SE)") from None
        if w.loc == TB and not mat.is_turnbuckle(cell):
            raise fail(where, f"{wm.square} is not a turnbuckle")
        if w.loc == FLOOR and not mat.valid_footprint(cell, w.size):
            raise fail(where, f"a base of {w.size}x{w.size} squares at {wm.square} is not all on the ring floor")
        return cell

    @staticmethod
    def _corner(name: str | None, where: str) -> int:
        if name is None:
            return -1
        for cell, corner in mat.TURNBUCKLE_NAMES.items():
            if corner == name:
                return cell
        raise fail(where, f"unknown corner {name!r:.20} ({', '.join(mat.TURNBUCKLE_NAMES.values())})")

    @staticmethod
    def _die(game: RumbleslamGame, d: DieModel, where: str) -> tuple[int, str, int, bool]:
        if d.kind not in game.dice.probs:
            raise fail(join(where, "kind"), f"unknown die {d.kind!r:.20} (dice: {', '.join(game.dice.probs)})")
        if d.face != -1:
            check_range(d.face, game.dice.min_face(d.kind), game.dice.max_face(d.kind), join(where, "face"))
        return (d.side, d.kind, d.face, d.rerolled)

    @staticmethod
    def _step(st: RumbleslamState, game: RumbleslamGame, raw: list[Any], where: str) -> tuple[Any, ...]:
        step = _tuple(raw, where)
        if not step or not isinstance(step[0], str):
            raise fail(where, "a step starts with its kind")
        kind = step[0]
        if kind == "die":
            if len(step) != 2 or not isinstance(step[1], int) or not 0 <= step[1] < len(st.buf):
                raise fail(where, f"a die step names one of the {len(st.buf)} dice")
            return tuple(step)
        if kind == "decide":
            if len(step) < 3 or not isinstance(step[1], str) or not isinstance(step[2], int):
                raise fail(where, "a decision step is [\"decide\", CODE, TEAM, ...]")
            check_seat(step[2], game.players, join(where, 2))
            return tuple(step)
        fn = STEPS.get(kind)
        if fn is None:
            raise fail(where, f"unknown step {kind!r:.40}")
        params = list(inspect.signature(fn).parameters.values())[1:]
        least = sum(1 for p in params if p.default is inspect.Parameter.empty)
        if not least <= len(step) - 1 <= len(params):
            raise fail(where, f"step {kind!r} takes {least} to {len(params)} arguments, not {len(step) - 1}")
        return tuple(step)


CODEC: Final = RumbleslamPositions()
