"""Every league route and form, walked with hostile input, never answers 5xx (issue 37, "Done when").

Each path id is replaced in turn by numbers past what the database or Python takes, text, control
characters and traversal; each query and form field the pages read gets the same, and the forms'
structured fields (booking rows, options, team slots, card fields) get nesting, file paths and
digits from other scripts. Anonymous, with a wrong token and as the promoter. Every answer must be
a 2xx, 3xx or 4xx; a 4xx must say why (JSON ``error`` or a page)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.store import open_database
from turnbuckle.web import league_admin, league_pages
from turnbuckle.web.app import create_app
from turnbuckle.web.league_common import AdminThrottle
from turnbuckle.web.sql_repository import SqlRepository

ORIGIN = {"origin": "http://testserver"}
HOSTILE = [
    "99999999999999999999", str(2**63), str(2**63 - 1), str(2**31), "9" * 5000, "-1", "0", "1e9", "0x10",
    "\u0663", "\u00b2", "[" * 3000, "{" * 3000, "\x00", "%00", "..%2F..%2Fetc%2Fpasswd", "/etc/passwd",
    "\u202eevil", "x" * 70_000, "",
]
"""Values that once answered 500 somewhere (or could): 64-bit overflow, Python's digit limit, the
options parser's recursion, NUL, traversal, a right-to-left override, a name past its column."""
PATH_HOSTILE = [v for v in HOSTILE if v and "/" not in v and len(v) < 6000 and "\x00" not in v]
QUERY_HOSTILE = [v for v in HOSTILE if len(v) < 6000]
"""(A client cannot even send an address of 70,000 characters.)"""
QUERY_FIELDS = ["before", "season", "rows", "all", "card", "new", "note", "saved", "name"]
FORM_FIELDS = ["_action", "_original", "action", "all", "cards", "countout_dq_titles", "endorsements", "kind",
               "matches", "name", "new", "position", "season", "side", "sponsorship", "token",
               "m0.s0.0", "m0.s1.0", "m0.type", "m0.title", "m0.options", "m0.blowoff", "wrestler.0",
               "tag.Gutter Rats", "strength", "moves.0.name", "m[[[[0]]]].s0.0", "m99.s99.9"]


class Walk:
    def __init__(self, db: Any, ids: dict[str, int], tokens: dict[str, str]) -> None:
        self.db, self.ids, self.tokens = db, ids, tokens


@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Walk]:
    db = open_database(str(tmp_path_factory.mktemp("hostile") / "h.db"))
    ids: dict[str, int] = {}
    tokens: dict[str, str] = {}
    made: list[tuple[str, str, dict[str, Any]]] = [("Hostile", "filsinger", {}),
                                                    ("Hostile Rumble", "rumbleslam", {"size": "middleweight"})]
    for name, game, options in made:
        info = service.create_league(db, name, game, options, None, seed=5)
        ids[name], tokens[name] = int(info["id"]), info["admin_token"]
        service.sign(db, name, [], everyone=True)
    service.new_title(db, "Hostile", "World Title")
    service.run_season(db, "Hostile", 2, matches_per_card=2)
    service.book_card(db, "Hostile", "Next", [parse_match_spec("Rex Hammond vs Duke Marlowe")])
    yield Walk(db, ids, tokens)
    db.close()


@pytest.fixture(scope="module")
def client(walk: Walk) -> Iterator[TestClient]:
    app = create_app(SqlRepository(walk.db), think_cap=0.5)
    app.state.admin_throttle = AdminThrottle(per_address=10**6, per_league=10**6)
    with TestClient(app, headers=ORIGIN) as test_client:
        yield test_client


def routes() -> list[tuple[str, str]]:
    """(method, path template) of every league route."""
    out = []
    for router in (league_pages.router, league_admin.router):
        for route in router.routes:
            assert isinstance(route, APIRoute)
            out.extend((method, route.path) for method in sorted(route.methods - {"HEAD"}))
    return out


def fill(path: str, league: int, **given: str) -> str:
    valid = {"league_id": str(league), "wrestler_id": "1", "number": "3", "feud_id": "1", "match_id": "1"}
    return re.sub(r"\{(\w+)\}", lambda m: given.get(m.group(1), valid[m.group(1)]), path)


