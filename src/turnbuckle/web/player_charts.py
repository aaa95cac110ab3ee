"""A player's rating in one game after each rated match, as a small SVG drawn on the server, in
the league charts' manner (``turnbuckle.league.charts``: presentation attributes only, so the
strict CSP passes; every point names itself in a ``<title>``; shrinks to fit a phone)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from turnbuckle.league.charts import FONT, OUTCOME_COLOURS, card_ticks, value_ticks


def rating_history_chart(points: Sequence[tuple[int, float, str]], label: str, width: int = 640,
                         height: int = 240) -> str:
    """``points``: (rated match number, displayed rating, outcome) in order; "" when there are none."""
    if not points:
        return ""
    left, right, top, bottom = 56, 16, 14, 44
    first, last = 0, max(1, points[-1][0])
    start = 1500.0
    values = [start, *(p[1] for p in points)]
    low, high = min(values), max(values)
    if high - low < 20:
        low, high = low - 10, high + 10
    ticks = value_ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(n: float) -> float:
        return left + (n - first) / (last - first) * plot_w

    def y(v: float) -> float:
        return top + (high - v) / (high - low) * plot_h

    out = [f'<svg class="chart" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
           f'aria-label="{escape(label)}" preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">']
    for tick in ticks:
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                   'stroke="#e4e1da" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="12" {FONT} '
                   f'fill="#5f6368">{tick:.0f}</text>')
    for tick in card_ticks(first, last):
        out.append(f'<text x="{x(tick):.1f}" y="{top + plot_h + 19}" text-anchor="middle" font-size="12" {FONT} '
                   f'fill="#5f6368">{tick}</text>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="#5f6368"/>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="12" {FONT} '
               'fill="#1d1d1f">rated matches</text>')
    path = [f"M{x(0):.1f},{y(start):.1f}", *(f"L{x(n):.1f},{y(v):.1f}" for n, v, _ in points)]
    out.append(f'<path d="{" ".join(path)}" fill="none" stroke="#1d1d1f" stroke-width="2"/>')
    for n, v, outcome in points:
        colour = OUTCOME_COLOURS.get(outcome, "#ffffff")
        out.append(f'<circle cx="{x(n):.1f}" cy="{y(v):.1f}" r="5" fill="{colour}" stroke="#1d1d1f" '
                   f'stroke-width="1.2"><title>{escape(f"match {n}: {outcome}, rating {v:.0f}")}</title></circle>')
    out.append("</svg>")
    return "".join(out)


__all__ = ["rating_history_chart"]
