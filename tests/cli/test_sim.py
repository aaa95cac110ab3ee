"""``turnbuckle sim`` as a user runs it: JSON shape, progress bar, Ctrl-C, counts, team wins."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped,unused-ignore]
import pytest

from turnbuckle.cli import simulate
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.registry import load_game
from turnbuckle.sim.runner import SimSpec, SimTotals
from turnbuckle.text import plural

SIM = [sys.executable, "-m", "turnbuckle", "sim"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*SIM, *args], capture_output=True, text=True, timeout=300, check=False)


def sim_schema() -> dict[str, Any]:
    text = resources.files("turnbuckle.schemas").joinpath("sim.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def test_json_follows_the_schema_and_does_not_depend_on_workers() -> None:
    args = ("powerhouses", "-n", "40", "--seed", "5", "-a", "heuristic", "-a", "random", "--json", "--quiet")
    one, two = run(*args, "--workers", "1"), run(*args, "--workers", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout, "match i is seed+i and rotation i % n whatever the workers"
    assert one.stderr == "", "--quiet: no progress lines on stderr"
    summary = json.loads(one.stdout)
    jsonschema.validate(summary, sim_schema())
    assert (summary["type"], summary["version"], summary["interrupted"]) == ("sim", 1, False)
    assert summary["matches"] == summary["matches_requested"] == 40
    assert sum(r["wins"] for r in summary["win_rates"]) + summary["draws"] == 40
    assert sum(summary["methods"].values()) == 40
    assert all(r["ci95"][0] <= r["rate"] <= r["ci95"][1] for r in summary["win_rates"])


@pytest.mark.parametrize(
    ("match_type", "players", "team_share"), [("tag", 4, (2, 2)), ("handicap", 3, (1, 2))]
)
def test_tag_and_handicap_team_wins_count_for_the_whole_team(
    match_type: str, players: int, team_share: tuple[int, int]
) -> None:
    agents = ("-a", "random") * players
    out = run("wrasslin", "-o", f"match_type={match_type}", *agents, "-n", "16", "--seed", "2", "--workers", "2",
              "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    jsonschema.validate(summary, sim_schema())
    decided = summary["matches"] - summary["draws"]
    wins = sum(r["wins"] for r in summary["win_rates"])
    assert summary["matches"] == 16 and decided > 0, "team wins are wins, not draws"
    low, high = team_share  # winners per decided match: tag always 2; handicap 1 (solo) or 2 (team)
    assert low * decided <= wins <= high * decided
    if match_type == "handicap":
        assert wins > decided, "the sample holds team wins, counted for both partners"


def children_of(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_ctrl_c_stops_the_workers_and_prints_what_finished() -> None:
    proc = subprocess.Popen(
        [*SIM, "wrasslin", "--matches", "100000", "--workers", "2", "--json", "-a", "random", "-a", "random"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while len(workers := children_of(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(workers) == 2, "two worker processes started"
        time.sleep(3)
        proc.send_signal(signal.SIGINT)
        sent = time.monotonic()
        out, err = proc.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == simulate.INTERRUPTED_EXIT_CODE == 130, err
    assert took < 10, f"took {took:.1f} s to stop"  # the workers stop in ~0.1 s; the rest is Python's exit
    summary = json.loads(out)
    jsonschema.validate(summary, sim_schema())
    assert summary["interrupted"] is True and 0 < summary["matches"] < 100000
    assert summary["matches_requested"] == 100000
    assert sum(r["wins"] for r in summary["win_rates"]) + summary["draws"] == summary["matches"]
    gone_by = time.monotonic() + 5
    while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < gone_by:
        time.sleep(0.1)
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers), "no worker left behind"


def run_in_terminal(*args: str) -> tuple[int, str, str]:
    """Run ``sim`` with stderr on a pseudo-terminal (stdout a pipe); exit code, stdout, stderr."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")}
    env["TERM"] = "xterm-256color"
    proc = subprocess.Popen([*SIM, *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, env=env)
    os.close(slave)
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 120)
            if not ready:
                break
            try:
                data = os.read(master, 65536)
            except OSError:  # EIO: the terminal's other end is closed
                break
            if not data:
                break
            chunks.append(data)
        assert proc.stdout is not None
        out = proc.stdout.read().decode()
        code = proc.wait(timeout=60)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return code, out, b"".join(chunks).decode(errors="replace")


def test_progress_bar_on_a_terminal_unless_quiet_or_json() -> None:
    common = ("powerhouses", "-n", "30", "-a", "random", "-a", "random", "--workers", "1")
    code, out, err = run_in_terminal(*common)
    assert code == 0 and "30 matches, seed 0" in out
    assert "matches/s" in err and "ETA" in err and "30/30" in err, err
    for flag in ("--quiet", "--json"):
        code, out, err = run_in_terminal(*common, flag)
        assert code == 0 and out
        assert "matches/s" not in err and "ETA" not in err, (flag, err)


