"""What a person reads at a decision in the terminal, played through ``turnbuckle play`` (issue 29:
11-13): WRASSLIN' errors marked in the menu, skirmish's refusal of a move too far, RUMBLESLAM's
prompt and board letters."""

from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import turnbuckle
from turnbuckle.agents.human import HumanAgent, menu_lines
from turnbuckle.cli import main as cli_main
from turnbuckle.engine.game import State


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def cli(*args: str, stdin: str = "") -> Outcome:
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run(list(args))
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def test_wrasslin_marks_the_plays_only_the_errors_rule_allows_in_the_menu() -> None:
    """11.5: after calling a card for the Initiative (5.3) every other play is an error: the menu items
    say so themselves, and the plays that are straight carry no mark."""
    played = cli("play", "wrasslin", "--seed", "1", "--opponent", "random", "--no-hints", stdin="1\n" * 4 + "quit\n")
    assert played.code == 0, played.err
    items = [line for line in played.out.splitlines() if re.match(r"\s+\d+\s+\S", line)]
    marked = [line for line in items if "[illegal, may be challenged: 11.5]" in line]
    assert marked and len(marked) < len(items)
    assert all(re.match(r"\s+\d+\s+(play|discard|react) ", line) for line in marked), marked


def _skirmish_move_position(tmp_path: Path) -> tuple[Path, int, str]:
    """A skirmish position where a seat chooses where its wrestler's move ends; that seat, and a
    ``move X Y`` on the ring far beyond its reach."""
    game = turnbuckle.load_game("skirmish")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not (state.current_player() >= 0 and any(a.name.startswith("move ") for a in state.legal_actions())):
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    seat = state.current_player()
    body = state.to_position()["position"]
    x = body["models"][body["pending"]["mover"]]["x"]
    far = "move 5.0 5.0" if x > 15 else "move 25.0 25.0"
    assert far not in {a.name for a in state.legal_actions()}
    path = tmp_path / "move.json"
    path.write_text(json.dumps(state.to_position()), encoding="utf-8")
    return path, seat, far


def test_skirmish_says_why_a_move_is_too_far_and_how_far_the_wrestler_can_go(tmp_path: Path) -> None:
    path, seat, far = _skirmish_move_position(tmp_path)
    played = cli("play", "skirmish", "--position", str(path), "--seat", str(seat), "--opponent", "random",
                 "--no-hints", stdin=f"{far}\nmove 40 40\nquit\n")
    assert played.code == 0, played.err
    said = [line.split(": ", 1)[1] for line in played.out.splitlines() if "is too far" in line]
    assert len(said) == 1 and said[0].startswith(far.replace(".0", "")), played.out[-2000:]
    assert re.search(r"is too far: it is [0-9.]+ inches away and .+ can go up to 7 inches from \(", said[0]), said
    assert re.search(r"the nearest it can reach that way: move [0-9.]+ [0-9.]+$", said[0]), said
    assert "move 40 40 is outside the ring" in played.out


# -- RUMBLESLAM (issue 29.13) ---------------------------------------------------------------------------
def _rumbleslam_moves(size: int) -> State:
    """A RUMBLESLAM decision where the active wrestler (of base ``size``) may move, with a short menu."""
    game = turnbuckle.load_game("rumbleslam")
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(600):
        player = state.current_player()
        if player >= 0:
            names = [a.name for a in state.legal_actions()]
            active = [w for w in state.observation(player)["wrestlers"] if w["active"]]
            if active and active[0]["size"] == size and len(names) <= 40 and any(n.startswith("move ") for n in names):
                return state
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    raise AssertionError(f"no move of a size-{size} wrestler met")


def test_rumbleslam_names_the_north_west_square_only_for_a_2x2_wrestler() -> None:
    for size, said in ((1, False), (2, True)):
        state = _rumbleslam_moves(size)
        menu = [line.plain for line in menu_lines(state, state.legal_actions())]
        moves = [line for line in menu if re.match(r"\s+\d+\s+move ", line)]
        assert moves
        assert all(("north-west square" in line) is said for line in moves), (size, moves[:2])


def test_rumbleslam_board_shows_wrestlers_by_number_never_a_column_letter() -> None:
    played = cli("play", "rumbleslam", "--seed", "4", "--opponent", "random", "--no-hints", stdin="1\n" * 8 + "quit\n")
    assert played.code == 0, played.err
    rows = [line for line in played.out.splitlines() if re.match(r"(\s\d|10)\s+\|", line)]
    assert len(rows) >= 10
    cells = {cell for row in rows for cell in row[3:].split()}
    tokens = cells - {".", "|"}
    assert tokens and all(re.fullmatch(r"\d{1,2}_?", t) for t in tokens), tokens
    listed = re.findall(r"^\s*(\d+)[>* ] (\S.*?)\s+P\d", played.out, re.M)
    assert ("1", "Troll") in listed, "the list beside the board numbers the wrestlers as the browser does"


def test_long_prompt_lines_break_between_words_in_a_terminal() -> None:
    state = _rumbleslam_moves(2)
    game = state.game
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, color_system=None, width=80, soft_wrap=True)  # as in `play`
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "1"

    agent = HumanAgent(state.current_player(), console, lambda s, p: game.render_observation(s.observation(p)),
                       ask=ask)
    agent.choose(state, random.Random(0))
    lines = screen.getvalue().splitlines() + asked[0].splitlines()
    assert all(len(line) <= 80 for line in lines), max(lines, key=len)
    words = set(" ".join(lines).split())
    prompt = state.observation(state.current_player())["prompt"]
    assert all(word in words for word in prompt.split()), "no word is cut in two"
    assert any(len(line) > 60 for line in lines), "lines are filled, not cut short"
