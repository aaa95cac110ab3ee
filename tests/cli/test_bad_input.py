"""Bad input of every kind is one line ``error: ...`` on stderr and exit code 2, never a traceback.

Most cases run the real entry point in-process (``turnbuckle.cli.main.run``: the argv a shell
would pass, stdin, stdout and stderr swapped by typer's runner); a few run the installed
command as a subprocess for what only a real process shows (Ctrl-C, a closed pipe).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

import turnbuckle
from turnbuckle.cli import main as cli_main
from turnbuckle.engine import datafiles, replay
from turnbuckle.engine.datafiles import MAX_DATA_FILE_BYTES, inline_source

MARKUP_NAMES = ("[bold]Boss[/]", "[red]x[/red] Kid", "[/] Closer", "Back\\[b]slash [link=http://x]y[/link]")


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    def one_line_error(self, *needles: str) -> None:
        assert self.code == 2, (self.code, self.out[-500:], self.err[-500:])
        lines = self.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), self.err
        assert "Traceback" not in self.err + self.out
        for needle in needles:
            assert needle in lines[0], (needle, lines[0])


def cli(*args: str | Path, stdin: str = "") -> Outcome:
    """``turnbuckle ARGS`` in-process."""
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run([str(a) for a in args])
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def roster_file(tmp_path: Path, game: str, names: Sequence[str]) -> Path:
    """A user roster for ``game`` whose wrestlers have ``names`` (built from the game's template)."""
    path = tmp_path / f"{game}-roster.toml"
    texts = []
    for index, name in enumerate(names):
        template = turnbuckle.engine.registry.game_class(game).roster_template(name)
        assert template is not None
        if index and game == "wrasslin":  # its template brings a sparring partner; keep one
            template = template.split("[[wrestler]]")[0] + "[[wrestler]]" + template.split("[[wrestler]]")[1]
        texts.append(template)
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


# -- usage errors -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        ((), "missing command"),
        (("odds",), "missing command"),
        (("wrestle",), "No such command 'wrestle'"),
        (("watch",), "Missing argument 'GAME'"),
        (("watch", "powerhouses", "--bogus"), "No such option: --bogus"),
        (("watch", "powerhouses", "--seed"), "--seed"),
        (("sim", "powerhouses", "--matches", "lots"), "--matches"),
        (("rules", "chess"), "unknown game 'chess'"),
        (("roster", "validate"), "roster validate FILE"),
        (("roster", "powerhouses", "extra.toml"), "did you mean --roster"),
    ],
)
def test_usage_errors_are_one_line(args: tuple[str, ...], needle: str) -> None:
    cli(*args).one_line_error(needle)


def test_help_still_works() -> None:
    for args in (("--help",), ("watch", "--help"), ("odds", "powerhouses", "--help")):
        out = cli(*args)
        assert out.code == 0 and "Usage" in out.out and not out.err


# -- numbers ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--seed", "1e400"), "--seed"),
        (("--seed", "99999999999999999999999999"), "out of range"),
        (("--seed", str(2**63)), "out of range"),
        (("--seed", "-1"), "out of range"),
        (("--seed", "²"), "'²' is not a whole number"),
        (("--seed", "٣"), "'٣' is not a whole number"),
        (("--delay", "nan"), "--delay"),
        (("--delay", "-1"), "out of range"),
        (("--delay", "inf"), "--delay"),
        (("--delay", "61"), "out of range"),
        (("--delay", "١"), "--delay"),
        (("-o", "dice=1e999"), "--option dice: number out of range"),
        (("-o", "dice=NaN"), "--option dice: number out of range"),
        (("-o", "dice=99999999999999999999999999"), "--option dice: number out of range"),
        (("-o", "dice=" + "9" * 5000), "dice"),
        (("-o", "dice=" + "[" * 10_000 + "]" * 10_000), "nested more than 64 levels"),
        (("-o", "dice=٣"), "dice"),
    ],
)
def test_numbers_out_of_range_are_one_line(args: tuple[str, ...], needle: str) -> None:
    cli("watch", "powerhouses", "-a", "random", "-a", "random", *args).one_line_error(needle)


def test_seed_and_delay_limits_are_inclusive() -> None:
    out = cli("watch", "powerhouses", "-a", "random", "-a", "random", "--seed", str(2**63 - 1), "--delay", "0",
              "--json")
    assert out.code == 0, out.err
    assert json.loads(out.out.splitlines()[-1])["seed"] == 2**63 - 1


