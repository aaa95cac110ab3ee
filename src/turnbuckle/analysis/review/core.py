"""A match review: every decision of a replay valued, its swings and the match's turning points.

For each decision (a player to move with more than one legal action) the review gives the
decider's expected score *before* (the value of his best option: his chances as he decided),
*after* (the value of what he chose), the best option with its value, and the *swing*: how far his
chances moved from this decision to his next one (or to the final result), his choice and
everything the dice, the cards and the others did in between. A seat's swings add up to its final
score minus its chances at its first decision. The turning points are the largest swings.

Values at a decision come only from what the deciding seat knew then (``evaluate.decision_values``:
exact, or sampled from ``determinize``-d worlds); ``omniscient`` reviews sample from the true state.
Each decision's sample is seeded by the review seed and its place in the match, so a review is
reproducible and the decisions can be valued in parallel processes.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from turnbuckle.analysis.review.compare import Z
from turnbuckle.analysis.review.evaluate import decision_values, default_budget, plan_of
from turnbuckle.analysis.review.values import Budget, DecisionValues, OptionValue, final_scores
from turnbuckle.engine.datafiles import local_files_forbidden
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.replay import Replay, game_from_params, run_replay
from turnbuckle.engine.result import side_of

TURNING_POINTS = 5
MIN_TURN = 0.01
"""A swing smaller than this is never a turning point."""
MATCH_SECONDS = 40.0
"""A review at the default budget spends at most about this long on a match on ``jobs`` free
cores: each decision's cap is its share of it, in CPU seconds (so a busy machine takes longer
but values as well)."""
MIN_DECISION_SECONDS = 0.05
COMMENTARY_LINES = 12
"""Commentary kept per decision (the lines from it to the seat's next decision)."""
Progress = Callable[[int, int], None]
"""``progress(done, total)`` as decisions are valued."""


@dataclass(frozen=True)
class ReviewSettings:
    """How a review values decisions: the budget of sampled ones, the seed, omniscience, processes."""

    budget: Budget | None = None
    """``None``: each game's default (``evaluate.default_budget``), with a time cap per decision
    from ``match_seconds``."""
    seed: int = 0
    omniscient: bool = False
    jobs: int = 1
    match_seconds: float | None = MATCH_SECONDS
    """The default budget's time for the whole match (``None``: no time cap, only playouts)."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision."""

    index: int
    """Its place among the reviewed decisions (0, 1, ...)."""
    action_index: int
    """How many actions were played before it (the replay position it was taken in)."""
    player: int
    side: str
    wrestler: str
    choice: str
    before: float
    after: float
    best: OptionValue
    swing: float
    chosen: OptionValue
    values: DecisionValues
    commentary: tuple[str, ...] = ()
    swing_stderr: float | None = None
    """The sampling noise of ``swing`` (the errors of its two ends combined); ``None``: exact."""

    @property
    def swing_is_real(self) -> bool:
        """Larger than ``MIN_TURN`` and than ``compare.Z`` times its noise."""
        if abs(self.swing) < MIN_TURN:
            return False
        return self.swing_stderr is None or abs(self.swing) > Z * self.swing_stderr

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "action_index": self.action_index,
            "player": self.player,
            "side": self.side,
            "wrestler": self.wrestler,
            "choice": self.choice,
            "before": self.before,
            "after": self.after,
            "stderr": self.chosen.stderr,
            "best": self.best.to_dict(),
            "swing": self.swing,
            "swing_stderr": self.swing_stderr,
            "words": self.values.best.words,
            "clear": self.values.clear,
            "stopped": self.values.stopped,
            "exact": self.values.exact,
            "options": [o.to_dict() for o in self.values.options],
            "commentary": list(self.commentary),
        }


@dataclass
class Review:
    """A whole match reviewed."""

    game: Game
    replay: Replay
    settings: ReviewSettings
    decisions: list[Decision]
    final: list[float]
    """Every player's score in the result (1 a win, 0 a loss, a draw shared)."""
    summary: str
    result: dict[str, Any] | None
    seconds: float
    methods: list[str] = field(default_factory=list)
    budget: Budget | None = None
    """The budget the sampled decisions had (the settings', or the default with its time cap)."""

    @property
    def turning_points(self) -> list[Decision]:
        """The largest swings larger than the noise (``Decision.swing_is_real``), in match order."""
        big = sorted((d for d in self.decisions if d.swing_is_real), key=lambda d: -abs(d.swing))
        return sorted(big[:TURNING_POINTS], key=lambda d: d.index)

    def series(self) -> list[list[tuple[int, float]]]:
        """Per player: (action index, his chances) at every decision, then the result. Every
        seat's chances at a decision come from the one estimate of the seat deciding (its best
        option's shares), so the sides' chances at one moment add up to one win."""
        n = self.game.num_players()
        points: list[list[tuple[int, float]]] = [[] for _ in range(n)]
        for d in self.decisions:
            for p in range(n):
                points[p].append((d.action_index, d.best.scores[p]))
        end = len(self.replay.actions)
        for p in range(n):
            points[p].append((end, self.final[p]))
        return points


