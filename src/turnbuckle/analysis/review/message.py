"""The ``review`` JSON message (``docs/json.md``, ``schemas/review.schema.json``) and hints as JSON."""

from __future__ import annotations

import json
from typing import Any

from turnbuckle.analysis.review.core import Review
from turnbuckle.analysis.review.values import DecisionValues
from turnbuckle.engine.shapes import SHAPES_VERSION


def review_message(review: Review) -> dict[str, Any]:
    """``{"type": "review", ...}``: every decision valued, the turning points and the chart's series."""
    game = review.game
    settings = review.settings
    budget = review.budget
    return {
        "type": "review",
        "version": SHAPES_VERSION,
        "game": game.name,
        "params": json.loads(json.dumps(game.params)),
        "seed": review.replay.seed,
        "review_seed": settings.seed,
        "mode": "omniscient" if settings.omniscient else "information set",
        "budget": budget.to_dict() if budget is not None else None,
        "methods": review.methods,
        "players": [game.player_label(p) for p in range(game.num_players())],
        "sides": [s.to_dict() for s in game.sides()],
        "actions": len(review.replay.actions),
        "summary": review.summary,
        "result": review.result,
        "final": review.final,
        "decisions": [d.to_dict() for d in review.decisions],
        "turning_points": [d.index for d in review.turning_points],
        "series": [[{"action_index": at, "value": value} for at, value in points] for points in review.series()],
        "seconds": round(review.seconds, 3),
    }


def hint_message(values: DecisionValues, *, seat: int, label: str, actions: int) -> dict[str, Any]:
    """A seat's hint: its legal choices ranked with their values (and standard errors when sampled)."""
    return {
        "seat": seat,
        "label": label,
        "actions": actions,
        "exact": values.exact,
        "method": values.method,
        "words": values.best.words,
        "clear": values.clear,
        "stopped": values.stopped,
        "seconds": round(values.seconds, 3),
        "options": [o.to_dict() for o in values.options],
    }
