"""Balance figures from many matches: who beats whom, the first player's edge, how long matches run
and how they end, and a rating per entrant.

An *entrant* is a roster wrestler (``analyze GAME``) or an agent (``analyze agents GAME``). Every
pairing is played from both seats with the same seeds, so the first-player advantage can be read
apart from the entrants' strength. Where a ruleset has an exact solver (Powerhouses with its expert
players) the matrix holds exact chances instead of sampled ones.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from openskill.models import PlackettLuce

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import load_game
from turnbuckle.sim.runner import SimSpec, SimTotals, StopFlag, run_matches
from turnbuckle.sim.stats import WinRate


@dataclass
class Pairing:
    """Entrant ``a`` against entrant ``b``, ``a`` counted first; seats swapped half the time."""

    a: str
    b: str
    matches: int = 0
    a_wins: float = 0.0
    b_wins: float = 0.0
    draws: float = 0.0
    first_seat_wins: float = 0.0
    """Wins of whoever sat first (seat 0), whichever entrant that was."""
    steps: int = 0
    exact: bool = False

    @property
    def a_rate(self) -> float:
        return self.a_wins / self.matches if self.matches else 0.0


@dataclass
class BalanceReport:
    """Everything ``analyze`` writes: the matrix, the seat edge, lengths, endings and ratings."""

    game: str
    params: dict[str, Any]
    kind: str
    """``"wrestlers"`` or ``"agents"``."""
    entrants: list[str]
    agent: str
    matches_per_pairing: int
    seed: int
    pairings: list[Pairing] = field(default_factory=list)
    methods: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)
    costs: dict[str, float] = field(default_factory=dict)
    cost_unit: str = ""
    interrupted: bool = False
    exact: bool = False

    def pairing(self, a: str, b: str) -> Pairing | None:
        for p in self.pairings:
            if (p.a, p.b) == (a, b):
                return p
        return None

    def rate(self, a: str, b: str) -> float | None:
        """Share of the a-vs-b matches that ``a`` won (draws count for neither)."""
        if a == b:
            return None
        p = self.pairing(a, b)
        if p is not None:
            return p.a_rate
        q = self.pairing(b, a)
        return q.b_wins / q.matches if q is not None and q.matches else None

    def interval(self, a: str, b: str) -> tuple[float, float] | None:
        p, flipped = self.pairing(a, b), False
        if p is None:
            p, flipped = self.pairing(b, a), True
        if p is None or not p.matches:
            return None
        wins = p.b_wins if flipped else p.a_wins
        if p.exact:
            share = wins / p.matches
            return share, share
        return WinRate(a, wins, p.matches).interval

    @property
    def matches(self) -> int:
        return sum(p.matches for p in self.pairings)

    def first_seat(self) -> WinRate:
        """The first seat's share of the decided and drawn matches, with a Wilson interval."""
        return WinRate("first seat", sum(p.first_seat_wins for p in self.pairings), max(1, self.matches))

    def first_seat_interval(self) -> tuple[float, float]:
        """The first seat's 95% interval (a point when the figures are exact)."""
        first = self.first_seat()
        return (first.rate, first.rate) if self.exact else first.interval

    def overall(self, name: str) -> tuple[float, int]:
        """Wins and matches of one entrant over every pairing."""
        wins = 0.0
        played = 0
        for p in self.pairings:
            if p.a == name:
                wins, played = wins + p.a_wins, played + p.matches
            elif p.b == name:
                wins, played = wins + p.b_wins, played + p.matches
        return wins, played

    @property
    def cost_label(self) -> str:
        """``cost`` with its unit where the game has one (``cost (K Dosh)``)."""
        return f"cost ({self.cost_unit})" if self.cost_unit else "cost"

    def to_dict(self) -> dict[str, Any]:
        first = self.first_seat()
        return {
            "type": "analysis",
            "version": 1,
            "game": self.game,
            "params": self.params,
            "kind": self.kind,
            "agent": self.agent,
            "seed": self.seed,
            "exact": self.exact,
            "interrupted": self.interrupted,
            "matches_per_pairing": self.matches_per_pairing,
            "matches": self.matches,
            "cost_unit": self.cost_unit,
            "entrants": [
                {
                    "name": name,
                    "wins": self.overall(name)[0],
                    "matches": self.overall(name)[1],
                    "rating": {"mu": self.ratings[name][0], "sigma": self.ratings[name][1]}
                    if name in self.ratings else None,
                    "cost": self.costs.get(name),
                }
                for name in self.entrants
            ],
            "matrix": [
                {"a": a, "b": b, "rate": self.rate(a, b), "ci95": list(self.interval(a, b) or ())}
                for a in self.entrants for b in self.entrants if a != b
            ],
            "first_seat": {"wins": first.wins, "matches": first.trials, "rate": first.rate,
                           "ci95": list(self.first_seat_interval())},
            "methods": dict(self.methods.most_common()),
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
        }


