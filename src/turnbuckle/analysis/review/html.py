"""A review as one self-contained HTML page: the win-probability chart (matplotlib, inline SVG),
the turning points and every decision."""

from __future__ import annotations

import html
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from turnbuckle.analysis.review.core import Decision, Review
from turnbuckle.analysis.review.values import percent, value_text


def chart_svg(review: Review) -> str:
    """Each seat's chances at its decisions, ending at its final score; turning points ringed."""
    fig, ax = plt.subplots(figsize=(9, 3.6))
    try:
        game = review.game
        for player, points in enumerate(review.series()):
            xs = [at for at, _ in points]
            ys = [value for _, value in points]
            ax.step(xs, ys, where="post", marker="o", markersize=3, linewidth=1.4, label=game.player_label(player))
        for d in review.turning_points:
            ax.plot([d.action_index], [d.before], marker="o", markersize=10, fillstyle="none", color="black")
        ax.set_ylim(-0.02, 1.02)
        ax.set_xlim(0, max(1, len(review.replay.actions)))
        ax.set_xlabel("actions played")
        ax.set_ylabel("chance of winning")
        ax.grid(True, alpha=0.3)
        ax.legend(loc="best", fontsize="small")
        fig.tight_layout()
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
    finally:
        plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def render_html(review: Review) -> str:
    esc = html.escape
    game = review.game
    mode = ("omniscient: sampled from the true position, every hidden card known (not what the players knew)"
            if review.settings.omniscient else "each value from what the deciding seat knew then")
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>turnbuckle review: {esc(game.title)}</title>",
        "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:80em}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}"
        "th{background:#f4f4f4}td.num{text-align:right}tr.turn td{background:#fff6d6}"
        "figure{margin:1em 0}figure svg{max-width:100%;height:auto}.dim{color:#666}"
        # a phone: the tables and the chart scroll sideways in their own boxes, never the page
        "@media (max-width:700px){body{margin:.6em}table{display:block;overflow-x:auto}"
        "figure{overflow-x:auto}figure svg{width:760px;max-width:none}}</style></head><body>",
        f"<h1>Review: {esc(game.title)}</h1>",
        f"<p>{esc(' vs '.join(game.player_label(p) for p in range(game.num_players())))}: "
        f"{esc(review.summary)} ({len(review.replay.actions)} actions, {len(review.decisions)} decisions).</p>",
        f"<p class='dim'>Mode: {esc(mode)}.<br>Method: {esc('; '.join(review.methods) or 'no decisions')}.</p>",
        "<figure>", chart_svg(review),
        "<figcaption>Each seat's chance of winning at its decisions (a draw counts half), ending at the "
        "result; rings mark the turning points.</figcaption></figure>",
        "<h2>Turning points</h2>",
    ]
    turns = review.turning_points
    if turns:
        parts.append("<table><tr><th>#</th><th>who</th><th>choice</th><th>before</th><th>swing</th>"
                     "<th>what happened</th></tr>")
        for d in turns:
            parts.append(
                f"<tr><td class='num'>{d.index + 1}</td><td>{esc(d.wrestler)}</td><td>{esc(d.choice)}</td>"
                f"<td class='num'>{percent(d.before)}</td><td class='num'>{d.swing * 100:+.1f}</td>"
                f"<td>{esc(' / '.join(d.commentary[:3]))}</td></tr>")
        parts.append("</table>")
    else:
        parts.append("<p>No swing of a point or more.</p>")
    parts.append("<h2>Every decision</h2>")
    parts.append(_decisions_table(review.decisions, {d.index for d in turns}))
    parts.append("</body></html>")
    return "".join(parts)


def _decisions_table(decisions: list[Decision], turns: set[int]) -> str:
    esc = html.escape
    rows = ["<table><tr><th>#</th><th>action</th><th>who</th><th>choice</th><th>before</th><th>after</th>"
            "<th>best option</th><th>swing</th><th>other options</th></tr>"]
    for d in decisions:
        others = ", ".join(f"{o.action} {percent(o.value)}" for o in d.values.options
                           if o.action not in (d.choice, d.best.action))
        best = "the choice" if d.best.action == d.choice else f"{d.best.action} ({percent(d.best.value)})"
        rows.append(
            f"<tr{' class=turn' if d.index in turns else ''}><td class='num'>{d.index + 1}</td>"
            f"<td class='num'>{d.action_index}</td><td>{esc(d.wrestler)}</td><td>{esc(d.choice)}</td>"
            f"<td class='num'>{percent(d.before)}</td><td class='num'>{value_text(d.after, d.chosen.stderr)}</td>"
            f"<td>{esc(best)}</td><td class='num'>{d.swing * 100:+.1f}</td><td class='dim'>{esc(others)}</td></tr>")
    rows.append("</table>")
    return "".join(rows)
