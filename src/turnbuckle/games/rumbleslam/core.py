"""The RUMBLESLAM state: its fields, the engine contract's plain parts, dice and board helpers, the observation."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any, Final, Self

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import AttackDef
from turnbuckle.games.rumbleslam.models import CROWD_FACES

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame

FLOOR, TB, LIFTED, SIDE, OUT = 0, 1, 2, 3, 4
LOC_NAMES = ("ring", "turnbuckle", "lifted", "sidelines", "out")
STAT_INDEX = {"att": 0, "def": 1, "grp": 2, "dex": 3}
SPONSOR_DIE = {"Mana Mania Muscle Maker": "G", "Alchemist's Guild Protein Potion": "G",
               "Woodland Wonder Sprite Steroids": "G", "Snori's Stoneskin Supplements": "S", "Phoenix Fizz": "S",
               "Orka-Cola": "S", "Tauran Tacos": "G", "Eagle Airways": "S"}
SPONSOR_STAT = {"Mana Mania Muscle Maker": "att", "Alchemist's Guild Protein Potion": "grp",
                "Woodland Wonder Sprite Steroids": "dex", "Snori's Stoneskin Supplements": "def"}
COUNTER_CAP = 2
Box = tuple[int, int, int, int]
CENTER: Box = (5, 5, 6, 6)
"""The middle of the mat (placements with nothing to touch)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: copy's __new__ runs no __init__
class Wrestler:
    """One wrestler's changing state (the card, its counters and where it stands)."""

    __slots__ = ("activated", "ap", "bleed", "bonus", "choice", "cp", "cp_lock", "index", "kd", "lifted_by",
                 "lifting", "loc", "m_ap", "m_mp", "mp", "mp_allow", "p_ap", "p_mp", "player", "pos", "size",
                 "sta", "sta_max")

    def __init__(self, index: int, player: int, size: int, sta: int) -> None:
        self.index = index
        self.player = player
        self.size = size
        self.sta = sta
        self.sta_max = sta
        self.loc = SIDE
        self.pos = -1
        self.ap = 0
        self.mp = 0
        self.mp_allow = 0
        self.activated = False
        self.m_ap = self.p_ap = self.m_mp = self.p_mp = 0
        self.bleed = self.kd = self.cp = 0
        self.lifting = -1
        self.lifted_by = -1
        self.choice = -1
        self.cp_lock = False
        self.bonus = (0, 0, 0, 0)

    def copy(self) -> Wrestler:
        """A field-by-field copy (``copy.copy`` goes through ``__reduce_ex__``: slow in ``clone``)."""
        c = Wrestler.__new__(Wrestler)  # no __init__ (compiled too: the class is open to subclasses)
        c.activated = self.activated
        c.ap = self.ap
        c.bleed = self.bleed
        c.bonus = self.bonus
        c.choice = self.choice
        c.cp = self.cp
        c.cp_lock = self.cp_lock
        c.index = self.index
        c.kd = self.kd
        c.lifted_by = self.lifted_by
        c.lifting = self.lifting
        c.loc = self.loc
        c.m_ap = self.m_ap
        c.m_mp = self.m_mp
        c.mp = self.mp
        c.mp_allow = self.mp_allow
        c.p_ap = self.p_ap
        c.p_mp = self.p_mp
        c.player = self.player
        c.pos = self.pos
        c.size = self.size
        c.sta = self.sta
        c.sta_max = self.sta_max
        return c

    @property
    def in_ring(self) -> bool:
        return self.loc <= LIFTED

    @property
    def ko(self) -> bool:
        return self.sta == 0

    @property
    def on_mat(self) -> bool:
        return self.loc <= TB

    def cells(self) -> tuple[int, ...]:
        if self.loc == FLOOR:
            return mat.footprint(self.pos, self.size)
        if self.loc == TB:
            return (self.pos,)
        return ()

    def box(self) -> tuple[int, int, int, int]:
        return mat.box(self.pos, self.size if self.loc == FLOOR else 1)


