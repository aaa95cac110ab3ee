"""The league in the browser, through the app (issue 25): public pages read-only, every admin
endpoint refusing without the promotion's token, booking with the CLI's checks, the card editor
round-tripping every game's shipped roster through its HTML form with each message beside its
field, RUMBLESLAM hiring, replays, and a table match stored into the league when it ends."""

from __future__ import annotations

import html
import re
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.league.roster_cards import ROSTER_FORMATS, base_document, roster_format
from turnbuckle.store import Database, open_database
from turnbuckle.store.league_models import League, LeagueMatch
from turnbuckle.web.app import create_app
from turnbuckle.web.league_common import AdminThrottle
from turnbuckle.web.sql_repository import SqlRepository

ORIGIN = {"origin": "http://testserver"}


class Leagues:
    def __init__(self, db: Database) -> None:
        self.db = db
        self.tokens: dict[str, str] = {}
        self.ids: dict[str, int] = {}

    def add(self, name: str, game: str, options: dict[str, Any] | None = None, roster: str | None = None) -> int:
        info = service.create_league(self.db, name, game, options or {}, roster, seed=7)
        self.tokens[name], self.ids[name] = info["admin_token"], info["id"]
        return int(info["id"])


@pytest.fixture(scope="module")
def leagues(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Leagues]:
    db = open_database(str(tmp_path_factory.mktemp("web") / "leagues.db"))
    made = Leagues(db)
    made.add("Galaxy", "filsinger", {"feud_table": True})
    service.sign(db, "Galaxy", [], everyone=True)
    service.new_title(db, "Galaxy", "World Title")
    service.new_title(db, "Galaxy", "Tag Titles", "tag")
    service.run_season(db, "Galaxy", 4, matches_per_card=4)
    service.book_card(db, "Galaxy", "Next", [parse_match_spec("Rex Hammond vs Duke Marlowe")])
    for game in sorted(ROSTER_FORMATS):
        made.add(f"Edit {game}", game, {"size": "middleweight"} if game == "rumbleslam" else {})
    yield made
    db.close()


@pytest.fixture(scope="module")
def client(leagues: Leagues) -> Iterator[TestClient]:
    app = create_app(SqlRepository(leagues.db), think_cap=1.0)
    app.state.admin_throttle = AdminThrottle(per_address=10**6, per_league=10**6)  # this walks every route wrongly
    with TestClient(app, headers=ORIGIN) as test_client:
        yield test_client


def promoter(client: TestClient, leagues: Leagues, name: str) -> dict[str, str]:
    """The admin header (scripts' way; the browser's is the login cookie)."""
    return {"X-Admin-Token": leagues.tokens[name]}


def public_paths(leagues: Leagues) -> list[str]:
    base = f"/leagues/{leagues.ids['Galaxy']}"
    return [
        "/leagues", base, f"{base}/roster", f"{base}/wrestlers/1", f"{base}/standings", f"{base}/standings?season=1",
        f"{base}/titles", f"{base}/feuds", f"{base}/injuries", f"{base}/cards", f"{base}/cards/1", f"{base}/cards/5",
    ]


def test_every_public_page_is_there_for_a_visitor_with_no_edit_control(client: TestClient, leagues: Leagues) -> None:
    for path in public_paths(leagues):
        page = client.get(path, headers={"accept": "text/html"})
        assert page.status_code == 200, (path, page.text[:300])
        assert "data-admin" not in page.text, path
        assert 'method="post"' not in page.text, path
        assert "<script>" not in page.text and "onclick" not in page.text.lower(), path
    home = client.get(f"/leagues/{leagues.ids['Galaxy']}").text
    assert "Champions" in home and "Next card" in home and "Latest results" in home and "Promoter log in" in home
    card = client.get(f"/leagues/{leagues.ids['Galaxy']}/cards/1").text
    assert re.search(r"</strong>\s+def\.\s", card) and "/matches/1/replay" in card


def test_the_same_pages_show_the_promoters_controls_with_the_token(client: TestClient, leagues: Leagues) -> None:
    head = promoter(client, leagues, "Galaxy")
    base = f"/leagues/{leagues.ids['Galaxy']}"
    assert "data-admin" in client.get(base, headers=head).text
    card = client.get(f"{base}/cards/5", headers=head).text
    assert "Play at the table" in card and "Run the card with the computer" in card