def review_replay(
    replay: Replay,
    settings: ReviewSettings | None = None,
    *,
    source: str = "replay",
    allow_paths: bool = False,
    progress: Progress | None = None,
) -> Review:
    """Check the replay re-runs (``ReplayError`` otherwise), then review every decision."""
    settings = settings or ReviewSettings()
    started = time.perf_counter()
    final_state = run_replay(replay, source=source, allow_paths=allow_paths)
    game = final_state.game
    points, lines = _walk(game, replay.actions, replay.position)
    total = len(points)
    if progress is not None:
        progress(0, total)
    budget = settings.budget or _default_budget(game, settings, len(points))
    values = _evaluate(replay, game, points, settings, budget, allow_paths, progress)
    result = final_state.match_result()
    final = (final_scores(game, final_state.returns()) if final_state.is_terminal()
             else _running_scores(game, points, values))
    sides = game.sides()
    decisions: list[Decision] = []
    for i, (at, player, choice) in enumerate(points):
        v = values[i]
        chosen = v.option(choice)
        assert chosen is not None, "the chosen option is always valued"
        side = side_of(sides, player)
        decisions.append(Decision(
            index=i, action_index=at, player=player, side=side.name if side else game.player_label(player),
            wrestler=game.player_label(player), choice=choice, before=v.best.value, after=chosen.value,
            best=v.best, swing=0.0, chosen=chosen, values=v,
        ))
    decisions = _with_swings_and_commentary(decisions, final, lines, points, len(replay.actions))
    methods = list(dict.fromkeys(v.method for v in values))
    return Review(game, replay, settings, decisions, final, result.describe() if result else "unfinished",
                  result.to_dict() if result else None, time.perf_counter() - started, methods, budget)


def _running_scores(game: Game, points: Sequence[tuple[int, int, str]],
                    values: Sequence[DecisionValues]) -> list[float]:
    """An unfinished match's end of the chart: every seat's chances after the last decision, from
    the one estimate of the seat that took it (so the sides add up to one win; an even share when
    nobody decided)."""
    if not values:
        return [1.0 / len(game.sides())] * game.num_players()
    (_, _, choice), v = points[-1], values[-1]
    chosen = v.option(choice) or v.best
    return list(chosen.scores)


def _start(game: Game, position: dict[str, Any] | None) -> State:
    """Where the replay's match began: its ``position`` when it has one, else the initial state."""
    return game.new_initial_state() if position is None else game.state_from_position(position)


def _walk(game: Game, actions: Sequence[str], position: dict[str, Any] | None = None,
          ) -> tuple[list[tuple[int, int, str]], list[list[str]]]:
    """The decisions ``(action index, player, choice)`` and the commentary lines said after each action."""
    state = _start(game, position)
    state.materialize_events()
    points: list[tuple[int, int, str]] = []
    lines: list[list[str]] = []
    seen = len(state.events)
    for at, name in enumerate(actions):
        player = state.current_player()
        if player >= 0 and len(state.legal_actions()) > 1:
            points.append((at, player, name))
        state.apply_action(name)
        events = state.events
        said = [line for line in (game.narrate(e) for e in events[seen:]) if line]
        lines.append(said)
        seen = len(events)
    return points, lines


def _with_swings_and_commentary(
    decisions: list[Decision], final: list[float], lines: list[list[str]],
    points: list[tuple[int, int, str]], end: int,
) -> list[Decision]:
    out: list[Decision] = []
    for i, d in enumerate(decisions):
        nxt = next((e for e in decisions[i + 1:] if e.player == d.player), None)
        later = nxt.before if nxt is not None else (final[d.player] if final else d.after)
        stop = nxt.action_index if nxt is not None else end
        said = [line for at in range(d.action_index, stop) for line in lines[at]][:COMMENTARY_LINES]
        errors = [e for e in (d.best.stderr, nxt.best.stderr if nxt is not None else None) if e is not None]
        out.append(Decision(
            index=d.index, action_index=d.action_index, player=d.player, side=d.side, wrestler=d.wrestler,
            choice=d.choice, before=d.before, after=d.after, best=d.best, swing=later - d.before,
            chosen=d.chosen, values=d.values, commentary=tuple(said),
            swing_stderr=math.sqrt(sum(e * e for e in errors)) if errors else None,
        ))
    return out


