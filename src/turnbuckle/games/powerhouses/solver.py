"""The whole Powerhouses match, solved exactly: what ``ExpertAgent`` plays.

Each exchange's outcomes are valued as chances of winning the match, and the match values are
solved to a fixed point (``MatchSolver``). The same solver evaluates any pairing of fixed
policies exactly (``solver_policy``, ``heuristic_policy``, the random agent as ``UNIFORM``), so
agents are compared by exact win chances rather than sampled ones. The roll process it builds on
is ``probability.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np
from numpy.typing import NDArray

from turnbuckle.games.powerhouses.probability import (
    ROLL_MARGIN,
    FaceMap,
    after_hits,
    best_pursue,
    face_abilities,
    first_roll,
    hit_probability,
    hits_distribution,
    never_stop,
    roll_distribution,
    uniform_pursue,
)

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
        dist = roll_distribution(face_map, dice, never_stop, best_pursue(face_map), tail)
        cap = max(cap, max(dist) + 1)
    return cap


class RollerProfile:
    """One wrestler rolling ``dice`` dice: his distinct hit chances and first-roll outcomes.

    The roll process after the first roll depends only on the hit chance, so abilities with the
    same number of faces share one *slot*; the DP runs once per slot instead of once per ability.
    """

    def __init__(self, face_map: FaceMap, dice: int) -> None:
        self.face_map = face_map
        self.dice = dice
        abilities = face_abilities(face_map)
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
        self.att_lane, att_chances, self.att_n, self.att_state, self.att_unif = self._lanes(self.att_profiles, 0)
        self.def_lane, def_chances, self.def_n, self.def_state, self.def_unif = self._lanes(self.def_profiles, 1)
        self.att_p = np.array([float(chance) for chance in att_chances])
        self.def_p = np.array([float(chance) for chance in def_chances])
        self.att_groups = self._groups(0)
        self.def_groups = self._groups(1)
        self.att_hits = self._hits(att_chances)
        self.def_hits = self._hits(def_chances)
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
    ) -> tuple[list[list[int]], list[Fraction], NDArray[np.intp], NDArray[np.intp], NDArray[np.bool_]]:
        """One lane per (state, hit-chance slot); ``role`` 0 attacker, 1 defender.

        Returns the lanes of each state, and per lane its hit chance, dice, state and whether
        its player plays uniformly at random.
        """
        lane: list[list[int]] = []
        p: list[Fraction] = []
        n: list[int] = []
        owner: list[int] = []
        unif: list[bool] = []
        for s, prof in enumerate(profiles):
            x = self.states[s][0]
            player = x if role == 0 else 1 - x
            lane.append(list(range(len(p), len(p) + len(prof.chances))))
            for chance in prof.chances:
                p.append(chance)
                n.append(prof.dice)
                owner.append(s)
                unif.append(self.uniform[player])
        return lane, p, np.array(n, dtype=np.intp), np.array(owner, dtype=np.intp), np.array(unif)

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

    def _hits(self, chances: list[Fraction]) -> NDArray[np.float64]:
        """``h[r, j, lane]``: chance that j of r dice match, given each lane's hit chance."""
        n = self.dice
        h = np.zeros((n + 1, n + 1, len(chances)))
        for lane, chance in enumerate(chances):
            for r in range(n + 1):
                h[r, : r + 1, lane] = hits_distribution(r, chance)
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
            better = (weights * acc).sum(axis=1) > stop_v + ROLL_MARGIN
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
            better = (weights * acc).sum(axis=1) > stop_v[c] + ROLL_MARGIN
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
                fm, self.dice, never_stop, uniform_pursue if self.uniform[p] else best_pursue(fm)
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
        better = v > best_v + ROLL_MARGIN
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
