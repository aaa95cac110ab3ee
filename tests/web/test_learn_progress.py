"""Lesson progress on a player's account (issue 34, item 4): a logged-in player's finished lessons
are stored and shown on the Learn page and the account page; a guest's are not (they stay in the
browser); only lessons that exist are recorded; another site cannot record any."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from support.accounts import LOOPBACK, app_on, sign_up
from turnbuckle.learn.lessons import lessons

PATH = "/api/players/me/lessons"
COUNT = len(lessons("powerhouses"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with app_on(tmp_path / "progress.db") as app, TestClient(app, client=LOOPBACK) as test_client:
        yield test_client


def finished(client: TestClient) -> dict[str, Any]:
    answer = client.get(PATH)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()["finished"]
    return found


def test_a_logged_in_players_finished_lesson_is_stored_and_shown(client: TestClient) -> None:
    sign_up(client, "Learner")
    assert finished(client) == {}
    answer = client.post(PATH, json={"game": "powerhouses", "lessons": [1]})
    assert answer.status_code == 200, answer.text
    assert answer.json()["finished"] == {"powerhouses": [1]}
    client.post(PATH, json={"game": "powerhouses", "lessons": [3, 1]})  # again: stored once
    assert finished(client) == {"powerhouses": [1, 3]}
    page = client.get("/learn/powerhouses")
    assert 'data-account="1"' in page.text and "kept in this browser and on your account" in page.text
    account = client.get("/account").text
    assert f"lessons finished: 2 of {COUNT}" in account
    assert f"lessons finished: 0 of {len(lessons('wrasslin'))}" in account


def test_progress_belongs_to_the_account_not_the_browser(tmp_path: Path) -> None:
    with app_on(tmp_path / "two.db") as app:
        with TestClient(app, client=LOOPBACK) as first:
            sign_up(first, "Roamer")
            first.post(PATH, json={"game": "filsinger", "lessons": [2]})
        with TestClient(app, client=LOOPBACK) as second, TestClient(app, client=LOOPBACK) as other:
            second.post("/login", data={"name": "Roamer", "password": "a long enough pass phrase"})
            assert finished(second) == {"filsinger": [2]}
            sign_up(other, "Someone_Else")
            assert finished(other) == {}


def test_a_guests_progress_is_not_stored(client: TestClient) -> None:
    answer = client.post(PATH, json={"game": "powerhouses", "lessons": [1]})
    assert answer.status_code == 401
    assert client.get(PATH).status_code == 401
    page = client.get("/learn/powerhouses")
    assert "data-account" not in page.text and "log in</a> to keep it on your account" in page.text
    sign_up(client, "Late_Comer")
    assert finished(client) == {}


@pytest.mark.parametrize("body", [{"game": "powerhouses", "lessons": [COUNT + 1]},
                                  {"game": "powerhouses", "lessons": [0]},
                                  {"game": "powerhouses", "lessons": [1, 99]},
                                  {"game": "chess", "lessons": [1]}])
def test_an_unknown_lesson_is_not_recorded(client: TestClient, body: dict[str, Any]) -> None:
    sign_up(client, "Careful")
    answer = client.post(PATH, json=body)
    assert answer.status_code == 404 and "error" in answer.json()
    assert finished(client) == {}


@pytest.mark.parametrize("body", [{"game": "powerhouses", "lessons": []}, {"game": "powerhouses", "lessons": ["x"]},
                                  {"game": "powerhouses"}, {"game": "powerhouses", "lessons": [1], "extra": 1}])
def test_a_malformed_record_is_refused(client: TestClient, body: dict[str, Any]) -> None:
    sign_up(client, "Malformed")
    assert client.post(PATH, json=body).status_code == 422
    assert finished(client) == {}


@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}])
def test_another_site_cannot_record_or_forget_progress(client: TestClient, headers: dict[str, str]) -> None:
    sign_up(client, "Targeted")
    client.post(PATH, json={"game": "powerhouses", "lessons": [2]})
    assert client.post(PATH, json={"game": "powerhouses", "lessons": [1]}, headers=headers).status_code == 403
    assert client.delete(f"{PATH}/powerhouses", headers=headers).status_code == 403
    assert finished(client) == {"powerhouses": [2]}


def test_forgetting_a_games_progress(client: TestClient) -> None:
    sign_up(client, "Restarter")
    client.post(PATH, json={"game": "powerhouses", "lessons": [1, 2]})
    client.post(PATH, json={"game": "skirmish", "lessons": [1]})
    assert client.delete(f"{PATH}/powerhouses").status_code == 200
    assert finished(client) == {"skirmish": [1]}
    assert client.delete(f"{PATH}/chess").status_code == 404
