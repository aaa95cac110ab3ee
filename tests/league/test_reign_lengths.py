"""A title reign's length is the one ``league titles`` gives, in ``league report`` and the web's chart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from matplotlib.axes import Axes

from turnbuckle.league import service
from turnbuckle.league.report import write_report
from turnbuckle.store import Database


def test_the_report_draws_each_reign_as_long_as_league_titles_counts_it(
    dice_league: Database, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = dice_league
    service.run_season(db, None, 3, matches_per_card=2)
    champion = service.titles_view(db, None)[0]["lineage"][-1]["holders"][0]
    assert service.release(db, None, champion)["vacated"] == ["World Title"]
    service.run_season(db, None, 3, matches_per_card=2)
    lineage = service.titles_view(db, None)[0]["lineage"]
    assert any(r["vacated"] for r in lineage) and lineage[-1]["current"]
    drawn: list[tuple[float, float]] = []
    barh = Axes.barh

    def spy(self: Axes, y: Any, width: Any, *args: Any, left: Any = 0, **kwargs: Any) -> Any:
        drawn.append((left, width))
        return barh(self, y, width, *args, left=left, **kwargs)

    monkeypatch.setattr(Axes, "barh", spy)
    write_report(db, None, tmp_path / "report", "svg")
    assert drawn == [(r["won_card"], max(r["cards"], 0.5)) for r in lineage]