def test_human_table_shows_methods_and_a_singular_match() -> None:
    out = run("powerhouses", "-n", "1", "-a", "random", "-a", "random", "--workers", "1")
    assert out.returncode == 0, out.stderr
    assert "1 match, seed 0" in out.stdout and "How the matches ended" in out.stdout and "pin" in out.stdout
    assert "interrupted" not in out.stdout


def test_interrupted_human_summary_says_how_far_it_got(capsys: pytest.CaptureFixture[str]) -> None:
    game = load_game("powerhouses")
    spec = SimSpec("powerhouses", dict(game.params), ("random", "random"), 0, rotate_seats=False)
    totals = SimTotals(2, matches=3, wins=[2, 1], requested=1000, interrupted=True, steps=300)
    totals.methods["pin"] = 3
    summary = simulate.sim_summary(game, spec, totals)
    jsonschema.validate(summary, sim_schema())
    simulate._print_tables(game, spec, totals, summary)
    out = capsys.readouterr().out
    assert "interrupted after 3 of 1,000 matches" in out and "3 matches, seed 0" in out
    assert "100.0%" in out and "100.0 actions" in out


def test_nothing_finished_yet_is_still_a_valid_summary() -> None:
    game = load_game("powerhouses")
    spec = SimSpec("powerhouses", dict(game.params), ("random", "random"), 0, rotate_seats=False)
    summary = simulate.sim_summary(game, spec, SimTotals(2, requested=10, interrupted=True))
    jsonschema.validate(summary, sim_schema())
    assert summary["matches"] == 0 and summary["mean_actions"] is None and summary["methods"] == {}


@pytest.mark.parametrize("text", ["-3", "0", "1e30", "abc", "²", "٣", "", "1000000001", "1.5", "9" * 60])
def test_bad_match_counts_are_refused(text: str) -> None:
    with pytest.raises(ParamError, match=r"^--matches ") as caught:
        simulate.parse_count(text, "--matches", 1, 10**9)
    assert "\n" not in str(caught.value)


def test_good_counts_are_read() -> None:
    assert simulate.parse_count(" 12 ", "--matches", 1, 10**9) == 12
    assert simulate.parse_count("+7", "--workers", 1, 8) == 7
    assert simulate.parse_count("1000000000", "--matches", 1, 10**9) == 10**9
    assert plural(1, "match") == "1 match" and plural(2000, "match") == "2,000 matches"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--matches", "-3"), "--matches '-3': out of range"),
        (("--matches", "²"), "--matches '²': expected a whole number"),
        (("--workers", "1e30"), "--workers '1e30': expected a whole number"),
        (("--workers", "0"), "--workers '0': out of range"),
    ],
)
def test_bad_counts_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    out = run("powerhouses", *args)
    assert out.returncode == 2
    assert message in out.stderr and "error" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


def test_without_a_terminal_progress_is_a_line_every_few_seconds() -> None:
    # issue 22.15: a log or a pipe gets a plain line now and then, not silence and not a bar's redraws
    now = [0.0]
    lines: list[str] = []
    progress = simulate.ProgressLines("wrasslin", 200, lines.append, clock=lambda: now[0])
    for t, done in [(1.0, 3), (4.9, 10), (5.0, 12), (7.0, 20), (10.5, 40), (12.0, 200)]:
        now[0] = t
        progress(SimTotals(2, matches=done, requested=200))
    assert lines == [
        "sim wrasslin: 12 of 200 matches (6%), 2.4 matches/s, 5 s elapsed, about 1 min 18 s left",
        "sim wrasslin: 40 of 200 matches (20%), 3.8 matches/s, 10 s elapsed, about 42 s left",
    ], "every 5 seconds, and none once all are done (the summary follows)"
    assert simulate.PROGRESS_LINE_SECONDS <= 10


def test_quiet_means_no_progress_lines_and_the_default_agent_is_the_bulk_one() -> None:
    # issue 22.15: without -a, sim seats the game's bulk agent (heuristic in WRASSLIN'), not its slow search
    out = run("wrasslin", "-n", "2", "--json", "--quiet", "--workers", "1")
    assert out.returncode == 0 and out.stderr == "", out.stderr
    summary = json.loads(out.stdout)
    assert summary["agents"] == ["heuristic", "heuristic"] and summary["seats_rotated"] is False
    powerhouses = json.loads(run("powerhouses", "-n", "2", "--json", "--quiet").stdout)
    assert powerhouses["agents"] == ["expert", "expert"], "its bulk agent is the exact expert"


def test_every_summary_names_the_agent_in_each_seat() -> None:
    fixed = run("powerhouses", "-n", "4", "-w", "Skylark Reyes", "-w", "Dutch Kettering", "--workers", "1")
    assert fixed.returncode == 0, fixed.stderr
    assert "agents: seat 0 Skylark Reyes: expert, seat 1 Dutch Kettering: expert" in fixed.stdout
    assert "agent" in fixed.stdout.splitlines()[2], "the table has an agent column"
    rotating = run("powerhouses", "-n", "4", "-a", "expert", "-a", "random", "--workers", "1")
    assert rotating.returncode == 0, rotating.stderr
    assert "agents: agent 0 expert, agent 1 random; seats rotate" in rotating.stdout
