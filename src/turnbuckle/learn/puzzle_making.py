"""Finding puzzles in seeded self-play matches, and re-verifying shipped ones.

A match is played by the project's agents from a seed; at each decision of a seat with more than
one legal action, every option is valued for that seat by ``review.evaluate.decision_values``:
exact where the game has exact values (Powerhouses, Filsinger's solved charts), else sampled from
re-dealt copies of what the seat saw (never the true hidden state). Sampled positions are first
screened at a small budget, then searched at the puzzle budget; a position is kept when the best
option leads the second by ``MIN_MARGIN`` and (sampled) by ``MIN_SE_RATIO`` paired standard
errors, and then confirmed by the re-verification the tests run (twice the budget, another seed),
so a shipped puzzle is one two independent searches agree on. ``scripts/make_puzzles.py`` drives this.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from turnbuckle.agents.registry import make_agent
from turnbuckle.analysis.review.compare import verdicts
from turnbuckle.analysis.review.evaluate import decision_values, plan_of
from turnbuckle.analysis.review.values import Budget, DecisionValues, OptionValue
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.match import agent_rng, chance_rng
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.learn.puzzles import (
    MIN_MARGIN,
    MIN_SE_RATIO,
    Horizon,
    Option,
    Puzzle,
    Source,
    answer_gaps,
    difficulty_label,
)

SCREEN_FACTOR = 0.7
"""A sampled position goes on to the full search when its screened lead is at least this share of
``MIN_MARGIN`` (the screen is noisy; a lead well under the rule is not worth the search)."""
SCREEN_SE = 2.0
"""... and by this many paired errors (a small sample's lead of a few playouts is mostly luck)."""
TRIVIAL_MARGIN = 0.9
"""A lead this large (every other option loses outright) is no puzzle: skipped."""
VERIFY_FACTOR = 2
"""Re-verification searches at this many times the puzzle's budget, with another seed."""
VERIFY_SLACK_SE = 2.0
"""Re-verified, the lead may fall short of ``MIN_MARGIN`` by at most this many paired errors
(sampling noise); it must still be ``MIN_SE_RATIO`` errors ahead of every other option."""


@dataclass(frozen=True)
class Decision:
    """A decision met in a self-play match: the state (a copy) and how many actions came before."""

    ply: int
    state: State


def decisions(game: Game, agents: Sequence[str], seed: int) -> Iterator[Decision]:
    """Play one seeded match (as ``engine.match.play_to_end`` does: same dice, same agent seeds) and
    yield a copy of the state at every decision with more than one legal action."""
    players = [make_agent(spec, game, p) for p, spec in enumerate(agents)]
    state = game.new_initial_state()
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, p) for p in range(len(players))]
    ply = 0
    while ply < game.max_game_length():
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            action = state.sample_chance(dice)
        else:
            if len(state.legal_actions()) > 1:
                yield Decision(ply, state.clone())
            action = players[player].choose(state, rngs[player])
        state.apply_action(action)
        ply += 1


