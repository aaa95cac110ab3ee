"""``league export``: standings, matches, title reigns, feuds and injuries as CSV and JSON files."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from sqlalchemy import select

from turnbuckle.league import service
from turnbuckle.league.errors import LeagueError
from turnbuckle.store.db import Database
from turnbuckle.store.errors import StoreError
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch


def matches_table(db: Database, league_name: str | None, full: bool) -> list[dict[str, Any]]:
    """Every played match; ``full`` adds params, agents and the action log (JSON export)."""
    with db.read() as session:
        league = service.get_league(session, league_name)
        titles = {t.id: t.name for t in league.titles}
        rows = session.execute(
            select(LeagueMatch, LeagueEvent.number, LeagueEvent.name)
            .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
            .where(LeagueEvent.league_id == league.id, LeagueMatch.status == "done")
            .order_by(LeagueEvent.number, LeagueMatch.position)
        ).all()
        out = []
        for match, number, event_name in rows:
            view = service.match_view(match, titles)
            row: dict[str, Any] = {"event": number, "event_name": event_name, **view}
            row["played_at"] = match.played_at.isoformat() if match.played_at else None
            if full:
                row.update(params=match.params, actions=match.actions, result=match.result, quality=match.quality)
            out.append(row)
        return out


def export_league(db: Database, league_name: str | None, out: Path, fmt: str) -> list[Path]:
    if fmt not in ("csv", "json", "both"):
        raise LeagueError(f"--format must be csv, json or both, not {fmt!r}")
    tables: dict[str, list[dict[str, Any]]] = {
        "standings": service.standings(db, league_name, include_released=True)["wrestlers"],
        "injuries": service.injuries_view(db, league_name, include_healed=True),
        "feuds": service.feuds_view(db, league_name),
    }
    reigns = []
    for title in service.titles_view(db, league_name):
        for i, reign in enumerate(title["lineage"], start=1):
            reigns.append({"title": title["title"], "kind": title["kind"], "reign": i, **reign})
    tables["title_reigns"] = reigns
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{out}: cannot create the export folder ({exc.strerror})") from None
    files: list[Path] = []
    try:
        if fmt in ("csv", "both"):
            for name, rows in {**tables, "matches": matches_table(db, league_name, full=False)}.items():
                files.append(_write_csv(out / f"{name}.csv", rows))
        if fmt in ("json", "both"):
            payload = {**tables, "matches": matches_table(db, league_name, full=True)}
            path = out / "league.json"
            path.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
            files.append(path)
    except OSError as exc:
        raise StoreError(f"{out}: cannot write the export ({exc.strerror})") from None
    return files


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: _cell(v) for k, v in row.items()})
    return path


def _cell(value: Any) -> Any:
    if isinstance(value, list):
        return "; ".join(" & ".join(map(str, v)) if isinstance(v, list) else str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value)
    return value
