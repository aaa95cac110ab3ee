"""Accounts: sign up, log in and out, log out everywhere, change password; and the attacks on them
(issue 31, "Trust"): guessing passwords, a stolen cookie, a form from another site, a look-alike
name, a name probe, secrets in the logs."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from support.accounts import LOOPBACK, PASSWORD, app_on, log_in, sign_up


def use_cookie(client: TestClient, value: str | None) -> None:
    """Send exactly this session cookie from now on (a copied or stolen one)."""
    client.cookies.clear()
    client.cookies.set("tb_player", value or "")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    with app_on(tmp_path / "accounts.db") as made:
        yield made


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app, client=LOOPBACK) as test_client:
        yield test_client


def test_signing_up_logs_in_with_an_http_only_lax_cookie(client: TestClient) -> None:
    answer = sign_up(client, "Rex_Hammond")
    assert answer.status_code == 303 and answer.headers["location"] == "/players/Rex_Hammond"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith("tb_player=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # plain http here; over https it is Secure (next test)
    page = client.get("/account")
    assert page.status_code == 200 and "Rex_Hammond" in page.text and "Change password" in page.text


def test_the_cookie_is_secure_over_https(app: Any) -> None:
    with TestClient(app, client=LOOPBACK, base_url="https://testserver") as secure:
        assert "Secure" in sign_up(secure, "Secure_Sam").headers["set-cookie"]


def test_log_in_opens_a_new_session_and_ends_the_old_one(client: TestClient) -> None:
    sign_up(client, "Fixer")
    planted = client.cookies.get("tb_player")
    answer = log_in(client, "fixer")  # names are case-insensitive
    assert answer.status_code == 303
    fresh = client.cookies.get("tb_player")
    assert fresh and fresh != planted
    use_cookie(client, planted)
    assert "Log in" in client.get("/account").text  # the id known before the log-in is worthless


def test_log_out_ends_the_session(client: TestClient) -> None:
    sign_up(client, "Leaver")
    cookie = client.cookies.get("tb_player")
    assert client.post("/logout", follow_redirects=False).status_code == 303
    use_cookie(client, cookie)
    assert client.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401


def test_a_stolen_cookie_stops_working_after_log_out_everywhere(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as owner, TestClient(app, client=LOOPBACK) as thief:
        sign_up(owner, "Victim")
        log_in(owner, "Victim")
        use_cookie(thief, owner.cookies.get("tb_player"))
        assert thief.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 201
        other_device = TestClient(app, client=LOOPBACK)
        log_in(other_device, "Victim")
        assert owner.post("/logout-everywhere", follow_redirects=False).status_code == 303
        assert thief.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401
        assert other_device.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401
        assert log_in(owner, "Victim").status_code == 303  # the password still works


def test_changing_the_password_logs_every_other_browser_out(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as me, TestClient(app, client=LOOPBACK) as elsewhere:
        sign_up(me, "Changer")
        log_in(elsewhere, "Changer")
        wrong = me.post("/account/password", data={"current": "not it at all", "password": "another pass phrase",
                                                   "password2": "another pass phrase"})
        assert wrong.status_code == 401
        done = me.post("/account/password", data={"current": PASSWORD, "password": "another pass phrase",
                                                  "password2": "another pass phrase"})
        assert done.status_code == 200 and "Password changed" in done.text
        assert me.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 201  # renewed here
        assert elsewhere.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401
        assert log_in(elsewhere, "Changer").status_code == 401
        assert log_in(elsewhere, "Changer", "another pass phrase").status_code == 303


def test_wrong_passwords_in_a_loop_are_throttled_per_account(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as attacker, TestClient(app, client=("10.9.8.7", 4000)) as owner:
        sign_up(attacker, "Target")
        attacker.post("/logout")
        codes = [log_in(attacker, "Target", f"guess number {i}").status_code for i in range(12)]
        assert codes[:10] == [401] * 10
        assert codes[10:] == [429, 429]
        refused = log_in(attacker, "Target")  # even the right password waits now
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        # the account is throttled from every address: the guesses were against it
        assert log_in(owner, "TARGET").status_code == 429


def test_wrong_passwords_are_throttled_per_address_across_names(app: Any) -> None:
    with TestClient(app, client=("10.1.1.1", 4000)) as sprayer:
        codes = [log_in(sprayer, f"nobody{i}", "a guessed password").status_code for i in range(32)]
    assert codes[:30] == [401] * 30 and codes[30:] == [429, 429]


def test_a_failed_log_in_never_says_whether_the_name_exists(client: TestClient) -> None:
    sign_up(client, "Existing")
    client.post("/logout")
    real = log_in(client, "Existing", "wrong password here")
    made_up = log_in(client, "Nonexisting", "wrong password here")
    assert real.status_code == made_up.status_code == 401
    assert real.text.replace("Existing", "NAME") == made_up.text.replace("Nonexisting", "NAME")


def test_a_disabled_account_fails_like_a_wrong_password(app: Any, client: TestClient) -> None:
    from turnbuckle.web import accounts

    sign_up(client, "Gone")
    client.post("/logout")
    db = app.state.service.repository.db
    accounts.disable(db, accounts.find(db, "Gone").id)  # type: ignore[union-attr]
    answer = log_in(client, "Gone")
    assert answer.status_code == 401 and "wrong name or password" in answer.text


@pytest.mark.parametrize("name", ["rex_hammond", "REX-HAMMOND", "Rех_Hammond", "Rex_Hamm0nd"])
def test_a_name_like_a_taken_one_is_refused_as_taken(client: TestClient, name: str) -> None:
    assert sign_up(client, "Rex_Hammond").status_code == 303
    client.post("/logout")
    answer = sign_up(client, name)
    assert answer.status_code in (400, 409)
    assert "taken" in answer.text or "alphabets" in answer.text


def test_an_offensive_name_is_refused(client: TestClient) -> None:
    answer = sign_up(client, "Sh1tHead")
    assert answer.status_code == 400 and "not allowed" in answer.text


def test_sign_up_is_rate_limited_per_address(app: Any) -> None:
    with TestClient(app, client=("10.2.2.2", 4000)) as spammer:
        codes = [sign_up(spammer, f"taken_probe{i}", "x").status_code for i in range(11)]
    assert codes[:10] == [400] * 10 and codes[10] == 429


@pytest.mark.parametrize("path", ["/signup", "/login", "/logout", "/logout-everywhere", "/account/password"])
@pytest.mark.parametrize("headers", [{"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}])
def test_a_form_posted_from_another_site_is_refused(client: TestClient, path: str, headers: dict[str, str]) -> None:
    sign_up(client, "Careful")
    answer = client.post(path, data={"name": "Careful", "password": PASSWORD, "current": PASSWORD,
                                     "password2": PASSWORD}, headers=headers, follow_redirects=False)
    assert answer.status_code == 403
    assert client.get("/account").status_code == 200 and "Careful" in client.get("/account").text


def test_passwords_and_session_ids_never_reach_the_logs(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    sign_up(client, "Quiet_One", "my secret pass phrase")
    log_in(client, "Quiet_One", "my secret pass phrase")
    log_in(client, "Quiet_One", "wrong secret phrase")
    session = client.cookies.get("tb_player") or ""
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert session and session not in text
    assert "my secret pass phrase" not in text and "wrong secret phrase" not in text


def test_accounts_need_the_database(tmp_path: Path) -> None:
    from turnbuckle.web.app import create_app
    from turnbuckle.web.repository import MemoryRepository

    with TestClient(create_app(MemoryRepository()), client=LOOPBACK) as memory:
        assert memory.post("/signup", data={"name": "Nobody", "password": PASSWORD}).status_code == 404


def test_two_sign_ups_of_one_name_at_once_give_one_account(app: Any) -> None:
    import threading

    barrier = threading.Barrier(2)
    codes: list[int] = []

    def attempt(name: str) -> None:
        with TestClient(app, client=LOOPBACK) as client:
            barrier.wait()
            codes.append(sign_up(client, name).status_code)

    threads = [threading.Thread(target=attempt, args=(n,)) for n in ("Twin", "TWIN")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [303, 409]


def test_an_expired_session_is_a_guest(app: Any) -> None:
    from datetime import timedelta

    from turnbuckle.store import utcnow
    from turnbuckle.web import accounts, sessions

    db = app.state.service.repository.db
    player = accounts.sign_up(db, "Old_Timer", PASSWORD)
    old = sessions.open_session(db, accounts.KIND, str(player.id), timedelta(days=30),
                                now=utcnow() - timedelta(days=31))
    fresh = accounts.open_session(db, player)
    assert accounts.player_of_session(db, old) is None
    assert accounts.player_of_session(db, fresh) == player
    with TestClient(app, client=LOOPBACK) as client:
        use_cookie(client, old)
        assert client.post("/api/lobby/challenges", json={"game": "powerhouses"}).status_code == 401


@pytest.mark.parametrize("name", ["Françoise", "日本語名", "Müller"])
def test_a_name_in_any_alphabet_signs_up_and_has_its_page(client: TestClient, name: str) -> None:
    answer = sign_up(client, name)
    assert answer.status_code == 303
    page = client.get(answer.headers["location"])
    assert page.status_code == 200 and f"<h1>{name}</h1>" in page.text
    assert client.get(f"/api/players/{name.upper()}").json()["name"] == name
