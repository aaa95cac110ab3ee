"""Exact probabilities of the Powerhouses roll process.

The process after the first roll depends only on the matches so far ``c``, the unmatched dice
``r`` and the chance ``p`` that one die matches the pursued ability (its faces plus Fan Support).
That makes optimal stopping a small dynamic programme and attack totals an exact distribution.

Three layers: the exchange-level tables (win the exchange; kept for ``objective="exchange"``),
``MatchSolver`` (the whole match: exchange outcomes valued as chances of winning the match,
solved to a fixed point; what ``ExpertAgent`` plays and how agents are evaluated exactly), and
``total_distribution`` with named ``StoppingRule``s (``turnbuckle odds powerhouses``).
The first roll is a multinomial over how many dice land on each ability; icepool supplies the
binomial number of hits for the exchange-level tables (the tests check the first roll against it).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import icepool
import numpy as np
from numpy.typing import NDArray

from turnbuckle.engine.errors import ParamError

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

FaceMap = tuple[int, ...]
"""Ability index per face 0..6 (index 0 unused, -1 for Fan Support), as ``PowerhousesGame.face_maps``."""

TOTAL_CAP = 48
"""Totals at or above this are treated as this one: their values no longer change in practice."""


@cache
def first_roll(face_map: FaceMap, dice: int) -> tuple[tuple[float, int, tuple[int, ...]], ...]:
    """Every first-roll result as (probability, largest match, abilities tied for it).

    A largest match below 2 means the roll went bust. Only how many dice land on each ability
    (and on Fan Support) matters, so this sums the multinomial over those counts: exact
    fractions, and a few hundred terms instead of every multiset of faces.
    """
    abilities = sorted({a for a in face_map[1:] if a >= 0})
    faces = {a: sum(1 for f in face_map[1:] if f == a) for a in abilities}
    classes = [*abilities, -1]  # -1: Fan Support
    faces[-1] = sum(1 for f in face_map[1:] if f == -1)
    merged: dict[tuple[int, tuple[int, ...]], Fraction] = {}
    for landed in itertools.combinations_with_replacement(classes, dice):
        counts = {c: landed.count(c) for c in classes}
        ways = math.factorial(dice)
        for c in classes:
            ways = ways // math.factorial(counts[c]) * faces[c] ** counts[c]
        largest = max(counts[a] for a in abilities) + counts[-1]
        tied = tuple(a for a in abilities if counts[a] + counts[-1] == largest) if largest >= 2 else ()
        key = (largest if largest >= 2 else 0, tied)
        merged[key] = merged.get(key, Fraction(0)) + Fraction(ways, 6**dice)
    return tuple((float(prob), largest, tied) for (largest, tied), prob in sorted(merged.items()))


def hit_probability(face_map: FaceMap, ability: int) -> Fraction:
    """Chance one die matches ``ability``: its faces plus Fan Support."""
    return Fraction(sum(1 for a in face_map[1:] if a in (ability, -1)), 6)


@cache
def hits_distribution(dice: int, p: Fraction) -> tuple[float, ...]:
    """P(j of ``dice`` dice match), j = 0..dice, from icepool."""
    hit = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
    counts = dice @ hit
    return tuple(float(counts.probability(j)) for j in range(dice + 1))


def after_hits(free: int, hits: int, dice: int) -> int:
    """Unmatched dice after ``hits`` more match; Over the Top leaves one aside, the rest free."""
    left = free - hits
    return left if left > 0 else dice - 1


def continuation_values(
    utility: Sequence[float], dice: int, p: Fraction
) -> tuple[list[list[float]], list[list[bool]]]:
    """Optimal stopping: ``value[c][r]`` and ``roll[c][r]`` for c matches and r unmatched dice.

    ``utility[c]`` is what stopping at total c is worth (indices past the end count as the last).
    """
    cap = len(utility) - 1
    value = [[0.0] * dice for _ in range(cap + 1)]
    roll = [[False] * dice for _ in range(cap + 1)]
    for c in range(cap, -1, -1):
        stop = utility[c]
        busted = utility[max(c - 1, 0)]
        for r in range(1, dice):
            dist = hits_distribution(r, p)
            expect = dist[0] * busted
            for j in range(1, r + 1):
                nc = c + j
                expect += dist[j] * (value[nc][after_hits(r, j, dice)] if nc <= cap else utility[cap])
            if c < cap and expect > stop + 1e-12:
                value[c][r] = expect
                roll[c][r] = True
            else:
                value[c][r] = stop
    return value, roll


def first_roll_value(
    face_map: FaceMap, dice: int, utility: Sequence[float], values: Callable[[int], list[list[float]]]
) -> float:
    """Expected utility of a whole roll process under optimal play; ``values(ability)`` gives V."""
    total = 0.0
    for prob, largest, tied in first_roll(face_map, dice):
        if largest < 2:
            total += prob * utility[0]
            continue
        c = min(largest, len(utility) - 1)
        r = after_hits(dice, largest, dice)
        total += prob * max(values(a)[c][r] for a in tied)
    return total


def defense_utility(target: int, utils: tuple[float, float, float]) -> list[float]:
    """The defender's utility of each total against attack total ``target``: below, equal, above."""
    win, tie, loss = utils
    return [loss] * target + [tie, win]


@cache
def defense_values(face_map: FaceMap, dice: int, target: int, utils: tuple[float, float, float]) -> float:
    """The defender's optimal expected utility against attack total ``target``.

    ``utils`` = (reversal, resistance, wear down) from the defender's side.
    """
    tables = defense_tables(face_map, dice, target, utils)
    return first_roll_value(face_map, dice, defense_utility(target, utils), lambda a: tables[a][0])


