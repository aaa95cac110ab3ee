"""The league's charts as small SVG drawn on the server: a wrestler's rating card by card, each
title's reigns on a card axis, and a sparkline of a rating's trend.

Hand-built rather than matplotlib: a few hundred bytes to a few KB each, crisp at any width
(``viewBox``, no fixed size), text that reads as text, no inline style (presentation attributes
only, so a strict CSP passes), and every point or bar names itself in a ``<title>``. The card axis
is whole numbers only; each reign is its own bar with a gap around it, never a merged band.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

OUTCOME_COLOURS = {"win": "#1b7f3b", "loss": "#b3261e", "draw": "#6b6b6b"}
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#7f6a00", "#5e3c99")
"""Okabe-Ito based: tells holders apart for most colour vision."""
FONT = 'font-family="system-ui, sans-serif"'


@dataclass(frozen=True)
class RatingPoint:
    """A wrestler's rating after a card (the last of their matches on it)."""

    card: int
    rating: float
    outcome: str | None = None
    """win, loss or draw (None: the starting point)."""
    note: str = ""


def card_ticks(first: int, last: int, most: int = 10) -> list[int]:
    """Whole card numbers from ``first`` to ``last``, at most ``most`` of them, on a 1-2-5 step."""
    span = max(1, last - first)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= most - 1:
            break
    start = math.ceil(first / step) * step
    return list(range(start, last + 1, step)) or [first]


