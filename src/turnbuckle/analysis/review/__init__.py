"""Match reviews and hints: each decision's win probability, exact or sampled (docs/review.md)."""

from turnbuckle.analysis.review.core import Decision, Review, ReviewSettings, default_jobs, review_replay
from turnbuckle.analysis.review.evaluate import decision_values, default_budget
from turnbuckle.analysis.review.hint import HintAgent, hint
from turnbuckle.analysis.review.message import hint_message, review_message
from turnbuckle.analysis.review.values import Budget, DecisionValues, OptionValue, outcome_scores

__all__ = [
    "Budget",
    "Decision",
    "DecisionValues",
    "HintAgent",
    "OptionValue",
    "Review",
    "ReviewSettings",
    "decision_values",
    "default_budget",
    "default_jobs",
    "hint",
    "hint_message",
    "outcome_scores",
    "review_message",
    "review_replay",
]
