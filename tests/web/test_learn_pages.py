"""The Learn pages and their API (issue 34.1, 34.4): the list and lesson pages, linked from the home
and rules pages; a lesson answers a match's paths so table.js plays it; a wrong move is a 422 saying
why; the lesson's text and commentary follow the table."""

from __future__ import annotations

from fastapi.testclient import TestClient

from turnbuckle.learn.lessons import lessons


def test_home_and_rules_pages_link_to_the_learn_pages(client: TestClient) -> None:
    assert 'href="/learn/powerhouses"' in client.get("/").text
    assert 'href="/learn/powerhouses"' in client.get("/games/powerhouses").text
    listing = client.get("/learn/powerhouses")
    assert listing.status_code == 200
    for file in lessons("powerhouses"):
        assert f'href="/learn/powerhouses/{file.number}"' in listing.text
    page = client.get("/learn/powerhouses/1")
    assert page.status_code == 200 and "/static/learn.js" in page.text and 'id="picture"' in page.text


def test_unknown_games_and_lessons_are_404_pages(client: TestClient) -> None:
    assert client.get("/learn/nope").status_code == 404
    assert client.get("/learn/powerhouses/99").status_code == 404
    assert client.post("/api/learn/powerhouses/99").status_code == 404
    assert client.get("/api/lessons/nothing").status_code == 404


def test_a_lesson_played_through_the_match_shaped_api(client: TestClient) -> None:
    started = client.post("/api/learn/powerhouses/4")
    assert started.status_code == 201
    body = started.json()
    key, seat = body["id"], body["seat"]
    assert body["step"] == 1 and "Bruno rolls 1 2 3 3 5" in body["text"]
    assert any("wins the take-down" in line for line in body["commentary"])
    meta = client.get(f"/api/lessons/{key}").json()
    assert meta["you"] == {"seats": [seat], "owner": False} and meta["to_move"] == seat
    view = client.get(f"/api/lessons/{key}/seats/{seat}?render=true").json()
    assert {p["action"] for p in view["picks"]} == {"pursue Strength", "pursue Brawling"}
    assert "data-pick" in view["picture"]["svg"]
    wrong = client.post(f"/api/lessons/{key}/seats/{seat}/actions", json={"action": "pursue Brawling",
                                                                         "expect": view["actions"]})
    assert wrong.status_code == 422 and "Strength is his specialty" in wrong.json()["error"]
    stale = client.post(f"/api/lessons/{key}/seats/{seat}/actions", json={"action": "pursue Strength", "expect": 0})
    assert stale.status_code == 409
    right = client.post(f"/api/lessons/{key}/seats/{seat}/actions?render=true",
                        json={"action": "pursue Strength", "expect": view["actions"]})
    assert right.status_code == 200 and right.json()["actions"] > view["actions"]
    state = client.get(f"/api/lessons/{key}/lesson?since={body['events']}").json()
    assert state["step"] == 2 and "2 6 4" in state["said"]
    assert state["commentary"] and all(isinstance(line, str) for line in state["commentary"])
    client.post(f"/api/lessons/{key}/seats/{seat}/actions", json={"action": "stop"})
    done = client.get(f"/api/lessons/{key}/seats/{seat}").json()
    assert done["finished"] and done["to_move"] is None and done["legal_actions"] == [] and done["picks"] == []
    assert client.get(f"/api/lessons/{key}/lesson").json()["finished"]
    assert client.get(f"/api/lessons/{key}/hints").json() == {"hints": False}


def test_bad_moves_and_seats_are_4xx(client: TestClient) -> None:
    key = client.post("/api/learn/powerhouses/1").json()["id"]
    assert client.post(f"/api/lessons/{key}/seats/1/actions", json={"action": "roll"}).status_code == 400
    assert client.get(f"/api/lessons/{key}/seats/7").status_code == 400
    illegal = client.post(f"/api/lessons/{key}/seats/0/actions", json={"action": "dance"})
    assert illegal.status_code == 422 and "not a move you can make now" in illegal.json()["error"]


def test_a_phone_gets_the_narrow_picture_of_a_lesson(client: TestClient) -> None:
    """Issue 30: the lesson endpoints take ``narrow`` as the table's do (a phone's picture; the replay
    viewer's is checked in tests/web/test_phone.py)."""
    from turnbuckle.games.filsinger.render_svg import NARROW_WIDTH

    body = client.post("/api/learn/filsinger/1").json()
    seat_url = f"/api/lessons/{body['id']}/seats/{body['seat']}?render=true"
    wide = client.get(seat_url).json()["picture"]["svg"]
    narrow = client.get(seat_url + "&narrow=true").json()["picture"]["svg"]
    assert wide and narrow and wide != narrow
    assert f'viewBox="0 0 {NARROW_WIDTH} ' in narrow and f'viewBox="0 0 {NARROW_WIDTH} ' not in wide