@cache
def attack_utility(
    defender_map: FaceMap, defender_dice: int, utils: tuple[float, float, float]
) -> tuple[float, ...]:
    """What an attack total c is worth to the attacker, for c = 0..TOTAL_CAP.

    ``utils`` = (wear down, resistance, reversal) from the attacker's side; the exchange is
    zero-sum, so the defender values them as 1 - these.
    """
    win, tie, loss = utils
    defender_utils = (1.0 - loss, 1.0 - tie, 1.0 - win)
    return tuple(1.0 - defense_values(defender_map, defender_dice, c, defender_utils) for c in range(TOTAL_CAP + 1))


@cache
def attack_tables(
    attacker_map: FaceMap, attacker_dice: int, defender_map: FaceMap, defender_dice: int,
    utils: tuple[float, float, float],
) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
    """The attacker's optimal-stopping tables per ability against this defender."""
    utility = attack_utility(defender_map, defender_dice, utils)
    return {
        a: continuation_values(utility, attacker_dice, hit_probability(attacker_map, a))
        for a in _abilities(attacker_map)
    }


@cache
def defense_tables(
    face_map: FaceMap, dice: int, target: int, utils: tuple[float, float, float]
) -> dict[int, tuple[list[list[float]], list[list[bool]]]]:
    utility = defense_utility(target, utils)
    return {a: continuation_values(utility, dice, hit_probability(face_map, a)) for a in _abilities(face_map)}


def _abilities(face_map: FaceMap) -> list[int]:
    return sorted({a for a in face_map[1:] if a >= 0})


# -- match-level values: the expert's objective is winning the match, not the exchange ----------
CAP_TAIL = 1e-4
"""The match solver tracks attack totals up to the first one a never-quitting roller of either
sheet reaches less often than this. Forcing a stop there changes a match value by at most about
CAP_TAIL times the defender's chance of beating such a total (itself about CAP_TAIL): ~1e-8."""
MIN_CAP = 40


def solver_cap(face_maps: Sequence[FaceMap], dice: int, tail: float = CAP_TAIL) -> int:
    """The attack-total cap for a match: where values have saturated (see ``CAP_TAIL``)."""
    cap = MIN_CAP
    for face_map in face_maps:
        # cut off where less than ``tail`` is still rolling: the largest total left is the cap
        dist = roll_distribution(face_map, dice, _never, _best_pursue(face_map), tail)
        cap = max(cap, max(dist) + 1)
    return cap


_EPS = 1e-12
"""Roll only when strictly better by more than float noise, so ties resolve the same way everywhere."""


class RollerProfile:
    """One wrestler rolling ``dice`` dice: his distinct hit chances and first-roll outcomes.

    The roll process after the first roll depends only on the hit chance, so abilities with the
    same number of faces share one *slot*; the DP runs once per slot instead of once per ability.
    """

    def __init__(self, face_map: FaceMap, dice: int) -> None:
        self.face_map = face_map
        self.dice = dice
        abilities = _abilities(face_map)
        chances = sorted({hit_probability(face_map, a) for a in abilities}, reverse=True)
        self.chances: tuple[Fraction, ...] = tuple(chances)
        self.slot: dict[int, int] = {a: chances.index(hit_probability(face_map, a)) for a in abilities}
        self.bust = 0.0
        merged: dict[tuple[int, tuple[tuple[int, int], ...]], float] = {}
        for prob, largest, tied in first_roll(face_map, dice):
            if largest < 2:
                self.bust += prob
                continue
            counts: dict[int, int] = {}
            for a in tied:
                counts[self.slot[a]] = counts.get(self.slot[a], 0) + 1
            key = (largest, tuple(sorted(counts.items())))
            merged[key] = merged.get(key, 0.0) + prob
        self.outcomes: tuple[tuple[float, int, tuple[tuple[int, int], ...]], ...] = tuple(
            (prob, largest, slots) for (largest, slots), prob in sorted(merged.items())
        )
        """(probability, largest match, ((slot, abilities tied in that slot), ...)) per first roll."""


@cache
def roller_profile(face_map: FaceMap, dice: int) -> RollerProfile:
    """Shared per (sheet, dice): every match state with those dice reuses it."""
    return RollerProfile(face_map, dice)


def comeback_chance(face_map: FaceMap) -> float:
    """Chance the Come-Back roll (two dice) shows a match."""
    return 1.0 - roller_profile(face_map, 2).bust


MatchState = tuple[int, int, int]
"""(attacker, player 0's dice, player 1's dice) at the start of an exchange."""


