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


def test_wrasslin_tag_titles_seat_partners_as_the_game_does(tmp_path: Path) -> None:
    # wrasslin 12.1: tag partners alternate seats with their opponents; a season books and plays a
    # vacant tag title with the booked teams kept together
    import subprocess
    import sys

    db = str(tmp_path / "tag.db")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "turnbuckle", "league", *args, "--db", db],
                              capture_output=True, text=True, timeout=600, check=False)

    for args in (("new", "W", "--game", "wrasslin", "--seed", "3"), ("sign", "--all"),
                 ("belt", "new", "Tag Titles", "--tag"), ("season", "1")):
        out = run(*args)
        assert out.returncode == 0, out.stderr
    titles = json.loads(run("titles", "--json").stdout)
    tag = next(t for t in titles if t["kind"] == "tag")
    assert tag["champion"] is None or len(tag["champion"]) == 2


def test_names_with_rich_markup_print_as_typed(tmp_path: Path) -> None:
    # user text through Rich is escaped: a league, title or card named like markup shows as typed
    db = tmp_path / "m.db"
    assert "Started [bold red]Evil[/] (powerhouses)" in run_cli(
        "new", "[bold red]Evil[/]", "--game", "powerhouses", db=db).stdout
    run_cli("sign", "--all", db=db)
    assert "Created the [blink]B[/]" in run_cli("belt", "new", "[blink]B[/]", db=db).stdout
    booked = run_cli("card", "new", "[i]x", "-m", "Skylark Reyes vs Mama Odette | title=[blink]B[/]", db=db)
    assert "Booked card #1 [i]x with 1 match." in booked.stdout, booked.stderr
    ran = run_cli("card", "run", "-a", "random", db=db)
    assert ran.returncode == 0 and "[i]x" in ran.stdout and "[blink]B[/]" in ran.stdout
    assert "[bold red]Evil[/] standings" in run_cli("standings", db=db).stdout
