"""The RUMBLESLAM state: its fields, the engine contract's plain parts, dice and board helpers, the observation."""

from __future__ import annotations

import random
from typing import Any, Self

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.models import CROWD_FACES
from turnbuckle.games.rumbleslam.narrate import SPONSOR_TEXT
from turnbuckle.games.rumbleslam.rules import AttackDef, RumbleslamGame
from turnbuckle.text import plural

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

    def copy(self) -> Wrestler:
        """A field-by-field copy (``copy.copy`` goes through ``__reduce_ex__``: slow in ``clone``)."""
        c = _new_wrestler(Wrestler)
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


_new_wrestler = object.__new__
_new_state = object.__new__


class RumbleslamCore(State):
    """The match's data and the helpers every rule family uses (each later layer adds one family)."""

    game: RumbleslamGame

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
        other = _new_state(type(self))
        other.__dict__.update(self.__dict__)
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
        for s in reversed(steps):
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
            self.emit("roll", {"what": what, "dice": dice, **fields})

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

    def _activatable(self, p: int) -> list[int]:
        """Player ``p``'s wrestlers that may still activate this round (the rounds layer decides)."""
        raise NotImplementedError

    def _enemy(self, a: Wrestler, b: Wrestler) -> bool:
        return a.player != b.player

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
            elif pending == "hit":
                total = sum(f for _, _, f, _ in top[7]) + top[5]
                dice = " ".join(f"{k}={f}" for _, k, f, _ in top[7])
                defs = "; ".join(f"{self._label(i)} DEF {self._pool_text(self.ws[i], 'def')}" for i in top[6])
                prompt = (f"(DEVASTATING) {self.game.attacks[top[4]].name}: who defends next against "
                          f"{self._label(top[3])}'s attack roll {dice}{f' +{top[5]}' if top[5] else ''} = {total}? "
                          f"{defs}")
            elif pending == "reroll":
                prompt = self._reroll_prompt(top)
            elif pending == "stay":
                prompt = (f"{self._label(top[3])} stays in the ring: place it touching the rope, as close as "
                          f"possible to {mat.SQUARE_NAMES[top[4]]}")
            else:
                prompt = self._decision_prompt(top)
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

    def _reroll_prompt(self, step: tuple[Any, ...]) -> str:
        """The dice on the table when an Endorsement re-roll is offered: a player must see them to
        choose (rumbleslam ENDORSEMENTS), and the roll's event comes only once it stands."""
        player, mode, flats, owners = step[2], step[3], step[4], step[6]
        sides = []
        for side in sorted(set(s for s, _, _, _ in self.buf)):
            dice = [f"die {i}: {k}={CROWD_FACES[f] if k == 'Crowd' else f}{' (re-rolled)' if r else ''}"
                    for i, (s, k, f, r) in enumerate(self.buf) if s == side]
            flat = flats[side] if side < len(flats) else 0  # roll-offs: one side per player, no flats
            total = "" if mode in ("crowd", "setup", "init") else f" = {self._total(side) + flat}"
            bonus = f" +{flat}" if flat and total else ""
            owner = owners[side] if side < len(owners) else side
            sides.append(f"{self.game.player_label(owner)}: {', '.join(dice)}{bonus}{total}")
        goal = {"test": f" (needs {step[5]})", "setup": " (the lowest roll picks a corner)"}.get(mode, "")
        what = self._roll_purpose()
        return (f"spend an Endorsement ({self.endorsements[player]} left) to re-roll one of your dice? "
                + (f"{what}: " if what else "") + "; ".join(sides) + goal)

    def _roll_purpose(self) -> str:
        """What the dice on the table are for, read from the step that will use them (an attack's
        name and who rolls which stat), so a re-roll offer says what it can change."""
        for step in reversed(self.stack):
            kind = step[0]
            if kind == "opp_resolve":
                a, t, attack, dstat = step[1], step[2], self.game.attacks[step[3]], step[4]
                return (f"{attack.name}, {self._label(a)} ({attack.stat.upper()}) against {self._label(t)} "
                        f"({dstat.upper()})")
            if kind == "escape_rolled":
                return (f"escape: {self._label(step[2])} ({step[3].upper()}) against the Lift of "
                        f"{self._label(step[1])} (GRP); a tie escapes")
            if kind == "pin_done":
                return f"Pin: {self._label(step[1])} against {self._label(step[2])}"
            if kind == "lift_weight":
                return (f"Lift: {self._label(step[1])}'s GRP must equal or beat {self._label(step[2])}'s WEIGHT "
                        f"{self.game.entrants[step[2]].profile.weight}")
            if kind == "out_done":
                return f"{self._label(step[2])}'s DEX test to stay in the ring (3+)"
            if kind == "dirty_done":
                return f"{self._label(step[1])}'s Dirty check (a Boo ends its activation with a -AP counter)"
            if kind == "cp_done":
                return f"{self._label(step[1])}'s Crowd Pleaser (a Cheer works; a Boo gives a -AP counter)"
            if kind == "initiative_done":
                return "the Initiative roll (DEX; the highest activates first)"
            if kind in ("setup_rolled", "sponsor_rolled", "ammo_done", "tb_test_done", "devastate_rolled",
                        "devastate_resolve"):
                return ""
        return ""

    def _pool_text(self, w: Wrestler, stat: str, attack: AttackDef | None = None) -> str:
        """A stat's dice as the cards write them (``2S+1C+1``): what a roll of that stat puts down."""
        dice, flat = self._pool(w, stat, attack)
        if attack is not None:
            dice = dice + attack.extra
        parts = [f"{dice.count(k)}{k}" for k in ("G", "S", "C") if k in dice]
        if flat:
            parts.append(str(flat))
        return "+".join(parts).replace("+-", "-") or "no dice"

    def _decision_prompt(self, step: tuple[Any, ...]) -> str | None:
        """The facts a decision needs, in words (rumbleslam: each decision kind's own section)."""
        if step[0] != "decide":
            return None
        code, player = step[1], step[2]
        g = self.game
        team = g.player_label(player)
        if code == "act":
            w = self.ws[step[3]]
            held = f", holding {self._label(w.lifting)} overhead" if w.lifting >= 0 else ""
            return (f"{self._label(w)}'s activation: {w.ap} AP and {w.mp} MP left{held} (a square costs 1 MP; "
                    f"'end' gives up what is left)")
        if code == "corner":
            taken = [f"{mat.TURNBUCKLE_NAMES[c]} ({g.player_label(p)})" for p, c in enumerate(self.corners) if c >= 0]
            return (f"{team}: choose your corner, the turnbuckle your wrestlers set up beside and enter the ring "
                    f"from" + (f" (taken: {', '.join(taken)})" if taken else ""))
        if code == "nominate":
            picks = [f"{self._label(i)} DEX {self._pool_text(self.ws[i], 'dex')}" for i in self._activatable(player)]
            return (f"{team}: nominate the wrestler that rolls DEX for the Initiative and activates first for you "
                    f"this round (the highest roll goes first; a tie goes to the Initiative card): " + "; ".join(picks))
        if code == "activate":
            return f"{team}: choose your next wrestler to activate (it gets its full AP and MP)"
        if code == "enter":
            corner = mat.TURNBUCKLE_NAMES[self.corners[player]] if self.corners[player] >= 0 else "your"
            return f"{team}: bring a wrestler in from the sidelines to your corner ({corner})? ('no entry' waits)"
        if code == "sponsor":
            left = ", ".join(f"{n} ({SPONSOR_TEXT.get(n, '')})" for n in self.sponsors_left[player])
            return f"{team}: cash in a Sponsorship before the Initiative roll (once per match)? {left}"
        if code == "recipient":
            name, n, chosen = step[3], step[4], step[5]
            done = f"; already: {', '.join(self._label(i) for i in chosen)}" if chosen else ""
            return (f"{name} ({SPONSOR_TEXT.get(name, '')}): choose a friendly wrestler to receive it "
                    f"({n - len(chosen)} of {n} left{done})")
        if code == "choice":
            w = self.ws[step[3]]
            for ability, _ in g.entrants[w.index].abilities:
                if ability.kind == "choice":
                    opts = ", ".join(f"{o.name} = {o.amount:+d} {o.stat.upper()}" for o in ability.options)
                    return f"{self._label(w)}'s {ability.name}: choose this activation's bonus: {opts}"
            return None
        if code == "defend":
            return self._defend_prompt(step)
        if code == "shove":
            t, pusher, n = self.ws[step[3]], self.ws[step[4]], step[5]
            return (f"SHOVE {n}: push {self._label(t)} (on {mat.SQUARE_NAMES[t.pos]}) up to {plural(n, 'square')} "
                    f"in a straight line, away from {self._label(pusher)} (on {mat.SQUARE_NAMES[pusher.pos]}); "
                    f"it stops at a wrestler, bounces off a rope, is smashed (2 DMG) against a turnbuckle. "
                    f"N is towards row 1, W towards column A")
        if code == "rebound":
            t, ropes, smash = self.ws[step[3]], step[4], step[5]
            ways = [f"rebound off the {r} rope (5 squares straight back; an enemy in the way makes a Rope Attack)"
                    for r in ropes]
            if smash:
                ways.insert(0, "smash it against the turnbuckle (2 DMG)")
            return f"{self._label(t)} is thrown into the corner: " + " or ".join(ways)
        if code == "land":
            w, t, attack = self.ws[step[3]], self.ws[step[4]], g.attacks[step[5]]
            where = mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else "the turnbuckle"
            return (f"{attack.name}: {self._label(w)} leaps from {where} at {self._label(t)} (on "
                    f"{mat.SQUARE_NAMES[t.pos]}): choose the square it lands on (ATT "
                    f"{self._pool_text(w, 'att', attack)} against DEF {self._pool_text(t, 'def')})")
        if code == "throw":
            a, t, reach = self.ws[step[3]], self.ws[step[4]], step[5]
            return (f"THROW {reach}: {self._label(a)} throws {self._label(t)} up to {reach} squares: a floor square, "
                    f"or a rope or turnbuckle square to throw it out of the ring (it stays in on a DEX roll of 3+)")
        return None

    def _defend_prompt(self, step: tuple[Any, ...]) -> str:
        """rumbleslam TRIP / LIFT: the defender picks the stat; what each choice costs on a failed attack."""
        purpose, a, t = step[3], self.ws[step[4]], self.ws[step[5]]
        attack = self.game.attacks[step[6]]
        if purpose == "escape":
            return (f"{self._label(t)} tries to escape {self._label(a)}'s Lift: roll GRP "
                    f"{self._pool_text(t, 'grp')} or DEX {self._pool_text(t, 'dex')} against {self._label(a)}'s GRP "
                    f"{self._pool_text(a, 'grp')}; equal or better escapes")
        strong = "def" if purpose == "trip" else "grp"
        return (f"{self._label(a)} tries a {attack.name} on {self._label(t)}: {attack.stat.upper()} "
                f"{self._pool_text(a, attack.stat, attack)} against your choice of {strong.upper()} "
                f"{self._pool_text(t, strong)} (if it fails, {self._label(a)} takes 1 DMG) or DEX "
                f"{self._pool_text(t, 'dex')} (if it fails, {self._label(t)} dodges 1 square)")

    def _place_prompt(self, step: tuple[Any, ...]) -> str:
        """What a ``place ...`` decision is for, in words (the terminal and web show it)."""
        purpose, w = step[3], self._label(step[4])
        if purpose == "impact":
            lander, anchor, src = step[5][0], step[5][1], step[5][4]
            return (f"IMPACT: {self._label(lander)} lands on {mat.SQUARE_NAMES[anchor]}; push {w} (from "
                    f"{mat.SQUARE_NAMES[src]}) to a square in base contact (an occupied one pushes its wrestler on)")
        if purpose == "throw":
            return (f"THROW: {w} lands with part of its base on {mat.SQUARE_NAMES[step[5][1]]}; place its 2x2 "
                    f"base (named by its north-west square; wrestlers under it are pushed aside: IMPACT)")
        if purpose in ("drop", "escape", "ammo"):
            near = self._box_owner(step[6])
            if purpose == "ammo":
                return f"LIVE AMMUNITION: place {w} touching {near}, as close to the thrower as possible"
            if purpose == "drop":
                return f"{w} is dropped: place it in base contact with {near} (or the closest free square)"
            return f"{w} escapes the Lift: place it in base contact with {near}"
        corner = self.corners[self.ws[step[4]].player]
        yours = f"your corner ({mat.TURNBUCKLE_NAMES[corner]})" if corner >= 0 else "your corner"
        return {
            "deploy": f"place {w} in {yours}",
            "enter": f"place {w} (from the sidelines) in {yours}",
            "eagle": f"Eagle Airways: fly {w} to any free square",
            "dodge": f"{w} dodges: place it 1 square away",
        }.get(purpose, f"place {w}")

    def _box_owner(self, box: Box | None) -> str:
        who = self.occ[mat.cell_at(box[0], box[1])] if box is not None else -1
        return self._label(who) if who >= 0 else "the middle of the ring"

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