# -- Rich markup in user text -------------------------------------------------------------------
@pytest.mark.parametrize("game", ["powerhouses", "wrasslin", "filsinger"])
def test_markup_in_names_prints_as_typed(tmp_path: Path, game: str) -> None:
    names = list(MARKUP_NAMES[:2])
    path = roster_file(tmp_path, game, names)
    listed = cli("roster", game, "--roster", path)
    assert listed.code == 0, listed.err
    checked = cli("roster", "validate", path)
    assert checked.code == 0, checked.err
    assert f"valid {game} file" in checked.out and all(n in checked.out for n in names)
    wrestlers = [*names, "Rex Hammond", "Duke Marlowe"][:2] if game == "filsinger" else names
    picks = [arg for name in wrestlers for arg in ("-w", name)]
    saved = tmp_path / "m.json"
    watched = cli("watch", game, "--roster", path, *picks, "-a", "random", "-a", "random", "--seed", "5",
                  "--save-replay", saved)
    assert watched.code == 0, watched.err
    assert names[0] in watched.out or names[1] in watched.out, watched.out[-800:]
    replayed = cli("replay", saved)
    assert replayed.code == 0, replayed.err
    assert "verified" in replayed.out
    # a markup name in an error message is printed as typed as well
    missing = cli("watch", game, "--roster", path, "-w", "[/]nobody", "-w", names[0])
    missing.one_line_error("[/]nobody")


@pytest.mark.parametrize(
    "command",
    [("sim", "powerhouses", "-n", "2", "--workers", "1", "-a", "random", "-a", "random"),
     ("odds", "powerhouses", "-w", "[/] Closer")],
)
def test_markup_in_names_in_sim_and_odds(tmp_path: Path, command: tuple[str, ...]) -> None:
    path = roster_file(tmp_path, "powerhouses", ["[/] Closer", "[bold]Boss[/]"])
    out = cli(*command, "--roster", path)
    assert out.code == 0 and "[/] Closer" in out.out, out.err


def test_markup_in_a_file_name_and_a_new_wrestler(tmp_path: Path) -> None:
    target = tmp_path / "[red]x[red] [b].toml"
    out = cli("roster", "powerhouses", "--new", "[/]", "--out", target)
    assert out.code == 0 and str(target) in out.out.replace("\n", ""), out.err


# -- files that are not data --------------------------------------------------------------------
@pytest.fixture
def hostile_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    binary = tmp_path / "random.bin"
    binary.write_bytes(bytes(range(256)) * 4)
    latin = tmp_path / "latin1.toml"
    latin.write_bytes('[[wrestler]]\nname = "Jos\xe9"\n'.encode("latin-1"))
    return {"/dev/zero": Path("/dev/zero"), "fifo": fifo, "directory": tmp_path, "binary": binary,
            "latin-1": latin, "missing": tmp_path / "nope.toml"}


@pytest.mark.parametrize("kind", ["/dev/zero", "fifo", "directory", "binary", "latin-1", "missing"])
def test_rosters_and_replays_that_are_not_text_files(hostile_files: dict[str, Path], kind: str) -> None:
    path = hostile_files[kind]
    for args in (("roster", "validate", path), ("roster", "powerhouses", "--roster", path),
                 ("watch", "wrasslin", "--roster", path), ("sim", "filsinger", "--roster", path, "-n", "1"),
                 ("replay", path)):
        cli(*args).one_line_error(str(path))


