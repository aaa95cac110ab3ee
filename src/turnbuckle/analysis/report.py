"""Writing a balance report: one self-contained HTML page with its plots inline (SVG), plus the
same figures as CSV (the matrix) and JSON (everything), for people and for spreadsheets."""

from __future__ import annotations

import csv
import html
import io
import itertools
import json
from dataclasses import dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from turnbuckle.analysis.balance import BalanceReport


@dataclass(frozen=True)
class ReportFiles:
    html: Path
    csv: Path
    json: Path


def write_report(report: BalanceReport, folder: Path, stem: str | None = None) -> ReportFiles:
    """Write ``<stem>.html``, ``<stem>.csv`` and ``<stem>.json`` into ``folder`` (which must exist)."""
    stem = stem or f"{report.game}-{report.kind}"
    files = ReportFiles(folder / f"{stem}.html", folder / f"{stem}.csv", folder / f"{stem}.json")
    files.json.write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
    with files.csv.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["entrant", "opponent", "win_rate", "ci95_low", "ci95_high"])
        for a in report.entrants:
            for b in report.entrants:
                rate, ci = report.rate(a, b), report.interval(a, b)
                if rate is not None and ci is not None:
                    writer.writerow([a, b, f"{rate:.6f}", f"{ci[0]:.6f}", f"{ci[1]:.6f}"])
    files.html.write_text(render_html(report), encoding="utf-8")
    return files


def render_html(report: BalanceReport) -> str:
    """The whole page: summary, plots, the matrix with intervals, endings."""
    esc = html.escape
    first = report.first_seat()
    low, high = report.first_seat_interval()
    how = "exact (solved)" if report.exact else f"{report.matches:,} simulated matches"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>turnbuckle balance report: {esc(report.game)}</title>",
        "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:70em}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:right}"
        "th{background:#f4f4f4}td.name,th.name{text-align:left}figure{margin:1em 0}"
        "figure svg{max-width:100%;height:auto}</style></head><body>",  # wide matrices scale down
        f"<h1>Balance report: {esc(report.game)} ({esc(report.kind)})</h1>",
        f"<p>{esc(how)}; {report.matches_per_pairing:,} per pairing, half from each seat; "
        f"agent <b>{esc(report.agent)}</b>; seed {report.seed}"
        f"{'; <b>interrupted</b>' if report.interrupted else ''}.</p>",
        f"<p>First-seat advantage: the first seat won {first.rate:.1%} "
        f"(95% interval {low:.1%} to {high:.1%}).</p>",
        "<h2>Who beats whom</h2>",
        _figure(_heatmap(report), "Win rate of the row entrant against the column entrant"),
        _matrix_table(report),
        "<h2>Ratings</h2>",
        _figure(_rating_bars(report), "openskill rating (mu, bar: plus or minus one sigma)"),
        _ratings_table(report),
    ]
    if report.costs:
        parts += ["<h2>Win rate against cost</h2>", _figure(_cost_scatter(report), "Overall win rate by cost")]
    if report.lengths:
        parts += ["<h2>Match length</h2>", _figure(_length_histogram(report), "Actions per match")]
    if report.methods:
        rows = "".join(f"<tr><td class='name'>{esc(m.replace('_', ' '))}</td><td>{n:,}</td></tr>"
                       for m, n in report.methods.most_common())
        parts += ["<h2>How matches end</h2>", f"<table><tr><th class='name'>method</th><th>matches</th></tr>{rows}"
                  "</table>"]
    parts.append("</body></html>\n")
    return "\n".join(parts)


def _matrix_table(report: BalanceReport) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(b)}</th>" for b in report.entrants)
    rows = []
    for a in report.entrants:
        cells = []
        for b in report.entrants:
            rate, ci = report.rate(a, b), report.interval(a, b)
            if rate is None or ci is None:
                cells.append("<td>-</td>")
            elif report.exact:
                cells.append(f"<td>{rate:.2%}</td>")
            else:
                cells.append(f"<td title='95% interval {ci[0]:.1%} to {ci[1]:.1%}'>{rate:.1%}"
                             f"<br><small>{ci[0]:.0%}-{ci[1]:.0%}</small></td>")
        rows.append(f"<tr><th class='name'>{esc(a)}</th>{''.join(cells)}</tr>")
    return (f"<div style='overflow-x:auto'><table><tr><th class='name'>row beats column</th>{head}</tr>"
            f"{''.join(rows)}</table></div>")


