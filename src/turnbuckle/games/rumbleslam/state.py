"""The RUMBLESLAM state machine.

Pending resolution is plain data: ``stack`` holds small tuples (``("attack", a, t, atk)``,
``("die", 3)``, ``("decide", "shove", player, ...)``) and ``_run`` executes the top one until it
needs a die (a chance node) or a decision. No generators or callbacks, so ``clone`` copies a few
lists and the wrestlers. Each comment names the rule text's heading (``# rumbleslam PIN``).
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.dice import BLANK, BOO, CHEER
from turnbuckle.games.rumbleslam.models import CROWD_FACES
from turnbuckle.games.rumbleslam.rules import (
    A_BRAWL,
    A_FURY,
    A_GRAPPLE,
    A_LIFT,
    A_ROPE,
    A_TB,
    A_TRIP,
    LIFT,
    TRIP,
    AttackDef,
    RumbleslamGame,
)

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


class RumbleslamState(State):
    """A match in progress."""

    game: RumbleslamGame

    def __init__(self, game: RumbleslamGame) -> None:
        super().__init__(game)
        self.ws: list[Wrestler] = [Wrestler(e.index, e.player, e.size, e.profile.sta) for e in game.entrants]
        self.occ: list[int] = [-1] * mat.CELLS
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
        self._push(("setup_roll",))
        self._run()

    # =========================================================================== contract
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

    def legal_actions(self) -> list[Action]:
        if self.over or self.stack[-1][0] != "decide":
            return []
        if self._legal is None:
            self._legal = self._decisions(self.stack[-1])
        if self.root_filter is not None:
            return [a for a in self._legal if a in self.root_filter]
        return self._legal

    def returns(self) -> list[float]:
        return list(self.outcome) if self.over else [0.0] * self.game.players

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RumbleslamState)
        other.ws = [copy.copy(w) for w in self.ws]
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

    def _apply(self, action: Action) -> None:
        self._legal = None
        self.root_filter = None
        top = self.stack.pop()
        if top[0] == "die":
            _kind, face = self.game.dice.value_of(action)
            i = top[1]
            side, k, _, rerolled = self.buf[i]
            self.buf[i] = (side, k, face, rerolled)
        else:
            self._decide(top, self.game.meaning[action.id], action)
        self._run()

    # =========================================================================== engine
    def _push(self, *steps: tuple[Any, ...]) -> None:
        """Schedule steps to run in the order given (the first runs next)."""
        for s in reversed(steps):
            self.stack.append(s)

    def _run(self) -> None:
        while not self.over:
            if self.deferred:
                self._push(*self.deferred)
                self.deferred.clear()
            if not self.stack:
                break
            top = self.stack[-1]
            kind = top[0]
            if kind == "die":
                return
            if kind == "decide":
                if top[1] == "act" and self._act_should_end(top[3]):
                    self.stack.pop()
                    self._push(("end_act", top[3]))
                    continue
                return
            self.stack.pop()
            getattr(self, "_s_" + kind)(*top[1:])
        if not self.over and not self.stack:
            raise AssertionError("rumbleslam: the step stack ran dry")

    def _decide_step(self, code: str, player: int, *args: Any) -> tuple[Any, ...]:
        return ("decide", code, player, *args)

    # -- dice --------------------------------------------------------------------------------
    def _s_roll(self, spec: tuple[tuple[int, str], ...]) -> None:
        self.buf = [(side, kind, -1, False) for side, kind in spec]
        for i in reversed(range(len(spec))):
            self.stack.append(("die", i))

    def _faces(self, side: int | None = None) -> list[int]:
        return [f for s, _, f, _ in self.buf if side is None or s == side]

    def _total(self, side: int) -> int:
        return sum(f for s, _, f, _ in self.buf if s == side)

    def _emit_roll(self, what: str, **fields: Any) -> None:
        if self.record_events:
            dice = [f"{k}={CROWD_FACES[f] if k == 'Crowd' else f}" for _, k, f, _ in self.buf]
            self.emit("roll", {"what": what, "dice": dice, **fields})

    def _crowd(self, n: int) -> tuple[tuple[int, str], ...]:
        return tuple((0, "Crowd") for _ in range(n))

    def _s_reroll_window(
        self, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
    ) -> None:
        # rumbleslam RE-ROLLS / ENDORSEMENTS: each Endorsement re-rolls one of your own dice, once.
        if self.endorsements[player] <= 0 or self.game.reroll_prompts == "never":
            return
        if self._reroll_candidates(player, owners, mode, thr) and self._losing(player, mode, flats, thr, owners):
            self._push(self._decide_step("reroll", player, mode, flats, thr, owners))

    def _reroll_candidates(self, player: int, owners: tuple[int, ...], mode: str = "opp", thr: int = 0) -> list[int]:
        """Own dice not yet re-rolled that could come up better (Crowd dice: a face in the ``thr``
        bit mask of faces that hurt)."""
        if mode == "crowd":
            return [i for i, (side, _kind, face, rerolled) in enumerate(self.buf)
                    if owners[side] == player and not rerolled and (thr >> face) & 1 and i < 16]
        dice = self.game.dice
        return [i for i, (side, kind, face, rerolled) in enumerate(self.buf)
                if owners[side] == player and not rerolled and face < dice.max_face(kind) and i < 16]

    def _crowd_roll(self, player: int, n: int, bad: tuple[int, ...]) -> list[tuple[Any, ...]]:
        """rumbleslam ENDORSEMENTS: Crowd dice too may be re-rolled "at any time" (offered when a
        die shows one of the ``bad`` faces)."""
        mask = sum(1 << f for f in bad)
        steps: list[tuple[Any, ...]] = [("roll", self._crowd(n))]
        if mask:
            steps.append(("reroll_window", player, "crowd", (0, 0), mask, (player, player)))
        return steps

    def _losing(self, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]) -> bool:
        if mode == "crowd":
            return any(owners[side] == player and (thr >> face) & 1 for side, _, face, _ in self.buf)
        if mode == "init":
            return self._initiative_order()[0] != player
        a = self._total(0) + flats[0]
        if mode == "test":
            return a < thr
        d = self._total(1) + flats[1]
        if owners[0] == owners[1]:
            return False
        return a <= d if player == owners[0] else a > d

    def _reroll_steps(
        self, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
    ) -> list[tuple[Any, ...]]:
        players = []
        for p in self._clockwise(self.holder):
            if p in owners and p not in players:
                players.append(p)
        return [("reroll_window", p, mode, flats, thr, owners) for p in players]

    def _clockwise(self, start: int) -> list[int]:
        n = self.game.players
        return [(start + i) % n for i in range(n)]

    # =========================================================================== geometry
    def _place(self, w: Wrestler, loc: int, pos: int) -> None:
        for c in w.cells():
            self.occ[c] = -1
        w.loc = loc
        w.pos = pos if loc <= TB else -1
        for c in w.cells():
            self.occ[c] = w.index

    def _free(self, cells: tuple[int, ...], ignore: int = -1) -> bool:
        occ = self.occ
        return all(occ[c] == -1 or occ[c] == ignore for c in cells)

    def _fits(self, anchor: int, size: int, ignore: int = -1) -> bool:
        return mat.valid_footprint(anchor, size) and self._free(mat.footprint(anchor, size), ignore)

    def _contact(self, a: Wrestler, b: Wrestler) -> bool:
        return a.on_mat and b.on_mat and mat.box_distance(a.box(), b.box()) == 1

    def _in_contact(self, w: Wrestler) -> list[Wrestler]:
        if not w.on_mat:
            return []
        x0, y0, x1, y1 = w.box()
        out = []
        for o in self.ws:
            if o is w or o.loc > TB:
                continue
            ox, oy = o.pos % 12, o.pos // 12
            s = o.size if o.loc == FLOOR else 1
            if max(x0 - ox - s + 1, ox - x1, 0) <= 1 and max(y0 - oy - s + 1, oy - y1, 0) <= 1 \
                    and max(x0 - ox - s + 1, ox - x1, y0 - oy - s + 1, oy - y1) >= 1:
                out.append(o)
        return out

    def _reachable(self, w: Wrestler, budget: int) -> dict[int, int]:
        """rumbleslam MOVEMENT POINTS: anchors reachable for <= budget MP (never through wrestlers;
        squeezing diagonally between two is allowed)."""
        size = w.size
        occ = self.occ
        me = w.index
        neighbours = mat.NEIGHBOURS[size]
        seen = {w.pos: 0}
        frontier = [w.pos]
        for dist in range(1, budget + 1):
            nxt = []
            for a in frontier:
                for b in neighbours[a]:
                    if b in seen:
                        continue
                    if size == 1:
                        if occ[b] != -1:
                            continue
                    else:
                        o1, o2, o3, o4 = occ[b], occ[b + 1], occ[b + 12], occ[b + 13]
                        if (o1 != -1 and o1 != me) or (o2 != -1 and o2 != me) or (o3 != -1 and o3 != me) \
                                or (o4 != -1 and o4 != me):
                            continue
                    seen[b] = dist
                    nxt.append(b)
            if not nxt:
                break
            frontier = nxt
        del seen[w.pos]
        return seen

    def _nearest_spot(
        self, w: Wrestler, near: Box, contact_box: Box | None = None, need_rope: bool = False
    ) -> int:
        """The free anchor for ``w`` nearest a box (ties: first square); -1 if the ring is full."""
        spots = self._spots(w, near, contact_box, need_rope)
        return spots[0] if spots else -1

    def _spots(self, w: Wrestler, near: Box, contact_box: Box | None = None, need_rope: bool = False) -> list[int]:
        """Every free anchor for ``w`` equally nearest a box (a player's choice when several).
        With ``contact_box``: anchors in base contact with it first, then the closest to it."""
        best: list[int] = []
        best_key: tuple[int, int] | None = None
        for anchor in mat.FLOOR:
            if not self._fits(anchor, w.size, w.index):
                continue
            b = mat.box(anchor, w.size)
            if need_rope and not mat.ropes_touched(anchor, w.size):
                continue
            first = 0
            if contact_box is not None:
                cd = mat.box_distance(b, contact_box)
                if cd == 0:
                    continue
                first = 0 if cd == 1 else cd
            key = (first, mat.box_distance(b, near))
            if best_key is None or key < best_key:
                best_key, best = key, [anchor]
            elif key == best_key:
                best.append(anchor)
        return sorted(best)

    def _impact_zone(self, lander: Wrestler, anchor: int) -> tuple[int, ...] | None:
        size = lander.size if not mat.is_turnbuckle(anchor) else 1
        if not mat.valid_footprint(anchor, size):
            return None
        return tuple(sorted(mat.footprint(anchor, size)))

    def _impact_plan(self, lander: Wrestler, anchor: int) -> list[tuple[int, int]] | None:
        """rumbleslam (IMPACT): can the wrestlers under the landing base be pushed aside? The
        engine's own way (shortest chains, first of equals), used to test a landing."""
        zone = self._impact_zone(lander, anchor)
        if zone is None:
            return None
        occ = self.occ.copy()
        for c in lander.cells():
            occ[c] = -1
        return self._impact_greedy(occ, lander.index, frozenset(zone), set(), -1, -1)

    def _impact_greedy(
        self, occ: list[int], lander: int, zone: frozenset[int], moved: set[int], hand: int, src: int
    ) -> list[tuple[int, int]] | None:
        """Push every wrestler under ``zone`` into base contact, chaining through unmoved 1x1
        wrestlers to the nearest free square (a 2x2 moves one square). ``hand`` (off the mat in
        ``occ``) is pushed first, from ``src``. Mutates ``occ`` and ``moved``; the moves come in
        an order safe to apply one by one; None if impossible."""
        moves: list[tuple[int, int]] = []
        ws = self.ws
        while True:
            if hand < 0:
                hand = next((occ[c] for c in sorted(zone) if occ[c] not in (-1, lander)), -1)
                if hand < 0:
                    return moves
                src = ws[hand].pos
                for c in mat.footprint(src, ws[hand].size):
                    occ[c] = -1
            if ws[hand].size == 2:
                dest = -1
                for d in mat.DIRECTIONS.values():
                    b = mat.step(src, d)
                    cells = mat.footprint(b, 2)
                    if mat.valid_footprint(b, 2) and not zone.intersection(cells) and all(occ[x] == -1 for x in cells):
                        dest = b
                        break
                if dest < 0:
                    return None
                for x in mat.footprint(dest, 2):
                    occ[x] = hand
                moved.add(hand)
                moves.append((hand, dest))
                hand = -1
                continue
            # BFS through unmoved 1x1 wrestlers to the nearest free floor square outside the zone
            prev = {src: -1}
            queue = [src]
            found = -1
            while queue and found < 0:
                nxt = []
                for a in queue:
                    for d in mat.DIRECTIONS.values():
                        b = mat.step(a, d)
                        if b in prev or not mat.is_floor(b) or b in zone:
                            continue
                        who = occ[b]
                        if who != -1 and (ws[who].size != 1 or who in moved or who == lander):
                            continue
                        prev[b] = a
                        if who == -1:
                            found = b
                            break
                        nxt.append(b)
                    if found >= 0:
                        break
                queue = nxt
            if found < 0:
                return None
            path = [found]
            while prev[path[-1]] != -1:
                path.append(prev[path[-1]])
            path.reverse()  # src ... found
            movers = [hand] + [occ[c] for c in path[1:-1]]
            for k in range(len(movers) - 1, -1, -1):
                occ[path[k + 1]] = movers[k]
                moved.add(movers[k])
                moves.append((movers[k], path[k + 1]))
            hand = -1

    def _impact_options(
        self, lander: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, src: int
    ) -> list[int]:
        """rumbleslam (IMPACT): where the controlling player may push ``hand`` (lifted aside from
        ``src``): a free square in base contact; only if none, an occupied one whose 1x1 occupant
        is then pushed "in the same manner". Only squares from which every push can still finish."""
        occ = self.occ
        h = self.ws[hand]
        zs = frozenset(zone)
        raw: list[int] = []
        if h.size == 2:
            for d in mat.DIRECTIONS.values():
                b = mat.step(src, d)
                cells = mat.footprint(b, 2)
                if mat.valid_footprint(b, 2) and not zs.intersection(cells) and all(occ[x] == -1 for x in cells):
                    raw.append(b)
        else:
            free: list[int] = []
            taken: list[int] = []
            for d in mat.DIRECTIONS.values():
                b = mat.step(src, d)
                if not mat.is_floor(b) or b in zs:
                    continue
                who = occ[b]
                if who == -1:
                    free.append(b)
                elif self.ws[who].size == 1 and who not in moved and who != lander:
                    taken.append(b)
            raw = free or taken
        out = []
        for b in raw:
            sim = occ.copy()
            nxt = sim[b] if h.size == 1 else -1
            for x in mat.footprint(b, h.size):
                sim[x] = hand
            if self._impact_greedy(sim, lander, zs, {*moved, hand}, nxt, b if nxt >= 0 else -1) is not None:
                out.append(b)
        return sorted(out)

    def _land(self, w: Wrestler, anchor: int, then: tuple[Any, ...]) -> bool:
        """Place ``w`` at ``anchor``, then run ``then``; with (IMPACT) the wrestlers in the way
        are pushed aside first (the active player's choices). False if impossible."""
        size = w.size
        if self._fits(anchor, size, w.index):
            self._place(w, FLOOR, anchor)
            self._push(then)
            return True
        if size < 2 or self._impact_plan(w, anchor) is None:
            return False
        zone = self._impact_zone(w, anchor)
        self._place(w, LIFTED, -1)  # in the air above its landing base
        self._push(("impact", w.index, anchor, zone, (), -1, -1), then)
        return True

    def _s_impact(
        self, lander_i: int, anchor: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, src: int
    ) -> None:
        """rumbleslam (IMPACT): push the next wrestler under the landing base (or land)."""
        lander = self.ws[lander_i]
        if hand < 0:
            hand = next((self.occ[c] for c in zone if self.occ[c] not in (-1, lander_i)), -1)
            if hand < 0:
                self._place(lander, FLOOR, anchor)
                return
            src = self.ws[hand].pos
            self._place(self.ws[hand], LIFTED, -1)  # lifted aside until placed
        options = self._impact_options(lander_i, zone, moved, hand, src)
        if not options:  # only if the engine's chain was the one way through: take it
            occ = self.occ.copy()
            plan = self._impact_greedy(occ, lander_i, frozenset(zone), set(moved), hand, src)
            assert plan is not None, "rumbleslam: (IMPACT) push lost its way"
            for o, b in plan:
                self._place(self.ws[o], FLOOR, b)
                self.emit("impact_push", {"wrestler": self._label(o), "to": mat.SQUARE_NAMES[b]})
            self._place(lander, FLOOR, anchor)
            return
        if len(options) == 1:
            self._impact_move(lander_i, anchor, zone, moved, hand, options[0])
            return
        player = self.ws[self.active].player if self.active >= 0 else lander.player
        self._push(self._decide_step("place", player, "impact", hand, (lander_i, anchor, zone, moved, src)))

    def _impact_move(
        self, lander_i: int, anchor: int, zone: tuple[int, ...], moved: tuple[int, ...], hand: int, dest: int
    ) -> None:
        h = self.ws[hand]
        nxt = self.occ[dest] if h.size == 1 else -1
        if nxt >= 0:
            self._place(self.ws[nxt], LIFTED, -1)
        self._place(h, FLOOR, dest)
        self.emit("impact_push", {"wrestler": self._label(h), "to": mat.SQUARE_NAMES[dest]})
        self._push(("impact", lander_i, anchor, zone, tuple(sorted((*moved, hand))), nxt, dest if nxt >= 0 else -1))

    def _can_land(self, w: Wrestler, anchor: int) -> bool:
        if not mat.valid_footprint(anchor, w.size):
            return False
        if self._fits(anchor, w.size, w.index):
            return True
        return w.size == 2 and self._impact_plan(w, anchor) is not None

    # =========================================================================== stats
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
        pool = self.game.entrants[w.index].profile.pool(stat)
        if attack is not None and attack.pool is not None:
            pool = attack.pool
        return pool.dice, pool.bonus + w.bonus[STAT_INDEX[stat]] + self._passive(w, stat)

    def _enemy(self, a: Wrestler, b: Wrestler) -> bool:
        return a.player != b.player

    # =========================================================================== damage & status
    def _damage(self, w: Wrestler, n: int, why: str = "") -> None:
        """rumbleslam STATS (STA never below 0), KO'D, LIFT (a damaged lifter drops its load)."""
        if n <= 0 or not w.in_ring:
            return
        before = w.sta
        w.sta = max(0, w.sta - n)
        self.emit("damage", {"wrestler": self._label(w), "amount": n, "sta": w.sta, "why": why})
        if w.lifting >= 0:
            self._drop(w)
        if before > 0 and w.sta == 0:
            self._ko(w)

    def _ko(self, w: Wrestler) -> None:
        w.kd = 1
        w.bleed = 0
        w.cp = 0
        self.emit("ko", {"wrestler": self._label(w)})
        if w.lifting >= 0:
            self._drop(w)
        if w.index == self.active:
            self.end_flag = True

    def _knockdown(self, w: Wrestler) -> None:
        if not w.in_ring:
            return
        w.kd = 1
        self.emit("knockdown", {"wrestler": self._label(w)})
        if w.lifting >= 0:
            self._drop(w)

    def _heal(self, w: Wrestler, n: int) -> None:
        if not w.in_ring:
            return
        was_ko = w.ko
        w.sta = min(w.sta_max, w.sta + n)
        if was_ko and w.sta > 0:
            self.emit("recover", {"wrestler": self._label(w), "sta": w.sta})

    def _counter(self, w: Wrestler, rule: str, n: int) -> None:
        """rumbleslam COUNTERS: one of each kind, two only when the effect says 2."""
        field = {"-AP": "m_ap", "+AP": "p_ap", "-MP": "m_mp", "+MP": "p_mp"}[rule]
        current = getattr(w, field)
        cap = 2 if n >= 2 else 1
        new = min(max(current, min(current + n, cap)), COUNTER_CAP)
        setattr(w, field, new)
        self.emit("counter", {"wrestler": self._label(w), "counter": rule, "count": new})

    def _drop(self, lifter: Wrestler) -> None:
        """rumbleslam LIFT: the Lifted wrestler is dropped at once; its controlling player places
        it in base contact with the lifter (or the closest free square), before anything else."""
        t = self.ws[lifter.lifting]
        lifter.lifting = -1
        t.lifted_by = -1  # Lifted by nobody: in the air until placed
        near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
        self.deferred.append(("settle", "drop", t.index, t.player, near, contact))

    def _s_settle(self, purpose: str, index: int, player: int, near: Box, contact: Box | None) -> None:
        """Put a wrestler in the air back on the mat: the player chooses among equally good squares."""
        w = self.ws[index]
        if w.loc != LIFTED or w.lifted_by >= 0:
            return
        spots = self._spots(w, near, contact)
        if not spots:
            self._remove(w, "no room in the ring")
        elif len(spots) == 1:
            self._settle(purpose, w, spots[0])
        else:
            self._push(self._decide_step("place", player, purpose, index, near, contact))

    def _settle(self, purpose: str, w: Wrestler, spot: int) -> None:
        self._place(w, FLOOR, spot)
        if purpose in ("drop", "escape"):
            self.emit(purpose, {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[spot]})

    def _remove(self, w: Wrestler, how: str) -> None:
        """rumbleslam OBJECT OF THE GAME: removed wrestlers leave the game."""
        if w.loc == OUT:
            return
        if w.lifting >= 0:
            lifted = self.ws[w.lifting]
            w.lifting = -1
            lifted.lifted_by = -1
            spot = self._nearest_spot(lifted, w.box() if w.on_mat else (5, 5, 6, 6))
            if spot >= 0:
                self._place(lifted, FLOOR, spot)
            else:
                lifted.loc = OUT
        if w.lifted_by >= 0:
            self.ws[w.lifted_by].lifting = -1
            w.lifted_by = -1
        self._place(w, OUT, -1)
        w.cp = 0
        w.bleed = 0
        self.removed[w.player] += 1
        self.emit("removed", {"wrestler": self._label(w), "how": how})
        if w.index == self.active:
            self.end_flag = True
        self._check_over()

    def _check_over(self) -> None:
        alive = [p for p in range(self.game.players) if any(w.in_ring for w in self.ws if w.player == p)]
        if len(alive) <= 1:
            self._finish(alive, "last team standing" if alive else "no wrestler left")

    def _finish(self, winners: list[int], how: str) -> None:
        n = self.game.players
        if not winners or len(winners) == n:
            self.outcome = (0.0,) * n
        else:
            k = len(winners)
            self.outcome = tuple((n - k) / (k * (n - 1)) if p in winners else -1.0 / (n - 1) for p in range(n))
        self.method = how
        self.over = True
        self.stack.clear()
        self.deferred.clear()
        self.emit("result", {"winners": [self.game.player_label(p) for p in winners], "how": how,
                             "dosh": self.dosh_count})

    # =========================================================================== setup
    def _s_setup_roll(self) -> None:
        # rumbleslam SETTING UP THE GAME: all players roll 1G; lowest (re-roll draws) picks.
        self._push(("roll", tuple((p, "G") for p in range(self.game.players))), ("setup_rolled",))

    def _s_setup_rolled(self) -> None:
        faces = [self.buf[p][2] for p in range(self.game.players)]
        self._emit_roll("setup", players=[self.game.player_label(p) for p in range(self.game.players)])
        if len(set(faces)) != len(faces):
            self._push(("setup_roll",))
            return
        self.order = sorted(range(self.game.players), key=lambda p: faces[p])
        self.holder = self.order[0]
        self._push(self._decide_step("corner", self.order[0]), ("corners_next",))

    def _s_corners_next(self) -> None:
        taken = [c for c in self.corners if c >= 0]
        pending = [p for p in self.order if self.corners[p] < 0]
        if not pending:
            steps = [("deploy", w.index) for p in self.order for w in self.ws if w.player == p]
            self._push(*steps, ("round_start",))
            return
        p = pending[0]
        if len(taken) == 1:
            self.corners[p] = mat.OPPOSITE[taken[0]]
            self.emit("corner", {"team": self.game.player_label(p), "corner": mat.TURNBUCKLE_NAMES[self.corners[p]]})
            self._push(("corners_next",))
            return
        free = [c for c in mat.TURNBUCKLES if c not in taken]
        if len(free) == 1:
            self.corners[p] = free[0]
            self._push(("corners_next",))
            return
        self._push(self._decide_step("corner", p), ("corners_next",))

    def _corner_spots(self, w: Wrestler) -> list[int]:
        return [a for a in mat.corner_anchors(self.corners[w.player], w.size) if self._fits(a, w.size)]

    def _s_deploy(self, index: int) -> None:
        w = self.ws[index]
        entrant = self.game.entrants[index]
        if entrant.benched:
            self.emit("sidelines", {"wrestler": entrant.label, "why": "Traditional Tag Team partner"})
            return
        if not self._corner_spots(w):
            self.emit("sidelines", {"wrestler": entrant.label, "why": "no room in the corner"})
            return
        self._push(self._decide_step("place", w.player, "deploy", index))

    # =========================================================================== rounds
    def _s_round_start(self) -> None:
        # rumbleslam ROUNDS: 5 rounds; then the Dosh count.
        if self.round >= self.game.rounds:
            self._dosh_decision()
            return
        self.round += 1
        for w in self.ws:
            w.activated = False
            w.cp_lock = False
            w.cp = 0
            w.bonus = (0, 0, 0, 0)
        self.tag_used = []
        self.emit("round", {"round": self.round, "initiative_card": self.game.player_label(self.holder)})
        steps: list[tuple[Any, ...]] = []
        live = self._players_in()
        for p in self._clockwise(self.holder):
            if p in live:
                steps.append(("entries", p))
        if self.round >= 2:
            for p in self._clockwise(self.holder):
                if p in live:
                    steps.append(("sponsor_window", p))
        steps.append(("nominations",))
        self._push(*steps)

    def _players_in(self) -> list[int]:
        return [p for p in range(self.game.players) if any(w.in_ring for w in self.ws if w.player == p)]

    def _dosh_decision(self) -> None:
        """rumbleslam ROUNDS: highest Dosh in the ring wins; KO'd count half, sidelines nothing."""
        totals = []
        for p in range(self.game.players):
            total = 0.0
            for w in self.ws:
                if w.player == p and w.in_ring:
                    dosh = self.game.entrants[w.index].profile.dosh
                    total += dosh / 2 if w.ko else dosh
            totals.append(total)
        self.dosh_count = totals
        best = max(totals)
        winners = [p for p in range(self.game.players) if totals[p] == best]
        self._finish(winners if len(winners) < self.game.players else [], "Dosh count after the last round")

    def _eligible_entries(self, p: int) -> list[int]:
        out = []
        for w in self.ws:
            if w.player != p or w.loc != SIDE:
                continue
            e = self.game.entrants[w.index]
            if e.benched and e.partner >= 0 and self.ws[e.partner].loc != OUT:
                continue
            if self._corner_spots(w):
                out.append(w.index)
        return out

    def _s_entries(self, p: int) -> None:
        # rumbleslam ON THE SIDELINES: one entry per friendly wrestler removed from the game.
        if self.removed[p] - self.entered[p] <= 0 or not self._eligible_entries(p):
            return
        self._push(self._decide_step("enter", p), ("entries", p))

    def _s_sponsor_window(self, p: int) -> None:
        # rumbleslam SPONSORSHIP BONUSES: from round 2, before the initiative, once per game each.
        if self.sponsors_left[p] and self._players_in().count(p):
            self._push(self._decide_step("sponsor", p))

    def _s_sponsor_rolled(self, p: int, name: str) -> None:
        count = self.buf[0][2]
        self._emit_roll("sponsorship", team=self.game.player_label(p), sponsorship=name)
        eligible = self._sponsor_eligible(p, name)
        n = min(count, len(eligible))
        if n == 0:
            return
        if n == len(eligible):
            for w in eligible:
                self._sponsor_apply(p, name, w)
            return
        self._push(self._decide_step("recipient", p, name, n, ()))

    def _sponsor_eligible(self, p: int, name: str, chosen: tuple[int, ...] = ()) -> list[int]:
        out = []
        for w in self.ws:
            if w.player != p or w.index in chosen or not w.in_ring:
                continue
            if name == "Eagle Airways" and (w.loc == LIFTED or w.lifting >= 0 or not self._eagle_spots(w)):
                continue
            out.append(w.index)
        return out

    def _eagle_spots(self, w: Wrestler) -> list[int]:
        return [a for a in mat.FLOOR if self._fits(a, w.size, w.index) and a != w.pos]

    def _sponsor_apply(self, p: int, name: str, index: int) -> None:
        w = self.ws[index]
        self.emit("sponsored", {"wrestler": self._label(w), "sponsorship": name})
        if name in SPONSOR_STAT:
            b = list(w.bonus)
            b[STAT_INDEX[SPONSOR_STAT[name]]] += 1
            w.bonus = (b[0], b[1], b[2], b[3])
        elif name == "Phoenix Fizz":
            self._heal(w, 1)
            w.kd = 0
        elif name == "Orka-Cola":
            self._counter(w, "+AP", 1)
        elif name == "Tauran Tacos":
            self._counter(w, "+MP", 1)
        elif name == "Eagle Airways":
            self._push(self._decide_step("place", p, "eagle", index))

    def _s_nominations(self) -> None:
        # rumbleslam TAKING THE INITIATIVE: the card holder nominates first, then clockwise.
        self.nominee = [-1] * self.game.players
        live = self._players_in()
        steps: list[tuple[Any, ...]] = []
        for p in self._clockwise(self.holder):
            if p in live:
                steps.append(("nominate", p))
        steps.append(("initiative_roll",))
        self._push(*steps)

    def _activatable(self, p: int) -> list[int]:
        return [w.index for w in self.ws if w.player == p and w.in_ring and not w.activated]

    def _s_nominate(self, p: int) -> None:
        options = self._activatable(p)
        if len(options) == 1:
            self.nominee[p] = options[0]
        elif options:
            self._push(self._decide_step("nominate", p))

    def _s_initiative_roll(self) -> None:
        spec: list[tuple[int, str]] = []
        for p in range(self.game.players):
            if self.nominee[p] >= 0:
                w = self.ws[self.nominee[p]]
                # a KO'd wrestler rolls its real DEX for the initiative (rumbleslam KO'D)
                spec.extend((p, k) for k in self.game.entrants[w.index].profile.pool("dex").dice)
        # rumbleslam RE-ROLLS: the Initiative card holder declares re-rolls first
        owners = tuple(range(self.game.players))
        windows = [("reroll_window", p, "init", (0, 0), 0, owners)
                   for p in self._clockwise(self.holder) if self.nominee[p] >= 0]
        self._push(("roll", tuple(spec)), *windows, ("initiative_done",))

    def _initiative_totals(self) -> dict[int, int]:
        totals = {}
        for p in range(self.game.players):
            if self.nominee[p] >= 0:
                w = self.ws[self.nominee[p]]
                pool = self.game.entrants[w.index].profile.pool("dex")
                totals[p] = self._total(p) + pool.bonus + w.bonus[3]
        return totals

    def _initiative_order(self) -> list[int]:
        """Highest DEX first; ties to the card holder, then clockwise from it."""
        totals = self._initiative_totals()
        seat = {p: i for i, p in enumerate(self._clockwise(self.holder))}
        return sorted(totals, key=lambda p: (-totals[p], seat[p]))

    def _s_initiative_done(self) -> None:
        totals = self._initiative_totals()
        self._emit_roll("initiative", totals={self.game.player_label(p): t for p, t in totals.items()})
        self.turn_order = self._initiative_order()
        self.turn = 0
        if self.turn_order:
            self.emit("initiative", {"team": self.game.player_label(self.turn_order[0]),
                                     "wrestler": self._label(self.nominee[self.turn_order[0]])})
        self._push(("next_act",))

    def _s_next_act(self) -> None:
        # rumbleslam ACTIVATING WRESTLERS: one activation each in initiative order, cycling.
        n = len(self.turn_order)
        for k in range(n):
            p = self.turn_order[(self.turn + k) % n]
            options = self._activatable(p)
            if not options:
                continue
            self.turn = (self.turn + k + 1) % n
            nominee = self.nominee[p]
            if nominee in options:
                self._push(("start_act", nominee))
            elif len(options) == 1:
                self._push(("start_act", options[0]))
            else:
                self._push(self._decide_step("activate", p))
            return
        self._push(("round_end",))

    def _s_round_end(self) -> None:
        for w in self.ws:
            w.cp = 0
        live = self._players_in()
        for p in self._clockwise(self.holder)[1:]:
            if p in live:
                self.holder = p
                break
        self._push(("round_start",))

    # =========================================================================== activation
    def _s_start_act(self, index: int) -> None:
        w = self.ws[index]
        p = w.player
        w.activated = True
        self.active = index
        self.end_flag = False
        self.used = []
        self.dirty = 0
        prof = self.game.entrants[index].profile
        # rumbleslam (+/- AP), (+/- MP): counters apply at the start of the activation
        w.ap = max(0, prof.ap + w.p_ap - w.m_ap)
        w.mp = max(0, prof.mp + w.p_mp - w.m_mp)
        w.mp_allow = w.mp
        w.p_ap = w.m_ap = w.p_mp = w.m_mp = 0
        self.emit("activate", {"wrestler": self._label(w), "ap": w.ap, "mp": w.mp})
        steps: list[tuple[Any, ...]] = []
        if w.ko:
            steps.extend(self._crowd_roll(p, 1, (BOO, BLANK)))
            steps.append(("ko_recovery", index))
        elif w.bleed:
            steps.extend(self._crowd_roll(p, 1, (BOO, BLANK)))
            steps.append(("bleeding", index))
        if any(a.kind == "choice" for a, _ in self.game.entrants[index].abilities):
            steps.append(("choice", index))
        if w.loc == LIFTED:
            steps.append(("escape", index))
        steps.append(self._decide_step("act", p, index))
        self._push(*steps)

    def _s_ko_recovery(self, index: int) -> None:
        # rumbleslam KO'D: Cheer restores 1 STA; otherwise the activation ends.
        w = self.ws[index]
        face = self.buf[0][2]
        self._emit_roll("KO recovery", wrestler=self._label(w))
        if face == CHEER:
            self._heal(w, 1)
        else:
            self.end_flag = True

    def _s_bleeding(self, index: int) -> None:
        # rumbleslam (BLEEDING): Cheer stops it; anything else costs 1 STA.
        w = self.ws[index]
        face = self.buf[0][2]
        self._emit_roll("bleeding", wrestler=self._label(w))
        if face == CHEER:
            w.bleed = 0
        else:
            self._damage(w, 1, "bleeding")
            if w.loc == TB:
                self._push(("tb_test", index, -1))

    def _s_choice(self, index: int) -> None:
        if not self.end_flag:
            self._push(self._decide_step("choice", self.ws[index].player, index))

    def _s_escape(self, index: int) -> None:
        # rumbleslam ACTIVATING A LIFTED WRESTLER
        w = self.ws[index]
        if self.end_flag or w.loc != LIFTED:
            return
        lifter = self.ws[w.lifted_by]
        if w.kd:
            if w.ap >= 1:
                w.ap -= 1
                w.kd = 0
                self.emit("stand", {"wrestler": self._label(w)})
            else:
                self.end_flag = True
                return
        if not self._enemy(w, lifter):
            self._escape_to(w, lifter)
            return
        self._push(self._decide_step("defend", w.player, "escape", lifter.index, index, A_LIFT))

    def _escape_to(self, w: Wrestler, lifter: Wrestler) -> None:
        """The escaping wrestler's player places it in base contact with the lifter."""
        lifter.lifting = -1
        w.lifted_by = -1
        near, contact = (lifter.box(), lifter.box()) if lifter.on_mat else (CENTER, None)
        self._push(("settle", "escape", w.index, w.player, near, contact))

    def _s_escape_rolled(self, lifter_i: int, index: int, stat: str, flats: tuple[int, int]) -> None:
        lifter, w = self.ws[lifter_i], self.ws[index]
        a, d = self._total(0) + flats[0], self._total(1) + flats[1]
        self._emit_roll("escape", lifter=self._label(lifter), wrestler=self._label(w), totals=[a, d])
        if w.loc != LIFTED or w.lifted_by != lifter_i:
            return
        if d >= a:
            self._escape_to(w, lifter)
        else:
            self.end_flag = True

    def _act_should_end(self, index: int) -> bool:
        w = self.ws[index]
        if self.end_flag or not w.on_mat or w.ko:
            return True
        menu = self._act_menu(w)
        if len(menu) == 1 and menu[0].name == "end":
            return True
        self._legal = menu
        return False

    def _s_end_act(self, index: int) -> None:
        w = self.ws[index]
        if w.in_ring:
            w.ap = 0
            w.mp = 0
        self.active = -1
        self.end_flag = False
        self._push(("next_act",))

    # =========================================================================== decisions
    def _decisions(self, step: tuple[Any, ...]) -> list[Action]:
        code = step[1]
        player = step[2]
        A = self.game.actions.by_name
        acts: list[Action | None] = []
        if code == "act":
            return self._act_menu(self.ws[step[3]])
        if code == "corner":
            taken = [c for c in self.corners if c >= 0]
            acts = [A(f"corner {n}") for c, n in zip(mat.TURNBUCKLES, mat.CORNER_NAMES, strict=True) if c not in taken]
        elif code == "place":
            purpose, index = step[3], step[4]
            w = self.ws[index]
            if purpose in ("deploy", "enter"):
                spots = self._corner_spots(w)
            elif purpose == "eagle":
                spots = self._eagle_spots(w)
            elif purpose == "dodge":
                spots = self._dodge_spots(w)
            elif purpose == "impact":
                lander, _anchor, zone, moved, src = step[5]
                spots = self._impact_options(lander, zone, moved, index, src)
            else:  # drop, escape, ammo
                spots = self._spots(w, step[5], step[6])
            acts = [A(f"place {mat.SQUARE_NAMES[s]}") for s in spots]
        elif code == "enter":
            acts = [A(f"enter {self._label(i)}") for i in self._eligible_entries(player)] + [A("no entry")]
        elif code == "sponsor":
            acts = [A(f"sponsor {s}") for s in self.sponsors_left[player]] + [A("no sponsor")]
        elif code == "recipient":
            acts = [A(f"recipient {self._label(i)}") for i in self._sponsor_eligible(player, step[3], step[5])]
        elif code == "nominate":
            acts = [A(f"nominate {self._label(i)}") for i in self._activatable(player)]
        elif code == "activate":
            acts = [A(f"activate {self._label(i)}") for i in self._activatable(player)]
        elif code == "choice":
            w = self.ws[step[3]]
            for ability, _ in self.game.entrants[w.index].abilities:
                if ability.kind == "choice":
                    acts = [A(f"choose {o.name}") for o in ability.options]
        elif code == "defend":
            purpose = step[3]
            stats = ("def", "dex") if purpose == "trip" else ("grp", "dex")
            acts = [A(f"defend {s.upper()}") for s in stats]
        elif code == "shove":
            mover, pusher = self.ws[step[3]], self.ws[step[4]]
            acts = [A(f"shove {d}") for d in self._shove_dirs(mover, pusher)]
        elif code == "rebound":
            acts = [A("smash")] if step[5] else []
            acts += [A(f"rebound {r}") for r in step[4]]
        elif code == "reroll":
            acts = [A(f"reroll die {i}") for i in self._reroll_candidates(player, step[6], step[3], step[5])]
            acts.append(A("keep dice"))
        elif code == "land":
            acts = [A(f"land {mat.SQUARE_NAMES[c]}") for c in self._landings(self.ws[step[3]], self.ws[step[4]])]
        elif code == "throw":
            thrower, thrown = self.ws[step[3]], self.ws[step[4]]
            acts = [A(f"throw {mat.SQUARE_NAMES[c]}") for c in self._throw_targets(thrower, thrown, step[5])]
        out = [a for a in acts if a is not None]
        if not out:
            raise AssertionError(f"no legal decision for {step}")
        return out

    def _decide(self, step: tuple[Any, ...], what: tuple[Any, ...], action: Action) -> None:
        code = step[1]
        player = step[2]
        verb = what[0]
        self.emit("decision", {"team": self.game.player_label(player), "action": action.name})
        if code == "act":
            self._push(step)  # the activation goes on after this action
            self._do_action(self.ws[step[3]], what)
        elif code == "corner":
            self.corners[player] = what[1]
            self.emit("corner", {"team": self.game.player_label(player), "corner": mat.TURNBUCKLE_NAMES[what[1]]})
        elif code == "place":
            purpose, index = step[3], step[4]
            w = self.ws[index]
            if purpose in ("deploy", "enter"):
                self._place(w, FLOOR, what[1])
                self.emit("deploy" if purpose == "deploy" else "enter",
                          {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[what[1]]})
                if purpose == "enter":
                    self.entered[player] += 1
            elif purpose == "eagle":
                self._place(w, FLOOR, what[1])
                self.emit("move", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[what[1]], "why": "Eagle Airways"})
            elif purpose == "dodge":
                self._place(w, FLOOR, what[1])
                self.emit("dodge", {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[what[1]]})
            elif purpose == "impact":
                lander, anchor, zone, moved, _src = step[5]
                self._impact_move(lander, anchor, zone, moved, index, what[1])
            else:
                self._settle(purpose, w, what[1])
        elif code == "enter":
            if verb == "enter":
                self._push(self._decide_step("place", player, "enter", what[1]))
            else:
                self.stack.pop()  # the pending ("entries", p) re-check: no more entries this round
        elif code == "sponsor":
            if verb == "sponsor":
                name = what[1]
                self.sponsors_left[player] = tuple(s for s in self.sponsors_left[player] if s != name)
                self.emit("sponsorship", {"team": self.game.player_label(player), "sponsorship": name})
                self._push(("roll", ((0, SPONSOR_DIE[name]),)), ("sponsor_rolled", player, name))
        elif code == "recipient":
            name, n, chosen = step[3], step[4], step[5]
            chosen = (*chosen, what[1])
            self._sponsor_apply(player, name, what[1])
            if len(chosen) < n and self._sponsor_eligible(player, name, chosen):
                self.stack.append(self._decide_step("recipient", player, name, n, chosen))
                # Eagle Airways placement (if pushed by _sponsor_apply) runs first
                if name == "Eagle Airways":
                    self.stack[-1], self.stack[-2] = self.stack[-2], self.stack[-1]
        elif code == "nominate":
            self.nominee[player] = what[1]
            self.emit("nominate", {"team": self.game.player_label(player), "wrestler": self._label(what[1])})
        elif code == "activate":
            self._push(("start_act", what[1]))
        elif code == "choice":
            w = self.ws[step[3]]
            for ability, _ in self.game.entrants[w.index].abilities:
                if ability.kind == "choice":
                    w.choice = next(i for i, o in enumerate(ability.options) if o.name == what[1])
        elif code == "defend":
            self._defend(step, what[1])
        elif code == "shove":
            self._shove(self.ws[step[3]], self.ws[step[4]], step[5], mat.DIRECTIONS[what[1]])
        elif code == "rebound":
            t = self.ws[step[3]]
            if verb == "smash":
                self.emit("smash", {"wrestler": self._label(t)})
                self._damage(t, 2, "smashed against the turnbuckle")
            else:
                self._push(("rebound", t.index, what[1]))
        elif code == "reroll":
            if verb == "keep":
                return
            i = what[1]
            side, kind, face, _ = self.buf[i]
            self.buf[i] = (side, kind, -1, True)
            self.endorsements[player] -= 1
            self.emit("endorsement", {"team": self.game.player_label(player), "die": kind, "was": face})
            self._push(("die", i), ("reroll_window", player, step[3], step[4], step[5], step[6]))
        elif code == "land":
            self._push(("tb_land", step[3], step[4], step[5], what[1]))
        elif code == "throw":
            self._push(("throw_to", step[3], step[4], what[1], step[6]))

    # =========================================================================== the action menu
    def _act_menu(self, w: Wrestler) -> list[Action]:
        g = self.game
        L = g.lookup
        i = w.index
        out: list[Action] = [L[("end",)]]
        e = g.entrants[i]
        prof = e.profile
        ap = w.ap
        if w.loc == FLOOR and w.kd:
            # rumbleslam KNOCKED DOWN: remove the counter (1AP) before any other action
            if ap >= 1:
                out.append(L[("stand", i)])
            if g.kd_can_move:
                out.extend(L[("move", i, c)] for c in self._reachable(w, w.mp))
            return out
        if w.loc == TB:
            # rumbleslam THE TURNBUCKLE: attack from it, or dismount
            if ap >= 1 and self._dismount_spot(w) >= 0:
                out.append(L[("dismount", i)])
            for t in self.ws:
                if not t.on_mat or t.player == w.player:
                    continue
                dist = mat.box_distance(w.box(), t.box())
                landing: bool | None = None
                if ap >= 2 and dist <= w.mp_allow:
                    landing = bool(self._landings(w, t))
                    if landing:
                        out.append(L[("tbattack", i, t.index, A_TB)])
                for ability, attack in e.abilities:
                    if ability.kind == "turnbuckle" and ap >= ability.ap and dist <= (ability.range or 0):
                        if landing is None:
                            landing = bool(self._landings(w, t))
                        if landing:
                            out.append(L[("tbattack", i, t.index, attack)])
            if ap >= prof.cp_cost:
                out.append(L[("cp", i)])
            return out
        # on the floor, standing
        if w.mp > 0:
            out.extend(L[("move", i, c)] for c in self._reachable(w, w.mp))
        if ap >= prof.cp_cost:
            out.append(L[("cp", i)])
        if w.lifting >= 0:
            # ruling AMB-26: a lifter may move, Throw, make a Crowd Pleaser or end
            if ap >= 1:
                thrown = self.ws[w.lifting]
                out.extend(L[("throw", c)] for c in self._throw_targets(w, thrown, prof.throw))
            return out
        for t in self._in_contact(w):
            ti = t.index
            if t.player != w.player:
                if ap >= 1:
                    out.append(L[("attack", i, ti, A_BRAWL)])
                    out.append(L[("attack", i, ti, A_GRAPPLE)])
                    if t.kd and t.loc != LIFTED:
                        out.append(L[("pin", i, ti)])
                if ap >= 2:
                    out.append(L[("attack", i, ti, A_TRIP)])
                for ability, attack in e.abilities:
                    if ability.kind in ("grapple", "active") and ap >= ability.ap \
                            and not g.attacks[attack].has("DEVASTATING"):
                        out.append(L[("attack", i, ti, attack)])
                if e.tag_attack >= 0 and ap >= g.attacks[e.tag_attack].ap and self._tag_ready(w):
                    out.append(L[("tag", i, ti, e.tag_attack)])
            if ap >= 1 and t.lifting < 0:
                out.append(L[("attack", i, ti, A_LIFT)])
        for ability, attack in e.abilities:
            if ability.kind == "active" and g.attacks[attack].has("DEVASTATING") and ap >= ability.ap \
                    and self._in_contact(w):
                out.append(L[("devastate", i, attack)])
        ropes = mat.ropes_touched(w.pos, w.size)
        for r in ropes:
            if ap >= 1:
                out.append(L[("bounce", i, r, A_ROPE)])
            for ability, attack in e.abilities:
                if ability.kind == "rope" and ap >= ability.ap:
                    out.append(L[("bounce", i, r, attack)])
        tb = mat.turnbuckle_touched(w.pos, w.size)
        if tb is not None and ap >= 1 and self.occ[tb] == -1:
            out.append(L[("climb", i)])
        if e.tag_style == "traditional" and ropes and ap >= 2 and self._tag_ready(w):
            partner = self.ws[e.partner]
            if partner.loc == SIDE and partner.size == w.size:
                out.append(L[("tagout", i)])
        return out

    def _tag_ready(self, w: Wrestler) -> bool:
        """rumbleslam TAG TEAM ABILITIES: one Tag Out or one Tag Team Ability per round."""
        e = self.game.entrants[w.index]
        if e.tag_team is None or e.tag_team.name in self.tag_used:
            return False
        if e.tag_style == "exhibition":
            return self._contact(w, self.ws[e.partner])
        return bool(mat.ropes_touched(w.pos, w.size)) if w.loc == FLOOR else False

    def _dismount_spot(self, w: Wrestler) -> int:
        floor = mat.CORNER_FLOOR[w.pos]
        if w.size == 1:
            return floor if self.occ[floor] == -1 else -1
        fx, fy = mat.xy(floor)
        anchor = mat.cell_at(fx - (1 if fx == 10 else 0), fy - (1 if fy == 10 else 0))
        return anchor if self._can_land(w, anchor) else -1

    def _landings(self, w: Wrestler, t: Wrestler) -> list[int]:
        """rumbleslam TURNBUCKLE: an unoccupied square in base contact with the target (IMPACT:
        a WEIGHT 3 wrestler may land on occupied squares, pushing them)."""
        tbox = t.box()
        out = []
        for anchor in mat.FLOOR:
            if not mat.valid_footprint(anchor, w.size):
                continue
            d = mat.box_distance(mat.box(anchor, w.size), tbox)
            if w.size == 1:
                if d == 1 and self.occ[anchor] == -1:
                    out.append(anchor)
            elif d <= 1 and (d == 1 or t.loc == FLOOR) and self._can_land(w, anchor):
                out.append(anchor)
        return out

    def _throw_targets(self, thrower: Wrestler, thrown: Wrestler, reach: int) -> list[int]:
        """rumbleslam THROW: any square within THROW; a rope square throws an enemy out."""
        tbox = thrower.box()
        own = set(thrower.cells())
        enemy = self._enemy(thrower, thrown)
        out = []
        for c in range(mat.CELLS):
            if c in own:
                continue
            if mat.box_distance(tbox, mat.box(c, 1)) > reach:
                continue
            if mat.is_rope(c):
                if enemy:
                    out.append(c)
            elif self._landable(thrown, c, own):
                out.append(c)
        return out

    def _landable(self, thrown: Wrestler, c: int, own: set[int]) -> bool:
        if mat.is_turnbuckle(c) or self.occ[c] != -1 or thrown.size == 1:
            return True
        return self._cover_anchor(thrown, c, own) >= 0

    def _cover_anchor(self, w: Wrestler, cell: int, avoid: set[int]) -> int:
        """A landing base for a thrown 2x2 covering ``cell`` (free if possible, else IMPACT)."""
        x, y = mat.xy(cell)
        candidates = [mat.cell_at(x - dx, y - dy) for dy in (0, 1) for dx in (0, 1)]
        fallback = -1
        for a in candidates:
            if not mat.valid_footprint(a, 2) or set(mat.footprint(a, 2)) & avoid:
                continue
            if self._fits(a, 2, w.index):
                return a
            if fallback < 0 and self._impact_plan(w, a) is not None:
                fallback = a
        return fallback

    def _dodge_spots(self, w: Wrestler) -> list[int]:
        if w.loc != FLOOR:
            return []
        return [b for b in (mat.step(w.pos, d) for d in mat.DIRECTIONS.values()) if self._fits(b, w.size, w.index)]

    def _shove_dirs(self, mover: Wrestler, pusher: Wrestler) -> list[str]:
        on_mat = pusher.on_mat and mover.on_mat
        toward = mat.direction_between(mover.box(), pusher.box()) if on_mat else (0, 0)
        return [n for n, d in mat.DIRECTIONS.items() if d != toward]

    # =========================================================================== doing actions
    def _count(self, kind: str) -> bool:
        """rumbleslam DIRTY: No Class is a third identical action in one activation."""
        self.used.append(kind)
        return self.used.count(kind) >= 3

    def _dirty_then(self, w: Wrestler, cont: tuple[Any, ...], auto_pass: bool = False) -> None:
        """rumbleslam DIRTY: first Dirty action 1 Crowd die, later ones 2; a Boo ends it with -AP."""
        self.dirty += 1
        if auto_pass:
            self.emit("dirty", {"wrestler": self._label(w), "dice": 0})
            self._push(cont)
            return
        n = 1 if self.dirty == 1 else 2
        self._push(*self._crowd_roll(w.player, n, (BOO,)), ("dirty_done", w.index, cont))

    def _s_dirty_done(self, index: int, cont: tuple[Any, ...]) -> None:
        w = self.ws[index]
        faces = self._faces()
        self._emit_roll("dirty check", wrestler=self._label(w))
        if BOO in faces:
            self._counter(w, "-AP", 1)
            self.emit("dirty_fail", {"wrestler": self._label(w)})
            self.end_flag = True
            return
        self._push(cont)

    def _do_action(self, w: Wrestler, what: tuple[Any, ...]) -> None:
        step: tuple[Any, ...]
        verb = what[0]
        g = self.game
        if verb == "end":
            self.stack.pop()
            self._push(("end_act", w.index))
            return
        if verb == "move":
            cost = self._reachable(w, w.mp)[what[2]]
            w.mp -= cost
            self._place(w, FLOOR, what[2])
            self.emit("move", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[what[2]], "mp": cost})
            return
        if verb == "stand":
            w.ap -= 1
            w.kd = 0
            self._count("stand")
            self.emit("stand", {"wrestler": self._label(w)})
            return
        if verb == "cp":
            cost = g.entrants[w.index].profile.cp_cost
            w.ap -= cost
            dirty = self._count("cp") if cost > 0 else False  # a 0AP action is free (rumbleslam DIRTY)
            step = ("crowd_pleaser", w.index)
            if dirty:
                self._dirty_then(w, step)
            else:
                self._push(step)
            return
        if verb == "climb":
            w.ap -= 1
            dirty = self._count("climb")
            step = ("climb", w.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "dismount":
            w.ap -= 1
            dirty = self._count("dismount")
            step = ("dismount", w.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "tagout":
            w.ap -= 2
            self._push(("tag_out", w.index))
            return
        if verb == "throw":
            w.ap -= 1
            t = self.ws[w.lifting]
            no_class = self._count("throw")
            step = ("throw_to", w.index, t.index, what[1], False)
            # rumbleslam DIRTY: throwing an enemy who isn't KO'd is Dirty
            if (self._enemy(w, t) and not t.ko) or no_class:
                self._dirty_then(w, step)
            else:
                self._push(step)
            return
        if verb == "bounce":
            attack = g.attacks[what[3]]
            w.ap -= attack.ap
            dirty = self._count("rope") or attack.has("DIRTY")
            step = ("bounce", w.index, what[2], what[3])
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "devastate":
            attack = g.attacks[what[2]]
            w.ap -= attack.ap
            dirty = self._count(attack.kind) or attack.has("DIRTY")
            step = ("devastate", w.index, what[2])
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb == "pin":
            w.ap -= 1
            t = self.ws[what[2]]
            dirty = self._count("pin")
            step = ("pin", w.index, t.index)
            self._dirty_then(w, step) if dirty else self._push(step)
            return
        if verb in ("attack", "tag", "tbattack"):
            t = self.ws[what[2]]
            attack = g.attacks[what[3]]
            w.ap -= attack.ap
            if verb == "tag":
                tag = g.entrants[w.index].tag_team
                assert tag is not None
                self.tag_used.append(tag.name)
            no_class = self._count(attack.kind)
            if verb == "tbattack":
                land = self._decide_step("land", w.player, w.index, t.index, what[3])
                self._dirty_then(w, land) if no_class or attack.has("DIRTY") else self._push(land)
                return
            step = ("attack", w.index, t.index, what[3])
            auto = False
            dirty = no_class or attack.has("DIRTY")
            if what[3] == A_LIFT:
                if not self._enemy(w, t):
                    dirty = no_class  # lifting a friendly wrestler is not Dirty (ruling AMB-22)
                else:
                    dirty = True
                    auto = t.ko  # Dirty rolls automatically succeed against a KO'd wrestler
            if dirty:
                self._dirty_then(w, step, auto_pass=auto and not no_class)
            else:
                self._push(step)
            return
        raise AssertionError(f"unknown action {what}")

    # =========================================================================== attacks
    def _s_attack(self, a_i: int, t_i: int, atk_i: int) -> None:
        """rumbleslam ACTION POINTS: roll the attack against the defence (choices first)."""
        a, t = self.ws[a_i], self.ws[t_i]
        if not self._contact(a, t):
            return
        attack = self.game.attacks[atk_i]
        if atk_i == A_LIFT and (t.ko or not self._enemy(a, t)):
            # rumbleslam LIFT: a KO'd or friendly wrestler: equal or beat its WEIGHT with GRP
            dice, flat = self._pool(a, "grp")
            self._push(("roll", tuple((0, k) for k in dice)),
                       *self._reroll_steps("test", (flat, 0), self.game.entrants[t.index].profile.weight,
                                           (a.player, a.player)),
                       ("lift_weight", a_i, t_i, flat))
            return
        if len(attack.defend) > 1 and not (t.ko):
            purpose = "trip" if attack.kind == TRIP else "lift"
            self._push(self._decide_step("defend", t.player, purpose, a_i, t_i, atk_i))
            return
        self._push(("opp_roll", a_i, t_i, atk_i, attack.defend[0]))

    def _defend(self, step: tuple[Any, ...], stat: str) -> None:
        purpose, a_i, t_i, atk_i = step[3], step[4], step[5], step[6]
        if purpose == "escape":
            lifter, w = self.ws[a_i], self.ws[t_i]
            ad, af = self._pool(lifter, "grp")
            dd, df = self._pool(w, stat)
            self._push(("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
                       *self._reroll_steps("opp", (af, df), 0, (lifter.player, w.player)),
                       ("escape_rolled", a_i, t_i, stat, (af, df)))
            return
        self._push(("opp_roll", a_i, t_i, atk_i, stat))

    def _s_opp_roll(self, a_i: int, t_i: int, atk_i: int, dstat: str) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        attack = self.game.attacks[atk_i]
        ad, af = self._pool(a, attack.stat, attack)
        ad = ad + attack.extra
        dd, df = self._pool(t, dstat)
        self._push(("roll", tuple((0, k) for k in ad) + tuple((1, k) for k in dd)),
                   *self._reroll_steps("opp", (af, df), 0, (a.player, t.player)),
                   ("opp_resolve", a_i, t_i, atk_i, dstat, (af, df)))

    def _s_opp_resolve(self, a_i: int, t_i: int, atk_i: int, dstat: str, flats: tuple[int, int]) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        attack = self.game.attacks[atk_i]
        A = self._total(0) + flats[0]
        D = self._total(1) + flats[1]
        margin = A - D
        self._emit_roll(attack.name, attacker=self._label(a), defender=self._label(t), stat=dstat.upper(),
                        totals=[A, D], success=A > D)
        if not t.in_ring or not a.in_ring:
            return
        if A > D:
            row = min(margin, 8) if margin >= 4 else 0
            if row:
                self.emit("beatdown", {"attacker": self._label(a), "target": self._label(t), "row": row})
            self._hit(a, t, atk_i, row, 0)
            return
        # rumbleslam TRIP / LIFT: the defender's chosen stat decides what a failure costs
        steps: list[tuple[Any, ...]] = []
        if attack.kind in (TRIP, LIFT):
            if dstat in ("def", "grp"):
                self._damage(a, 1, f"{attack.name} countered")
            elif t.loc == FLOOR and self._dodge_spots(t):
                steps.append(self._decide_step("place", t.player, "dodge", t_i))
        if -margin >= 4:
            steps.append(("reversal", a_i, t_i, atk_i, min(-margin, 8)))
        self._push(*steps)

    def _s_reversal(self, a_i: int, t_i: int, atk_i: int, row: int) -> None:
        """rumbleslam REVERSALS: the defender's result beat the attacker's by 4 or more."""
        a, t = self.ws[a_i], self.ws[t_i]
        self.emit("reversal", {"attacker": self._label(a), "defender": self._label(t), "row": row})
        if a.index == self.active:
            self.end_flag = True
        if not a.in_ring:
            return
        if row == 5:
            self._damage(a, 1, "reversal")
            if a.on_mat and t.on_mat and a.loc == FLOOR:
                self._push(self._decide_step("shove", t.player, a_i, t_i, 2))
        elif row >= 6:
            # the attack hits the attacking wrestler instead (ruling AMB-17), choices by the defender
            self._hit(t, a, atk_i, 0, 1 if row >= 7 else 0, reversed_crowd=row >= 8)

    def _hit(
        self, a: Wrestler, t: Wrestler, atk_i: int, row: int, extra: int, reversed_crowd: bool | None = None
    ) -> None:
        """A successful hit: DMG first, then every special rule (rumbleslam SPECIAL RULES)."""
        attack = self.game.attacks[atk_i]
        dmg = attack.dmg
        if atk_i == A_TB:
            dmg = self.game.tb_damage
        dmg += extra
        rules = list(attack.rules)
        if row == 4:
            dmg += 1
        elif row == 5:
            dmg += 1
            rules.append(("SHOVE", 2))
        elif row == 6:
            dmg += 2
            rules.append(("DAZED", 1))
        elif row == 7:
            dmg += 2
            rules.append(("KNOCKDOWN", 1))
        elif row >= 8:
            dmg = max(dmg, t.sta)  # instant KO
        was_tb = t.loc == TB
        self._damage(t, dmg, attack.name)
        steps: list[tuple[Any, ...]] = []
        for rule, n in rules:
            if rule in ("-AP", "+AP", "-MP", "+MP"):
                self._counter(t, rule, n)
            elif rule == "BLEEDING" and not t.ko:
                t.bleed = 1
                self.emit("bleeding", {"wrestler": self._label(t)})
            elif rule == "KNOCKDOWN":
                self._knockdown(t)
        for rule, _n in rules:
            if rule == "DAZED":
                steps.extend(self._crowd_roll(t.player, 1, (BLANK, BOO)))
                steps.append(("dazed", t.index))
            elif rule == "FURY":
                steps.append(("fury", a.index, t.index))
        for rule, n in rules:
            if rule == "LIFTED":
                steps.append(("auto_lift", a.index, t.index, 0))
            elif rule == "THROW":
                steps.append(("auto_lift", a.index, t.index, n))
            elif rule == "SHOVE":
                steps.append(("shove_prompt", t.index, a.index, n))
            elif rule == "BOUNCEBACK":
                steps.append(("bounceback", a.index, t.index, n))
        if (attack.has("CROWD") and reversed_crowd is None) or reversed_crowd:
            steps.append(("crowd_pleaser", a.index))
        if was_tb:
            steps.append(("tb_test", t.index, a.index))
        self._push(*steps)

    def _s_shove_prompt(self, t_i: int, a_i: int, n: int) -> None:
        t, a = self.ws[t_i], self.ws[a_i]
        if t.loc != FLOOR:
            return  # ruling AMB-42: a wrestler on a turnbuckle (or Lifted) is not shoved
        self._push(self._decide_step("shove", a.player, t_i, a_i, n))

    def _shove(self, t: Wrestler, pusher: Wrestler, n: int, d: tuple[int, int]) -> None:
        """rumbleslam (SHOVE X): straight line; stops at a wrestler, bounces off a rope, smashes
        against a turnbuckle."""
        if t.loc != FLOOR:
            return
        moved = 0
        for _ in range(n):
            nxt = mat.step(t.pos, d)
            cells = mat.footprint(nxt, t.size)
            tb, ropes = mat.classify(cells)
            if tb:
                self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
                self.emit("smash", {"wrestler": self._label(t)})
                self._damage(t, 2, "smashed against the turnbuckle")
                return
            if ropes:
                self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})
                self._push(("rebound", t.index, ropes[0]))
                return
            if not self._free(cells, t.index):
                break
            self._place(t, FLOOR, nxt)
            moved += 1
        self.emit("shove", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "squares": moved})

    def _s_rebound(self, t_i: int, rope: str) -> None:
        """rumbleslam BOUNCED FROM THE ROPES: five squares straight away from the rope; a
        stationary enemy in the way makes a Rope Attack against the moving wrestler."""
        t = self.ws[t_i]
        if t.loc != FLOOR:
            return
        d = mat.AWAY_FROM_ROPE[rope]
        for _ in range(5):
            nxt = mat.step(t.pos, d)
            cells = mat.footprint(nxt, t.size)
            tb, ropes = mat.classify(cells)
            if tb or ropes:
                break
            blockers = sorted({self.occ[c] for c in cells if self.occ[c] not in (-1, t.index)})
            if blockers:
                enemies = [b for b in blockers if self._enemy(self.ws[b], t) and not self.ws[b].ko]
                self.emit("bounce", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})
                if enemies:
                    self._push(("attack", enemies[0], t_i, A_ROPE))
                return
            self._place(t, FLOOR, nxt)
        self.emit("bounce", {"wrestler": self._label(t), "to": mat.SQUARE_NAMES[t.pos], "forced": True})

    def _s_bounce(self, w_i: int, rope: str, atk_i: int) -> None:
        """rumbleslam BOUNCE OFF THE ROPE / ROPE ATTACK / ROPE ABILITIES / (ROCKET)."""
        w = self.ws[w_i]
        if w.loc != FLOOR:
            return
        attack = self.game.attacks[atk_i]
        d = mat.AWAY_FROM_ROPE[rope]
        for _ in range(8 if attack.has("ROCKET") else 5):
            nxt = mat.step(w.pos, d)
            cells = mat.footprint(nxt, w.size)
            tb, ropes = mat.classify(cells)
            if tb or ropes:
                break
            blockers = sorted({self.occ[c] for c in cells if self.occ[c] not in (-1, w.index)})
            if blockers:
                enemies = [b for b in blockers if self._enemy(self.ws[b], w)]
                self.emit("bounce", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})
                if enemies:
                    self._push(("attack", w_i, enemies[0], atk_i))
                return
            self._place(w, FLOOR, nxt)
        self.emit("bounce", {"wrestler": self._label(w), "to": mat.SQUARE_NAMES[w.pos], "forced": False})

    def _s_bounceback(self, a_i: int, t_i: int, n: int) -> None:
        """rumbleslam (BOUNCEBACK X): the attacker moves X squares straight away (stops early)."""
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc != FLOOR or not t.on_mat:
            return
        d = mat.direction_between(t.box(), a.box())
        if d == (0, 0):
            return
        for _ in range(n):
            nxt = mat.step(a.pos, d)
            if not self._fits(nxt, a.size, a.index):
                break
            self._place(a, FLOOR, nxt)
        self.emit("move", {"wrestler": self._label(a), "to": mat.SQUARE_NAMES[a.pos], "why": "bounceback"})

    def _s_dazed(self, t_i: int) -> None:
        # rumbleslam (DAZED): Blank knockdown -AP -MP; Boo -AP -MP; Cheer nothing
        t = self.ws[t_i]
        face = self.buf[0][2]
        self._emit_roll("dazed", wrestler=self._label(t))
        if not t.in_ring:
            return
        if face in (BLANK, BOO):
            self._counter(t, "-AP", 1)
            self._counter(t, "-MP", 1)
        if face == BLANK:
            self._knockdown(t)

    def _s_fury(self, a_i: int, t_i: int) -> None:
        # rumbleslam (FURY): one free Brawl against the same target, if still in base contact
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc == FLOOR and t.on_mat and not a.ko and not a.kd and a.lifting < 0 and self._contact(a, t):
            self._push(("attack", a_i, t_i, A_FURY))

    def _s_auto_lift(self, a_i: int, t_i: int, throw: int) -> None:
        """rumbleslam (LIFTED) / (THROW X): a free Lift (and Throw), no roll, no Dirty check."""
        a, t = self.ws[a_i], self.ws[t_i]
        if a.loc != FLOOR or not t.on_mat or a.lifting >= 0 or a.ko or not self._contact(a, t):
            return
        self._lift(a, t)
        if throw:
            self._push(self._decide_step("throw", a.player, a_i, t_i, throw, True))

    def _lift(self, a: Wrestler, t: Wrestler) -> None:
        if t.lifting >= 0:
            self._drop(t)
        self._place(t, LIFTED, -1)
        t.lifted_by = a.index
        a.lifting = t.index
        self.emit("lift", {"lifter": self._label(a), "wrestler": self._label(t)})

    def _s_lift_weight(self, a_i: int, t_i: int, flat: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        total = self._total(0) + flat
        weight = self.game.entrants[t_i].profile.weight
        self._emit_roll("lift", lifter=self._label(a), wrestler=self._label(t), totals=[total, weight],
                        success=total >= weight)
        if total >= weight and a.loc == FLOOR and t.on_mat and self._contact(a, t) and a.lifting < 0:
            self._lift(a, t)

    def _s_devastate(self, a_i: int, atk_i: int) -> None:
        """rumbleslam (DEVASTATING): one attack roll against every wrestler in base contact."""
        a = self.ws[a_i]
        attack = self.game.attacks[atk_i]
        dice, flat = self._pool(a, attack.stat, attack)
        self._push(("roll", tuple((0, k) for k in dice)), ("devastate_rolled", a_i, atk_i, flat))

    def _s_devastate_rolled(self, a_i: int, atk_i: int, flat: int) -> None:
        a = self.ws[a_i]
        total = self._total(0) + flat
        self._emit_roll(self.game.attacks[atk_i].name, attacker=self._label(a), totals=[total])
        self._push(*(("devastate_one", a_i, t.index, atk_i, total) for t in self._in_contact(a)))

    def _s_devastate_one(self, a_i: int, t_i: int, atk_i: int, total: int) -> None:
        t = self.ws[t_i]
        if not t.on_mat:
            return
        dd, df = self._pool(t, "def")
        self._push(("roll", tuple((1, k) for k in dd)), ("devastate_resolve", a_i, t_i, atk_i, total, df))

    def _s_devastate_resolve(self, a_i: int, t_i: int, atk_i: int, total: int, flat: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        d = self._total(1) + flat
        self._emit_roll("defence", attacker=self._label(a), defender=self._label(t), totals=[total, d],
                        success=total > d)
        if total > d and t.in_ring and a.in_ring:
            self._hit(a, t, atk_i, 0, 0)

    # -- pin --------------------------------------------------------------------------------------
    def _s_pin(self, a_i: int, t_i: int) -> None:
        """rumbleslam PIN: 1C per WEIGHT each; the defender +1C at half STA, +2C at full; KO'd 1C."""
        a, t = self.ws[a_i], self.ws[t_i]
        if not self._contact(a, t) or not t.kd:
            return
        aw = self.game.entrants[a_i].profile.weight
        if t.ko:
            dn = 1
        else:
            dn = self.game.entrants[t_i].profile.weight
            if t.sta == t.sta_max:
                dn += 2
            elif t.sta >= math.ceil(t.sta_max / 2):
                dn += 1
        self._push(("roll", tuple((0, "C") for _ in range(aw)) + tuple((1, "C") for _ in range(dn))),
                   *self._reroll_steps("opp", (0, 0), 0, (a.player, t.player)),
                   ("pin_done", a_i, t_i))

    def _s_pin_done(self, a_i: int, t_i: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        A, D = self._total(0), self._total(1)
        self._emit_roll("pin", attacker=self._label(a), defender=self._label(t), totals=[A, D], success=A > D)
        if A > D and t.in_ring:
            self.emit("pinned", {"attacker": self._label(a), "wrestler": self._label(t)})
            self._push(("crowd_pleaser", a_i))
            self._remove(t, "pinned")

    # -- crowd pleaser ------------------------------------------------------------------------------
    def _s_crowd_pleaser(self, w_i: int) -> None:
        w = self.ws[w_i]
        if not w.in_ring or w.ko:
            return
        # the faces worth re-rolling (rumbleslam CROWD PLEASER / HEEL)
        if self.game.entrants[w_i].profile.heel:
            bad: tuple[int, ...] = () if w.cp_lock else (CHEER, BLANK)
        else:
            bad = (BOO,) if w.cp_lock else (BOO, BLANK)
        self._push(*self._crowd_roll(w.player, 1, bad), ("cp_done", w_i))

    def _s_cp_done(self, w_i: int) -> None:
        """rumbleslam CROWD PLEASER / HEEL."""
        w = self.ws[w_i]
        face = self.buf[0][2]
        prof = self.game.entrants[w_i].profile
        self._emit_roll("crowd pleaser", wrestler=self._label(w))
        if not w.in_ring:
            return
        success = fail = False
        if prof.heel:
            success = face == BOO and not w.cp_lock
        else:
            if face == CHEER and not w.cp_lock:
                success = True
            elif face == BOO:
                fail = True
        if success:
            w.cp_lock = True
            w.cp = 1
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "success"})
            self._cp_effect(w)
        elif fail:
            w.cp_lock = True
            self._counter(w, "-AP", 1)
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "boo"})
        else:
            self.emit("crowd_pleaser", {"wrestler": self._label(w), "name": prof.crowd_pleaser.name,
                                        "result": "nothing"})

    def _cp_effect(self, w: Wrestler) -> None:
        cp = self.game.entrants[w.index].profile.crowd_pleaser
        if cp.effect == "bonus":
            assert cp.stat is not None
            targets = [w] + ([o for o in self._in_contact(w) if not self._enemy(w, o)] if cp.scope == "friends" else [])
            for o in targets:
                b = list(o.bonus)
                b[STAT_INDEX[cp.stat]] += cp.amount
                o.bonus = (b[0], b[1], b[2], b[3])
        elif cp.effect == "heal":
            self._heal(w, cp.amount)
        elif cp.effect == "ap":
            if w.index == self.active:
                w.ap += cp.amount
            else:
                self._counter(w, "+AP", cp.amount)
        elif cp.effect == "mp":
            if w.index == self.active:
                w.mp += cp.amount
            else:
                self._counter(w, "+MP", cp.amount)
        elif cp.effect == "enemy_counter":
            for o in self._in_contact(w):
                if self._enemy(w, o):
                    if cp.counter == "KNOCKDOWN":
                        self._knockdown(o)
                    elif cp.counter == "BLEEDING":
                        if not o.ko:
                            o.bleed = 1
                    else:
                        assert cp.counter is not None
                        self._counter(o, cp.counter, 1)

    # -- the turnbuckle -------------------------------------------------------------------------------
    def _s_climb(self, w_i: int) -> None:
        """rumbleslam CLIMB THE TURNBUCKLE: a WEIGHT 3 wrestler fills just the turnbuckle square."""
        w = self.ws[w_i]
        tb = mat.turnbuckle_touched(w.pos, w.size) if w.loc == FLOOR else None
        if tb is None or self.occ[tb] != -1:
            return
        self._place(w, TB, tb)
        self.emit("climb", {"wrestler": self._label(w), "turnbuckle": mat.TURNBUCKLE_NAMES[tb]})

    def _s_dismount(self, w_i: int) -> None:
        """rumbleslam DISMOUNT THE TURNBUCKLE (WEIGHT 3: IMPACT)."""
        w = self.ws[w_i]
        spot = self._dismount_spot(w) if w.loc == TB else -1
        if spot >= 0:
            self._land(w, spot, ("dismounted", w_i))

    def _s_dismounted(self, w_i: int) -> None:
        w = self.ws[w_i]
        self.emit("dismount", {"wrestler": self._label(w), "square": mat.SQUARE_NAMES[w.pos]})

    def _s_tb_land(self, a_i: int, t_i: int, atk_i: int, anchor: int) -> None:
        """rumbleslam TURNBUCKLE: (JUMP) to a square in base contact with the target, then attack."""
        self._land(self.ws[a_i], anchor, ("tb_landed", a_i, t_i, atk_i))

    def _s_tb_landed(self, a_i: int, t_i: int, atk_i: int) -> None:
        a = self.ws[a_i]
        self.emit("leap", {"wrestler": self._label(a), "square": mat.SQUARE_NAMES[a.pos],
                           "target": self._label(t_i)})
        self._push(("opp_roll", a_i, t_i, atk_i, "def"))

    def _s_tb_test(self, w_i: int, attacker: int) -> None:
        """rumbleslam CLIMB THE TURNBUCKLE: hit up there, test as if thrown out of the ring."""
        w = self.ws[w_i]
        if w.loc != TB:
            return
        self._push(*self._dex_test(w, 0, ("tb_test_done", w_i, attacker)))

    def _dex_test(self, w: Wrestler, bonus: int, after: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        dice, flat = self._pool(w, "dex")
        flat += bonus
        return [("roll", tuple((0, k) for k in dice)),
                *self._reroll_steps("test", (flat, 0), 3, (w.player, w.player)),
                (*after, flat)]

    def _s_tb_test_done(self, w_i: int, attacker: int, flat: int) -> None:
        w = self.ws[w_i]
        total = self._total(0) + flat
        self._emit_roll("stay on the turnbuckle", wrestler=self._label(w), totals=[total], success=total >= 3)
        if w.loc != TB or total >= 3:
            return
        if attacker >= 0 and self.ws[attacker].in_ring:
            self._push(("crowd_pleaser", attacker))
        self._remove(w, "knocked off the turnbuckle")

    # -- throws -------------------------------------------------------------------------------------------
    def _s_throw_to(self, a_i: int, t_i: int, cell: int, free: bool) -> None:
        """rumbleslam THROW / LIVE AMMUNITION / THROWING A WRESTLER OUT THE RING / ONTO THE TURNBUCKLE /
        AGAINST THE ROPES OR TURNBUCKLE."""
        a, t = self.ws[a_i], self.ws[t_i]
        if t.lifted_by != a_i or t.loc != LIFTED:
            return
        a.lifting = -1
        t.lifted_by = -1
        t.loc = SIDE  # in the air
        self.emit("throw", {"thrower": self._label(a), "wrestler": self._label(t), "square": mat.SQUARE_NAMES[cell]})
        bonus = self.game.tb_throw_bonus if mat.is_turnbuckle(cell) else 0
        if mat.is_rope(cell) or (mat.is_turnbuckle(cell) and self.occ[cell] == -1):
            t.loc = LIFTED  # still in the ring until the test
            if t.ko:
                self._push(("out_done", a_i, t_i, cell, -99))
                self.buf = []
            else:
                self._push(*self._dex_test(t, bonus, ("out_done", a_i, t_i, cell)))
            return
        target = self.occ[cell]
        if target != -1:
            self._live_ammo(a, t, self.ws[target])
            return
        anchor = cell if t.size == 1 else self._cover_anchor(t, cell, set(a.cells()))
        if anchor >= 0 and self._land(t, anchor, ("throw_landed", a_i, t_i)):
            return
        anchor = self._nearest_spot(t, mat.box(cell, 1))
        if anchor < 0:
            self._remove(t, "no room in the ring")
            return
        self._place(t, FLOOR, anchor)
        self._push(("throw_landed", a_i, t_i))

    def _s_throw_landed(self, a_i: int, t_i: int) -> None:
        """rumbleslam THROWING AGAINST THE ROPES OR TURNBUCKLE: where it landed decides."""
        a, t = self.ws[a_i], self.ws[t_i]
        if t.loc != FLOOR:
            return
        self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[t.pos]})
        tb = mat.turnbuckle_touched(t.pos, t.size)
        ropes = mat.ropes_touched(t.pos, t.size)
        if tb is not None:
            self._push(self._decide_step("rebound", a.player, t_i, ropes, True))
        elif len(ropes) == 1:
            self._push(("rebound", t_i, ropes[0]))
        elif ropes:
            self._push(self._decide_step("rebound", a.player, t_i, ropes, False))

    def _s_out_done(self, a_i: int, t_i: int, cell: int, flat: int) -> None:
        a, t = self.ws[a_i], self.ws[t_i]
        total = -99 if flat == -99 else self._total(0) + flat
        if flat != -99:
            self._emit_roll("stay in the ring", wrestler=self._label(t), totals=[total], success=total >= 3)
        if total >= 3:
            if mat.is_turnbuckle(cell) and self.occ[cell] == -1:
                self._place(t, TB, cell)
                self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[cell]})
                return
            spot = self._nearest_spot(t, mat.box(cell, 1), need_rope=True)
            if spot < 0:
                spot = self._nearest_spot(t, mat.box(cell, 1))
            if spot >= 0:
                self._place(t, FLOOR, spot)
                self.emit("land", {"wrestler": self._label(t), "square": mat.SQUARE_NAMES[spot]})
                return
        if self._enemy(a, t) and a.in_ring:
            self._push(("crowd_pleaser", a_i))
        self._remove(t, "thrown out of the ring")

    def _live_ammo(self, a: Wrestler, t: Wrestler, target: Wrestler) -> None:
        """rumbleslam LIVE AMMUNITION: the active player places the thrown wrestler touching the
        target, as close to the thrower as possible (its choice among equals)."""
        t.loc = LIFTED  # in the air, still in the ring
        self._push(("settle", "ammo", t.index, a.player, a.box(), target.box()),
                   ("ammo_hit", a.index, t.index, target.index))

    def _s_ammo_hit(self, a_i: int, t_i: int, g_i: int) -> None:
        t, target = self.ws[t_i], self.ws[g_i]
        if t.loc != FLOOR:
            return  # no room in the ring
        self.emit("live_ammo", {"wrestler": self._label(t), "target": self._label(target),
                                "square": mat.SQUARE_NAMES[t.pos]})
        if target.ko:
            self.buf = []
            self._push(("ammo_done", a_i, t_i, g_i, -99))
        else:
            self._push(*self._dex_test(target, 0, ("ammo_done", a_i, t_i, g_i)))

    def _s_ammo_done(self, a_i: int, t_i: int, g_i: int, flat: int) -> None:
        t, target = self.ws[t_i], self.ws[g_i]
        total = -99 if flat == -99 else self._total(0) + flat
        if flat != -99:
            self._emit_roll("dodge the live ammunition", wrestler=self._label(target), totals=[total],
                            success=total >= 3)
        steps: list[tuple[Any, ...]] = []
        if total < 3 and target.in_ring:
            was_tb = target.loc == TB
            self._damage(target, self.game.entrants[t_i].profile.weight, "live ammunition")
            if was_tb:
                steps.append(("tb_test", g_i, a_i))
        self._damage(t, 1, "thrown")
        self._push(*steps)

    # -- tag out --------------------------------------------------------------------------------------------
    def _s_tag_out(self, w_i: int) -> None:
        """rumbleslam TAG OUT: the partner takes this square with full AP and MP; activation ends."""
        w = self.ws[w_i]
        e = self.game.entrants[w_i]
        partner = self.ws[e.partner]
        assert e.tag_team is not None
        self.tag_used.append(e.tag_team.name)
        pos = w.pos
        self._place(w, SIDE, -1)
        w.cp = 0
        self._place(partner, FLOOR, pos)
        partner.activated = False
        self.emit("tag_out", {"wrestler": self._label(w), "partner": self._label(partner)})
        self.end_flag = True

    # =========================================================================== observation
    def observation(self, player: int) -> dict[str, Any]:
        g = self.game
        wrestlers = []
        for w in self.ws:
            e = g.entrants[w.index]
            wrestlers.append({
                "name": e.label, "profile": e.profile.name, "team": w.player, "where": LOC_NAMES[w.loc],
                "square": mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else None, "size": w.size if w.loc == FLOOR else 1,
                "sta": w.sta, "sta_max": w.sta_max, "ap": w.ap, "mp": w.mp, "ko": w.ko,
                "counters": {k: v for k, v in (("-AP", w.m_ap), ("+AP", w.p_ap), ("-MP", w.m_mp), ("+MP", w.p_mp),
                                               ("Bleeding", w.bleed), ("Knockdown", w.kd), ("Crowd Pleaser", w.cp))
                             if v},
                "lifting": self._label(w.lifting) if w.lifting >= 0 else None,
                "lifted_by": self._label(w.lifted_by) if w.lifted_by >= 0 else None,
                "activated": w.activated, "active": w.index == self.active, "dosh": e.profile.dosh,
                "weight": e.profile.weight,
            })
        pending = None
        prompt = None
        if not self.over and self.stack:
            top = self.stack[-1]
            pending = "roll" if top[0] == "die" else str(top[1])
            if pending == "place":
                prompt = self._place_prompt(top)
        return {
            "game": "rumbleslam", "player": player, "round": self.round, "rounds": g.rounds,
            "initiative_card": g.player_label(self.holder),
            "teams": [{"name": g.player_label(p), "endorsements": self.endorsements[p],
                       "sponsorships": list(self.sponsors_left[p]),
                       "corner": mat.TURNBUCKLE_NAMES[self.corners[p]] if self.corners[p] >= 0 else None}
                      for p in range(g.players)],
            "wrestlers": wrestlers, "pending": pending, "prompt": prompt,
            "current_player": self.current_player(), "over": self.over, "result": self.method,
            "dosh_count": self.dosh_count,
        }

    def _place_prompt(self, step: tuple[Any, ...]) -> str:
        """What a ``place ...`` decision is for, in words (the terminal and web show it)."""
        purpose, w = step[3], self._label(step[4])
        if purpose == "impact":
            lander, anchor = step[5][0], step[5][1]
            return (f"IMPACT: {self._label(lander)} lands on {mat.SQUARE_NAMES[anchor]}; push {w} into a square "
                    "in base contact (an occupied one pushes its wrestler on)")
        return {
            "deploy": f"place {w} in your corner",
            "enter": f"place {w} (from the sidelines) in your corner",
            "eagle": f"Eagle Airways: fly {w} to any free square",
            "dodge": f"{w} dodges: place it 1 square away",
            "drop": f"{w} is dropped: place it in base contact with its lifter (or the closest free square)",
            "escape": f"{w} escapes the Lift: place it in base contact with its lifter",
            "ammo": f"LIVE AMMUNITION: place {w} touching {self._box_owner(step[6])}, as close to the thrower "
                    "as possible",
        }.get(purpose, f"place {w}")

    def _box_owner(self, box: Box | None) -> str:
        who = self.occ[mat.cell_at(box[0], box[1])] if box is not None else -1
        return self._label(who) if who >= 0 else "the target"

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

    def random_playout_returns(self, rng: random.Random) -> list[float]:
        state = self.clone()
        state.record_events = False
        while not state.over:
            if state.stack[-1][0] == "die":
                state._apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                state._apply(legal[int(rng.random() * len(legal))])
        return list(state.outcome)


__all__ = ["FLOOR", "LIFTED", "OUT", "SIDE", "TB", "RumbleslamState", "Wrestler"]
