"""The league's pages under attack (issue 37): options that name files, ids and numbers past what
the database holds, digits past Python's limit and nesting past the parser's, the last-resort 500,
wrong admin tokens (throttled), the admin session (ended by log-out and by a new token), two runs
of one promotion at once, and names (length, control characters, right-to-left overrides)."""

from __future__ import annotations

import html
import logging
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from tests.web.test_league_pages import form_of

from support.browser import Server
from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.league import service
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.roster_cards import roster_format
from turnbuckle.store import Database, open_database
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch
from turnbuckle.web.app import create_app
from turnbuckle.web.guards import SECURITY_HEADERS
from turnbuckle.web.league_admin import file_options, parse_options
from turnbuckle.web.league_common import AdminThrottle, cookie_name
from turnbuckle.web.league_runs import one_run
from turnbuckle.web.limits import Limits
from turnbuckle.web.settings import RedactTokens
from turnbuckle.web.sql_repository import SqlRepository

ORIGIN = {"origin": "http://testserver"}
OPEN = AdminThrottle(per_address=10**6, per_league=10**6)
GAME_OPTIONS = {"rumbleslam": {"size": "middleweight"}}


class Promotions:
    """One promotion of every game, everyone signed, on one database."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.ids: dict[str, int] = {}
        self.tokens: dict[str, str] = {}
        for game in list_games():
            info = service.create_league(db, f"Attack {game}", game, GAME_OPTIONS.get(game, {}), None, seed=3)
            self.ids[game], self.tokens[game] = int(info["id"]), info["admin_token"]
            service.sign(db, f"Attack {game}", [], everyone=True)

    def names(self, game: str) -> list[str]:
        return [r["name"] for r in service.standings(self.db, f"Attack {game}")["wrestlers"]]

    def head(self, game: str) -> dict[str, str]:
        return {"X-Admin-Token": self.tokens[game]}


@pytest.fixture(scope="module")
def promotions(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Promotions]:
    db = open_database(str(tmp_path_factory.mktemp("attack") / "attack.db"))
    yield Promotions(db)
    db.close()


def app_on(db: Database, throttle: AdminThrottle = OPEN) -> FastAPI:
    app = create_app(SqlRepository(db), think_cap=1.0, limits=Limits(creates_per_minute=0, actions_per_minute=0))
    app.state.admin_throttle = throttle
    return app


@pytest.fixture(scope="module")
def client(promotions: Promotions) -> Iterator[TestClient]:
    with TestClient(app_on(promotions.db), headers=ORIGIN) as test_client:
        yield test_client


def cards_of(db: Database, league_id: int) -> int:
    with db.read() as session:
        return int(session.scalar(select(func.count()).select_from(LeagueEvent)
                                  .where(LeagueEvent.league_id == league_id)) or 0)


# -- 1. options that name files ----------------------------------------------------------------------
def a_file_for(game: str, option: str, tmp_path: Path) -> str:
    """A file the option would read if it were taken: a valid roster (it would book), else a file."""
    if option == "roster":
        copy = tmp_path / f"{game}-roster.toml"
        shutil.copy(roster_format(game).shipped, copy)
        return str(copy)
    target = tmp_path / f"{option}.toml"
    target.write_text("secret = 'the server must not read this'\n")
    return str(target)


@pytest.mark.parametrize("game", list_games())
def test_no_form_or_api_takes_an_option_that_names_a_file(
        client: TestClient, promotions: Promotions, game: str, tmp_path: Path) -> None:
    """Every option of every game through the booking form and the match API: the options that name
    files are refused whatever their value, and no file is read (the card is not booked)."""
    base = f"/leagues/{promotions.ids[game]}"
    first, second = promotions.names(game)[:2]
    before = cards_of(promotions.db, promotions.ids[game])
    cls = game_class(game)
    assert file_options(game) >= {"roster"}
    for option in sorted({o.name for o in cls.options()}):
        path = a_file_for(game, option, tmp_path)
        if option in file_options(game):
            for value in (path, "/etc/passwd", "/", "Gutter Rats"):
                form = {"m0.s0.0": first, "m0.s1.0": second, "m0.options": f"{option}={value}"}
                refused = client.post(f"{base}/admin/book", data=form, headers=promotions.head(game))
                assert refused.status_code == 400, (option, value)
                text = html.unescape(refused.text)
                assert "names a file" in text and "secret" not in text and "root:" not in text, (option, value)
                with pytest.raises(ValueError, match="names a file"):
                    parse_options(f"{option}={value}", game)
            api = client.post("/api/matches", json={"game": game, "params": {option: path}})
            assert api.status_code in (400, 422), (option, api.text)
            setup = client.post(f"/api/games/{game}/setup", json={"params": {option: path}})
            assert setup.status_code in (400, 422), (option, setup.text)
        else:  # any other option is read as a value, never as a file
            assert option in parse_options(f"{option}={path}", game)
    assert cards_of(promotions.db, promotions.ids[game]) == before


def test_the_public_replay_page_never_opens_a_file_a_stored_match_names(
        client: TestClient, promotions: Promotions, tmp_path: Path) -> None:
    game = "filsinger"
    name = f"Attack {game}"
    service.run_season(promotions.db, name, 1, matches_per_card=1)
    with promotions.db.write() as session:
        match = session.scalars(select(LeagueMatch).join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
                                .where(LeagueEvent.league_id == promotions.ids[game],
                                       LeagueMatch.status == "done")).first()
        assert match is not None
        match_id = match.id
        copy = tmp_path / "elsewhere.toml"  # the very roster it was played with, at a path of no promotion
        shutil.copy(roster_format(game).shipped, copy)
        match.params = {**match.params, "roster": str(copy)}
    answer = client.get(f"/leagues/{promotions.ids[game]}/matches/{match_id}/replay", follow_redirects=False)
    assert answer.status_code == 404 and "not this promotion's roster" in answer.json()["error"]
    copy.unlink()
    answer = client.get(f"/leagues/{promotions.ids[game]}/matches/{match_id}/replay", follow_redirects=False)
    assert answer.status_code == 404 and "No such file" not in answer.text and "is a directory" not in answer.text


# -- 2 and 3. numbers past what the database or Python takes ----------------------------------------
HUGE = ["99999999999999999999", str(2**63), str(2**31), "9" * 5000]


@pytest.mark.parametrize("number", HUGE)
def test_ids_past_the_database_are_404_and_query_numbers_400(
        client: TestClient, promotions: Promotions, number: str) -> None:
    base = f"/leagues/{promotions.ids['filsinger']}"
    head = promotions.head("filsinger")
    for path in (f"/leagues/{number}", f"/leagues/{number}/roster", f"/leagues/{number}/login",
                 f"{base}/wrestlers/{number}", f"{base}/cards/{number}", f"{base}/matches/{number}/replay"):
        assert client.get(path).status_code == 404, path
    assert client.post(f"/leagues/{number}/login", data={"token": "x"}).status_code == 404
    for path in (f"{base}/admin/cards/{number}/run", f"{base}/admin/feuds/{number}/end"):
        assert client.post(path, headers=head).status_code == 404, path
    assert client.get(f"{base}/cards", params={"before": number}).status_code == 400
    assert client.get(f"{base}/standings", params={"season": number}).status_code == 400


def test_a_side_of_5000_digits_and_options_nested_thousands_deep_are_400(
        client: TestClient, promotions: Promotions) -> None:
    game = "filsinger"
    base = f"/leagues/{promotions.ids[game]}"
    first, second = promotions.names(game)[2:4]
    booked = client.post(f"{base}/admin/book", data={"m0.s0.0": first, "m0.s1.0": second},
                         headers=promotions.head(game), follow_redirects=False)
    assert booked.status_code == 303
    number = booked.headers["location"].rsplit("/", 1)[1]
    played = client.post(f"{base}/admin/cards/{number}/play", data={"position": "1", "side": "9" * 5000},
                         headers={**promotions.head(game), "accept": "application/json"})
    assert played.status_code == 400 and "sides 1 to 2" in played.text and "9" * 50 not in played.text
    deep = {"m0.s0.0": first, "m0.s1.0": second, "m0.options": "cage=" + "[" * 5000}
    refused = client.post(f"{base}/admin/book", data=deep, headers=promotions.head(game))
    assert refused.status_code == 400 and "nested more than" in refused.text


# -- 4. the last resort ------------------------------------------------------------------------------
def failing_app(db: Database) -> FastAPI:
    app = app_on(db)

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("a bug")

    return app


def test_an_unhandled_error_is_a_500_with_the_security_headers(promotions: Promotions) -> None:
    with TestClient(failing_app(promotions.db)) as test_client:
        answer = test_client.get("/boom")
        assert answer.status_code == 500 and answer.json()["status"] == 500 and "a bug" not in answer.text
        for key, value in SECURITY_HEADERS.items():
            assert answer.headers[key] == value
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        page = test_client.get("/boom", headers={"accept": "text/html"})
        assert page.status_code == 500 and "<html" in page.text and page.headers["x-frame-options"] == "DENY"


def test_the_server_keeps_the_connection_after_a_500(promotions: Promotions) -> None:
    with Server(failing_app(promotions.db)) as server, socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.settimeout(20)
        request = b"GET /boom HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        for _ in range(2):  # the same connection answers twice
            sock.sendall(request)
            received = b""
            while b"\r\n\r\n" not in received or not received.rstrip().endswith(b"}"):
                chunk = sock.recv(65536)
                assert chunk, "the server closed the connection"
                received += chunk
            assert received.startswith(b"HTTP/1.1 500") and b"x-frame-options: deny" in received.lower()


# -- 5 and 6. throttled log-ins, sessions on the server -----------------------------------------------
def test_wrong_admin_tokens_are_throttled_per_address_and_per_promotion(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "t.db"))
    league = service.create_league(db, "Throttled", "filsinger", {}, None, seed=1)
    base, right = f"/leagues/{league['id']}", league["admin_token"]
    limits = AdminThrottle(per_address=3, per_league=5, window=600)
    try:
        with TestClient(app_on(db, limits), headers=ORIGIN, client=("10.0.0.1", 1000)) as one:
            for _ in range(3):
                assert one.post(f"{base}/login", data={"token": "guess"}).status_code == 403
            refused = one.post(f"{base}/login", data={"token": right}, headers={"accept": "application/json"})
            assert refused.status_code == 429 and 0 < int(refused.headers["retry-after"]) <= 600
            assert "too many wrong admin tokens" in refused.json()["error"]
            script = one.post(f"{base}/admin/rules", headers={"X-Admin-Token": "guess", "accept": "application/json"})
            assert script.status_code == 429  # the header is a log-in too
        # another server process on the same database: the same count (per promotion: 3 + 2 = 5); a
        # right token before the limit forgets the address's failures, not the promotion's others
        with TestClient(app_on(db, limits), headers=ORIGIN, client=("10.0.0.3", 1000)) as promoter:
            assert promoter.post(f"{base}/login", data={"token": "typo"}).status_code == 403  # the promotion's 4th
            assert promoter.post(f"{base}/login", data={"token": right}, follow_redirects=False).status_code == 303
            assert promoter.post(f"{base}/login", data={"token": "typo"}).status_code == 403  # its 5th: the limit
            assert promoter.post(f"{base}/login", data={"token": right}).status_code == 429
        with TestClient(app_on(db, limits), headers=ORIGIN, client=("10.0.0.2", 1000)) as other:
            assert other.post(f"{base}/login", data={"token": right}).status_code == 429
    finally:
        db.close()


def test_logging_out_ends_the_session_for_every_copy_of_the_cookie(client: TestClient, promotions: Promotions) -> None:
    league_id = promotions.ids["wrasslin"]
    base = f"/leagues/{league_id}"
    with TestClient(client.app, headers=ORIGIN) as browser:
        done = browser.post(f"{base}/login", data={"token": promotions.tokens["wrasslin"]}, follow_redirects=False)
        assert done.status_code == 303
        session_id = browser.cookies[cookie_name(league_id)]
        assert session_id != promotions.tokens["wrasslin"] and len(session_id) >= 43
        copied = {"cookie": f"{cookie_name(league_id)}={session_id}", "accept": "application/json"}
        with TestClient(client.app, headers=ORIGIN) as thief:
            assert thief.get(f"{base}/admin", headers=copied).status_code == 200
            browser.post(f"{base}/logout")
            assert thief.get(f"{base}/admin", headers=copied).status_code == 401


def test_a_new_admin_token_ends_every_session_of_the_promotion(client: TestClient, promotions: Promotions) -> None:
    league_id = promotions.ids["skirmish"]
    base = f"/leagues/{league_id}"
    with TestClient(client.app, headers=ORIGIN) as browser:
        browser.post(f"{base}/login", data={"token": promotions.tokens["skirmish"]})
        assert browser.get(f"{base}/admin").status_code == 200
        promotions.tokens["skirmish"] = service.issue_admin_token(promotions.db, "Attack skirmish")["admin_token"]
        assert browser.get(f"{base}/admin", headers={"accept": "application/json"}).status_code == 401


# -- 8. one run at a time ----------------------------------------------------------------------------
def test_a_second_run_of_a_promotion_meanwhile_is_told_it_is_busy(client: TestClient, promotions: Promotions) -> None:
    game = "powerhouses"
    league_id, name = promotions.ids[game], f"Attack {game}"
    head = {**promotions.head(game), "accept": "application/json"}
    before = cards_of(promotions.db, league_id)
    held, release = threading.Event(), threading.Event()

    def first_run() -> None:
        with one_run(promotions.db, league_id, name):
            held.set()
            release.wait(30)

    runner = threading.Thread(target=first_run)
    runner.start()
    try:
        assert held.wait(30)
        busy = client.post(f"/leagues/{league_id}/admin/season", data={"cards": "2", "matches": "2"}, headers=head)
        assert busy.status_code == 409 and "is busy" in busy.json()["error"]
        assert cards_of(promotions.db, league_id) == before
    finally:
        release.set()
        runner.join()
    ran = client.post(f"/leagues/{league_id}/admin/season", data={"cards": "2", "matches": "2"}, headers=head,
                      follow_redirects=False)
    assert ran.status_code == 303 and cards_of(promotions.db, league_id) == before + 2


def test_two_book_and_run_presses_at_once_run_only_what_they_asked_for(
        client: TestClient, promotions: Promotions) -> None:
    game = "wrasslin"
    league_id = promotions.ids[game]
    head = {**promotions.head(game), "accept": "application/json"}
    before = cards_of(promotions.db, league_id)
    answers: list[Any] = []

    def press() -> None:
        answers.append(client.post(f"/leagues/{league_id}/admin/season", data={"cards": "2", "matches": "2"},
                                   headers=head, follow_redirects=False))

    presses = [threading.Thread(target=press) for _ in range(2)]
    for t in presses:
        t.start()
    for t in presses:
        t.join()
    ok = [a for a in answers if a.status_code == 303]
    assert all(a.status_code in (303, 409) for a in answers) and ok
    assert cards_of(promotions.db, league_id) == before + 2 * len(ok)


# -- 7. credentials out of the access log ------------------------------------------------------------
@pytest.mark.parametrize("query", ["admin_token=SECRET1", "t=SECRET1", "token=SECRET1", "password=SECRET1",
                                   "session=SECRET1", "api_key=SECRET1", "client_secret=SECRET1",
                                   "Admin%5FToken=SECRET1", "PASS=SECRET1"])
def test_the_access_log_masks_every_credential_shaped_parameter(query: str) -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", f"/leagues/1/admin?season=2&{query}&rows=4", "1.1", 400), None)
    assert RedactTokens().filter(record)
    line = record.getMessage()
    assert "SECRET1" not in line and "season=2&" in line and "&rows=4" in line


def test_the_log_masks_credential_headers() -> None:
    for said in ("Authorization: Bearer SECRET1", "cookie: tb_league_1=SECRET1", "X-Admin-Token: SECRET1"):
        record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, "headers %s", (said,), None)
        assert RedactTokens().filter(record)
        assert "SECRET1" not in record.getMessage(), said


# -- 9. names, digits, origins ---------------------------------------------------------------------
BAD_NAMES = {
    "x" * 60_000: "at most 200 characters",
    "Evil\u202eeltiT": "text-direction control U+202E",
    "Tab\tName": "control character U+0009",
    "Bell\x07": "control character U+0007",
}


@pytest.mark.parametrize(("name", "reason"), list(BAD_NAMES.items()), ids=["long", "rlo", "tab", "bell"])
def test_names_are_bounded_and_free_of_controls_on_every_form(
        client: TestClient, promotions: Promotions, name: str, reason: str) -> None:
    game = "wrasslin"
    base, head = f"/leagues/{promotions.ids[game]}", promotions.head(game)
    belt = client.post(f"{base}/admin/belts", data={"name": name}, headers=head)
    assert belt.status_code == 400 and reason in html.unescape(belt.text)
    first, second = promotions.names(game)[:2]
    card = client.post(f"{base}/admin/book", data={"name": name, "m0.s0.0": first, "m0.s1.0": second}, headers=head)
    assert card.status_code == 400 and reason in html.unescape(card.text)
    form = client.get(f"{base}/admin/editor", params={"new": "Someone"}, headers=head)
    assert form.status_code == 200
    values = dict(form_of(form.text))
    values["name"] = name
    saved = client.post(f"{base}/admin/editor", data=values, headers=head)
    said = html.unescape(saved.text)  # the card's own model may be the first to refuse it
    assert saved.status_code == 400 and (reason in said or "hold control characters" in said)
    rumble = "rumbleslam"
    hired = client.post(f"/leagues/{promotions.ids[rumble]}/admin/hire", headers=promotions.head(rumble),
                        data={"name": name, "wrestler.0": "Skullcrusher"})
    assert hired.status_code == 400 and reason in html.unescape(hired.text)
    with pytest.raises(LeagueError, match=r"at most|control"):
        service.create_league(promotions.db, name if len(name) > 200 else name + "!", "filsinger", {})


def test_a_name_no_wrestler_page_links_is_isolated(client: TestClient, promotions: Promotions) -> None:
    from turnbuckle.web.league_common import templates

    macro = templates.env.get_template("league_macros.html").module.who  # type: ignore[attr-defined]
    shown = str(macro(["\u202eevil"], {}, {"id": 1}))
    assert shown == "<bdi>\u202eevil</bdi>"


def test_the_card_editor_reads_only_ascii_digits_as_numbers() -> None:
    from turnbuckle.league.card_form import model_form, read_form

    spec = model_form(roster_format("wrasslin").entry_model)
    assert read_form(spec, {"name": "A", "strength": "12"})["strength"] == 12
    assert read_form(spec, {"name": "A", "strength": "-4"})["strength"] == -4
    for digits in ("\u0663", "\u00b2", "\uff13", "9" * 5000, "--4"):  # Arabic-Indic 3, superscript 2, fullwidth 3
        assert read_form(spec, {"name": "A", "strength": digits})["strength"] == digits


def test_an_https_origin_is_another_site_for_an_http_server(client: TestClient, promotions: Promotions) -> None:
    base, head = f"/leagues/{promotions.ids['filsinger']}", promotions.head("filsinger")
    for origin in ("https://testserver", "https://testserver:80"):
        refused = client.post(f"{base}/admin/rules", headers={**head, "origin": origin})
        assert refused.status_code == 403, origin
    assert client.post(f"{base}/admin/rules", headers={**head, "origin": "http://testserver"},
                       follow_redirects=False).status_code == 303


@pytest.mark.postgres
def test_runs_of_one_promotion_take_turns_across_server_processes(pg_url: str) -> None:
    """On PostgreSQL the run lock is also an advisory lock: another process's run (another database
    session holding it) makes this one busy, and once it ends this one runs."""
    from sqlalchemy import text

    from turnbuckle.web.errors import Conflict
    from turnbuckle.web.league_runs import ADVISORY_CLASS

    keys = {"a": ADVISORY_CLASS, "b": 7}
    with open_database(pg_url) as db, open_database(pg_url) as elsewhere, elsewhere.engine.connect() as other:
        other.execute(text("SELECT pg_advisory_lock(:a, :b)"), keys)
        other.commit()
        with pytest.raises(Conflict, match="is busy"), one_run(db, 7, "Elsewhere"):
            pass
        other.execute(text("SELECT pg_advisory_unlock(:a, :b)"), keys)
        other.commit()
        with one_run(db, 7, "Elsewhere"):
            assert not other.execute(text("SELECT pg_try_advisory_lock(:a, :b)"), keys).scalar()
            other.commit()
