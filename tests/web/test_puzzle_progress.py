"""Puzzle progress on a player's account (issue 34, item 4 for puzzles): a logged-in player's answers
are recorded as they are given (solved once right, a later wrong answer does not undo it) and shown
on the puzzle lists and the account page, following the player to another browser; a guest's are
not recorded (they stay in the browser)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from support.accounts import LOOPBACK, PASSWORD, app_on, log_in, sign_up
from turnbuckle.learn.puzzles import Puzzle, is_answer, puzzle_state, puzzles
from turnbuckle.web import accounts, puzzle_marks

COUNT = len(puzzles("powerhouses"))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    with app_on(tmp_path / "puzzles.db") as made:
        yield made


def answer(client: TestClient, p: Puzzle, action: str) -> dict[str, object]:
    response = client.post(f"/api/puzzles/{p.game}/{p.number}/seats/{p.side}/actions", json={"action": action})
    assert response.status_code == 200, response.text
    verdict: dict[str, object] = response.json()["verdict"]
    return verdict


def wrong(p: Puzzle) -> str:
    return next(a.name for a in puzzle_state(p).legal_actions() if not is_answer(p, a.name))


def account_marks(client: TestClient, path: str = "/puzzles") -> dict[str, dict[str, str]]:
    text = client.get(path).text
    assert "data-account='" in text
    found: dict[str, dict[str, str]] = json.loads(text.split("data-account='")[1].split("'")[0])
    return found


def test_a_logged_in_players_answers_are_recorded_and_shown(app: Any) -> None:
    first, second = puzzles("powerhouses")[:2]
    with TestClient(app, client=LOOPBACK) as client:
        sign_up(client, "Solver")
        assert account_marks(client) == {}
        assert answer(client, first, wrong(first))["saved"] is True
        assert answer(client, second, second.answer)["saved"] is True
        assert account_marks(client) == {"powerhouses": {str(first.number): "missed", str(second.number): "solved"}}
        answer(client, first, first.answer)  # missed, then solved
        answer(client, second, wrong(second))  # solved stays solved
        marks = {"powerhouses": {str(first.number): "solved", str(second.number): "solved"}}
        assert account_marks(client) == marks == account_marks(client, "/puzzles/powerhouses")
        assert f"puzzles solved: 2 of {COUNT}" in client.get("/account").text
    with TestClient(app, client=LOOPBACK) as elsewhere:
        assert log_in(elsewhere, "Solver", PASSWORD).status_code == 303
        assert account_marks(elsewhere) == marks
        sign_up(elsewhere, "Someone_Else")
        assert account_marks(elsewhere) == {}


def test_a_guests_answers_are_not_recorded(app: Any) -> None:
    p = puzzles("powerhouses")[0]
    with TestClient(app, client=LOOPBACK) as client:
        assert answer(client, p, p.answer)["saved"] is None
        page = client.get("/puzzles").text
        assert "data-account=" not in page and 'href="/login"' in page
        sign_up(client, "Late_Comer")
        assert account_marks(client) == {}
    db = app.state.service.repository.db
    player = accounts.find(db, "Late_Comer")
    assert player is not None and puzzle_marks.marks(db, player.id) == {}