# -- valuing the decisions -----------------------------------------------------------------------
def decision_rng(seed: int, action_index: int) -> random.Random:
    """The sample of one decision: the review seed and its place in the match, nothing hidden."""
    return random.Random(f"turnbuckle:review:{seed}:{action_index}")


def _evaluate(
    replay: Replay, game: Game, points: list[tuple[int, int, str]], settings: ReviewSettings, budget: Budget,
    allow_paths: bool, progress: Progress | None,
) -> list[DecisionValues]:
    if not points:
        return []
    walk = _iter_values(game, replay.actions, points, budget, settings, replay.position)  # one state, walked once
    first = [next(walk)]
    if progress is not None:
        progress(1, len(points))
    rest = points[1:]
    jobs = max(1, settings.jobs)
    if first[0].exact and plan_of(game).exact is not None:
        jobs = 1  # exact values are cheap: worker processes would only add their start-up
    if jobs == 1 or len(rest) < 2:
        values = first
        for value in walk:
            values.append(value)
            if progress is not None:
                progress(len(values), len(points))
        return values
    walk.close()
    chunks = _chunks(rest, jobs * 4)
    found: dict[int, DecisionValues] = {}
    done = 1
    payload = (replay.game, replay.params, replay.actions, allow_paths, replay.position)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_value_chunk, payload, chunk, budget, settings): chunk for chunk in chunks}
        try:
            for future in as_completed(futures):
                for (at, _, _), v in zip(futures[future], future.result(), strict=True):
                    found[at] = v
                done += len(futures[future])
                if progress is not None:
                    progress(done, len(points))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return list(first) + [found[at] for at, _, _ in rest]


def _default_budget(game: Game, settings: ReviewSettings, decisions: int) -> Budget:
    """The game's adaptive budget, capped per decision at its share of ``settings.match_seconds``."""
    budget = default_budget(game)
    if settings.match_seconds is None:
        return budget
    share = max(MIN_DECISION_SECONDS, settings.match_seconds * max(1, settings.jobs) / max(1, decisions))
    return replace(budget, seconds=round(share, 3), cpu=True)


def _chunks(points: list[tuple[int, int, str]], count: int) -> list[list[tuple[int, int, str]]]:
    """Contiguous runs (a worker replays the match once per run), about ``count`` of them."""
    size = max(1, -(-len(points) // max(1, count)))
    return [points[i:i + size] for i in range(0, len(points), size)]


def _value_chunk(
    payload: tuple[str, dict[str, Any], list[str], bool, dict[str, Any] | None], chunk: list[tuple[int, int, str]],
    budget: Budget, settings: ReviewSettings,
) -> list[DecisionValues]:
    """In a worker process: rebuild the game and value one run of decisions."""
    name, params, actions, allow_paths, position = payload
    key = (name, json.dumps(params, sort_keys=True), allow_paths)
    game = _WORKER_GAMES.get(key)
    if game is None:
        guard = (contextlib.nullcontext() if allow_paths
                 else local_files_forbidden("a replay may not read local files (use --allow-paths if you trust it)"))
        with guard:
            game = game_from_params(name, params)
        _WORKER_GAMES.clear()
        _WORKER_GAMES[key] = game  # one review at a time: its chunks share the game (and its solve)
    return _value_points(game, actions, chunk, budget, settings, position)


_WORKER_GAMES: dict[tuple[str, str, bool], Game] = {}


def _value_points(
    game: Game, actions: Sequence[str], points: Sequence[tuple[int, int, str]], budget: Budget,
    settings: ReviewSettings, position: dict[str, Any] | None = None,
) -> list[DecisionValues]:
    """Replay up to each decision in turn and value it."""
    return list(_iter_values(game, actions, points, budget, settings, position))


def _iter_values(
    game: Game, actions: Sequence[str], points: Sequence[tuple[int, int, str]], budget: Budget,
    settings: ReviewSettings, position: dict[str, Any] | None = None,
) -> Generator[DecisionValues, None, None]:
    """The values of ``points`` in turn, one state replayed once (from ``position`` if given) up to each decision."""
    state: State = _start(game, position)
    state.record_events = False
    at = 0
    for target, _, choice in points:
        while at < target:
            state.apply_action(actions[at])
            at += 1
        yield decision_values(state, decision_rng(settings.seed, target), budget,
                              omniscient=settings.omniscient, include=(choice,))


def default_jobs() -> int:
    """Processes for a review: the cores this process may use, at most 8."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(8, cores))