def admin_routes() -> list[tuple[str, str]]:
    """(method, path) of every admin endpoint, with its path parameters filled in."""
    from turnbuckle.web import league_admin

    out = []
    for route in league_admin.router.routes:
        path = getattr(route, "path", "")
        if not path.startswith("/leagues/{league_id}/admin"):
            continue
        filled = path.replace("{league_id}", "1").replace("{number}", "5").replace("{feud_id}", "1")
        for method in sorted(getattr(route, "methods", set()) - {"HEAD"}):
            out.append((method, filled))
    return out


def test_every_admin_endpoint_refuses_without_the_token(client: TestClient, leagues: Leagues) -> None:
    routes = admin_routes()
    assert len(routes) >= 14
    for method, path in routes:
        bare = client.request(method, path, headers={"accept": "application/json"})
        assert bare.status_code == 401, (method, path, bare.text)
        assert bare.json()["status"] == 401
        page = client.request(method, path, headers={"accept": "text/html"})
        assert page.status_code == 401 and "<html" in page.text
        wrong = client.request(method, path, headers={"X-Admin-Token": "not-it", "accept": "application/json"})
        assert wrong.status_code == 403, (method, path)
        other = client.request(method, path, headers={**promoter(client, leagues, "Edit powerhouses")})
        assert other.status_code == 403, (method, path)  # another promotion's token
        in_address = client.request(method, f"{path}?token={leagues.tokens['Galaxy']}")
        assert in_address.status_code == 400, (method, path)
    with client.app.state.service.repository.db.read() as session:  # type: ignore[attr-defined]
        assert session.scalars(select(League).where(League.name == "Galaxy")).one().season == 1


def test_logging_in_sets_a_strict_http_only_cookie_for_the_promotion_only(leagues: Leagues) -> None:
    app = create_app(SqlRepository(leagues.db))
    app.state.admin_throttle = AdminThrottle(per_address=10**6, per_league=10**6)  # the database has others' tries
    with TestClient(app, headers=ORIGIN) as browser:
        base = f"/leagues/{leagues.ids['Galaxy']}"
        refused = browser.post(f"{base}/login", data={"token": "guess"})
        assert refused.status_code == 403 and "not this promotion" in refused.text
        done = browser.post(f"{base}/login", data={"token": leagues.tokens["Galaxy"]}, follow_redirects=False)
        assert done.status_code == 303
        cookie = done.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and f"path={base}" in cookie
        assert leagues.tokens["Galaxy"] not in done.headers["location"]
        assert browser.get(f"{base}/admin").status_code == 200
        other = f"/leagues/{leagues.ids['Edit wrasslin']}/admin"
        assert browser.get(other, headers={"accept": "application/json"}).status_code == 401
        browser.post(f"{base}/logout")
        assert browser.get(f"{base}/admin", headers={"accept": "application/json"}).status_code == 401


def test_forms_are_kept_small(client: TestClient, leagues: Leagues) -> None:
    base = f"/leagues/{leagues.ids['Galaxy']}"
    head = {**promoter(client, leagues, "Galaxy"), "content-type": "application/x-www-form-urlencoded"}
    big = client.post(f"{base}/admin/belts", content=b"name=" + b"x" * 70_000, headers=head)
    assert big.status_code == 413
    editor = client.post(f"{base}/admin/editor", content=b"name=" + b"x" * 300_000, headers=head)
    assert editor.status_code == 413


def test_a_league_that_is_not_there_is_a_404_on_every_page(client: TestClient, leagues: Leagues) -> None:
    missing = max(leagues.ids.values()) + 100
    for path in public_paths(leagues):
        if path != "/leagues":
            wrong = path.replace(f"/leagues/{leagues.ids['Galaxy']}", f"/leagues/{missing}")
            assert client.get(wrong).status_code == 404, wrong


NOT_NUMBERS = ["\u00b2", "\u0663", "9" * 5000]
"""What ``str.isdigit`` takes and ``int`` refuses (a superscript two, an Arabic-Indic three) or may
refuse (5,000 digits): each once answered 500."""


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_numbers_in_league_pages_and_forms_are_refused_or_ignored_never_a_500(
        client: TestClient, leagues: Leagues, text: str) -> None:
    base = f"/leagues/{leagues.ids['Galaxy']}"
    head = promoter(client, leagues, "Galaxy")
    answers = [
        client.get(f"{base}/standings", params={"season": text}),
        client.get(f"{base}/admin/book", params={"rows": text}, headers=head),
        client.post(f"{base}/admin/season", data={"cards": text}, headers=head),
        client.post(f"{base}/admin/season", data={"cards": "1", "matches": text}, headers=head),
        client.post(f"{base}/admin/cards/1/play", data={"position": text}, headers=head),
    ]
    assert [a.status_code for a in answers] == [400, 200, 400, 400, 400]  # a season that is no number: 400