def _ratings_table(report: BalanceReport) -> str:
    esc = html.escape
    ordered = sorted(report.entrants, key=lambda n: -report.ratings.get(n, (0.0, 0.0))[0])
    rows = []
    for name in ordered:
        mu, sigma = report.ratings.get(name, (float("nan"), float("nan")))
        wins, played = report.overall(name)
        share = wins / played if played else 0.0
        cost = ""
        if report.costs:
            cost = f"<td>{report.costs[name]:,.0f}</td>" if name in report.costs else "<td></td>"
        rows.append(f"<tr><td class='name'>{esc(name)}</td><td>{mu:.2f}</td><td>{sigma:.2f}</td>"
                    f"<td>{share:.1%}</td>{cost}</tr>")
    cost_head = f"<th>{esc(report.cost_label)}</th>" if report.costs else ""
    return ("<table><tr><th class='name'>entrant</th><th>mu</th><th>sigma</th><th>win rate</th>"
            f"{cost_head}</tr>" + "".join(rows) + "</table>")


def _heatmap(report: BalanceReport) -> Figure:
    names = report.entrants
    size = max(4.0, 0.6 * len(names) + 2)
    fig, ax = plt.subplots(figsize=(size, size * 0.85))
    grid = [[report.rate(a, b) if a != b else float("nan") for b in names] for a in names]
    values = [[float("nan") if v is None else v for v in row] for row in grid]
    image = ax.imshow(values, cmap="RdBu", vmin=0.0, vmax=1.0)
    ax.set_xticks(range(len(names)), labels=names, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(names)), labels=names, fontsize=8)
    if len(names) <= 16:
        for i, row in enumerate(values):
            for j, v in enumerate(row):
                if v == v:  # not NaN
                    ax.text(j, i, f"{v:.0%}", ha="center", va="center", fontsize=7)
    fig.colorbar(image, ax=ax, label="row's win rate")
    fig.tight_layout()
    return fig


def _rating_bars(report: BalanceReport) -> Figure:
    ordered = sorted(report.entrants, key=lambda n: report.ratings.get(n, (0.0, 0.0))[0])
    fig, ax = plt.subplots(figsize=(7, max(2.5, 0.35 * len(ordered) + 1)))
    mus = [report.ratings.get(n, (0.0, 0.0))[0] for n in ordered]
    sigmas = [report.ratings.get(n, (0.0, 0.0))[1] for n in ordered]
    ax.barh(range(len(ordered)), mus, xerr=sigmas, color="#4477aa")
    ax.set_yticks(range(len(ordered)), labels=ordered, fontsize=8)
    ax.set_xlabel("openskill mu")
    fig.tight_layout()
    return fig


def _length_histogram(report: BalanceReport) -> Figure:
    fig, ax = plt.subplots(figsize=(7, 3))
    lengths = sorted(report.lengths.items())
    ax.bar([k for k, _ in lengths], [v for _, v in lengths], width=max(1.0, _bin_width(report)), color="#66aa55")
    ax.set_xlabel("actions per match")
    ax.set_ylabel("matches")
    fig.tight_layout()
    return fig


def _bin_width(report: BalanceReport) -> float:
    keys = sorted(report.lengths)
    gaps = [b - a for a, b in itertools.pairwise(keys) if b > a]
    return float(min(gaps)) if gaps else 1.0


def _cost_scatter(report: BalanceReport) -> Figure:
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, cost in report.costs.items():
        wins, played = report.overall(name)
        if played:
            ax.scatter(cost, wins / played, color="#aa3377")
            ax.annotate(name, (cost, wins / played), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel(report.cost_label)
    ax.set_ylabel("win rate")
    fig.tight_layout()
    return fig


def _figure(fig: Figure, caption: str) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg")
    plt.close(fig)
    svg = buffer.getvalue()
    svg = svg[svg.index("<svg"):]
    return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"