class MatchSolver:
    """Exact minimax values of the whole match, and the stopping tables that achieve them.

    ``value[s]`` is the attacker's chance of winning the match from exchange state ``s``. An
    exchange's outcomes are worth match values: Wear Down leads to the state with one die fewer
    (with the Come-Back chance at two dice; the match ends at one), Resistance to the same state,
    Reversal to the state with the attacker swapped. Given those, each exchange is the
    perfect-information game "attacker stops, announces, defender answers", solved by the roll DP
    for every state at once (numpy over lanes = state x hit chance). The match-level fixed point
    is found by policy iteration: solve the exchanges, then solve the linear system of match
    values those exchange odds imply, until the values stop moving.

    ``players[p]`` says how player ``p`` decides: ``OPTIMAL`` (the default, both: minimax),
    ``UNIFORM`` (the random agent: each legal action with equal chance) or a ``FixedPolicy``
    factory (``solver_policy``, ``heuristic_policy``), whose decisions are taken as given. With
    one side fixed or uniform the other side's solution is its exact best response (the ceiling
    against that opponent); with both fixed it is the exact value of that pairing of agents.
    Agents use only the minimax solver.
    """

    def __init__(
        self,
        face_maps: tuple[FaceMap, ...],
        dice: int,
        comeback: bool = True,
        cap: int | None = None,
        players: tuple[PlayerModel, PlayerModel] = ("optimal", "optimal"),
    ) -> None:
        if len(face_maps) != 2 or dice < 2:
            raise ValueError("a match needs two sheets and at least two dice a side")
        self.face_maps: tuple[FaceMap, FaceMap] = (face_maps[0], face_maps[1])
        self.dice = dice
        self.comeback = comeback
        self.cap = cap if cap is not None else solver_cap(self.face_maps, dice)
        for model in players:
            if not callable(model) and model not in (OPTIMAL, UNIFORM):
                raise ValueError(f"a player is {OPTIMAL!r}, {UNIFORM!r} or a policy factory, got {model!r}")
        self.uniform = (players[0] == UNIFORM, players[1] == UNIFORM)
        n = dice
        self.states: list[MatchState] = [
            (x, d0, d1) for x in (0, 1) for d0 in range(2, n + 1) for d1 in range(2, n + 1)
        ]
        self.index = {s: i for i, s in enumerate(self.states)}
        self.att_profiles = [roller_profile(face_maps[x], (d0, d1)[x]) for x, d0, d1 in self.states]
        self.def_profiles = [roller_profile(face_maps[1 - x], (d0, d1)[1 - x]) for x, d0, d1 in self.states]
        self.att_lane, self.att_p, self.att_n, self.att_state, self.att_unif = self._lanes(self.att_profiles, 0)
        self.def_lane, self.def_p, self.def_n, self.def_state, self.def_unif = self._lanes(self.def_profiles, 1)
        self.att_groups = self._groups(0)
        self.def_groups = self._groups(1)
        self.att_hits = self._hits(self.att_p)
        self.def_hits = self._hits(self.def_p)
        self.comeback_chances = (comeback_chance(face_maps[0]), comeback_chance(face_maps[1]))
        self.reversal = [self.index[(1 - x, d0, d1)] for x, d0, d1 in self.states]
        first, second = players
        self.policies: tuple[FixedPolicy | None, FixedPolicy | None] = (
            first(self, 0) if callable(first) else None,
            second(self, 1) if callable(second) else None,
        )
        self.att_fixed, self.att_fixed_roll = self._fixed_lanes(0)
        self.def_fixed, self.def_fixed_roll = self._fixed_lanes(1)
        self.att_choice: dict[tuple[int, int], NDArray[np.intp]] = {}
        self.def_choice: dict[tuple[int, int], NDArray[np.intp]] = {}
        self.wear = [self._wear(s) for s in self.states]
        self.value = np.zeros(len(self.states))
        self.exchange_odds = np.zeros((len(self.states), 3))
        self.iterations = 0
        self.converged = False
        self._solve()

    # -- set-up --------------------------------------------------------------------------
    def _lanes(
        self, profiles: list[RollerProfile], role: int
    ) -> tuple[list[list[int]], NDArray[np.float64], NDArray[np.intp], NDArray[np.intp], NDArray[np.bool_]]:
        """One lane per (state, hit-chance slot); ``role`` 0 attacker, 1 defender."""
        lane: list[list[int]] = []
        p: list[float] = []
        n: list[int] = []
        owner: list[int] = []
        unif: list[bool] = []
        for s, prof in enumerate(profiles):
            x = self.states[s][0]
            player = x if role == 0 else 1 - x
            lane.append(list(range(len(p), len(p) + len(prof.chances))))
            for chance in prof.chances:
                p.append(float(chance))
                n.append(prof.dice)
                owner.append(s)
                unif.append(self.uniform[player])
        return lane, np.array(p), np.array(n, dtype=np.intp), np.array(owner, dtype=np.intp), np.array(unif)

    def _groups(self, role: int) -> list[tuple[int, RollerProfile, NDArray[np.intp], NDArray[np.intp]]]:
        """States whose roller (``role`` 0 attacker, 1 defender) is the same player with the same
        dice share a first roll: (player, profile, states, lanes[slot, state]) per such group."""
        profiles = self.att_profiles if role == 0 else self.def_profiles
        lanes = self.att_lane if role == 0 else self.def_lane
        members: dict[tuple[int, int], list[int]] = {}
        for s, prof in enumerate(profiles):
            members.setdefault((self.states[s][0] ^ role, prof.dice), []).append(s)
        return [
            (player, profiles[group[0]], np.array(group, dtype=np.intp), np.array([lanes[s] for s in group]).T)
            for (player, _), group in sorted(members.items())
        ]

    def _fixed_lanes(self, role: int) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
        """Which lanes (``role`` 0 attack, 1 defense) a fixed policy plays, and its roll flags."""
        owner = self.att_state if role == 0 else self.def_state
        player = np.array([self.states[s][0] for s in owner]) ^ role
        mask = np.zeros(owner.size, dtype=bool)
        size = (self.cap + 1) if role == 0 else (self.dice + self.cap + 1)
        roll = np.zeros((size, self.dice, owner.size), dtype=bool)
        for p, policy in enumerate(self.policies):
            if policy is None:
                continue
            mine = player == p
            mask |= mine
            table = policy.attack_roll if role == 0 else policy.defense_roll
            roll[:, :, mine] = table[:, :, mine]
        return mask, roll

    def _hits(self, p: NDArray[np.float64]) -> NDArray[np.float64]:
        """``h[r, j, lane]``: chance that j of r dice match."""
        n = self.dice
        h = np.zeros((n + 1, n + 1, p.size))
        for r in range(n + 1):
            for j in range(r + 1):
                h[r, j] = math.comb(r, j) * p**j * (1 - p) ** (r - j)
        return h

    def _wear(self, state: MatchState) -> tuple[float, list[tuple[float, int]]]:
        """The attacker's value of Wear Down as constant + sum(coef * value[t])."""
        x, *dice = state
        d = dice[1 - x] - 1
        if d <= 1:
            return 1.0, []
        after = list(dice)
        after[1 - x] = d
        if d == 2 and self.comeback:
            chance = self.comeback_chances[1 - x]
            back = list(dice)
            back[1 - x] = 3
            return 0.0, [(chance, self.index[(x, back[0], back[1])]), (1 - chance, self.index[(x, after[0], after[1])])]
        return 0.0, [(1.0, self.index[(x, after[0], after[1])])]

    # -- one round of exchange solving ----------------------------------------------------------
    def _utilities(self, value: NDArray[np.float64]) -> NDArray[np.float64]:
        """Per state: the attacker's match value after (Wear Down, Resistance, Reversal)."""
        u = np.empty((len(self.states), 3))
        for s, (const, terms) in enumerate(self.wear):
            u[s, 0] = const + sum(c * value[t] for c, t in terms)
        u[:, 1] = value
        u[:, 2] = 1.0 - value[self.reversal]
        return u

    def _defense_dp(self, util: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
        """The defender's roll DP by *gap* k = target - matches, for every defense lane at once.

        After the first roll the matches are >= 2, so going bust never clips at zero and the
        process depends on the target only through the gap. ``util[lane]`` = the defender's
        (worn down, resistance, reversal). Returns P(resistance), P(reversal) under optimal play
        as ``[k + dice, r, (tie, win), lane]`` for k = -dice .. cap, and the roll flags
        ``[k + dice, r, lane]``. Each gap depends only on smaller ones, so all r go at once.
        """
        n, cap = self.dice, self.cap
        off = n
        size = off + cap + 1
        lanes = self.def_p.size
        probs = np.zeros((size, n, 2, lanes))
        tops = np.zeros((size, 2, lanes))  # probs at (k, dice - 1): where Over the Top lands
        roll = np.zeros((size, n, lanes), dtype=bool)
        probs[: off - 1, :, 1] = 1.0  # two or more ahead: every path ends above the target
        tops[: off - 1, 1] = 1.0
        lo, ti, wi = util[:, 0], util[:, 1], util[:, 2]
        weights = np.stack([ti - lo, wi - lo])  # value = lo + weights . (tie, win)
        top = self.def_n - 1
        ids = np.arange(lanes)
        unif = self.def_unif
        hits = self.def_hits
        rows = np.arange(1, n)
        diag = hits[rows, rows][:, None, :]  # h[r, r]: every free die matched
        miss = hits[1:n, 0][:, None, :]  # h[r, 0]: bust
        for k in range(-1, cap + 1):
            ki = k + off
            stop = np.array([1.0 if k == 0 else 0.0, 1.0 if k < 0 else 0.0])[:, None]
            bust = np.array([1.0 if k == -1 else 0.0, 0.0])[:, None]  # bust lands at gap k + 1
            acc = miss * bust + diag * tops[ki - rows]
            for j in range(1, n - 1):
                acc[j:] += hits[j + 1 : n, j][:, None, :] * probs[ki - j, 1 : n - j]
            stop_v = (weights * stop).sum(axis=0)
            better = (weights * acc).sum(axis=1) > stop_v + _EPS
            better = np.where(self.def_fixed, self.def_fixed_roll[ki, 1:], better)
            roll[ki, 1:] = better
            chosen = np.where(better[:, None, :], acc, stop)
            probs[ki, 1:] = np.where(unif, 0.5 * (acc + stop), chosen)
            tops[ki] = probs[ki, top, :, ids].T
        return probs, roll

    def _defense_first_roll(
        self, util: NDArray[np.float64], probs: NDArray[np.float64]
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """P(resistance), P(reversal) for every attack total 0..cap and state: [c, state]."""
        cap, off = self.cap, self.dice
        totals = np.arange(cap + 1)
        states = len(self.states)
        dt = np.zeros((cap + 1, states))
        dw = np.zeros((cap + 1, states))
        for player, prof, group, lanes in self.def_groups:
            lo, ti, wi = util[lanes[0]].T
            dt[0, group] += prof.bust  # a first-roll bust totals 0: it ties only a 0 attack
            policy = self.policies[player]
            for o, (prob, largest, slots) in enumerate(prof.outcomes):
                r0 = after_hits(prof.dice, largest, prof.dice)
                k = (totals - largest + off)[:, None]
                fixed = (
                    None
                    if policy is None
                    else np.stack([np.broadcast_to(policy.defense_choice(s, o), (cap + 1,)) for s in group], axis=1)
                )
                pt, pw, chosen = _pick(
                    [(probs[k, r0, 0, lanes[i]], probs[k, r0, 1, lanes[i]], m) for i, m in slots],
                    (ti - lo, wi - lo),
                    self.uniform[player],
                    fixed,
                )
                dt[:, group] += prob * pt
                dw[:, group] += prob * pw
                for j, s in enumerate(group):
                    self.def_choice[(s, o)] = chosen[:, j]
        return dt, dw

    def _attack_dp(
        self, util: NDArray[np.float64], quit_odds: NDArray[np.float64]
    ) -> tuple[NDArray[np.float64], NDArray[np.bool_]]:
        """The attacker's roll DP over (matches, unmatched dice) for every attack lane at once.

        ``quit_odds[c, (wear, tie), lane]``: Wear Down / Resistance chances if the attack totals
        c (the defender answering as solved). Returns the same chances under optimal play as
        ``[c, r, (wear, tie), lane]`` (rows past the cap repeat it: the roll stops there) and the
        roll flags ``[c, r, lane]``.
        """
        n, cap = self.dice, self.cap
        lanes = self.att_p.size
        probs = np.zeros((cap + n + 1, n, 2, lanes))
        tops = np.zeros((cap + n + 1, 2, lanes))
        roll = np.zeros((cap + 1, n, lanes), dtype=bool)
        probs[cap:] = quit_odds[cap]
        tops[cap:] = quit_odds[cap]
        wv, tv, rv_ = util[:, 0], util[:, 1], util[:, 2]
        weights = np.stack([wv - rv_, tv - rv_])  # value = rev + weights . (wear, tie)
        stop_v = (weights * quit_odds).sum(axis=1)
        top = self.att_n - 1
        ids = np.arange(lanes)
        unif = self.att_unif
        hits = self.att_hits
        rows = np.arange(1, n)
        diag = hits[rows, rows][:, None, :]
        miss = hits[1:n, 0][:, None, :]
        for c in range(cap - 1, -1, -1):
            stop = quit_odds[c]
            acc = miss * quit_odds[max(c - 1, 0)] + diag * tops[c + 1 : c + n]
            for j in range(1, n - 1):
                acc[j:] += hits[j + 1 : n, j][:, None, :] * probs[c + j, 1 : n - j]
            better = (weights * acc).sum(axis=1) > stop_v[c] + _EPS
            better = np.where(self.att_fixed, self.att_fixed_roll[c, 1:], better)
            roll[c, 1:] = better
            chosen = np.where(better[:, None, :], acc, stop)
            probs[c, 1:] = np.where(unif, 0.5 * (acc + stop), chosen)
            tops[c] = probs[c, top, :, ids].T
        return probs, roll

    def _exchanges(self, value: NDArray[np.float64]) -> NDArray[np.float64]:
        """Solve every exchange given match values; store the tables; return (P wear, tie, rev)."""
        u = self._utilities(value)
        def_util = 1.0 - u[self.def_state]  # zero-sum: the defender's (worn down, resisted, reversed)
        dprobs, droll = self._defense_dp(def_util)
        dt, dw = self._defense_first_roll(def_util, dprobs)
        quit_odds = np.stack([1.0 - dt - dw, dt], axis=1)[:, :, self.att_state]  # [c, (wear, tie), lane]
        att_util = u[self.att_state]
        aprobs, aroll = self._attack_dp(att_util, quit_odds)
        odds = np.zeros((len(self.states), 3))
        for player, prof, group, lanes in self.att_groups:
            wv, tv, rv_ = u[group].T
            pw = prof.bust * quit_odds[0, 0, lanes[0]]
            pt = prof.bust * quit_odds[0, 1, lanes[0]]
            policy = self.policies[player]
            for o, (prob, largest, slots) in enumerate(prof.outcomes):
                r0 = after_hits(prof.dice, largest, prof.dice)
                c = min(largest, self.cap)
                fixed = None if policy is None else np.array([policy.attack_choice(s, o) for s in group])
                w, t, chosen = _pick(
                    [(aprobs[c, r0, 0, lanes[i]], aprobs[c, r0, 1, lanes[i]], m) for i, m in slots],
                    (wv - rv_, tv - rv_),
                    self.uniform[player],
                    fixed,
                )
                pw = pw + prob * w
                pt = pt + prob * t
                for j, s in enumerate(group):
                    self.att_choice[(s, o)] = chosen[j]
            odds[group, 0] = pw
            odds[group, 1] = pt
            odds[group, 2] = 1.0 - pw - pt
        self.def_probs, self.def_roll, self.def_util = dprobs, droll, def_util
        self.att_probs, self.att_roll, self.att_util = aprobs, aroll, att_util
        return odds

    def _match_values(self, odds: NDArray[np.float64]) -> NDArray[np.float64]:
        """Match values implied by fixed exchange odds: a block-triangular linear system.

        Wear Down only lowers the dice (the Come-Back at most returns to the same state),
        Resistance stays and Reversal swaps the attacker at the same dice, so taking dice pairs
        by increasing total leaves one 2x2 system (the two attackers) per pair.
        """
        value = np.zeros(len(self.states))
        solved = np.zeros(len(self.states), dtype=bool)
        pairs = sorted({(d0, d1) for _, d0, d1 in self.states}, key=lambda p: (p[0] + p[1], p))
        for d0, d1 in pairs:
            block = [self.index[(0, d0, d1)], self.index[(1, d0, d1)]]
            a = np.zeros((2, 2))
            b = np.zeros(2)
            for row, s in enumerate(block):
                pw, pt, pr = odds[s]
                const, terms = self.wear[s]
                a[row, row] = 1.0 - pt
                a[row, 1 - row] = pr  # Reversal: worth 1 - the other attacker's value
                b[row] = pr + pw * const
                for coef, t in terms:
                    if t == s:
                        a[row, row] -= pw * coef  # the Come-Back back to this very state
                    elif solved[t]:
                        b[row] += pw * coef * value[t]
                    else:
                        return self._match_values_dense(odds)  # not block-triangular after all
            det = a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0]
            if abs(det) < 1e-14:
                return self._match_values_dense(odds)
            value[block[0]] = (b[0] * a[1, 1] - a[0, 1] * b[1]) / det
            value[block[1]] = (a[0, 0] * b[1] - a[1, 0] * b[0]) / det
            solved[block] = True
        return value

    def _match_values_dense(self, odds: NDArray[np.float64]) -> NDArray[np.float64]:
        """The same system solved in one piece (a safety net for degenerate odds)."""
        size = len(self.states)
        a = np.eye(size)
        b = np.zeros(size)
        for s, ((pw, pt, pr), (const, terms)) in enumerate(zip(odds, self.wear, strict=True)):
            a[s, s] -= pt
            a[s, self.reversal[s]] += pr
            b[s] += pr + pw * const
            for coef, t in terms:
                a[s, t] -= pw * coef
        return np.asarray(np.linalg.lstsq(a, b, rcond=None)[0], dtype=np.float64)

    def _solve(self, tolerance: float = 1e-12, max_iterations: int = 100) -> None:
        n = self.dice
        value = np.array([0.5 + 0.1 * (s[1 + s[0]] - s[2 - s[0]]) / n for s in self.states])
        for iteration in range(1, max_iterations + 1):
            odds = self._exchanges(value)
            new = self._match_values(odds)
            moved = float(np.max(np.abs(new - value)))
            value = new
            self.iterations = iteration
            if moved < tolerance:
                self.converged = True
                break  # the tables just built are for values within ``tolerance`` of these
        self.exchange_odds = odds
        self.value = value

    # -- what agents and analyses ask ---------------------------------------------------
    def residual(self) -> float:
        """Bellman residual: how far the stored values are from one more exact exchange solve."""
        u = self._utilities(self.value)
        backed = np.sum(self.exchange_odds * u, axis=1)
        return float(np.max(np.abs(backed - self.value)))

    def state_value(self, attacker: int, dice: tuple[int, int] | list[int]) -> float:
        """The attacker's chance of winning the match from the start of an exchange."""
        return float(self.value[self.index[(attacker, dice[0], dice[1])]])

    def attack_lane(self, attacker: int, dice: tuple[int, int] | list[int], ability: int) -> int:
        """The table column of this attack: abilities with equal hit chances share one."""
        s = self.index[(attacker, dice[0], dice[1])]
        return self.att_lane[s][self.att_profiles[s].slot[ability]]

    def defense_lane(self, attacker: int, dice: tuple[int, int] | list[int], ability: int) -> int:
        """The table column of the defense against ``attacker``'s exchange."""
        s = self.index[(attacker, dice[0], dice[1])]
        return self.def_lane[s][self.def_profiles[s].slot[ability]]

    def attack_value(self, lane: int, matches: int, unmatched: int) -> float:
        """The attacker's match value at (matches, unmatched dice), playing on optimally."""
        c = min(matches, self.cap)
        w, t = self.att_probs[c, unmatched, :, lane]
        wv, tv, rv_ = self.att_util[lane]
        return float(wv * w + tv * t + rv_ * (1.0 - w - t))

    def attack_rolls(self, lane: int, matches: int, unmatched: int) -> bool:
        """Roll on? At the cap the answer is stop: values have saturated there."""
        return matches < self.cap and bool(self.att_roll[matches, unmatched, lane])

    def defense_value(self, lane: int, target: int, matches: int, unmatched: int) -> float:
        """The defender's match value at (matches, unmatched dice) against attack total ``target``."""
        k = target - matches
        if k > self.cap:
            k = self.cap  # hopelessly behind: values below float noise anyway
        lo, ti, wi = self.def_util[lane]
        if k < -1:
            return float(wi)
        ki = k + self.dice
        t, w = self.def_probs[ki, unmatched, :, lane]
        return float(lo + (ti - lo) * t + (wi - lo) * w)

    def defense_rolls(self, lane: int, target: int, matches: int, unmatched: int) -> bool:
        """Roll on against attack total ``target``? Two ahead always stops; far behind always rolls."""
        k = target - matches
        if k > self.cap:
            return True  # behind: rolling can only help
        if k < -1:
            return False
        return bool(self.def_roll[k + self.dice, unmatched, lane])

    def takedown_chances(self) -> tuple[float, float]:
        """Each player's chance of winning the Take-Down (both roll until bust; ties re-roll)."""
        dists = [
            roll_distribution(
                fm, self.dice, _never, _uniform_pursue if self.uniform[p] else _best_pursue(fm)
            )
            for p, fm in enumerate(self.face_maps)
        ]
        first = second = 0.0
        for a, pa in dists[0].items():
            for b, pb in dists[1].items():
                if a > b:
                    first += pa * pb
                elif b > a:
                    second += pa * pb
        return first / (first + second), second / (first + second)

    def match_win_chance(self, player: int = 0) -> float:
        """``player``'s chance of winning the whole match, Take-Down included."""
        t0, t1 = self.takedown_chances()
        n = self.dice
        v0 = self.state_value(0, (n, n))
        v1 = self.state_value(1, (n, n))
        p0 = t0 * v0 + t1 * (1.0 - v1)
        return p0 if player == 0 else 1.0 - p0


def _pick(
    options: list[tuple[NDArray[np.float64], NDArray[np.float64], int]],
    weights: tuple[NDArray[np.float64], NDArray[np.float64]],
    uniform: bool,
    fixed: NDArray[np.intp] | None = None,
) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.intp]]:
    """The first-roll choice between tied matches: the best, the average if played at random,
    or the option ``fixed`` names. Returns the chosen pair and which option was chosen.

    Each option is a pair of outcome chances (a, b) and how many tied abilities share it; its
    value is ``const + weights[0] * a + weights[1] * b``, so the constant plays no part. Options
    come in slot order (most faces first), so equal values keep the likeliest ability.
    """

    def value(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
        return weights[0] * a + weights[1] * b

    zero = np.zeros(np.shape(options[0][0]), dtype=np.intp)
    if uniform:
        total = sum(m for *_, m in options)
        return (
            sum((a * m for a, _, m in options), np.zeros_like(options[0][0])) / total,
            sum((b * m for _, b, m in options), np.zeros_like(options[0][0])) / total,
            zero,
        )
    if fixed is not None:
        picks = np.broadcast_to(fixed, zero.shape)
        return (
            np.choose(picks, [a for a, _, _ in options]),
            np.choose(picks, [b for _, b, _ in options]),
            picks,
        )
    best_a, best_b, _ = options[0]
    best_v = value(best_a, best_b)
    best_i = zero
    for i, (a, b, _) in enumerate(options[1:], start=1):
        v = value(a, b)
        better = v > best_v + _EPS
        best_a = np.where(better, a, best_a)
        best_b = np.where(better, b, best_b)
        best_v = np.where(better, v, best_v)
        best_i = np.where(better, i, best_i)
    return best_a, best_b, best_i


OPTIMAL = "optimal"
UNIFORM = "uniform"


@dataclass(frozen=True)
class FixedPolicy:
    """A player's decisions, laid out like the solver's tables, for exact policy evaluation.

    ``attack_roll[c, r, lane]`` / ``defense_roll[k + dice, r, lane]``: roll on? (only the lanes
    where this player rolls are read); ``attack_choice(state, outcome)`` /
    ``defense_choice(state, outcome)``: which tied option a first roll pursues (per attack total
    on defense), options in slot order as ``RollerProfile.outcomes`` lists them.
    """

    attack_roll: NDArray[np.bool_]
    defense_roll: NDArray[np.bool_]
    attack_choice: Callable[[int, int], NDArray[np.intp]]
    defense_choice: Callable[[int, int], NDArray[np.intp]]


PlayerModel = str | Callable[[MatchSolver, int], FixedPolicy]
"""``OPTIMAL``, ``UNIFORM`` or a factory ``(solver, player) -> FixedPolicy``."""


def solver_policy(reference: MatchSolver) -> Callable[[MatchSolver, int], FixedPolicy]:
    """The decisions of an already solved ``reference`` (e.g. the minimax expert), as fixed."""

    def factory(solver: MatchSolver, player: int) -> FixedPolicy:
        if solver.states != reference.states or solver.cap != reference.cap:
            raise ValueError("the reference solver has a different layout")
        return FixedPolicy(
            reference.att_roll.copy(),
            reference.def_roll.copy(),
            lambda s, o: reference.att_choice[(s, o)],
            lambda s, o: reference.def_choice[(s, o)],
        )

    return factory


def heuristic_policy(solver: MatchSolver, player: int) -> FixedPolicy:
    """``HeuristicAgent`` as tables: attack while 3+ dice are free; on defense stop when ahead,
    roll when behind, and when level roll while 2+ dice are free; pursue the most faces."""
    n, cap = solver.dice, solver.cap
    free = np.arange(n)[None, :, None]
    attack = np.broadcast_to(free >= 3, (cap + 1, n, solver.att_p.size)).copy()
    gap = (np.arange(n + cap + 1) - n)[:, None, None]
    defense = np.broadcast_to((gap > 0) | ((gap == 0) & (free >= 2)), (n + cap + 1, n, solver.def_p.size)).copy()
    first = np.zeros((), dtype=np.intp)
    return FixedPolicy(attack, defense, lambda s, o: first, lambda s, o: first)


@cache
def match_solver(face_maps: tuple[FaceMap, ...], dice: int, comeback: bool = True) -> MatchSolver:
    """The minimax solver for one pairing of sheets, built once and shared by every agent."""
    return MatchSolver(face_maps, dice, comeback)


# -- exact distribution of a roll's final total under a stopping rule ---------------------------
StopFn = Callable[[int, int], bool]
"""``stop(matches, unmatched_dice) -> True`` to call it quits."""
AbilityStopFn = Callable[[int, int, int], bool]
"""``stop(ability, matches, unmatched_dice)``: rules that depend on the pursued ability."""
PursueFn = Callable[[tuple[int, ...], int, int], dict[int, float]]
"""``pursue(tied_abilities, matches, unmatched) -> {ability: weight}`` on a first-roll tie."""

DISTRIBUTION_TAIL = 1e-13
"""Mass still rolling below this is the vanishing tail; it is stopped where it stands."""
DISTRIBUTION_LIMIT = 2000
"""Hard bound on totals in an exact distribution (a safety net; never reached in practice)."""


def _never(ability: int, matches: int, unmatched: int) -> bool:
    return False


def _uniform_pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
    return {a: 1.0 / len(tied) for a in tied}


def best_ability(face_map: FaceMap, tied: tuple[int, ...] | list[int]) -> int:
    """First-roll tie under a fixed rule: the most faces (likeliest to keep matching), lowest id."""
    return max(tied, key=lambda a: (hit_probability(face_map, a), -a))


def _best_pursue(face_map: FaceMap) -> PursueFn:
    def pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
        return {best_ability(face_map, tied): 1.0}

    return pursue


def roll_distribution(
    face_map: FaceMap, dice: int, stop: AbilityStopFn, pursue: PursueFn, tail: float = DISTRIBUTION_TAIL
) -> dict[int, float]:
    """Exact distribution of a roll process's final total, layer by layer in the match count.

    States are (matches, unmatched dice, ability); the count only grows, so one sweep in
    increasing matches settles each state once. Mass still rolling once less than ``tail``
    remains is stopped where it stands.
    """
    result: dict[int, float] = {}
    layers: dict[int, dict[tuple[int, int], float]] = {}
    hit = {a: hit_probability(face_map, a) for a in _abilities(face_map)}
    rolling = 0.0
    for prob, largest, tied in first_roll(face_map, dice):
        if largest < 2:
            result[0] = result.get(0, 0.0) + prob
            continue
        r = after_hits(dice, largest, dice)
        layer = layers.setdefault(largest, {})
        for a, weight in pursue(tied, largest, r).items():
            layer[(r, a)] = layer.get((r, a), 0.0) + prob * weight
            rolling += prob * weight
    c = min(layers, default=0)
    while layers:
        layer = layers.pop(c, {})
        cut = rolling < tail or c >= DISTRIBUTION_LIMIT
        for (r, a), mass in layer.items():
            rolling -= mass
            if cut or stop(a, c, r):
                result[c] = result.get(c, 0.0) + mass
                continue
            dist = hits_distribution(r, hit[a])
            result[c - 1] = result.get(c - 1, 0.0) + mass * dist[0]
            for j in range(1, r + 1):
                nxt = layers.setdefault(c + j, {})
                key = (after_hits(r, j, dice), a)
                nxt[key] = nxt.get(key, 0.0) + mass * dist[j]
                rolling += mass * dist[j]
        c += 1
    return dict(sorted(result.items()))


# -- named stopping rules (``turnbuckle odds powerhouses --rule``) -------------------------------
STOPPING_RULES: dict[str, str] = {
    "bust": "never call it quits: roll until going bust (the Take-Down's rule)",
    "at:K": "call it quits as soon as the total is K or more",
    "free:R": "call it quits when fewer than R unmatched dice are left to roll",
    "expert": "the expert's opening attack: N dice against the same sheet holding N dice",
    "expert:D": "the expert's attack with N dice against the same sheet holding D dice",
}
"""The stopping rules ``parse_stopping_rule`` understands, for help texts."""


@dataclass(frozen=True)
class StoppingRule:
    """A named way of calling it quits; ``str(rule)`` is the text that parses back to it.

    Calling it as ``rule(matches, unmatched)`` answers "quit now?" for the fixed rules. The
    ``expert`` rule depends on the pursued ability and the match, so it is resolved by
    ``rule_policy`` (``threshold`` is the defender's dice, 0 = the same as the attacker's).
    """

    kind: str
    threshold: int = 0

    def __call__(self, matches: int, unmatched: int) -> bool:
        if self.kind == "bust":
            return False
        if self.kind == "at":
            return matches >= self.threshold
        if self.kind == "free":
            return unmatched < self.threshold
        raise ParamError(f"stopping rule {self} depends on the match; use rule_policy()")

    def __str__(self) -> str:
        if self.kind == "bust" or (self.kind == "expert" and not self.threshold):
            return self.kind
        return f"{self.kind}:{self.threshold}"


def parse_stopping_rule(text: str) -> StoppingRule:
    """``bust``, ``at:K``, ``free:R``, ``expert`` or ``expert:D``; ParamError with one line otherwise."""
    raw = text.strip().lower()
    kind, sep, arg = raw.partition(":")
    kind, arg = kind.strip(), arg.strip()
    known = "bust, at:K, free:R, expert, expert:D"
    if kind == "bust" and not sep:
        return StoppingRule("bust")
    if kind == "expert" and not sep:
        return StoppingRule("expert")
    if kind not in ("at", "free", "expert"):
        raise ParamError(f"unknown stopping rule {text!r} (known: {known})")
    if not (arg.isascii() and arg.isdigit()):
        raise ParamError(f"stopping rule {kind}: needs a whole number, got {text!r}")
    value = int(arg)
    low, high = {"at": (1, DISTRIBUTION_LIMIT), "free": (1, 12), "expert": (2, 12)}[kind]
    if not low <= value <= high:
        raise ParamError(f"stopping rule {text!r}: the number must be from {low} to {high}")
    return StoppingRule(kind, value)


def _check_dice(dice: int) -> None:
    if not isinstance(dice, int) or isinstance(dice, bool) or not 1 <= dice <= 12:
        raise ParamError(f"dice must be a whole number from 1 to 12, got {dice!r}")


def rule_policy(face_map: FaceMap, dice: int, rule: StoppingRule | StopFn) -> tuple[AbilityStopFn, PursueFn]:
    """The (quit?, first-roll choice) pair a rule plays with ``dice`` dice of this sheet.

    Fixed rules pursue the ability with the most faces; the expert pursues the best-valued one.
    """
    _check_dice(dice)
    if not isinstance(rule, StoppingRule) or rule.kind != "expert":
        fixed = rule

        def stop(ability: int, matches: int, unmatched: int) -> bool:
            return fixed(matches, unmatched)

        return stop, _best_pursue(face_map)
    defender = rule.threshold or dice
    if dice < 2 or defender > 12:
        raise ParamError(f"the expert rule needs 2 to 12 dice, got {dice} against {defender}")
    solver = match_solver((face_map, face_map), max(dice, defender))
    state = (dice, defender)

    def expert_stop(ability: int, matches: int, unmatched: int) -> bool:
        return not solver.attack_rolls(solver.attack_lane(0, state, ability), matches, unmatched)

    def expert_pursue(tied: tuple[int, ...], matches: int, unmatched: int) -> dict[int, float]:
        best = max(
            tied, key=lambda a: (solver.attack_value(solver.attack_lane(0, state, a), matches, unmatched), -a)
        )
        return {best: 1.0}

    return expert_stop, expert_pursue


def total_distribution(face_map: FaceMap, dice: int, stop: StoppingRule | StopFn) -> dict[int, float]:
    """Exact distribution of an attack's final total with ``dice`` dice, quitting by ``stop``.

    ``stop`` is a named ``StoppingRule`` or any ``(matches, unmatched) -> quit?`` function. Exact
    to float precision: no cap, only mass below ``DISTRIBUTION_TAIL`` is cut off.
    """
    quit_, pursue = rule_policy(face_map, dice, stop)
    return roll_distribution(face_map, dice, quit_, pursue)


def simulate_total_distribution(
    game: PowerhousesGame, player: int, dice: int, rule: StoppingRule | StopFn, n: int, seed: int
) -> dict[int, float]:
    """Frequencies of attack totals over ``n`` attacks played through the real state machine.

    A match is forced into the attack phase with ``player`` attacking with ``dice`` dice; every
    die is a chance node sampled from ``random.Random(seed)`` and every decision is the rule's.
    This checks ``total_distribution`` against the rules themselves, not against the DP.
    """
    from turnbuckle.games.powerhouses.rules import (
        ATTACK,
        AWAIT_DIE,
        AWAIT_PURSUE,
        PURSUE,
        ROLL,
        STOP,
        PowerhousesState,
    )

    _check_dice(dice)
    if n < 1:
        raise ParamError(f"simulations must be at least 1, got {n}")
    face_map = game.face_maps[player]
    quit_, pursue = rule_policy(face_map, dice, rule)
    template = PowerhousesState(game)
    template.record_events = False
    template.dice[player] = dice
    if isinstance(rule, StoppingRule) and rule.kind == "expert":
        template.dice[1 - player] = rule.threshold or dice
    template.phase = ATTACK
    template.attacker = player
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(n):
        state = template.clone()
        assert isinstance(state, PowerhousesState)
        state._begin_process(player)
        while state.phase == ATTACK:
            if state.awaiting == AWAIT_DIE:
                state.apply_action(state.sample_chance(rng))
            elif state.awaiting == AWAIT_PURSUE:
                tied = tuple(state.tied)
                weights = pursue(tied, state.count, after_hits(dice, state.count, dice))
                pick = rng.choices(list(weights), weights=list(weights.values()))[0]
                state.apply_action(PURSUE[pick])
            else:
                state.apply_action(STOP if quit_(state.ability, state.count, state.free) else ROLL)
        counts[state.attack_total] = counts.get(state.attack_total, 0) + 1
    return {total: counts[total] / n for total in sorted(counts)}
