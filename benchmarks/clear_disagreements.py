"""The decisions of typical matches that either review seed calls clear, both seeds' values side by
side, as JSON: what docs/review.md's "What the 11 were" was read from.

    python benchmarks/clear_disagreements.py rumbleslam 20 > clear.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import review_speed

from turnbuckle.analysis.review import ReviewSettings
from turnbuckle.analysis.review.core import Decision


def dump(d: Decision) -> dict[str, Any]:
    return {"clear": d.values.clear, "stopped": d.values.stopped,
            "options": [o.to_dict() for o in d.values.options]}


def main(argv: list[str]) -> int:
    name = argv[0] if argv else "rumbleslam"
    matches = int(argv[1]) if len(argv) > 1 else 20
    _, game, params = next(r for r in review_speed.ROWS if r[1] == name)
    found: list[dict[str, Any]] = []
    for m in range(matches):
        replay = review_speed.typical_match(game, params, 11 + m)
        one, _, _ = review_speed.timed_review(replay, ReviewSettings(seed=1, jobs=1))
        two, _, _ = review_speed.timed_review(replay, ReviewSettings(seed=2, jobs=1))
        for i, (a, b) in enumerate(zip(one.decisions, two.decisions, strict=True)):
            if not a.values.exact and (a.values.clear or b.values.clear):
                found.append({"match": 11 + m, "decision": i, "differ": a.best.action != b.best.action,
                              "a": dump(a), "b": dump(b)})
        print(f"match {11 + m}: {sum(f['differ'] for f in found)} of {len(found)} differ", file=sys.stderr)
    json.dump(found, sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
