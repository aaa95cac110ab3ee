"""Computer players for the ring skirmish game.

``heuristic``: a fixed plan in the spirit of the rules: close in and face the opponent, stagger
(Body Slam, Clothesline), wear END down, pin when the pin odds are good, Shake the Cobwebs when a
pin threatens, put enemies into the ropes, counter whenever blocked. Bids are mixed (a random
draw just under the pool: unspent bid APs come back), so an opponent cannot read them exactly.

``search``: determinized flat Monte Carlo on top of the heuristic. At each bid, turn, counter and
boost decision it scores the heuristic's choice and a few other candidate actions by playing the
position out to the end of the next round with the heuristic (randomized) for every player, on
fresh determinizations (``state.determinize(me, rng)``: the opponent's unrevealed bid is
re-sampled), and an evaluation of END, stagger and AP at the horizon. It keeps the heuristic's
choice unless another candidate scores clearly better (``margin``), and searches only once an
enemy is within ``engage_inches``: a one-round horizon cannot see the value of closing a long
gap. It never looks at a bid it has not seen revealed.

Reads: active, flaunt_pin, left, models, pend, phase, pool, round
Writes: -
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

import numpy as np

from turnbuckle.agents.deadline import out_of_time
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import BID, BOOST, COUNTER, DEST, FACE, FLAUNT_EFFECT, PLACE, PUSH, TURN
from turnbuckle.games.skirmish.destinations import destinations, named_destinations
from turnbuckle.games.skirmish.menu import maneuver_options, partner_of
from turnbuckle.games.skirmish.state import SkirmishState


@lru_cache(maxsize=4096)
def win_probability(a: int, d: int) -> float:
    """P(attacker's hits > defender's hits) with exploding sixes (exact, from the odds module)."""
    from turnbuckle.games.skirmish.odds import contest

    return contest(a, d)[0]


def _opponent(state: SkirmishState, me: int) -> int:
    """The opponent to focus on: the nearest enemy wrestler in the ring (lowest END on ties)."""
    mine = state.models[state.active[me]]
    best = min(
        (p for p in range(state.game.players) if p != me),
        key=lambda p: (geo.dist2(mine.pos, state.models[state.active[p]].pos), state.models[state.active[p]].end, p),
    )
    return best


def _score_maneuver(state: SkirmishState, player: int, spec: tuple[int, int, str]) -> float:
    g = state.game
    mi, seat, stat = spec
    m = g.maneuvers[mi]
    me = state.models[state.active[player]]
    prof = g.profiles[me.wrestler]
    if m.kind == "pin":
        d = state.models[state.active[seat]]
        dice = prof.stat(stat) + m.bonus + state.flaunt_pin[player] + (1 if state.left[player] - m.cost >= 3 else 0)
        return 50.0 * win_probability(dice, d.end) ** 3 + 1.0
    if m.kind == "attack":
        d = state.models[state.active[seat]]
        dstat = stat if m.defender == "same" else str(m.defender)
        a_dice = prof.stat(stat) + m.bonus
        if m.partner:
            partner = partner_of(state, player)
            a_dice += g.profiles[state.models[partner].wrestler].STR if partner >= 0 else 0
        d_dice = d.end if dstat == "END" else g.profiles[d.wrestler].stat(dstat)
        p_win = win_probability(a_dice, d_dice)
        value = 0.0
        if "damage" in m.effects:
            value += 1.6 * min(2.0, d.end - 1 + 0.5)
        if "stagger" in m.effects and not d.staggered:
            value += 4.0 if d.end <= 4 else 2.5
        if "push" in m.effects or "whip" in m.effects or "place_rear" in m.effects:
            value += 1.0
        if "drain" in m.effects:
            value += 0.5
        return p_win * value / max(1, m.cost) * 2 + 0.1
    if m.key == "flaunt" or "flaunt" in m.effects:
        return 0.6
    if "remove_stagger" in m.effects and me.staggered:
        return 6.0 if me.end <= 4 else 2.0
    if "gain_end" in m.effects:
        return 0.8 if me.end < prof.END else 0.0
    if "tag" in m.effects:
        partner = partner_of(state, player)
        if partner >= 0 and state.models[partner].end > me.end + 2:
            return 3.0
        return -1.0
    if m.kind == "move":
        opp = state.models[state.active[_opponent(state, player)]]
        reach = geo.gap_within(me.pos, me.r, opp.pos, opp.r, geo.REACH) and geo.partly_front(
            me.pos, me.facing, opp.pos, opp.r)
        if m.key == "jockey":
            return 0.5 if reach else 5.0
        return 0.0 if reach else 3.0
    return 0.0


def heuristic_action(state: SkirmishState, rng: random.Random) -> Action:
    """The heuristic's choice (also the rollout policy of the search agent)."""
    g = state.game
    phase = state.phase
    me = state.current_player()
    by = g.actions.by_name
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if phase == BID:
        pool = state.pool[me]
        target = pool - rng.choice((0, 1, 2))  # unspent bid APs come back: bid high, keep a little
        opp = state.models[state.active[_opponent(state, me)]]
        if opp.staggered and opp.end <= 3:
            target = pool  # go all in for the pin
        return by(f"bid {max(0, min(pool, target))}") or legal[0]
    if phase in (TURN, COUNTER):
        options = maneuver_options(state, me, phase == COUNTER)
        best: tuple[float, float, Action | None] = (0.05 if phase == TURN else 0.0, 0.0, None)
        for aid, _ in options:
            spec = g.maneuver_spec[aid]
            score = _score_maneuver(state, me, spec)
            if spec[1] >= 0 and spec[1] != _opponent(state, me):
                score *= 0.8
            key = (score, rng.random(), g.decision_list[aid])
            if key[:2] > best[:2]:
                best = key
        if best[2] is not None:
            return best[2]
        return by("no counter" if phase == COUNTER else "end turn") or legal[0]
    if phase == BOOST:
        pend = state.pend
        is_pin = g.maneuvers[pend["man"]].kind == "pin" if "man" in pend else False
        if state.left[me] >= 1 and (is_pin or state.left[me] >= 2 or pend.get("flaunt")):
            return by("boost") or legal[0]
        return by("no boost") or legal[0]
    if phase == DEST:
        return _choose_destination(state, me, rng)
    if phase == FACE:
        target = _opponent(state, me) if state.pend.get("facer") == state.active[me] else -1
        if target >= 0:
            act = by(f"face P{target}")
            if act is not None and act in legal:
                return act
        seat_faces = [a for a in legal if a.name.startswith("face P")]
        if state.pend.get("facer") != state.active[me]:
            # we chose where an enemy goes (Whip): turn its back to us
            away = [a for a in legal if a.name.startswith("face ") and not a.name.startswith("face P")]
            return rng.choice(away) if away else legal[0]
        return seat_faces[0] if seat_faces else legal[0]
    if phase == PUSH:
        return legal[-1]
    if phase == PLACE:
        return by("place rear 0") or legal[0]
    if phase == FLAUNT_EFFECT:
        opp = state.models[state.active[_opponent(state, me)]]
        mine = state.models[state.active[me]]
        order = ["effect pin" if opp.staggered else "effect gain", "effect end" if mine.end < g.profiles[
            mine.wrestler].END else "effect gain", f"drain P{_opponent(state, me)}", "effect gain", "effect pin",
            "effect end"]
        names = {a.name: a for a in legal}
        for name in order:
            if name in names:
                return names[name]
        return legal[0]
    return legal[0]