def check(answer: Any, what: object) -> None:
    assert answer.status_code < 500, (what, answer.status_code, answer.text[:300])
    if answer.status_code >= 400 and answer.headers.get("content-type", "").startswith("application/json"):
        assert answer.json()["error"], what


def heads(walk: Walk, name: str) -> list[dict[str, str]]:
    return [{}, {"X-Admin-Token": "wrong"}, {"X-Admin-Token": walk.tokens[name]}]


def test_the_walk_covers_every_league_route() -> None:
    paths = {p for _, p in routes()}
    assert len(routes()) >= 30
    assert {"/leagues/{league_id}/cards", "/leagues/{league_id}/admin/book", "/leagues/{league_id}/login"} <= paths


@pytest.mark.parametrize(("accept", "values"), [("application/json", PATH_HOSTILE), ("text/html", PATH_HOSTILE[:6])])
def test_hostile_path_ids_never_answer_5xx(client: TestClient, walk: Walk, accept: str, values: list[str]) -> None:
    league_id = walk.ids["Hostile"]
    for method, path in routes():
        names = re.findall(r"\{(\w+)\}", path)
        head = heads(walk, "Hostile")[2 if "/admin" in path else 0]
        for name, value in itertools.product(names, values):
            url = fill(path, league_id, **{name: value})
            answer = client.request(method, url, headers={**head, "accept": accept})
            check(answer, (method, url[:80]))
            assert 400 <= answer.status_code < 500, (method, url[:80], answer.status_code)
            if value.isdigit() and len(value) > 9:  # past the database's ids: nothing has that id
                assert answer.status_code == 404, (method, url[:80], answer.status_code)


def test_hostile_queries_never_answer_5xx(client: TestClient, walk: Walk) -> None:
    """Every query field the pages read, each hostile value in all of them at once (a page reads one
    or two), as the promoter (who sees every page); a wrong token once per page."""
    league_id = walk.ids["Hostile"]
    _, wrong, admin = heads(walk, "Hostile")
    for method, path in routes():
        if method != "GET":
            continue
        url = fill(path, league_id)
        check(client.get(url, params={"season": "9" * 5000, "before": str(2**63)}, headers=wrong), url)
        for value in QUERY_HOSTILE:
            groups = [QUERY_FIELDS] if len(value) < 1000 else [[f] for f in QUERY_FIELDS]  # an address's length
            for fields in groups:
                check(client.get(url, params=dict.fromkeys(fields, value), headers=admin), (url, fields, value[:20]))


@pytest.mark.parametrize("league", ["Hostile", "Hostile Rumble"])
def test_hostile_forms_never_answer_5xx(client: TestClient, walk: Walk, league: str) -> None:
    league_id = walk.ids[league]
    anonymous, wrong, admin = heads(walk, league)
    posts = [path for method, path in routes() if method == "POST" and not path.endswith(("/logout", "/run"))]
    if league == "Hostile Rumble":  # the team game's own forms (the others are the same code, walked above)
        posts = [path for path in posts if path.endswith(("/hire", "/book", "/editor", "/sign"))]
    for path in posts:
        url = fill(path, league_id)
        for head in (anonymous, wrong):  # refused before the form is read
            check(client.post(url, data={field: "9" * 5000 for field in FORM_FIELDS}, headers=head), url)
        for value in HOSTILE:  # every field at once
            check(client.post(url, data={field: value for field in FORM_FIELDS}, headers=admin), (url, value[:20]))
        for field, value in itertools.product(FORM_FIELDS, ("9" * 5000, "[" * 3000)):  # one field at a time
            check(client.post(url, data={field: value}, headers=admin), (url, field, value[:20]))
        for body in (b"m0.options=roster%3D%2Fetc%2Fpasswd&m0.s0.0=Rex+Hammond&m0.s1.0=Duke+Marlowe",
                     b"m0.options=cage%3D" + b"%5B" * 3000, b"%ff%fe=%ff", b"a=1&" * 2999 + b"a=1",
                     b"name=" + b"%E2%80%AE" * 100):
            sent = {**admin, "content-type": "application/x-www-form-urlencoded"}
            check(client.post(url, content=body, headers=sent), (url, body[:30]))