def test_too_large_and_too_deep_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    huge = tmp_path / "huge.toml"
    huge.write_text("#" * MAX_DATA_FILE_BYTES + "\n")
    cli("roster", "validate", huge).one_line_error(str(huge), "too large")
    deep = tmp_path / "deep.toml"
    deep.write_text("x = " + "[" * 100_000 + "]" * 100_000 + "\n")
    cli("roster", "powerhouses", "--roster", deep).one_line_error(str(deep), "nested more than 64 levels")
    dotted = tmp_path / "dotted.toml"
    dotted.write_text("a" + ".a" * 5000 + " = 1\n")
    cli("roster", "validate", dotted).one_line_error(str(dotted), "nested more than 64 levels")
    quoted = tmp_path / "quoted.toml"  # brackets inside strings and comments are not nesting
    quoted.write_text(roster_file(tmp_path, "powerhouses", ["[" * 100 + "A", "B" + "{" * 100]).read_text()
                      + "# " + "[" * 100 + "\n")
    assert cli("roster", "validate", quoted).code == 0
    deep_json = tmp_path / "deep.json"
    deep_json.write_text("[" * 100_000 + "]" * 100_000)
    cli("replay", deep_json).one_line_error(str(deep_json), "nested more than 64 levels")
    monkeypatch.setattr(replay, "MAX_REPLAY_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"game": "powerhouses", "params": {}, "actions": ["x" * 2000]}))
    cli("replay", big).one_line_error(str(big), "too large")
    monkeypatch.setattr(datafiles, "MAX_DATA_FILE_BYTES", 50)
    small = roster_file(tmp_path, "powerhouses", ["A", "B"])
    cli("watch", "powerhouses", "--roster", small).one_line_error("too large")


# -- replays ------------------------------------------------------------------------------------
def _replay(tmp_path: Path, **changes: object) -> Path:
    path = tmp_path / "saved.json"
    if not path.exists():
        assert cli("watch", "powerhouses", "-a", "random", "-a", "random", "--seed", "1",
                   "--save-replay", path).code == 0
    data = json.loads(path.read_text())
    params = dict(data["params"])
    for key, value in changes.items():
        if value is ...:
            params.pop(key, None)
        else:
            params[key] = value
    data["params"] = params
    target = tmp_path / "changed.json"
    target.write_text(json.dumps(data))
    return target


@pytest.mark.parametrize(
    ("changes", "needle"),
    [
        ({"dice": "five"}, "option dice"),
        ({"dice": 5.5}, "option dice"),
        ({"comeback": "yes"}, "comeback must be true or false"),
        ({"wrestlers": 7}, "wrestlers must be a list of names"),
        ({"wrestlers": [1, 2]}, "wrestlers must be a list of names"),
        ({"wrestlers": [{"a": 1}, None]}, "wrestlers must be a list of names"),
        ({"roster": 12}, "powerhouses"),
        ({"roster": ["x"]}, "powerhouses"),
        ({"roster": {"toml": "x"}}, "powerhouses"),
        ({"colour": "red"}, "has no option 'colour'"),
    ],
)
def test_replay_params_of_the_wrong_type_or_unknown(tmp_path: Path, changes: dict[str, object], needle: str) -> None:
    path = _replay(tmp_path, **changes)
    cli("replay", path).one_line_error(str(path), needle)


def test_replays_embed_the_roster_and_never_open_local_files(tmp_path: Path) -> None:
    roster = roster_file(tmp_path, "powerhouses", ["Ann [b]A[/b]", "Bea"])
    saved = tmp_path / "m.json"
    assert cli("watch", "powerhouses", "--roster", roster, "-a", "random", "-a", "random", "--seed", "2",
               "--save-replay", saved).code == 0
    params = json.loads(saved.read_text())["params"]
    assert datafiles.is_inline(params["roster"]) and "Ann [b]A[" in params["roster"]
    roster.unlink()  # the replay needs nothing but itself
    out = cli("replay", saved, "--json")
    assert out.code == 0, out.err
    assert json.loads(out.out.splitlines()[-1])["verified"] is True
    # an older replay naming a path: refused unless --allow-paths
    roster = roster_file(tmp_path, "powerhouses", ["Ann [b]A[/b]", "Bea"])
    old = _replay(tmp_path)
    data = json.loads(saved.read_text())
    data["params"]["roster"] = str(roster)
    old.write_text(json.dumps(data))
    cli("replay", old).one_line_error("names a local file", "--allow-paths")
    assert cli("replay", old, "--allow-paths", "-q").code == 0
    with pytest.raises(turnbuckle.engine.errors.ReplayError, match="names a local file"):
        replay.run_replay(replay.Replay(game="wrasslin", params={"roster": str(roster)}, actions=[]))


def test_rumbleslam_team_files_travel_inside_the_replay(tmp_path: Path) -> None:
    """Every data option is embedded (a team file as well as a roster), and a replay naming a team
    file by path is refused naming that option."""
    from turnbuckle.games.rumbleslam.hiring import random_team, team_toml
    from turnbuckle.games.rumbleslam.teams import load_roster

    team = tmp_path / "mine.toml"
    team.write_text(team_toml(random_team(load_roster(None), 1000, random.Random(4), name="Mine")))
    saved = tmp_path / "m.json"
    out = cli("watch", "rumbleslam", "-o", f"team0={team}", "-a", "random", "-a", "random", "--seed", "2",
              "--save-replay", saved)
    assert out.code == 0, out.err
    params = json.loads(saved.read_text())["params"]
    assert datafiles.is_inline(params["team0"]) and "Mine" in params["team0"]
    team.write_text("not toml at all [")  # the replay needs nothing but itself
    assert cli("replay", saved, "-q").code == 0
    data = json.loads(saved.read_text())
    data["params"]["team0"] = str(team)
    saved.write_text(json.dumps(data))
    cli("replay", saved).one_line_error("params.team0 names a local file", "--allow-paths")


def test_an_embedded_roster_names_its_file_in_errors(tmp_path: Path) -> None:
    bad = inline_source('[[wrestler]]\nname = "A"\n', "mine.toml")
    path = _replay(tmp_path, roster=bad)
    cli("replay", path).one_line_error("mine.toml (embedded)")


# -- writing files ------------------------------------------------------------------------------
def test_save_replay_and_out_targets(tmp_path: Path) -> None:
    watch = ("watch", "powerhouses", "-a", "random", "-a", "random", "--seed", "3")
    missing = tmp_path / "no" / "such" / "dir" / "m.json"
    cli(*watch, "--save-replay", missing).one_line_error(str(missing), "no directory")
    long_name = tmp_path / ("x" * 300 + ".json")
    cli(*watch, "--save-replay", long_name).one_line_error("name too long")
    cli(*watch, "--save-replay", tmp_path).one_line_error(str(tmp_path), "is a directory")
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))
    existing = tmp_path / "m.json"
    existing.write_text("keep me")
    cli(*watch, "--save-replay", existing).one_line_error("already exists", "--force")
    assert existing.read_text() == "keep me"
    assert cli(*watch, "--save-replay", existing, "--force").code == 0
    assert json.loads(existing.read_text())["game"] == "powerhouses"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]
    fifo = tmp_path / "fifo"  # stands in for a device: never replaced, even with --force
    os.mkfifo(fifo)
    cli(*watch, "--save-replay", fifo, "--force").one_line_error(str(fifo), "not a regular file")
    cli("roster", "powerhouses", "--new", "X", "--out", fifo, "--force").one_line_error("not a regular file")
    assert fifo.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "m.json"]
    for out in (missing.with_suffix(".toml"), long_name.with_suffix(".toml"), tmp_path):
        cli("roster", "powerhouses", "--new", "Someone", "--out", out).one_line_error(str(out)[:40])