def _choose_destination(state: SkirmishState, me: int, rng: random.Random) -> Action:
    g = state.game
    named = named_destinations(state)[0]
    mover = state.pend["mover"]
    by_id = g.decision_list
    if mover == state.active[me]:
        opp_seat = _opponent(state, me)
        opp = state.models[state.active[opp_seat]]
        # prefer contact behind, then in front, then the 2-inch ring around the opponent
        for label in (f"to P{opp_seat} b2b 180", f"to P{opp_seat} b2b 0", f"to P{opp_seat} 2in 0"):
            act = g.actions.by_name(label)
            if act is not None and act.id in named and not opp.staggered:
                return act
        anchors = [aid for aid in named if g.anchor_base <= aid < g.rope_base
                   and g.anchor_spec[aid - g.anchor_base][0] == opp_seat]
        if anchors:
            return by_id[rng.choice(anchors)]
        return by_id[_extreme(state, named, opp.pos, nearest=True)]
    # an enemy we move (Whip): into the ropes when we can
    ropes = [aid for aid in named if g.rope_base <= aid < g.grid_base]
    if ropes:
        return by_id[rng.choice(ropes)]
    return by_id[_extreme(state, named, state.models[mover].pos, nearest=False)]


def _extreme(state: SkirmishState, named: dict[int, geo.Point], target: geo.Point, nearest: bool) -> int:
    """The legal destination nearest to (or farthest from) ``target`` (numpy over the grid)."""
    g = state.game
    grid = np.asarray(destinations(state)[1], dtype=np.int64)
    ids = np.concatenate([np.fromiter(named, dtype=np.int64), grid])
    xs = np.concatenate([np.array([p[0] for p in named.values()], dtype=np.float64),
                         geo.GRID_X[grid - g.grid_base]])
    ys = np.concatenate([np.array([p[1] for p in named.values()], dtype=np.float64),
                         geo.GRID_Y[grid - g.grid_base]])
    d2 = (xs - target[0]) ** 2 + (ys - target[1]) ** 2
    return int(ids[int(np.argmin(d2) if nearest else np.argmax(d2))])


class HeuristicAgent:
    """The fixed plan above, with mixed bids."""

    name = "heuristic"

    def __init__(self, game: Game | None = None, player: int = 0) -> None:
        self.player = player

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, SkirmishState)
        return heuristic_action(state, rng)