def test_booking_in_the_browser_uses_the_clis_checks_and_messages(client: TestClient, leagues: Leagues) -> None:
    base = f"/leagues/{leagues.ids['Galaxy']}"
    head = promoter(client, leagues, "Galaxy")
    form = client.get(f"{base}/admin/book", headers=head)
    assert form.status_code == 200 and 'name="m0.s0.0"' in form.text and "World Title" in form.text
    twice = {"m0.s0.0": "Kenji Mori", "m0.s1.0": "Jet Navarro", "m1.s0.0": "Kenji Mori", "m1.s1.0": "Ace Dalton"}
    refused = client.post(f"{base}/admin/book", data=twice, headers=head)
    assert refused.status_code == 400
    assert "Kenji Mori is already booked on this card (match 1)" in html.unescape(refused.text)
    assert 'value="Ace Dalton" selected' in refused.text  # what was typed is shown again
    tag_title = {"m0.s0.0": "Kenji Mori", "m0.s1.0": "Jet Navarro", "m0.title": "Tag Titles"}
    refused = client.post(f"{base}/admin/book", data=tag_title, headers=head)
    assert "is defended by teams of two" in html.unescape(refused.text)
    alone = client.post(f"{base}/admin/book", data={"m0.s0.0": "Kenji Mori"}, headers=head)
    assert alone.status_code == 400 and "a match needs two sides" in alone.text
    champion = service.titles_view(leagues.db, "Galaxy")[0]["champion"]
    challenger = "Vince Valentine" if "Vince Valentine" not in champion else "Tommy Sparks"
    opener = [n for n in ("Kenji Mori", "Jet Navarro", "Ace Dalton") if n not in champion][:2]  # whoever holds it
    good = {"name": "Title Night", "m0.s0.0": opener[0], "m0.s1.0": opener[1],
            "m1.s0.0": champion[0], "m1.s1.0": challenger, "m1.title": "World Title"}
    booked = client.post(f"{base}/admin/book", data=good, headers=head, follow_redirects=False)
    assert booked.status_code == 303
    number = int(booked.headers["location"].rsplit("/", 1)[1])
    event = service.show_event(leagues.db, "Galaxy", number)
    assert event["name"] == "Title Night" and event["matches"][1]["title"] == "World Title"
    ran = client.post(f"{base}/admin/cards/{number}/run", headers=head, follow_redirects=False)
    assert ran.status_code == 303
    assert service.show_event(leagues.db, "Galaxy", number)["status"] == "done"
    again = client.post(f"{base}/admin/cards/{number}/run", headers=head)
    assert again.status_code == 400 and "has already been run" in html.unescape(again.text)


