"""The defences every request meets (issue 21 items 5-10): body limits, short quotes of input in
errors, rate limits per address, no cross-site changes, security headers on every page, allowed
hosts, tokens kept out of addresses and logs."""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from turnbuckle.cli.serve import allowed_hosts
from turnbuckle.engine.errors import ParamError
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits, RateLimiter
from turnbuckle.web.repository import MemoryRepository
from turnbuckle.web.settings import RedactTokens

LOOPBACK = ("127.0.0.1", 50000)
ELSEWHERE = ("203.0.113.7", 50000)


def app_client(client: tuple[str, int] = LOOPBACK, **options: Any) -> TestClient:
    return TestClient(create_app(MemoryRepository(), think_cap=0.5, **options), client=client)


@pytest.fixture
def small() -> Iterator[TestClient]:
    with app_client(limits=Limits(body_bytes=1000, replay_bytes=5000, exempt_loopback=True)) as client:
        yield client


# -- 5: body limits and quoting ------------------------------------------------------------------
def test_a_body_past_its_limit_is_413(small: TestClient) -> None:
    padding = "x" * 2000
    big = small.post("/api/matches", json={"game": "powerhouses", "params": {}, "pad": padding})
    assert big.status_code == 413 and "1,000 bytes" in big.json()["error"]
    # no Content-Length (chunked): counted as it arrives
    chunked = small.post("/api/matches", content=iter([b'{"game": "', padding.encode(), b'"}']),
                         headers={"Content-Type": "application/json"})
    assert chunked.status_code == 413
    # replay uploads have their own, larger cap
    assert small.post("/api/replays", content=b"{" + b" " * 3000 + b"}",
                      headers={"Content-Type": "application/json"}).status_code == 400
    assert small.post("/api/replays", content=b"{" + b" " * 6000 + b"}",
                      headers={"Content-Type": "application/json"}).status_code == 413
    assert small.post("/replay", files={"file": ("r.json", b" " * 6000, "application/json")}).status_code == 413
    assert small.post("/replay", files={"file": ("r.json", b"[]", "application/json")}).status_code == 400


def test_the_default_limit_is_one_mib(client: TestClient) -> None:
    body = {"game": "powerhouses", "params": {"pad": "x" * (1 << 20)}}
    assert client.post("/api/matches", json=body).status_code == 413
    body = {"game": "powerhouses", "params": {"pad": "x" * 1000}}
    assert client.post("/api/matches", json=body).status_code == 400


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/api/matches", {"game": "g" * 5000}),
        ("post", "/api/matches", {"game": "powerhouses", "params": {"k" * 5000: 1}}),
        ("post", "/api/matches", {"game": "powerhouses", "seats": ["human", "computer:" + "9" * 5000]}),
        ("post", "/api/matches", {"game": "powerhouses", "seats": ["h" * 5000, "human"]}),
        ("post", "/api/matches", {"game": "powerhouses", "z" * 5000: 1}),
        ("get", "/api/matches/" + "m" * 5000, None),
        ("get", "/api/games/" + "g" * 5000, None),
        ("get", "/api/replays/" + "r" * 5000, None),
    ],
)
def test_errors_quote_at_most_about_200_characters_of_input(client: TestClient, method: str, path: str,
                                                          body: Any) -> None:
    response = client.request(method.upper(), path, json=body)
    assert 400 <= response.status_code < 500
    error = response.json()["error"]
    longest = max(len(run) for run in re.findall(r"(g+|k+|9+|h+|z+|m+|r+)", error))
    assert longest <= 200 and len(error) < 700, error


def test_an_illegal_move_quotes_its_name_short(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "human"]}).json()
    mover = client.get(f"/api/matches/{created['id']}").json()["to_move"]
    response = client.post(f"/api/matches/{created['id']}/seats/{mover}/actions", json={"action": "q" * 200},
                           headers={"Authorization": f"Bearer {created['owner_token']}"})
    assert response.status_code == 400 and "q" * 201 not in response.json()["error"]