# -- rosters: detection and templates -----------------------------------------------------------
HOSTILE_NAMES = [
    'Iron "Mike" O\'Hare',
    "Back\\slash \\n \\u0041",
    "Two\nLines",
    "Tab\tand\rreturn",
    "[bold]Boss[/] [/]",
    "Ctrl \x01\x1b[31m\x7f",
    "Ünïcødé 🤼 ٣²",
    "'''triple''' \"\"\"quotes\"\"\"",
    "# not a comment = [x]",
]


@pytest.mark.parametrize("game", ["powerhouses", "wrasslin"])
@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_new_roster_templates_round_trip_hostile_names(tmp_path: Path, game: str, name: str) -> None:
    target = tmp_path / "new.toml"
    out = cli("roster", game, "--new", name, "--out", target)
    if out.code == 2:  # a game may refuse some names (wrasslin: control characters): said, nothing written
        out.one_line_error("name")
        assert game == "wrasslin" and any(ord(c) < 32 or ord(c) == 127 for c in name)
        assert not target.exists()
        return
    assert out.code == 0, out.err
    checked = cli("roster", "validate", target, "--json")
    assert checked.code == 0, checked.err
    data = json.loads(checked.out)
    assert data["game"] == game and data["entries"][0] == name


def test_filsinger_template_with_markup_or_a_refused_name(tmp_path: Path) -> None:
    target = tmp_path / "card.toml"
    assert cli("roster", "filsinger", "--new", "[bold]Nova[/]", "--out", target).code == 0
    checked = cli("roster", "validate", target, "--json")
    assert json.loads(checked.out) == {"file": str(target), "game": "filsinger", "valid": True,
                                       "entries": ["[bold]Nova[/]"]}
    for name in ('Say "hi"', "Two\nLines", "Back\\slash"):
        other = tmp_path / "other.toml"
        out = cli("roster", "filsinger", "--new", name, "--out", other)
        assert out.code in (0, 2) and "Traceback" not in out.err
        if out.code == 2:
            out.one_line_error()
            assert not other.exists()
        else:
            assert json.loads(cli("roster", "validate", other, "--json").out)["entries"] == [name]
            other.unlink()