ProgressHook = Callable[[int, int], None]
"""Called with (matches done, matches planned)."""


def analyze_wrestlers(
    game_name: str,
    params: dict[str, Any],
    agent: str,
    matches: int,
    seed: int,
    workers: int | None = None,
    entrants: Sequence[str] | None = None,
    on_progress: ProgressHook | None = None,
    stop_event: StopFlag | None = None,
    exact: bool = True,
) -> BalanceReport:
    """Every roster wrestler against every other, ``matches`` per pairing (half from each seat)."""
    game = _two_player_game(game_name, params, "analyze")
    names = list(entrants) if entrants else game.balance_entrants()
    kind = game.balance_kind
    if len(names) < 2:
        raise ParamError(f"{game_name}: analyze needs at least two {kind} to compare")
    report = BalanceReport(game_name, dict(params), kind, names, agent, matches, seed)
    report.costs = {n: float(c) for n in names if (c := game.entrant_cost(n)) is not None}
    report.cost_unit = game.cost_unit
    solver = _exact_solver(game_name, agent) if exact else None
    pairs = list(itertools.combinations(names, 2))
    planned = len(pairs) * matches
    done = 0
    for a, b in pairs:
        if stop_event is not None and stop_event.is_set():
            report.interrupted = True
            break
        if solver is not None:
            report.pairings.append(solver(params, a, b, matches))
            report.exact = True
            done += matches
            if on_progress is not None:
                on_progress(done, planned)
            continue
        pairing = Pairing(a, b)
        for order, seated in enumerate(([a, b], [b, a])):
            share = matches // 2 + (matches % 2 if order == 0 else 0)
            if not share:
                continue
            spec = SimSpec(game_name, {**params, **game.balance_params(seated)}, (agent, agent), seed,
                           rotate_seats=False)

            def progress(totals: SimTotals, base: int = done) -> None:
                if on_progress is not None:
                    on_progress(base + totals.matches, planned)

            totals = run_matches(spec, share, workers, on_progress=progress, stop_event=stop_event)
            _fold(report, pairing, totals, a_seat=order)
            done += totals.matches
            if totals.interrupted:
                report.interrupted = True
                break
        report.pairings.append(pairing)
    report.ratings = ratings_from_pairings(names, report.pairings)
    return report


def analyze_agents(
    game_name: str,
    params: dict[str, Any],
    agents: Sequence[str],
    matches: int,
    seed: int,
    workers: int | None = None,
    on_progress: ProgressHook | None = None,
    stop_event: StopFlag | None = None,
) -> BalanceReport:
    """Every agent against every other in the same setup, seats rotating match by match."""
    _two_player_game(game_name, params, "analyze agents")
    names = list(dict.fromkeys(agents))
    if len(names) < 2:
        raise ParamError("analyze agents needs at least two different agents (-a NAME, repeat)")
    report = BalanceReport(game_name, dict(params), "agents", names, "-", matches, seed)
    pairs = list(itertools.combinations(names, 2))
    planned = len(pairs) * matches
    done = 0
    for a, b in pairs:
        spec = SimSpec(game_name, dict(params), (a, b), seed, rotate_seats=True)

        def progress(totals: SimTotals, base: int = done) -> None:
            if on_progress is not None:
                on_progress(base + totals.matches, planned)

        totals = run_matches(spec, matches, workers, on_progress=progress, stop_event=stop_event)
        pairing = Pairing(a, b, matches=totals.matches, a_wins=totals.wins[0], b_wins=totals.wins[1],
                          draws=totals.draws, steps=totals.steps)
        pairing.first_seat_wins = float(totals.seat_wins[0])
        report.pairings.append(pairing)
        report.methods.update(totals.methods)
        report.lengths.update(totals.lengths)
        done += totals.matches
        if totals.interrupted:
            report.interrupted = True
            break
    report.ratings = ratings_from_pairings(names, report.pairings)
    return report