class FormReader(HTMLParser):
    """The values a browser would send for one form, unchanged (inputs, selects, text areas)."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.template = 0
        self.values: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside = True
        if not self.inside:
            return
        if tag == "template":
            self.template += 1
        if self.template:
            return
        if tag == "input" and "name" in a:
            if a.get("type") == "checkbox" and "checked" not in a:
                return
            self.values.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.options = a.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))
        elif tag == "textarea":
            self.textarea, self.text = a.get("name"), ""

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if not self.inside:
            return
        if tag == "template":
            self.template -= 1
        elif tag == "select" and self.select is not None and not self.template:
            chosen = [v for v, s in self.options if s] or [self.options[0][0] if self.options else ""]
            self.values.append((self.select, chosen[0]))
            self.select = None
        elif tag == "textarea" and self.textarea is not None and not self.template:
            self.values.append((self.textarea, self.text[1:] if self.text.startswith("\n") else self.text))
            self.textarea = None


def form_of(page: str, form_id: str = "card-editor") -> list[tuple[str, str]]:
    reader = FormReader(form_id)
    reader.feed(page)
    assert reader.values, f"no form {form_id}"
    return reader.values


@pytest.mark.parametrize("game", sorted(ROSTER_FORMATS))
def test_the_card_editor_round_trips_every_shipped_card(client: TestClient, leagues: Leagues, game: str) -> None:
    # issue 25 item 12: each card into the form, saved, compared
    name = f"Edit {game}"
    base, head = f"/leagues/{leagues.ids[name]}", promoter(client, leagues, name)
    model = roster_format(game).entry_model
    cards = base_document(game, None)["wrestler"]
    for card in cards:
        page = client.get(f"{base}/admin/editor?card={quote(card['name'])}", headers=head)
        assert page.status_code == 200, page.text[:300]
        sent = post_form(client, f"{base}/admin/editor", form_of(page.text), head)
        assert sent.status_code == 303, (card["name"], re.findall(r'class="field-error"[^>]*>([^<]*)', sent.text))
        with leagues.db.read() as session:
            saved = session.scalars(select(League).where(League.name == name)).one().cards[card["name"]]
        assert model.model_validate(saved) == model.model_validate(card), card["name"]
    exported = client.get(f"{base}/card.toml?name={quote(cards[0]['name'])}")
    assert exported.status_code == 200 and "[[wrestler]]" in exported.text


def post_form(client: TestClient, path: str, pairs: list[tuple[str, str]], headers: dict[str, str]) -> Any:
    """A form sent as a browser sends it (every pair, in order, urlencoded)."""
    from urllib.parse import urlencode

    head = {**headers, "content-type": "application/x-www-form-urlencoded"}
    return client.post(path, content=urlencode(pairs).encode(), headers=head, follow_redirects=False)


def _error_beside(page: str, field: str) -> list[str]:
    node = "f-" + field.replace(".", "-")
    return [html.unescape(m) for m in re.findall(rf'id="err-{re.escape(node)}(?:-\d+)?"[^>]*>([^<]*)<', page)]


EDITOR_MISTAKES = [
    ("powerhouses", {"weakness": "Strength", "specialty": "Strength"}, "specialty", "specialty and weakness are both"),
    ("wrasslin", {"strength": "15"}, "strength", "less than or equal to 12"),
    ("wrasslin", {"alignment": "good", "manager": "Slick Sal"}, "manager", "don't need managers (3.5)"),
    ("filsinger", {"ratings.ropes": "Z"}, "ratings.ropes", "Input should be 'A', 'B' or 'C'"),
    ("rumbleslam", {"dosh": "0"}, "dosh", "greater than 0"),
    ("skirmish", {"maneuver.0.cost": "11"}, "maneuver.0.cost", "less than or equal to 10"),
    ("skirmish", {"name": ""}, "name", "Field required"),
]


@pytest.mark.parametrize(("game", "changes", "field", "words"), EDITOR_MISTAKES)
def test_each_editor_message_is_shown_beside_its_field(
    client: TestClient, leagues: Leagues, game: str, changes: dict[str, str], field: str, words: str
) -> None:
    name = f"Edit {game}"
    base, head = f"/leagues/{leagues.ids[name]}", promoter(client, leagues, name)
    first = base_document(game, None)["wrestler"][0]["name"]
    values = dict(form_of(client.get(f"{base}/admin/editor?card={quote(first)}", headers=head).text))
    values.update(changes)
    page = client.post(f"{base}/admin/editor", data=values, headers=head)
    assert page.status_code == 400
    beside = _error_beside(page.text, field)
    assert any(words in message for message in beside), (field, beside)
    assert 'aria-invalid="true"' in page.text


def test_the_editor_exports_toml_and_saves_a_new_card_to_sign(client: TestClient, leagues: Leagues) -> None:
    name = "Edit powerhouses"
    base, head = f"/leagues/{leagues.ids[name]}", promoter(client, leagues, name)
    page = client.get(f"{base}/admin/editor?new=Nova%20Starr", headers=head)
    values = dict(form_of(page.text))
    assert values["name"] == "Nova Starr"
    exported = client.post(f"{base}/admin/editor", data={**values, "_action": "export"}, headers=head)
    assert exported.status_code == 200 and exported.headers["content-type"].startswith("application/toml")
    assert 'name = "Nova Starr"' in exported.text
    saved = client.post(f"{base}/admin/editor", data=values, headers=head, follow_redirects=False)
    assert saved.status_code == 303
    signed = client.post(f"{base}/admin/sign", data={"name": "Nova Starr"}, headers=head, follow_redirects=False)
    assert signed.status_code == 303 and "Nova" in signed.headers["location"]
    assert "Nova Starr" in [r["name"] for r in service.standings(leagues.db, name)["wrestlers"]]
    assert "Nova Starr" in client.get(f"{base}/roster.toml").text


def test_a_rumbleslam_team_is_hired_with_the_validators_messages_beside_the_fields(
    client: TestClient, leagues: Leagues
) -> None:
    name = "Edit rumbleslam"
    base, head = f"/leagues/{leagues.ids[name]}", promoter(client, leagues, name)
    page = client.get(f"{base}/admin/hire", headers=head)
    assert page.status_code == 200 and "1500K" in page.text
    roster = base_document("rumbleslam", None)["wrestler"]
    star = next(p["name"] for p in roster if p["rank"] == "superstar")
    twice = client.post(f"{base}/admin/hire", data={"name": "Twins", "wrestler.0": star, "wrestler.1": star},
                        headers=head)
    assert twice.status_code == 400
    assert re.search(r"Superstar .* hired twice", html.unescape(twice.text))
    dear = sorted(roster, key=lambda p: -p["dosh"])[:12]
    rich = {"name": "Rich", **{f"wrestler.{i}": p["name"] for i, p in enumerate(dear)}}
    over = client.post(f"{base}/admin/hire", data=rich, headers=head)
    assert over.status_code == 400 and "over budget by" in over.text
    bad_name = client.post(f"{base}/admin/hire", data={"name": "A vs B", "wrestler.0": roster[0]["name"]}, headers=head)
    assert "cannot contain" in html.unescape(bad_name.text)
    good = client.post(f"{base}/admin/hire", data={"name": "Hired Hands", "wrestler.0": roster[0]["name"],
                                                    "endorsements": "1"}, headers=head, follow_redirects=False)
    assert good.status_code == 303
    teams = {t["name"]: t for t in service.standings(leagues.db, name)["wrestlers"]}
    assert teams["Hired Hands"]["cost"] == roster[0]["dosh"] + 25


def test_a_league_match_with_a_roster_file_opens_in_the_replay_viewer(tmp_path: Path) -> None:
    roster = tmp_path / "mine.toml"
    roster.write_text((Path(str(roster_format("powerhouses").shipped))).read_text(encoding="utf-8"), encoding="utf-8")
    db = open_database(str(tmp_path / "r.db"))
    service.create_league(db, "Files", "powerhouses", {}, str(roster), seed=2)
    service.sign(db, None, [], everyone=True)
    service.run_season(db, None, 1, matches_per_card=1)
    with db.read() as session:
        match = session.scalars(select(LeagueMatch)).one()
        assert match.params is not None and match.params["roster"] == str(roster)
        match_id = match.id
    with TestClient(create_app(SqlRepository(db)), headers=ORIGIN) as browser:
        moved = browser.get(f"/leagues/1/matches/{match_id}/replay", follow_redirects=False)
        assert moved.status_code == 303
        viewer = browser.get(moved.headers["location"])
        assert viewer.status_code == 200 and "Replay" in viewer.text
        assert browser.get("/leagues/1/matches/999/replay").status_code == 404
    db.close()


def test_a_match_played_at_the_table_is_stored_when_it_ends(tmp_path: Path, play_seat: Any) -> None:
    db = open_database(str(tmp_path / "t.db"))
    info = service.create_league(db, "Table", "powerhouses", {}, seed=4)
    service.sign(db, None, [], everyone=True)
    names = [e["name"] for e in base_document("powerhouses", None)["wrestler"]]
    service.book_card(db, None, "Live", [parse_match_spec(f"{names[0]} vs {names[1]}"),
                                          parse_match_spec(f"{names[2]} vs {names[3]}")])
    with TestClient(create_app(SqlRepository(db), think_cap=1.0), headers=ORIGIN) as browser:
        head = {"X-Admin-Token": info["admin_token"]}
        sent = browser.post("/leagues/1/admin/cards/1/play", data={"position": "1", "side": "2"}, headers=head,
                            follow_redirects=False)
        assert sent.status_code == 303
        where = sent.headers["location"]
        live_id, token = re.match(r"^/m/([^#]+)#t=(.+)$", where).groups()  # type: ignore[union-attr]
        card = browser.get("/leagues/1/cards/1").text
        assert f"/m/{live_id}" in card and "Watch live" in card  # spectators' link, no token
        assert token not in card
        created = browser.get(f"/api/matches/{live_id}", headers={"Authorization": f"Bearer {token}"}).json()
        assert created["you"]["seats"] == [1]
        play_seat(browser, created, 1, token)
        deadline = time.monotonic() + 20
        while service.show_event(db, None, 1)["matches"][0]["status"] != "done":
            assert time.monotonic() < deadline, "the finished table match was not stored"
            time.sleep(0.1)
        stored = service.show_event(db, None, 1)["matches"][0]
        assert stored["agents"][1] == "browser" and " def. " in stored["line"]
        assert service.replay_match(db, None, stored["id"])["actions"] > 0
        ran = browser.post("/leagues/1/admin/cards/1/run", headers=head, follow_redirects=False)
        assert ran.status_code == 303 and service.show_event(db, None, 1)["status"] == "done"
    db.close()