# -- 6: rate limits --------------------------------------------------------------------------------
def test_creating_matches_is_rate_limited_per_address() -> None:
    limits = Limits(creates_per_minute=12)  # a burst of two
    with app_client(ELSEWHERE, limits=limits) as client:
        for _ in range(2):
            assert client.post("/api/matches", json={"game": "powerhouses"}).status_code == 201
        refused = client.post("/api/matches", json={"game": "powerhouses"})
        assert refused.status_code == 429 and "too many new matches" in refused.json()["error"]
        assert 1 <= int(refused.headers["Retry-After"]) <= 5
        assert client.post("/watch", data={"game": "powerhouses"}, follow_redirects=False).status_code == 429
        other = TestClient(client.app, client=("198.51.100.9", 1))
        assert other.post("/api/matches", json={"game": "powerhouses"}).status_code == 201


def test_actions_are_rate_limited_and_loopback_is_exempt_only_when_asked() -> None:
    def moves(address: tuple[str, int], limits: Limits) -> list[int]:
        with app_client(address, limits=limits) as client:
            created = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "human"]}).json()
            headers = {"Authorization": f"Bearer {created['owner_token']}"}
            statuses = []
            for _ in range(4):
                mover = client.get(f"/api/matches/{created['id']}").json()["to_move"]
                statuses.append(client.post(f"/api/matches/{created['id']}/seats/{mover}/actions",
                                            json={"action": "nonsense"}, headers=headers).status_code)
            return statuses

    slow = Limits(actions_per_minute=6)  # a burst of one
    assert moves(ELSEWHERE, slow) == [400, 429, 429, 429]
    assert moves(LOOPBACK, slow) == [400, 429, 429, 429]  # loopback is limited like anyone by default
    assert moves(LOOPBACK, Limits(actions_per_minute=6, exempt_loopback=True)) == [400] * 4
    assert moves(ELSEWHERE, Limits(actions_per_minute=6, exempt_loopback=True)) == [400, 429, 429, 429]
    assert moves(ELSEWHERE, Limits(actions_per_minute=0)) == [400] * 4  # 0: no limit


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    limiter = RateLimiter(60, clock=lambda: now[0])  # one a second, ten at once
    assert [limiter.take("a") for _ in range(10)] == [0.0] * 10
    assert limiter.take("a") == pytest.approx(1.0)
    assert limiter.take("b") == 0.0
    now[0] += 2.5
    assert [limiter.take("a") for _ in range(2)] == [0.0, 0.0] and limiter.take("a") > 0


# -- 7: cross-site requests ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "http://testserver.evil.example"},
        {"Origin": "http://testserver:8080"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
    ],
)
def test_a_state_change_from_another_site_is_refused(client: TestClient, headers: dict[str, str]) -> None:
    created = client.post("/api/matches", json={"game": "powerhouses"}, headers=headers)
    assert created.status_code == 403 and "cannot change anything here" in created.json()["error"]
    watch = client.post("/watch", data={"game": "powerhouses"}, headers=headers, follow_redirects=False)
    assert watch.status_code == 403
    assert client.get("/api/games", headers=headers).status_code == 200  # reading is not a change


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin", "Origin": "http://testserver"},
     {"Sec-Fetch-Site": "none"}, {"Origin": "http://TESTSERVER:80"},
     # Chromium's same-origin form post under "Referrer-Policy: no-referrer" (the league's login form)
     {"Sec-Fetch-Site": "same-origin", "Origin": "null"}],
)
def test_same_origin_and_non_browser_requests_pass(client: TestClient, headers: dict[str, str]) -> None:
    assert client.post("/api/matches", json={"game": "powerhouses"}, headers=headers).status_code == 201
    assert client.post("/watch", data={"game": "powerhouses"}, headers=headers,
                       follow_redirects=False).status_code == 303


