"""The puzzle pages and their API (issue 34, item 6): the lists and a puzzle's page render, linked
from the home (with the daily puzzle), Learn and rules pages; the move posted on the puzzle's
match-shaped API is the answer, and its reply says right or wrong and values every option as the
review does; bad games, numbers, seats and moves are 4xx JSON; and nothing sent before the answer
depends on the answer or the values."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.learn.puzzles import Puzzle, daily_puzzle, is_answer, puzzle_state, puzzles
from turnbuckle.web import daily as daily_module
from turnbuckle.web import puzzle_pages

GAMES = [game for game in list_games() if puzzles(game)]


def first(game: str) -> Puzzle:
    return puzzles(game)[0]


def api(p: Puzzle) -> str:
    return f"/api/puzzles/{p.game}/{p.number}"


def legal(p: Puzzle) -> list[str]:
    state = puzzle_state(p)
    return [a.name for a in state.legal_actions()]


def a_wrong_move(p: Puzzle) -> str:
    return next(name for name in legal(p) if not is_answer(p, name))


def test_there_are_puzzles_to_test() -> None:
    assert "powerhouses" in GAMES


def test_the_lists_link_every_puzzle_and_are_linked_from_the_nav(client: TestClient) -> None:
    index = client.get("/puzzles")
    assert index.status_code == 200
    for game in GAMES:
        assert f'href="/puzzles/{game}"' in index.text
        one = client.get(f"/puzzles/{game}")
        assert one.status_code == 200
        for p in puzzles(game):
            assert f'href="/puzzles/{game}/{p.number}"' in index.text
            assert f'href="/puzzles/{game}/{p.number}"' in one.text
        assert f"of {len(puzzles(game))} solved" in one.text
    assert 'href="/puzzles"' in client.get("/").text  # the site nav, on every page
    assert 'href="/puzzles"' in client.get("/games/powerhouses").text


@pytest.mark.parametrize("game", list_games())
def test_learn_and_rules_pages_link_to_the_games_puzzles(client: TestClient, game: str) -> None:
    assert f'href="/puzzles/{game}"' in client.get(f"/learn/{game}").text
    assert f'href="/puzzles/{game}"' in client.get(f"/games/{game}").text
    assert f'href="/puzzles/{game}"' in client.get("/").text  # each game's card on the home page


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_page_renders_the_prompt_and_the_table_without_inline_script(client: TestClient, game: str) -> None:
    p = first(game)
    page = client.get(f"/puzzles/{game}/{p.number}")
    assert page.status_code == 200
    text = page.text
    assert p.title in text.replace("&#39;", "'").replace("&amp;", "&")
    assert 'id="picture"' in text and "/static/puzzle.js" in text and "/static/table.js" in text
    assert all(tag.group(1) for tag in re.finditer(r"<script(?: src=\"([^\"]+)\")?[^>]*>", text)), \
        "every script is a file (the CSP allows no inline script)"
    assert "unsafe-inline" not in page.headers["content-security-policy"].split("script-src")[1].split(";")[0]


def test_the_home_page_shows_the_daily_puzzle(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = set()
    for day in (datetime.date(2026, 1, 1), datetime.date(2026, 1, 2), datetime.date(2026, 3, 17)):
        monkeypatch.setattr(daily_module, "today", lambda day=day: day)
        p = daily_puzzle(day)
        home = client.get("/")
        box = home.text.split('id="daily-puzzle"')[1].split("</section>")[0]
        assert "Daily puzzle" in box and f'href="/puzzles/{p.game}/{p.number}"' in box
        assert game_class(p.game).title in box.replace("&#39;", "'")
        seen.add(p.id)
    assert len(seen) > 1, "the box follows the day"


@pytest.mark.parametrize("game", GAMES)
def test_the_right_answer_is_right_and_every_option_is_valued(client: TestClient, game: str) -> None:
    p = first(game)
    view = client.get(f"{api(p)}/seats/{p.side}?render=true").json()
    assert view["to_move"] == p.side and not view["finished"]
    assert sorted(a["name"] for a in view["legal_actions"]) == sorted(legal(p))
    answered = client.post(f"{api(p)}/seats/{p.side}/actions?render=true",
                           json={"action": p.answer, "expect": view["actions"]})
    assert answered.status_code == 200, answered.text
    body = answered.json()
    assert body["finished"] and body["legal_actions"] == [] and body["picks"] == []
    assert body["version"] > view["version"]
    verdict = body["verdict"]
    assert verdict["correct"] is True and verdict["answer"] == p.answer and verdict["chosen"] == p.answer
    options = verdict["options"]
    assert {o["choice"] for o in options} == {o.action for o in p.options}
    assert options[0]["choice"] == p.answer and options[0]["answer"] and options[0]["chosen"]
    assert options[0]["words"] in ("clearly best", "probably best")  # the review's words (analysis/review/compare.py)
    assert all(o["words"] in ("clearly worse", "slightly worse", "as good as the best") for o in options[1:])
    values = {o.action: o.value for o in p.options}
    assert all(o["value"] == values[o["choice"]] for o in options)
    assert [o["value"] for o in options[1:]] == sorted((o["value"] for o in options[1:]), reverse=True)
    assert abs(options[1]["gap"] - p.margin) < 1e-9
    assert verdict["exact"] == (p.method == "exact")


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_answer_is_wrong_and_shows_where_it_stood(client: TestClient, game: str) -> None:
    p = first(game)
    wrong = a_wrong_move(p)
    body = client.post(f"{api(p)}/seats/{p.side}/actions", json={"action": wrong}).json()
    verdict = body["verdict"]
    assert verdict["correct"] is False and verdict["chosen"] == wrong and verdict["answer"] == p.answer
    chosen = [o for o in verdict["options"] if o["chosen"]]
    assert [o["choice"] for o in chosen] == [wrong] and chosen[0]["gap"] > 0 and not chosen[0]["answer"]


def test_bad_games_numbers_seats_and_moves_are_4xx_json(client: TestClient) -> None:
    p = first("powerhouses")
    other_seat = 1 - p.side
    bad = {
        "/api/puzzles/nope/1": 404,
        "/api/puzzles/powerhouses/0": 404,
        "/api/puzzles/powerhouses/99999": 404,
        "/api/puzzles/powerhouses/x": 422,
        f"{api(p)}/seats/{other_seat}": 400,
        f"{api(p)}/seats/9": 400,
        "/api/puzzles/nope/1/hints": 404,
    }
    for path, status in bad.items():
        response = client.get(path)
        assert response.status_code == status, (path, response.text)
        assert response.json()["error"]
    posts: list[tuple[str, Any, int]] = [
        ("/api/puzzles/nope/1/seats/0/actions", {"action": "roll"}, 404),
        ("/api/puzzles/powerhouses/99999/seats/0/actions", {"action": "roll"}, 404),
        (f"{api(p)}/seats/{other_seat}/actions", {"action": p.answer}, 400),
        (f"{api(p)}/seats/{p.side}/actions", {"action": "dance"}, 422),
        (f"{api(p)}/seats/{p.side}/actions", {"action": p.answer, "expect": 10**6}, 409),
        (f"{api(p)}/seats/{p.side}/actions", {"action": p.answer, "answer": "yes"}, 422),
        (f"{api(p)}/seats/{p.side}/actions", {"move": p.answer}, 422),
        (f"{api(p)}/seats/{p.side}/actions", ["roll"], 422),
        (f"{api(p)}/seats/{p.side}/actions", {"action": "x" * 600}, 422),
    ]
    for path, body, status in posts:
        response = client.post(path, json=body)
        assert response.status_code == status, (path, body, response.text)
        assert response.json()["error"] and "verdict" not in response.json()
    assert client.get("/puzzles/nope").status_code == 404
    assert client.get("/puzzles/powerhouses/99999").status_code == 404


def test_an_answer_from_another_site_is_refused(client: TestClient) -> None:
    """The app's ``SameOrigin`` guard, as for every form and API that changes or reveals something."""
    p = first("powerhouses")
    response = client.post(f"{api(p)}/seats/{p.side}/actions", json={"action": p.answer},
                           headers={"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 403 and "verdict" not in response.text


def before_answering(client: TestClient, p: Puzzle) -> list[str]:
    """Everything the browser is sent about the puzzle before it answers: the page and the API's views."""
    return [
        client.get(f"/puzzles/{p.game}/{p.number}").text,
        client.get(f"/puzzles/{p.game}").text,
        client.get("/puzzles").text,
        client.get(api(p)).text,
        client.get(f"{api(p)}/seats/{p.side}").text,
        client.get(f"{api(p)}/seats/{p.side}?render=true").text,
        client.get(f"{api(p)}/hints").text,
    ]


@pytest.mark.parametrize("game", GAMES)
def test_nothing_sent_before_the_answer_depends_on_it(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                                      game: str) -> None:
    """The same puzzle with another move as its answer and the values shuffled: every page and view
    sent before answering is the same, byte for byte (so none of them can give the answer away)."""
    p = first(game)
    real = before_answering(client, p)
    wrong = a_wrong_move(p)
    values = [o.value for o in p.options]
    shuffled = [o.model_copy(update={"value": v}) for o, v in zip(p.options, values[1:] + values[:1], strict=True)]
    doctored = p.model_copy(update={"answer": wrong, "options": shuffled, "margin": 0.5})
    patched = tuple(doctored if q.number == p.number else q for q in puzzles(game))
    monkeypatch.setattr(puzzle_pages, "puzzles", lambda name: patched if name == game else puzzles(name))
    assert before_answering(client, doctored) == real
    for text in real:
        assert '"verdict"' not in text and '"answer"' not in text
        assert f"seed {p.source.seed}" not in text and '"seed"' not in text  # replayed, it deals the hidden cards
        for value in values:
            assert len(repr(value)) < 8 or repr(value) not in text
            assert f"{100 * value:.1f}%" not in text
    answered = client.post(f"{api(p)}/seats/{p.side}/actions", json={"action": wrong}).json()
    assert answered["verdict"]["correct"] is True  # the doctored puzzle was the one answering


def test_a_searched_puzzles_values_carry_their_standard_errors() -> None:
    """A puzzle valued by search (not exactly): the best's chance with its own error, every other
    option's gap with its *paired* error (``gap_se``), worded by the review's rules."""
    p = first("powerhouses")
    data = p.model_dump()
    data.update(method="search", budget=400, search_seed=7)
    for index, option in enumerate(data["options"]):
        option.update(se=0.011 + index / 1000, gap=p.options[0].value - option["value"],
                      gap_se=None if index == 0 else 0.02)
    searched = Puzzle.model_validate(data)
    found = puzzle_pages.verdict(searched, searched.answer)
    assert found["exact"] is False and found["budget"] == 400
    best, second = found["options"][:2]
    assert best["stderr"] == 0.011 and best["gap_stderr"] is None
    assert second["stderr"] == 0.012 and second["gap_stderr"] == 0.02
    assert best["words"] == "clearly best" and second["words"] == "clearly worse"  # 10+ points, 3+ paired errors