_OLD_REROLL: Final = re.compile(r"reroll die ([0-9]{1,2})")
"""``reroll die 0`` (dice numbered from 0 until issue 22.19) is ``re-roll die 1``: stored matches replay."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class RumbleslamCore(State["RumbleslamGame"]):
    """The match's data and the helpers every rule family uses (each later layer adds one family)."""

    def __init__(self, game: RumbleslamGame) -> None:
        super().__init__(game)
        self.ws: list[Wrestler] = [Wrestler(e.index, e.player, e.size, e.profile.sta) for e in game.entrants]
        self.occ: list[int] = [-1] * mat.CELLS
        self.occ_version = 0
        """Bumped by every ``_place`` (the one writer of ``occ``): keys per-state memos of the board."""
        self.reach_memo: tuple[tuple[int, int, int, int], dict[int, int]] | None = None
        """The last ``_reachable`` answer and its key (the move that follows a menu asks again)."""
        self.stack: list[tuple[Any, ...]] = []
        self.buf: list[tuple[int, str, int, bool]] = []
        self.round = 0
        self.holder = 0
        self.corners: list[int] = [-1] * game.players
        self.order: list[int] = []
        self.nominee: list[int] = [-1] * game.players
        self.turn_order: list[int] = []
        self.turn = 0
        self.active = -1
        self.end_flag = False
        self.used: list[str] = []
        self.dirty = 0
        self.endorsements = [t.team.endorsements for t in game.teams]
        self.sponsors_left: list[tuple[str, ...]] = [t.team.sponsorships for t in game.teams]
        self.removed = [0] * game.players
        self.entered = [0] * game.players
        self.tag_used: list[str] = []
        self.over = False
        self.outcome: tuple[float, ...] = (0.0,) * game.players
        self.method = ""
        self.dosh_count: list[float] = []
        self._legal: list[Action] | None = None
        self.deferred: list[tuple[Any, ...]] = []
        """Steps that must run as soon as the current step ends (placing a dropped wrestler)."""
        self.root_filter: tuple[Action, ...] | None = None
        """Search agents restrict the root's choices to these (cleared by the next action)."""
        self.emit("match_begins", {"teams": [t.team.name for t in game.teams],
                                   "wrestlers": [e.label for e in game.entrants]})

    def action_from_string(self, text: str) -> Action:
        """Also the re-rolls' old names (``reroll die 0``, dice numbered from 0) that stored
        matches and replays from before issue 22.19 hold."""
        old = _OLD_REROLL.fullmatch(text)
        if old is not None:
            return super().action_from_string(f"re-roll die {int(old.group(1)) + 1}")
        return super().action_from_string(text)

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        top = self.stack[-1]
        if top[0] == "die":
            return CHANCE
        return int(top[2])

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.over or self.stack[-1][0] != "die":
            return []
        return self.game.dice.outcomes(self.buf[self.stack[-1][1]][1])

    def returns(self) -> list[float]:
        return list(self.outcome) if self.over else [0.0] * self.game.players

    def clone(self) -> Self:
        """``State.clone`` without ``copy.copy`` (its ``__reduce_ex__`` round trip is most of the
        cost of the search agents' many copies); the same fields end up copied."""
        other = self._shallow_copy()
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._event_cache = self._event_cache.copy()
        self._copy_into(other)
        return other

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RumbleslamCore)
        other.ws = [w.copy() for w in self.ws]
        other.occ = self.occ.copy()
        other.stack = self.stack.copy()
        other.buf = self.buf.copy()
        other.corners = self.corners.copy()
        other.order = self.order.copy()
        other.nominee = self.nominee.copy()
        other.turn_order = self.turn_order.copy()
        other.used = self.used.copy()
        other.endorsements = self.endorsements.copy()
        other.sponsors_left = self.sponsors_left.copy()
        other.removed = self.removed.copy()
        other.entered = self.entered.copy()
        other.tag_used = self.tag_used.copy()
        other.dosh_count = self.dosh_count.copy()
        other.deferred = []

    def sample_chance(self, rng: random.Random) -> Action:
        dice = self.game.dice
        kind = self.buf[self.stack[-1][1]][1]
        probs = dice.probs[kind]
        point = rng.random()
        total = 0.0
        acts = dice.actions[kind]
        for i, p in enumerate(probs):
            total += p
            if point < total:
                return acts[i]
        return acts[-1]

    def _push(self, *steps: tuple[Any, ...]) -> None:
        """Schedule steps to run in the order given (the first runs next)."""
        for s in steps[::-1]:  # not reversed(): mypyc 2.4 crashes on it over a tuple of Any
            self.stack.append(s)

    def _decide_step(self, code: str, player: int, *args: Any) -> tuple[Any, ...]:
        return ("decide", code, player, *args)

    def _s_roll(self, spec: tuple[tuple[int, str], ...]) -> None:
        self.buf = [(side, kind, -1, False) for side, kind in spec]
        for i in reversed(range(len(spec))):
            self.stack.append(("die", i))

    def _s_roll_on(self, kept: tuple[tuple[int, str, int, bool], ...], spec: tuple[tuple[int, str], ...]) -> None:
        """Roll ``spec`` beside dice already rolled (``kept``, faces and re-roll marks as they are):
        rumbleslam (DEVASTATING) rolls its attack dice once for every defender."""
        self.buf = [*kept, *((side, kind, -1, False) for side, kind in spec)]
        for i in reversed(range(len(kept), len(self.buf))):
            self.stack.append(("die", i))

    def _faces(self, side: int | None = None) -> list[int]:
        return [f for s, _, f, _ in self.buf if side is None or s == side]

    def _total(self, side: int) -> int:
        return sum(f for s, _, f, _ in self.buf if s == side)

    def _emit_roll(self, what: str, **fields: Any) -> None:
        if self.record_events:
            dice = [f"{k}={CROWD_FACES[f] if k == 'Crowd' else f}" for _, k, f, _ in self.buf]
            sides = [side for side, _, _, _ in self.buf]
            whose = {"sides": sides} if len(set(sides)) > 1 else {}  # whose die is whose: attacker, defender...
            self.emit("roll", {"what": what, "dice": dice, **whose, **fields})

    def _crowd(self, n: int) -> tuple[tuple[int, str], ...]:
        return tuple((0, "Crowd") for _ in range(n))

    def _clockwise(self, start: int) -> list[int]:
        n = self.game.players
        return [(start + i) % n for i in range(n)]

    def _place(self, w: Wrestler, loc: int, pos: int) -> None:
        occ = self.occ
        for c in w.cells():
            occ[c] = -1
        w.loc = loc
        w.pos = pos if loc <= TB else -1
        for c in w.cells():
            occ[c] = w.index
        self.occ_version += 1

    def _free(self, cells: tuple[int, ...], ignore: int = -1) -> bool:
        occ = self.occ
        return all(occ[c] == -1 or occ[c] == ignore for c in cells)

    def _fits(self, anchor: int, size: int, ignore: int = -1) -> bool:
        return mat.valid_footprint(anchor, size) and self._free(mat.footprint(anchor, size), ignore)

    def _contact(self, a: Wrestler, b: Wrestler) -> bool:
        return a.on_mat and b.on_mat and mat.box_distance(a.box(), b.box()) == 1

    def _in_contact(self, w: Wrestler) -> list[Wrestler]:
        """The wrestlers whose bases touch ``w``'s (king-move distance exactly 1), in ``ws`` order:
        read from the board cells around the base (every menu asks)."""
        loc = w.loc
        if loc > TB:
            return []
        occ = self.occ
        me = w.index
        found = 0
        for c in mat.RING[w.size if loc == FLOOR else 1][w.pos]:
            o = occ[c]
            if o >= 0 and o != me:
                found |= 1 << o
        if not found:
            return []
        return [o for o in self.ws if found >> o.index & 1 and o.loc <= TB]

    def _label(self, w: Wrestler | int) -> str:
        index = w if isinstance(w, int) else w.index
        return self.game.entrants[index].label

    def _passive(self, w: Wrestler, stat: str) -> int:
        """rumbleslam PASSIVE / CHOICE ABILITIES: not while Knocked Down or Lifted."""
        if w.kd or w.loc == LIFTED:
            return 0
        total = 0
        for ability, _ in self.game.entrants[w.index].abilities:
            if ability.kind == "passive":
                total += ability.bonus.get(stat, 0)  # type: ignore[call-overload]
            elif ability.kind == "choice" and w.choice >= 0:
                opt = ability.options[w.choice]
                if opt.stat == stat:
                    total += opt.amount
        return total

    def _pool(self, w: Wrestler, stat: str, attack: AttackDef | None = None) -> tuple[tuple[str, ...], int]:
        """Dice and flat bonus for a stat roll (a KO'd wrestler rolls nothing: stats count 0)."""
        if w.ko:
            return (), 0
        if stat == "def" and w.kd:
            return (), 0
        pool = self.game.pools[w.index][stat]
        if attack is not None and attack.pool is not None:
            pool = attack.pool
        return pool.dice, pool.bonus + w.bonus[STAT_INDEX[stat]] + self._passive(w, stat)

    def _enemy(self, a: Wrestler, b: Wrestler) -> bool:
        return a.player != b.player

    def match_result(self) -> MatchResult | None:
        if not self.over:
            return None
        method = Method.DECISION if self.dosh_count else Method.ELIMINATION
        if not any(r > 0 for r in self.outcome):
            method = Method.DRAW
        extra: dict[str, Any] = {"rounds": self.round}
        if self.dosh_count:
            extra["dosh"] = {self.game.player_label(p): d for p, d in enumerate(self.dosh_count)}
        return MatchResult.from_returns(self.game.sides(), self.outcome, method=method, detail=self.method, extra=extra)