def value_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values covering ``low``..``high``."""
    span = max(high - low, 1e-9)
    raw = span / max(1, most - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks: list[float] = []
    value = start
    while value <= high + step * 0.5 and len(ticks) < 20:
        ticks.append(round(value, 6))
        value += step
    return ticks


def _fmt(value: float) -> str:
    return f"{value:.0f}" if abs(value - round(value)) < 1e-6 else f"{value:.1f}"


def rating_chart(points: Sequence[RatingPoint], label: str, width: int = 720, height: int = 280) -> str:
    """A wrestler's rating (mu - 3 sigma) after each card they wrestled on: a line, a dot per card
    coloured by the result, whole-number card axis."""
    if not points:
        return ""
    left, right, top, bottom = 52, 16, 14, 44
    cards = [p.card for p in points]
    first, last = min(cards), max(cards)
    if first == last:
        first, last = first - 1, last + 1
    values = [p.rating for p in points]
    low, high = min(values), max(values)
    if high - low < 2:
        low, high = low - 1, high + 1
    yticks = value_ticks(low, high)
    low, high = min(low, yticks[0]), max(high, yticks[-1])
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(card: float) -> float:
        return left + (card - first) / (last - first) * plot_w

    def y(value: float) -> float:
        return top + (high - value) / (high - low) * plot_h

    out = [_open(width, height, label)]
    for tick in yticks:
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
                   'stroke="#e4e1da" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" font-size="12" {FONT} '
                   f'fill="#5f6368">{_fmt(tick)}</text>')
    start = points[0].card if points[0].outcome is None else None
    for tick in card_ticks(first, last):
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top + plot_h}" y2="{top + plot_h + 5}" '
                   'stroke="#5f6368"/>')
        shown = "start" if tick == start else str(tick)
        out.append(f'<text x="{x(tick):.1f}" y="{top + plot_h + 19}" text-anchor="middle" font-size="12" {FONT} '
                   f'fill="#5f6368">{shown}</text>')
    out.append(f'<line x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}" stroke="#5f6368"/>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="12" {FONT} '
               'fill="#1d1d1f">card</text>')
    out.append(f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" font-size="12" {FONT} fill="#1d1d1f" '
               f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">rating</text>')
    path = " ".join(f"{'M' if i == 0 else 'L'}{x(p.card):.1f},{y(p.rating):.1f}" for i, p in enumerate(points))
    out.append(f'<path d="{path}" fill="none" stroke="#1d1d1f" stroke-width="2"/>')
    for p in points:
        colour = OUTCOME_COLOURS.get(p.outcome or "", "#ffffff")
        what = f"card #{p.card}: {p.outcome}" if p.outcome else f"before card #{p.card + 1}: start"
        tip = f"{what}, rating {p.rating:.1f}" + (f" ({p.note})" if p.note else "")
        out.append(f'<circle cx="{x(p.card):.1f}" cy="{y(p.rating):.1f}" r="5" fill="{colour}" stroke="#1d1d1f" '
                   f'stroke-width="1.2"><title>{escape(tip)}</title></circle>')
    out.append("</svg>")
    return "".join(out)


def reign_chart(titles: Sequence[dict[str, object]], last_card: int, width: int = 720) -> str:
    """One row per title, one bar per reign from the card it was won on to the card it ended on
    (the latest card for a current reign), a gap between reigns; each holder keeps a colour."""
    rows = [t for t in titles if t.get("lineage")]
    if not rows:
        return ""
    left, right, top, row_h = 150, 16, 10, 42
    height = top + row_h * len(rows) + 40
    starts = [int(r["won_card"]) for t in rows for r in t["lineage"] if r.get("won_card")]  # type: ignore[attr-defined]
    first = min(starts, default=1)
    last = max(last_card, first + 1)
    plot_w = width - left - right

    def x(card: float) -> float:
        return left + (card - first) / (last - first) * plot_w

    colours: dict[str, str] = {}
    labelled: set[str] = set()
    bars: list[str] = []
    axis_y = top + row_h * len(rows)
    out = bars
    for tick in card_ticks(first, last):
        out.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top}" y2="{axis_y + 5}" stroke="#e4e1da"/>')
        out.append(f'<text x="{x(tick):.1f}" y="{axis_y + 19}" text-anchor="middle" font-size="12" {FONT} '
                   f'fill="#5f6368">{tick}</text>')
    out.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle" font-size="12" {FONT} '
               'fill="#1d1d1f">card</text>')
    for row, title in enumerate(rows):
        y0 = top + row * row_h
        name = str(title["title"])
        shown = name if len(name) <= 20 else name[:19] + "…"
        out.append(f'<text x="{left - 8}" y="{y0 + row_h / 2 + 4:.1f}" text-anchor="end" font-size="13" {FONT} '
                   f'fill="#1d1d1f"><title>{escape(name)}</title>{escape(shown)}</text>')
        for reign in title["lineage"]:  # type: ignore[attr-defined]
            won = reign.get("won_card")
            if won is None:
                continue
            held = reign.get("cards")  # as ``league titles`` counts them (views.reign_view)
            end = won + held if held is not None else won
            holders = " & ".join(reign["holders"])
            colour = colours.setdefault(holders, PALETTE[len(colours) % len(PALETTE)])
            x0, x1 = x(won), max(x(end), x(won) + 4)
            tip = f"{holders}: won on card #{won}, " + (
                f"champion since ({held} cards)" if reign.get("current") else f"until card #{end} ({held} cards)"
            ) + f", {reign.get('defences', 0)} defences"
            out.append(f'<rect x="{x0 + 1:.1f}" y="{y0 + 7}" width="{x1 - x0 - 2:.1f}" height="{row_h - 14}" rx="3" '
                       f'fill="{colour}" stroke="#ffffff" stroke-width="2"><title>{escape(tip)}</title></rect>')
            if x1 - x0 > 7.2 * len(holders) + 10:
                labelled.add(holders)
                out.append(f'<text x="{x0 + 6:.1f}" y="{y0 + row_h / 2 + 4:.1f}" font-size="12" {FONT} '
                           f'fill="#ffffff" font-weight="600">{escape(holders)}</text>')
    legend, legend_h = _legend([(h, c) for h, c in colours.items() if h not in labelled], left, width - right,
                               height + 4)
    return _open(width, height + legend_h, "title reigns by card") + "".join(out) + legend + "</svg>"


def _legend(items: list[tuple[str, str]], left: float, right: float, top: float) -> tuple[str, int]:
    """Swatches naming the holders whose bars were too short to carry their names."""
    if not items:
        return "", 0
    out = []
    x, y, line = left, top, 20
    for name, colour in items:
        wide = 22 + 7.0 * len(name) + 14
        if x + wide > right and x > left:
            x, y = left, y + line
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="14" height="14" rx="2" fill="{colour}"/>')
        out.append(f'<text x="{x + 20:.1f}" y="{y + 12:.1f}" font-size="12" {FONT} fill="#1d1d1f">'
                   f"{escape(name)}</text>")
        x += wide
    return "".join(out), int(y - top) + line + 6


def sparkline(values: Sequence[float], width: int = 90, height: int = 22) -> str:
    """The last few ratings as a line, for a table cell; empty for fewer than two."""
    if len(values) < 2:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (width - 4) / (len(values) - 1)
    points = " ".join(f"{2 + i * step:.1f},{2 + (high - v) / span * (height - 4):.1f}" for i, v in enumerate(values))
    rising = values[-1] >= values[0]
    colour = OUTCOME_COLOURS["win" if rising else "loss"]
    return (f'<svg class="spark" viewBox="0 0 {width} {height}" width="{width}" height="{height}" aria-hidden="true">'
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.8"/></svg>')


def _open(width: float, height: float, label: str) -> str:
    """The chart's root: drawn at its natural size, shrunk (never stretched) to fit narrower pages."""
    return (f'<svg class="chart" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
            f'role="img" aria-label="{escape(label)}" preserveAspectRatio="xMidYMid meet" '
            'xmlns="http://www.w3.org/2000/svg">')


__all__ = ["RatingPoint", "card_ticks", "rating_chart", "reign_chart", "sparkline", "value_ticks"]
