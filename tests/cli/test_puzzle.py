"""``turnbuckle puzzle`` end to end (issue 34.6): a right and a wrong answer, each followed by
every option's value in the review's words; typed answers as in ``play``; bad input one line, exit 2."""

from __future__ import annotations

import os
import subprocess
import sys

from turnbuckle.learn.puzzles import puzzle, puzzles


def run(*args: str, answers: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "turnbuckle", "puzzle", *args], input=answers,
                          env={**os.environ, "COLUMNS": "200"}, capture_output=True, text=True, timeout=120,
                          check=False)


def test_the_right_answer_is_praised_and_every_option_valued() -> None:
    p = puzzle("powerhouses", 1)
    out = run("powerhouses", "--number", "1", "--answer", p.answer)
    assert out.returncode == 0, out.stderr
    assert f"puzzle 1 of {len(puzzles('powerhouses'))}: {p.title}" in out.stdout
    assert p.prompt in out.stdout
    assert f"Right: {p.answer} is clearly best." in out.stdout
    assert "clearly best" in out.stdout and "exact: the match solver" in out.stdout
    for option in p.options:
        assert option.action in out.stdout
    assert f"-{100 * p.margin:.1f} points" in out.stdout  # the second best, behind by the margin
    assert "Next: turnbuckle puzzle powerhouses --number 2" in out.stdout


def test_a_wrong_answer_is_told_the_answer_typed_like_play() -> None:
    p = puzzle("filsinger", 2)
    wrong = p.options[1].action
    out = run("filsinger", "--number", "2", answers=f"nonsense\n{wrong[:4]}\n")
    assert out.returncode == 0, out.stderr
    assert "'nonsense' is not a legal move now" in out.stdout  # the bad line is refused, asked again
    assert f"Not quite: {wrong} is not the best; the answer is {p.answer}." in out.stdout
    assert "<- yours" in out.stdout


def test_bad_input_is_one_line_and_exit_2() -> None:
    count = len(puzzles("powerhouses"))
    cases = {
        ("nope",): "error: unknown game 'nope'",
        ("powerhouses", "--number", str(count + 1)): f"error: powerhouses has puzzles 1 to {count}, not {count + 1}",
        ("powerhouses", "--number", "0"): "error: powerhouses has puzzles 1 to",
        ("powerhouses", "--answer", "somersault"): "error: 'somersault' is not a legal move now",
        (): "error: name a GAME, or give --daily",
    }
    for args, message in cases.items():
        out = run(*args)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(message), (args, out.stderr)
        assert "Traceback" not in out.stderr and out.stdout == ""


def test_the_daily_puzzle_answers_too() -> None:
    out = run("--daily", "--answer", "1")
    assert out.returncode == 0, out.stderr
    assert "Values (" in out.stdout