def moment_key(state: State) -> str:
    """What makes two decisions the same puzzle: the position (every seat's secrets included) minus
    nothing; a hash of its JSON."""
    body = json.dumps(state.to_position(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def kind_of(state: State) -> str:
    """A decision's kind, so one kind does not fill a game's puzzles: its options' verbs."""
    return " / ".join(sorted({a.name.split(" ", 1)[0] for a in state.legal_actions()}))


def search_rng(seed: int) -> random.Random:
    return random.Random(f"turnbuckle:puzzle:{seed}")


def plan_for(game: Game, horizon: Horizon) -> ReviewPlan:
    """The review plan a puzzle's search uses: the game's own (``"review"``), or the same with no
    cut-off (``"match"``: every playout runs to the end of the match and scores its real result,
    where a cut-off's position score would flatten the difference one choice makes)."""
    plan = plan_of(game)
    if horizon == "review":
        return plan
    return replace(plan, cutoff=None, leaf=None, horizon="")


def value(state: State, playouts: int, seed: int, *, until_clear: bool = True,
          horizon: Horizon = "review") -> DecisionValues:
    """Every option of the seat to move, exact where the game has it, else an adaptive search of up
    to ``playouts`` per option from the seat's own information (``until_clear``: the race stops
    early only at a lone leader, ``DROP_Z`` paired errors ahead), its playouts run to ``horizon``."""
    every = [a.name for a in state.legal_actions()]  # a puzzle values every option, not a plan's candidates
    return decision_values(state, search_rng(seed), Budget(playouts=playouts, adaptive=True), include=every,
                           until_clear=until_clear, plan=plan_for(state.game, horizon))


def lead(values: DecisionValues) -> tuple[float, float | None]:
    """The best option's lead over the second and its paired standard error (None when exact)."""
    second = values.options[1]
    return second.gap, second.gap_stderr


def meets_rule(values: DecisionValues, *, slack_se: float = 0.0) -> bool:
    """The puzzle rule: the best leads the second by ``MIN_MARGIN`` (less ``slack_se`` paired errors)
    and, sampled, by ``MIN_SE_RATIO`` paired errors; every option was valued."""
    if len(values.options) < 2:
        return False
    gap, se = lead(values)
    if se is None:
        return gap >= MIN_MARGIN
    return gap >= MIN_MARGIN - slack_se * se and gap >= MIN_SE_RATIO * se


def is_exact_here(state: State) -> bool:
    plan = plan_of(state.game)
    return plan.exact is not None and plan.exact(state) is not None


def screen(state: State, playouts: int, seed: int, *, horizon: Horizon = "review",
           min_lead: float | None = None) -> DecisionValues | None:
    """The values of a decision worth a puzzle search, or None: exact values that meet the rule, or
    a small sample (stopped as soon as the field is told apart) whose lead is at least ``min_lead``
    (default ``SCREEN_FACTOR`` of the rule) and ``SCREEN_SE`` paired errors."""
    values = value(state, playouts, seed, until_clear=False, horizon=horizon)
    if len(values.options) < 2 or len(values.options) < len(state.legal_actions()):
        return None  # a plan that values only some candidates cannot prove the answer best
    gap, _ = lead(values)
    if gap >= TRIVIAL_MARGIN:
        return None
    if values.exact:
        return values if gap >= MIN_MARGIN else None
    _, se = lead(values)
    floor = SCREEN_FACTOR * MIN_MARGIN if min_lead is None else min_lead
    return values if gap >= floor and se is not None and gap >= SCREEN_SE * se else None


def difficulty(state: State, answer: str, tries: int, seed: int) -> tuple[float, int]:
    """The share of ``tries`` heuristic and ``tries`` random choices at the position that miss the
    answer (each try its own seed), and the number of tries."""
    game = state.game
    player = state.current_player()
    names = ["heuristic" if "heuristic" in type(game).agent_factories() else "mcts", "random"]
    missed = 0
    for name in names:
        agent = make_agent(name, game, player)
        for t in range(tries):
            choice = agent.choose(state.clone(), random.Random(f"turnbuckle:puzzle-try:{seed}:{name}:{t}"))
            missed += choice.name != answer
    return missed / (len(names) * tries), len(names) * tries


def option_labels(state: State, names: Sequence[str]) -> dict[str, str]:
    game = state.game
    labels = game.action_labels(state.observation(state.current_player()), list(names))
    return {n: labels.get(n) or game.describe_action(n) or n for n in names}


def title_of(options: Sequence[OptionValue]) -> str:
    """A short title: "Roll or stop?" for two verbs, "Pursue which?" for one, else "The best of N"."""
    verbs = sorted({o.action.split(" ", 1)[0] for o in options})
    if len(verbs) == 2 and len(options) == 2:
        return f"{verbs[0].capitalize()} or {verbs[1]}?"
    if len(verbs) == 1:
        return f"{verbs[0].capitalize()} which?"
    return f"The best of {len(options)} choices"


def build(state: State, values: DecisionValues, *, game_name: str, number: int, source: Source,
          playouts: int | None, search_seed: int | None, tries: int, rules: Sequence[str] = (),
          horizon: Horizon = "review") -> Puzzle:
    """The puzzle of a decision that meets the rule (``values`` searched to ``horizon``)."""
    side = state.current_player()
    answer = values.best.action
    miss, count = difficulty(state, answer, tries, source.seed * 1000 + source.ply)
    labels = option_labels(state, [o.action for o in values.options])
    who = state.game.player_label(side)
    words = verdicts(answer_gaps([(o.gap, o.gap_stderr) for o in values.options]))  # the puzzle's rule
    options = [Option(action=o.action, label=labels[o.action], value=round(o.value, 6),
                      se=None if o.stderr is None else round(o.stderr, 6), gap=round(o.gap, 6),
                      gap_se=None if o.gap_stderr is None else round(o.gap_stderr, 6), words=w)
               for o, w in zip(values.options, words, strict=True)]
    margin = round(options[0].value - options[1].value, 6)
    return Puzzle(
        id=f"{game_name}-{number:03d}", game=game_name, number=number, title=title_of(values.options),
        prompt=f"You are {who} ({len(options)} choices). One of them is clearly best: find it.",
        position=state.to_position(), source=source, side=side, answer=answer, options=options,
        margin=margin, method="exact" if values.exact else "search", method_text=values.method,
        budget=None if values.exact else playouts, search_seed=None if values.exact else search_seed,
        horizon="review" if values.exact else horizon,
        difficulty=round(miss, 4), difficulty_label=difficulty_label(miss), tries=count, rules=list(rules),
    )


def reverify(p: Puzzle, state: State) -> tuple[bool, DecisionValues]:
    """Re-value a puzzle: exact ones exactly (the answer and every value must match the stored
    ones), search ones at ``VERIFY_FACTOR`` times the budget with another seed (the answer must be
    best by the rule, less ``VERIFY_SLACK_SE`` paired errors of the margin's 10 points), its
    playouts run to the puzzle's own ``horizon``, as when it was made."""
    if p.method == "exact":
        values = decision_values(state, random.Random(0))
        stored = {o.action: o.value for o in p.options}
        ok = (values.exact and values.best.action == p.answer and len(values.options) == len(stored)
              and all(abs(stored.get(o.action, -1.0) - o.value) < 1e-5 for o in values.options))
        return ok, values
    assert p.budget is not None and p.search_seed is not None
    values = value(state, VERIFY_FACTOR * p.budget, p.search_seed + 1, horizon=p.horizon)
    ok = values.best.action == p.answer and meets_rule(values, slack_se=VERIFY_SLACK_SE)
    return ok, values


__all__ = ["Decision", "build", "decisions", "difficulty", "meets_rule", "moment_key", "plan_for", "reverify", "screen",
           "value"]