def _two_player_game(game_name: str, params: dict[str, Any], command: str) -> Game:
    """The game as configured, refused (naming the option that fixes it) unless two players play."""
    game = load_game(game_name, **params)
    if game.num_players() != 2:
        options = {o.name for o in game.options()}
        fix = ("; -o match_type=singles plays one against one" if "match_type" in options
               else "; -o players=2 plays one against one" if "players" in options else "")
        raise ParamError(f"{game_name}: {command} compares two-player matches; this setup has "
                         f"{game.num_players()} players{fix}")
    return game


def _fold(report: BalanceReport, pairing: Pairing, totals: SimTotals, a_seat: int) -> None:
    """Add one seat order's totals: agent k sat in seat k (no rotation); ``a`` sat in ``a_seat``."""
    pairing.matches += totals.matches
    pairing.a_wins += totals.wins[a_seat]
    pairing.b_wins += totals.wins[1 - a_seat]
    pairing.draws += totals.draws
    pairing.first_seat_wins += totals.wins[0]
    pairing.steps += totals.steps
    report.methods.update(totals.methods)
    report.lengths.update(totals.lengths)


def ratings_from_pairings(names: Sequence[str], pairings: Sequence[Pairing]) -> dict[str, tuple[float, float]]:
    """openskill (Plackett-Luce) ratings fitted to the pairings' results.

    The matches are fed round-robin in a fixed interleaved order, one result per pairing per round,
    so no pairing's results all arrive last; fractional (exact) counts are scaled to 100 matches.
    """
    model = PlackettLuce()
    ratings = {n: model.rating(name=n) for n in names}
    queues: list[list[int]] = []
    for p in pairings:
        scale = 100 / p.matches if p.exact and p.matches else 1.0
        a, b, d = round(p.a_wins * scale), round(p.b_wins * scale), round(p.draws * scale)
        order = _interleave([(0, a), (1, b), (2, d)])
        queues.append(order)
    index = {id(p): i for i, p in enumerate(pairings)}
    longest = max((len(q) for q in queues), default=0)
    for step in range(longest):
        for p in pairings:
            queue = queues[index[id(p)]]
            if step >= len(queue):
                continue
            outcome = queue[step]
            ra, rb = ratings[p.a], ratings[p.b]
            ranks = [1.0, 2.0] if outcome == 0 else [2.0, 1.0] if outcome == 1 else [1.0, 1.0]
            (new_a,), (new_b,) = model.rate([[ra], [rb]], ranks=ranks)
            ratings[p.a], ratings[p.b] = new_a, new_b
    return {n: (float(r.mu), float(r.sigma)) for n, r in ratings.items()}


def _interleave(counts: list[tuple[int, int]]) -> list[int]:
    """Outcomes spread evenly: each kind placed at its own regular spacing, then merged."""
    placed: list[tuple[float, int]] = []
    for kind, count in counts:
        placed.extend(((i + 0.5) / count, kind) for i in range(count))
    return [kind for _, kind in sorted(placed)]


def _exact_solver(game_name: str, agent: str) -> Callable[[dict[str, Any], str, str, int], Pairing] | None:
    """Exact pairing values where a solver plays the same game the agent does."""
    if game_name != "powerhouses" or agent != "expert":
        return None
    from turnbuckle.games.powerhouses.exact import seat_zero_chance

    return partial(_exact_pairing, seat_zero_chance)


def _exact_pairing(
    seat_zero_chance: Callable[[dict[str, Any], str, str], float], params: dict[str, Any], a: str, b: str, weight: int
) -> Pairing:
    """``a`` against ``b``, half the matches from each seat, as exact expected counts out of
    ``weight`` matches; ``seat_zero_chance(params, first, second)`` is the solver's chance that
    ``first``, sitting first, wins (a game whose matches always name a winner: Powerhouses)."""
    a_first = seat_zero_chance(params, a, b)
    b_first = seat_zero_chance(params, b, a)
    share = (a_first + 1.0 - b_first) / 2
    return Pairing(
        a,
        b,
        matches=weight,
        a_wins=weight * share,
        b_wins=weight * (1.0 - share),
        draws=0.0,
        first_seat_wins=weight * (a_first + b_first) / 2,
        exact=True,
    )
