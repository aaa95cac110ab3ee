"""RUMBLESLAM's shared ground: the board constants, the ``Wrestler`` record, and the helpers every
rule family uses (pushing steps, rolling dice, placing bases on the mat, stat pools).

Reads: ws
Writes: buf, occ, occ_version, stack
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import AttackDef
from turnbuckle.games.rumbleslam.models import CROWD_FACES

if TYPE_CHECKING:
    pass

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


class Wrestler:
    """One wrestler's changing state (the card, its counters and where it stands)."""

    __slots__ = ("activated", "ap", "bleed", "bonus", "choice", "cp", "cp_lock", "index", "kd", "lifted_by",
                 "lifting", "loc", "m_ap", "m_mp", "mp", "mp_allow", "p_ap", "p_mp", "player", "pos", "size",
                 "sta", "sta_max")
    activated: bool
    ap: int
    bleed: int
    bonus: tuple[int, int, int, int]
    choice: int
    cp: int
    cp_lock: bool
    index: int
    kd: int
    lifted_by: int
    lifting: int
    loc: int
    m_ap: int
    m_mp: int
    mp: int
    mp_allow: int
    p_ap: int
    p_mp: int
    player: int
    pos: int
    size: int
    sta: int
    sta_max: int

    def __init__(self, index: int, player: int, size: int, sta: int, copy_of: Wrestler | None = None) -> None:
        """A fresh wrestler on the sidelines, or (``copy_of``) a field-by-field copy of one: a
        compiled (mypyc) class has no ``__dict__`` for ``copy.copy`` and refuses ``object.__new__``,
        and ``copy.copy``'s ``__reduce_ex__`` round trip is slow in ``clone`` anyway."""
        if copy_of is not None:
            self.activated = copy_of.activated
            self.ap = copy_of.ap
            self.bleed = copy_of.bleed
            self.bonus = copy_of.bonus
            self.choice = copy_of.choice
            self.cp = copy_of.cp
            self.cp_lock = copy_of.cp_lock
            self.index = copy_of.index
            self.kd = copy_of.kd
            self.lifted_by = copy_of.lifted_by
            self.lifting = copy_of.lifting
            self.loc = copy_of.loc
            self.m_ap = copy_of.m_ap
            self.m_mp = copy_of.m_mp
            self.mp = copy_of.mp
            self.mp_allow = copy_of.mp_allow
            self.p_ap = copy_of.p_ap
            self.p_mp = copy_of.p_mp
            self.player = copy_of.player
            self.pos = copy_of.pos
            self.size = copy_of.size
            self.sta = copy_of.sta
            self.sta_max = copy_of.sta_max
            return
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
        return Wrestler(self.index, self.player, self.size, self.sta_max, self)

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


if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def push(st: RumbleslamState, *steps: tuple[Any, ...]) -> None:
    """Schedule steps to run in the order given (the first runs next)."""
    for s in steps[::-1]:  # not reversed(): mypyc 2.4 crashes on reversed() over a *args tuple of Any
        st.stack.append(s)


def decide_step(st: RumbleslamState, code: str, player: int, *args: Any) -> tuple[Any, ...]:
    return ("decide", code, player, *args)


def step_roll(st: RumbleslamState, spec: tuple[tuple[int, str], ...]) -> None:
    st.buf = [(side, kind, -1, False) for side, kind in spec]
    for i in reversed(range(len(spec))):
        st.stack.append(("die", i))


def step_roll_on(
    st: RumbleslamState, kept: tuple[tuple[int, str, int, bool], ...], spec: tuple[tuple[int, str], ...]
) -> None:
    """Roll ``spec`` beside dice already rolled (``kept``, faces and re-roll marks as they are):
    rumbleslam (DEVASTATING) rolls its attack dice once for every defender."""
    st.buf = [*kept, *((side, kind, -1, False) for side, kind in spec)]
    for i in reversed(range(len(kept), len(st.buf))):
        st.stack.append(("die", i))


