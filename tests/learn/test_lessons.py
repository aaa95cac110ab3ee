"""Every shipped lesson (issue 34, tests 7): it loads through the schema, the sections it cites exist in
the shipped rule text, it plays along its intended path, and at every step each wrong legal action
is refused with a message."""

from __future__ import annotations

import pytest

from turnbuckle.engine.datafiles import validate
from turnbuckle.engine.errors import DataFileError
from turnbuckle.engine.registry import list_games
from turnbuckle.learn.lessons import Lesson, LessonError, LessonFile, lesson, lessons, section_exists
from turnbuckle.learn.run import LessonRun, verify

ALL = [f for game in list_games() for f in lessons(game)]
IDS = [f"{f.game}-{f.name}" for f in ALL]
TAUGHT = ("powerhouses", "wrasslin", "filsinger", "rumbleslam", "skirmish")
"""Games whose lessons are complete; a game listed here must ship 6 to 15."""


@pytest.mark.parametrize("game", TAUGHT)
def test_each_taught_game_ships_six_to_fifteen_lessons(game: str) -> None:
    assert 6 <= len(lessons(game)) <= 15


@pytest.mark.parametrize("file", ALL, ids=IDS)
def test_lesson_cites_sections_of_the_shipped_rule_text(file: LessonFile) -> None:
    missing = [ref for ref in file.lesson.cited() if not section_exists(file.game, ref)]
    assert not missing, f"{file.name} cites sections not in the {file.game} rule text: {missing}"


@pytest.mark.parametrize("file", ALL, ids=IDS)
def test_lesson_plays_its_path_and_refuses_every_wrong_action(file: LessonFile) -> None:
    refused = verify(file)
    steps_with_choice = {step for step, _, _ in refused}
    for step, name, message in refused:
        assert message.strip(), f"step {step}: {name!r} refused without a reason"
    run = LessonRun(file)
    while not run.finished:
        assert run.step is not None
        wrong = [n for n in run.legal_names() if n != run.step.action]
        if wrong:
            assert run.index + 1 in steps_with_choice
        assert run.attempt(run.step.action).accepted
    assert run.finished and run.step is None


def test_a_wrong_action_gets_its_own_refusal_and_an_illegal_one_lists_the_legal_moves() -> None:
    run = LessonRun(lesson("powerhouses", 1))
    answer = run.attempt("stop")
    assert not answer.accepted and "On a Roll" in answer.message
    assert run.index == 0, "a refused action changes nothing"
    answer = run.attempt("pursue Strength")
    assert not answer.accepted and "roll, stop" in answer.message


def test_section_exists_reads_numbers_as_whole_sections() -> None:
    assert section_exists("wrasslin", "8.33")
    assert not section_exists("wrasslin", "8.3399")
    assert not section_exists("wrasslin", "99.1")
    assert section_exists("powerhouses", "Going Bust")
    assert not section_exists("powerhouses", "Going Broke")


def test_the_schema_refuses_a_typo_naming_the_field() -> None:
    data = {"title": "t", "summary": "s", "sections": ["Going Bust"], "outro": "o",
            "steps": [{"text": "x", "action": "roll", "refusal": "no", "hintt": "typo"}]}
    with pytest.raises(DataFileError, match=r"steps\[0\]\.hintt"):
        validate(Lesson, data, "lesson.toml")


def test_a_lesson_whose_dice_run_out_is_refused_naming_its_step() -> None:
    file = lesson("powerhouses", 1)
    short = LessonFile(file.game, 1, "short", file.lesson.model_copy(update={"chance": file.lesson.chance[:20]}))
    with pytest.raises(LessonError, match=r"short\.toml: step 1: the forced chance outcomes ran out"):
        LessonRun(short)


def test_an_unknown_lesson_number_is_one_line() -> None:
    with pytest.raises(LessonError, match="powerhouses has lessons 1 to"):
        lesson("powerhouses", 99)


def test_docs_learn_lists_every_lesson_with_its_sections() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "learn.md").read_text(encoding="utf-8")
    for file in ALL:
        row = f"| {file.number} | {file.lesson.title} | {file.lesson.summary} | {', '.join(file.lesson.cited())} |"
        assert row in text, f"docs/learn.md lacks the row of {file.game} lesson {file.number}"