def test_roster_validate_detects_the_game_or_says_which_to_name(tmp_path: Path) -> None:
    for game in ("powerhouses", "wrasslin", "filsinger"):
        path = roster_file(tmp_path, game, ["Only One"])
        out = cli("roster", "validate", path, "--json")
        assert out.code == 0 and json.loads(out.out)["game"] == game, out.err
    broken = roster_file(tmp_path, "powerhouses", ["Only One"])
    broken.write_text(broken.read_text().replace('weakness = "Agility"', 'weakness = "Charm"'))
    cli("roster", "validate", broken).one_line_error(str(broken), "weakness", "checked as a powerhouses file")
    alien = tmp_path / "alien.toml"
    alien.write_text('[[spaceship]]\nname = "x"\n')
    cli("roster", "validate", alien).one_line_error("name its game with --game")
    cli("roster", "validate", alien, "--game", "chess").one_line_error("unknown game 'chess'")


@pytest.mark.parametrize("agent", ["mcts:²", "mcts:٣"])
def test_agent_strength_in_unicode_digits(agent: str) -> None:
    out = cli("watch", "powerhouses", "-a", agent, "-a", "random")
    assert out.code == 2 and "Traceback" not in out.err and "internal error" not in out.err, out.err


# -- the library ---------------------------------------------------------------------------------
@pytest.mark.parametrize("thing", [None, 7, {"id": 1}, 3.5, b"die=1"])
def test_apply_action_names_the_type_it_expects(thing: object) -> None:
    state = turnbuckle.load_game("powerhouses").new_initial_state()
    with pytest.raises(TypeError, match="Action or str"):
        state.apply_action(thing)  # type: ignore[arg-type]


# -- interrupts, pipes and bugs ----------------------------------------------------------------------
def test_ctrl_c_exits_130_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted() -> list[str]:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "list_games", interrupted)
    out = cli("games")
    assert out.code == 130 and "Traceback" not in out.err and not out.err.strip()


def _as_in_a_terminal() -> None:
    """Ctrl-C delivered as at a terminal: a job a shell starts in the background (``cmd &``, as a CI
    runner may) inherits SIGINT ignored, and Python then rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_in_a_real_process_exits_130_saying_interrupted() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "turnbuckle", "watch", "powerhouses", "--delay", "2",
                             "-a", "random", "-a", "random"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_as_in_a_terminal)
    assert proc.stdout is not None
    assert proc.stdout.readline()  # the match has started
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err == "\ninterrupted\n", err


def test_ctrl_c_at_the_play_prompt_ends_the_line_and_says_interrupted() -> None:
    # issue 22.17: the prompt is left mid-line; a newline, then "interrupted", then the shell's prompt
    proc = subprocess.Popen([sys.executable, "-m", "turnbuckle", "play", "powerhouses", "--seed", "1"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=_as_in_a_terminal)
    assert proc.stdout is not None
    seen = b""
    while b"your move" not in seen:
        chunk = proc.stdout.read1(4096)
        assert chunk, seen.decode()[-300:]
        seen += chunk
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.decode() == "\ninterrupted\n" and "Traceback" not in out.decode()


def test_end_of_input_in_play_is_one_line() -> None:
    out = cli("play", "powerhouses", "--opponent", "random", "--seed", "1", stdin="")
    assert out.code in (0, 2) and "Traceback" not in out.err + out.out
    if out.code == 2:
        out.one_line_error()


def test_a_bug_is_one_line_with_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> list[str]:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli_main, "list_games", broken)
    out = cli("games")
    assert out.code == 1 and out.err.startswith("error: internal error (RuntimeError: boom)")
    assert len(out.err.strip().splitlines()) == 1


def test_a_closed_pipe_is_quiet() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "turnbuckle", "roster", "filsinger", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "Error" not in err and proc.returncode in (0, 1)


def test_the_real_command_prints_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "turnbuckle", "watch", "powerhouses", "--delay", "nan"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2 and proc.stderr.startswith("error: ") and len(proc.stderr.splitlines()) == 1