def dice_faces(st: RumbleslamState, side: int | None = None) -> list[int]:
    return [f for s, _, f, _ in st.buf if side is None or s == side]


def dice_total(st: RumbleslamState, side: int) -> int:
    return sum(f for s, _, f, _ in st.buf if s == side)


def emit_roll(st: RumbleslamState, what: str, **fields: Any) -> None:
    if st.record_events:
        dice = [f"{k}={CROWD_FACES[f] if k == 'Crowd' else f}" for _, k, f, _ in st.buf]
        sides = [side for side, _, _, _ in st.buf]
        whose = {"sides": sides} if len(set(sides)) > 1 else {}  # whose die is whose: attacker, defender...
        st.emit("roll", {"what": what, "dice": dice, **whose, **fields})


def crowd(st: RumbleslamState, n: int) -> tuple[tuple[int, str], ...]:
    return tuple((0, "Crowd") for _ in range(n))


def clockwise(st: RumbleslamState, start: int) -> list[int]:
    n = st.game.players
    return [(start + i) % n for i in range(n)]


def place(st: RumbleslamState, w: Wrestler, loc: int, pos: int) -> None:
    for c in w.cells():
        st.occ[c] = -1
    w.loc = loc
    w.pos = pos if loc <= TB else -1
    for c in w.cells():
        st.occ[c] = w.index
    st.occ_version += 1


def cells_free(st: RumbleslamState, cells: tuple[int, ...], ignore: int = -1) -> bool:
    occ = st.occ
    return all(occ[c] == -1 or occ[c] == ignore for c in cells)


def fits(st: RumbleslamState, anchor: int, size: int, ignore: int = -1) -> bool:
    return mat.valid_footprint(anchor, size) and cells_free(st, mat.footprint(anchor, size), ignore)


def touching(st: RumbleslamState, a: Wrestler, b: Wrestler) -> bool:
    return a.on_mat and b.on_mat and mat.box_distance(a.box(), b.box()) == 1


def in_contact(st: RumbleslamState, w: Wrestler) -> list[Wrestler]:
    """The wrestlers whose bases touch ``w``'s (king-move distance exactly 1), in ``ws`` order:
    read from the board cells around the base (every menu asks)."""
    loc = w.loc
    if loc > TB:
        return []
    occ = st.occ
    me = w.index
    found = 0
    for c in mat.RING[w.size if loc == FLOOR else 1][w.pos]:
        o = occ[c]
        if o >= 0 and o != me:
            found |= 1 << o
    if not found:
        return []
    return [o for o in st.ws if found >> o.index & 1 and o.loc <= TB]


def label(st: RumbleslamState, w: Wrestler | int) -> str:
    index = w if isinstance(w, int) else w.index
    return st.game.entrants[index].label


def passive(st: RumbleslamState, w: Wrestler, stat: str) -> int:
    """rumbleslam PASSIVE / CHOICE ABILITIES: not while Knocked Down or Lifted."""
    if w.kd or w.loc == LIFTED:
        return 0
    total = 0
    for ability, _ in st.game.entrants[w.index].abilities:
        if ability.kind == "passive":
            total += ability.bonus.get(stat, 0)  # type: ignore[call-overload]
        elif ability.kind == "choice" and w.choice >= 0:
            opt = ability.options[w.choice]
            if opt.stat == stat:
                total += opt.amount
    return total


def stat_pool(
    st: RumbleslamState, w: Wrestler, stat: str, attack: AttackDef | None = None
) -> tuple[tuple[str, ...], int]:
    """Dice and flat bonus for a stat roll (a KO'd wrestler rolls nothing: stats count 0)."""
    if w.ko:
        return (), 0
    if stat == "def" and w.kd:
        return (), 0
    pool = st.game.pools[w.index][stat]
    if attack is not None and attack.pool is not None:
        pool = attack.pool
    return pool.dice, pool.bonus + w.bonus[STAT_INDEX[stat]] + passive(st, w, stat)


def is_enemy(st: RumbleslamState, a: Wrestler, b: Wrestler) -> bool:
    return a.player != b.player