def test_origin_behind_a_tls_proxy_matches_the_host() -> None:
    """Behind a proxy that terminates TLS, ``--trusted-proxy`` makes the request's scheme https (from
    X-Forwarded-Proto): the https page's Origin is the server's own. Without it the server is http,
    and an https Origin is another site (issue 37 item 9)."""
    https = TestClient(create_app(MemoryRepository(), think_cap=0.5, limits=Limits(exempt_loopback=True)),
                       client=LOOPBACK, base_url="https://play.example.org")
    with https as client:
        ok = client.post("/api/matches", json={"game": "powerhouses"}, headers={"Origin": "https://play.example.org"})
        assert ok.status_code == 201
    with app_client(limits=Limits(exempt_loopback=True)) as client:
        refused = client.post("/api/matches", json={"game": "powerhouses"},
                              headers={"Host": "play.example.org", "Origin": "https://play.example.org"})
        assert refused.status_code == 403


# -- 8: headers ------------------------------------------------------------------------------------
PAGES = ["/", "/new", "/games/wrasslin", "/replay", "/odds", "/odds?game=powerhouses&wrestler=Brute&dice=5",
         "/m/{id}", "/nosuchpage"]


def test_every_page_carries_the_security_headers_and_no_inline_script(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "powerhouses"}).json()
    for path in PAGES:
        response = client.get(path.format(id=created["id"]), headers={"Accept": "text/html"})
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self';" in csp and "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert "style-src 'self';" in csp
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        if response.headers["content-type"].startswith("text/html"):
            html = response.text
            assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), path  # every script is a file
            assert not re.search(r"\son[a-z]+\s*=", html), path  # no inline handlers
            assert "<style" not in html and " style=" not in html, path
    api = client.get("/api/games")
    assert api.headers["X-Content-Type-Options"] == "nosniff" and api.headers["Referrer-Policy"] == "no-referrer"


def test_the_api_docs_allow_only_their_own_inline_script(client: TestClient) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    csp = response.headers["Content-Security-Policy"]
    assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
    for script in re.findall(r"<script>(.*?)</script>", response.text, flags=re.S):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp


# -- 9: allowed hosts ------------------------------------------------------------------------------
def test_only_allowed_hosts_are_answered_and_links_name_them() -> None:
    with app_client(allowed_hosts=["play.example.org", "::1"], limits=Limits(exempt_loopback=True)) as client:
        refused = client.get("/", headers={"Host": "evil.example"})
        assert refused.status_code == 400 and "--allowed-host" in refused.json()["error"]
        assert client.get("/", headers={"Host": "PLAY.example.org:8443"}).status_code == 200
        assert client.get("/api/games", headers={"Host": "[::1]:8000"}).status_code == 200
        assert client.post("/api/matches", json={"game": "powerhouses"},
                           headers={"Host": "127.0.0.1.evil.example"}).status_code == 400
        created = client.post("/api/matches", json={"game": "wrasslin", "seats": ["human", "invite"]},
                              headers={"Host": "play.example.org"}).json()
        assert created["table_url"].startswith("http://play.example.org/m/")
        assert created["invites"][0]["url"].startswith("http://play.example.org/m/")


def test_serve_allows_the_bind_address_and_localhost_by_default() -> None:
    assert allowed_hosts("127.0.0.1", []) == ["127.0.0.1", "localhost", "::1"]
    assert allowed_hosts("192.0.2.5", []) == ["192.0.2.5", "localhost", "127.0.0.1", "::1"]
    assert allowed_hosts("0.0.0.0", []) == ["localhost", "127.0.0.1", "::1"]
    assert allowed_hosts("0.0.0.0", ["play.example.org", "[::1]"]) == ["play.example.org", "[::1]"]
    for bad in ("https://play.example.org", "play.example.org:8000", "play.example.org/x", ""):
        with pytest.raises(ParamError, match="--allowed-host"):
            allowed_hosts("127.0.0.1", [bad])


# -- 10: tokens out of logs ------------------------------------------------------------------------
def test_the_access_log_never_shows_a_token() -> None:
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "GET", "/api/matches/abc/stream?since=0&token=SECRET123", "1.1", 200),
                               None)
    assert RedactTokens().filter(record)
    line = record.getMessage()
    assert "SECRET123" not in line and "since=0&token=…" in line