AP_WEIGHT = 0.005
"""Value of one AP kept at the horizon, in fractions of starting END. Small: the horizon ends
before kept AP is spent, so a larger weight taught the search to bid low and hoard (and never
finish a weakened opponent)."""


def evaluate(state: SkirmishState, me: int) -> float:
    """A value in [-1, 1] for ``me``: wins and losses, else END, stagger and AP at the horizon."""
    if state.phase == 16:  # OVER
        return state.returns()[me]
    g = state.game

    def strength(p: int) -> float:
        m = state.models[state.active[p]]
        start = g.profiles[m.wrestler].END
        value = m.end / start - (0.35 if m.staggered else 0.0) - (0.25 if m.staggered and m.end <= 2 else 0.0)
        return value + AP_WEIGHT * (state.pool[p] + state.left[p])

    mine = strength(me)
    others = [strength(p) for p in range(g.players) if p != me]
    return math.tanh(1.5 * (mine - max(others)))


class SearchAgent:
    """Determinized flat Monte Carlo over candidate actions, heuristic rollouts to a horizon."""

    name = "search"

    def __init__(self, game: Game | None = None, player: int = 0, rollouts: int = 12, candidates: int = 6,
                 horizon_rounds: int = 1, margin: float = 0.08, engage_inches: float = 6.0) -> None:
        self.player = player
        self.engage_inches = engage_inches
        self.margin = margin
        self.rollouts = rollouts
        self.candidates = candidates
        self.horizon_rounds = horizon_rounds

    def _candidates(self, state: SkirmishState, rng: random.Random) -> list[Action]:
        g = state.game
        legal = state.legal_actions()
        me = state.current_player()
        if state.phase == BID:
            pool = state.pool[me]
            picks = sorted({0, 1, 2, 3, 4, 5, pool // 2, pool} & set(range(pool + 1)))
            return [a for a in (g.actions.by_name(f"bid {k}") for k in picks) if a is not None]
        if state.phase in (TURN, COUNTER):
            options = maneuver_options(state, me, state.phase == COUNTER)
            scored = sorted(options, key=lambda o: -_score_maneuver(state, me, g.maneuver_spec[o[0]]))
            acts = [g.decision_list[aid] for aid, _ in scored[: self.candidates - 1]]
            stop = g.actions.by_name("no counter" if state.phase == COUNTER else "end turn")
            return [*acts, *([stop] if stop is not None else [])]
        return list(legal)

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, SkirmishState)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase not in (BID, TURN, COUNTER, BOOST):
            return heuristic_action(state, rng)
        me = state.current_player()
        default = heuristic_action(state, random.Random(rng.random()))
        if not self._engaged(state, me):
            # a one-round horizon sees no value in closing a long gap (it would hoard AP or
            # Flaunt from afar and never meet a wandering opponent): the heuristic walks in
            return default
        cands = self._candidates(state, rng)
        if default not in cands:
            cands.append(default)
        if len(cands) <= 1:
            return default
        totals = [0.0] * len(cands)
        horizon = state.round + self.horizon_rounds
        done = 0
        for _ in range(self.rollouts):
            # a deadline set by the caller (``agents.deadline``) ends the search after a whole world;
            # a world it interrupts is dropped, so every candidate is judged on the same worlds
            if done and out_of_time():
                break
            world = state.determinize(me, rng)
            world.record_events = False
            values: list[float] = []
            for action in cands:
                sim = world.clone()
                sim._apply(action)
                value = self._playout(sim, me, horizon, rng, stoppable=done > 0)
                if value is None:
                    break
                values.append(value)
            if len(values) < len(cands):
                break
            for i, value in enumerate(values):
                totals[i] += value
            done += 1
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        base = cands.index(default)
        # the heuristic's plan stands unless the playouts find something clearly better
        if totals[best] - totals[base] <= self.margin * done:
            return default
        return cands[best]

    def _engaged(self, state: SkirmishState, me: int) -> bool:
        """Whether any enemy wrestler in the ring is within ``engage_inches`` of ours (edge to edge)."""
        mine = state.models[state.active[me]]
        for p in range(state.game.players):
            if p != me:
                other = state.models[state.active[p]]
                if geo.gap_inches(mine.pos, mine.r, other.pos, other.r) <= self.engage_inches:
                    return True
        return False

    @staticmethod
    def _playout(state: SkirmishState, me: int, horizon: int, rng: random.Random,
                 stoppable: bool = False) -> float | None:
        """The value for ``me`` of playing on to the horizon; ``None`` if ``stoppable`` and the
        deadline passed on the way (a playout runs to a few hundred ms)."""
        steps = 0
        while steps < 4000:
            if stoppable and steps % 32 == 0 and out_of_time():
                return None
            player = state.current_player()
            if player == TERMINAL:
                break
            if state.round > horizon and state.phase == BID:
                break
            if player == CHANCE:
                state._apply(state.sample_chance(rng))
            else:
                state._apply(heuristic_action(state, rng))
            steps += 1
        return evaluate(state, me)


def describe(agent: Any) -> str:
    return str(getattr(agent, "name", type(agent).__name__))
