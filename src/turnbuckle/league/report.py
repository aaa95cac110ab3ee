"""``league report``: rating history per wrestler and a title-reign timeline, drawn with matplotlib
(Agg), and a season's fairness figures (``fairness``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from sqlalchemy import select

from turnbuckle.league import service
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.fairness import fairness
from turnbuckle.league.seasons import seasons_of
from turnbuckle.store.db import Database
from turnbuckle.store.errors import StoreError
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch, LeagueWrestler, RatingHistory


def write_report(db: Database, league_name: str | None, out: Path, fmt: str = "png", top: int = 8) -> list[Path]:
    if fmt not in ("png", "svg"):
        raise LeagueError(f"--format must be png or svg, not {fmt!r}")
    with db.read() as session:
        league = service.get_league(session, league_name)
        name = league.name
        best = sorted((w for w in league.wrestlers if w.active), key=lambda w: (-w.ordinal, w.name))[: max(1, top)]
        ids = [w.id for w in best]
        names = [w.name for w in best]
        rows = session.execute(
            select(LeagueWrestler.name, LeagueEvent.number, RatingHistory.mu, RatingHistory.sigma)
            .join(RatingHistory, RatingHistory.wrestler_id == LeagueWrestler.id)
            .join(LeagueMatch, LeagueMatch.id == RatingHistory.match_id)
            .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
            .where(LeagueWrestler.id.in_(ids))
            .order_by(RatingHistory.id)
        ).all()
    # every line starts at the default rating before card 1
    history: dict[str, list[tuple[int, float, float]]] = {n: [(0, 25.0, 25.0 / 3.0)] for n in names}
    for wname, number, mu, sigma in rows:
        points = history[wname]
        if points[-1][0] == number:  # one point per card: the rating after it
            points[-1] = (number, mu, sigma)
        else:
            points.append((number, mu, sigma))
    titles = service.titles_view(db, league_name)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{out}: cannot create the report folder ({exc.strerror})") from None
    files = [
        _ratings_chart(name, history, out / f"ratings.{fmt}"),
        _reigns_chart(name, titles, out / f"title_reigns.{fmt}"),
    ]
    return files


def fairness_view(db: Database, league_name: str | None, season: int | None = None) -> dict[str, Any]:
    """How evenly ``season`` (default: the current one) spread its matches (``fairness.fairness``)."""
    with db.read() as session:
        league = service.get_league(session, league_name)
        if season is not None:
            known = seasons_of(session, league)
            if season not in known:
                raise LeagueError(f"{league.name} has no season {season} (seasons: {', '.join(map(str, known))})")
        return fairness(session, league, season)


def _ratings_chart(league: str, history: dict[str, list[tuple[int, float, float]]], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(10, 6))
    for wname, points in history.items():
        xs = [p[0] for p in points]
        mus = [p[1] for p in points]
        lows = [p[1] - p[2] for p in points]
        highs = [p[1] + p[2] for p in points]
        (line,) = ax.plot(xs, mus, marker=".", label=wname)
        ax.fill_between(xs, lows, highs, alpha=0.12, color=line.get_color())
    ax.set_xlabel("card")
    ax.set_ylabel("openskill mu (band: +- sigma)")
    ax.set_title(f"{league}: ratings")
    if history:
        ax.legend(fontsize="small", loc="upper left")
    ax.grid(alpha=0.3)
    return _save(fig, path)


def _reigns_chart(league: str, titles: list[dict[str, object]], path: Path) -> Path:
    fig, ax = plt.subplots(figsize=(10, 1.2 + 0.8 * max(1, len(titles))))
    colors = plt.get_cmap("tab20")
    labels = []
    for row, title in enumerate(titles):
        labels.append(str(title["title"]))
        lineage = title["lineage"]
        assert isinstance(lineage, list)
        for i, reign in enumerate(lineage):
            start = reign["won_card"]
            if start is None:
                continue
            held = reign["cards"] or 0  # as ``league titles`` counts them (views.reign_view)
            ax.barh(row, max(held, 0.5), left=start, color=colors(i % 20), edgecolor="black", height=0.6)
            ax.text(start + 0.1, row, " & ".join(reign["holders"]), va="center", fontsize=7, clip_on=True)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlabel("card")
    ax.set_title(f"{league}: title reigns")
    ax.grid(axis="x", alpha=0.3)
    return _save(fig, path)


def _save(fig: Figure, path: Path) -> Path:
    try:
        fig.tight_layout()
        fig.savefig(path)
    except OSError as exc:
        raise StoreError(f"{path}: cannot write the chart ({exc.strerror})") from None
    finally:
        plt.close(fig)
    return path
