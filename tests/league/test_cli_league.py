"""``turnbuckle league`` end to end as a user runs it: every read has --json."""

from __future__ import annotations

import json
from pathlib import Path

from league_helpers import run_cli


def test_league_commands_json(tmp_path: Path) -> None:
    db = tmp_path / "cli.db"

    def ok(*args: str) -> object:
        out = run_cli(*args, "--json", db=db)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    assert ok("new", "Dice", "--game", "powerhouses", "--seed", "5")["game"] == "powerhouses"  # type: ignore[index]
    assert len(ok("sign", "--all")["signed"]) == 10  # type: ignore[index]
    ok("belt", "new", "World Title")
    ok(
        "card",
        "new",
        "Opener",
        "-m",
        "Skylark Reyes vs Dutch Kettering",
        "-m",
        "Mama Odette vs Lady Vesper | title=World Title",
    )
    card = ok("card", "run", "-a", "random")
    assert isinstance(card, dict) and card["status"] == "done" and len(card["matches"]) == 2
    season = ok("season", "2", "-a", "random", "--matches", "2")
    assert isinstance(season, list) and [e["event"] for e in season] == [2, 3]
    standings = ok("standings")
    assert isinstance(standings, dict) and len(standings["wrestlers"]) == 10
    titles = ok("titles")
    assert isinstance(titles, list) and titles[0]["champion"]
    assert isinstance(ok("feuds"), list) and isinstance(ok("injuries"), list)
    assert len(ok("card", "list")) == 3  # type: ignore[arg-type]
    history = ok("history", "Skylark Reyes")
    assert isinstance(history, dict) and history["matches"][0]["event"] == 1
    assert ok("replay", "1")["reproduces"] is True  # type: ignore[index]
    files = ok("export", "--out", str(tmp_path / "exp"))["files"]  # type: ignore[index]
    assert any(f.endswith("league.json") for f in files)
    charts = ok("report", "--out", str(tmp_path / "rep"), "--format", "svg")["files"]  # type: ignore[index]
    assert all(Path(c).read_text().lstrip().startswith("<?xml") for c in charts)
    # the table output works too
    out = run_cli("standings", db=db)
    assert out.returncode == 0 and "Skylark Reyes" in out.stdout
