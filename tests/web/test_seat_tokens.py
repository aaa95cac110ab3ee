"""Seat tokens (issue 21 item 1): each one independent random data stored only as a hash; the match's
creator manages it but never plays an invited seat; the owner sees or replaces an invite link only
until the guest opens it, and from then on only the guest's token reads or acts for that seat."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from turnbuckle.store import open_database
from turnbuckle.web.app import create_app
from turnbuckle.web.limits import Limits
from turnbuckle.web.sql_repository import SqlRepository

LOOPBACK = ("127.0.0.1", 50000)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def guesses(owner: str, match_id: str, seat: int) -> list[str]:
    """What the creator could compute from their own token: the old derivation of invite tokens."""
    digest = hmac.new(owner.encode(), f"{match_id}:{seat}".encode(), hashlib.sha256).hexdigest()
    return [digest[:32], digest]


def test_the_creator_cannot_read_or_act_for_an_invited_wrasslin_seat(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    owner, match_id = created["owner_token"], created["id"]
    base = f"/api/matches/{match_id}"
    invite = created["invites"][0]["token"]
    for token in [owner, *guesses(owner, match_id, 1)]:
        assert token != invite
        assert client.get(f"{base}/seats/1", headers=auth(token)).status_code == 403  # the hand stays hidden
        assert client.post(f"{base}/seats/1/actions", json={"action": "pass"},
                           headers=auth(token)).status_code == 403
        assert client.post(f"{base}/seats/1/takeback", headers=auth(token)).status_code == 403
    assert client.get(f"{base}/seats/1", headers=auth(invite)).status_code == 200


def test_tokens_are_random_and_stored_only_as_hashes(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    other = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    tokens = [created["owner_token"], created["invites"][0]["token"], other["owner_token"],
              other["invites"][0]["token"]]
    assert len(set(tokens)) == 4
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "==")) >= 16  # at least 128 bits
    record = client.app.state.service.repository.get(created["id"])  # type: ignore[attr-defined]
    stored = json.dumps(record.tokens)
    assert created["owner_token"] not in stored and created["invites"][0]["token"] not in stored
    assert set(record.tokens) == {hashlib.sha256(t.encode()).hexdigest() for t in tokens[:2]}


def test_the_owner_sees_an_unopened_link_until_the_guest_opens_it(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    owner, invite = created["owner_token"], created["invites"][0]["token"]
    base = f"/api/matches/{created['id']}"
    listed = client.get(f"{base}/invites", headers=auth(owner)).json()
    assert listed[0]["opened"] is False and listed[0]["url"] == created["invites"][0]["url"]
    assert listed[0]["url"].startswith("http://testserver/m/") and listed[0]["url"].endswith(f"#t={invite}")
    # the guest's first use opens the seat
    assert client.get(base, headers=auth(invite)).json()["you"] == {"seats": [1], "owner": False}
    listed = client.get(f"{base}/invites", headers=auth(owner)).json()
    assert listed[0]["opened"] is True and listed[0]["url"] is None
    replaced = client.post(f"{base}/invites/1", headers=auth(owner))
    assert replaced.status_code == 409 and "opened" in replaced.json()["error"]
    assert client.get(f"{base}/seats/1", headers=auth(invite)).status_code == 200


def test_regenerating_an_unopened_link_revokes_the_old_one(client: TestClient) -> None:
    created = create(client, game="wrasslin", seats=["human", "invite"], seed=5)
    owner, old = created["owner_token"], created["invites"][0]["token"]
    base = f"/api/matches/{created['id']}"
    fresh = client.post(f"{base}/invites/1", headers=auth(owner))
    assert fresh.status_code == 200, fresh.text
    new = fresh.json()["token"]
    assert new != old and fresh.json()["url"].endswith(f"#t={new}")
    assert client.get(f"{base}/seats/1", headers=auth(old)).status_code == 403
    assert client.get(f"{base}/invites", headers=auth(owner)).json()[0]["url"] == fresh.json()["url"]
    assert client.get(f"{base}/seats/1", headers=auth(new)).status_code == 200
    # only the owner manages links, and only of invited seats
    assert client.get(f"{base}/invites", headers=auth(new)).status_code == 403
    assert client.post(f"{base}/invites/1", headers=auth(new)).status_code == 403
    assert client.post(f"{base}/invites/0", headers=auth(owner)).status_code == 404
    assert client.post(f"{base}/invites/1").status_code == 403


def test_opened_and_unopened_links_survive_a_restart(tmp_path: Path) -> None:
    url = str(tmp_path / "live.db")
    limits = Limits(exempt_loopback=True)
    with TestClient(create_app(SqlRepository(open_database(url)), limits=limits), client=LOOPBACK) as client:
        created = create(client, game="wrasslin", seats=["human", "invite", "invite", "computer:heuristic"],
                         params={"match_type": "tag"}, seed=5)
        owner = created["owner_token"]
        first, second = (i["token"] for i in created["invites"])
        assert client.get(f"/api/matches/{created['id']}", headers=auth(first)).status_code == 200
    with TestClient(create_app(SqlRepository(open_database(url)), limits=limits), client=LOOPBACK) as client:
        base = f"/api/matches/{created['id']}"
        listed = {i["seat"]: i for i in client.get(f"{base}/invites", headers=auth(owner)).json()}
        assert listed[1]["opened"] is True and listed[1]["url"] is None
        assert listed[2]["opened"] is False and listed[2]["url"].endswith(f"#t={second}")
        assert client.get(f"{base}/seats/1", headers=auth(first)).status_code == 200
        assert client.get(f"{base}/seats/1", headers=auth(owner)).status_code == 403


def test_the_event_stream_alone_takes_a_token_in_its_address(client: TestClient) -> None:
    created = create(client, game="powerhouses", seats=["computer:heuristic", "computer:heuristic"], seed=6, delay=0)
    base = f"/api/matches/{created['id']}"
    owner = created["owner_token"]
    for path in (base, f"{base}/seats/0", f"{base}/invites", f"{base}/public"):
        refused = client.get(path, params={"token": owner})
        assert refused.status_code == 400 and "Authorization: Bearer" in refused.json()["error"], path
    assert client.get(f"{base}/stream", params={"token": "not-a-token", "seconds": 1}).status_code == 403
    with client.stream("GET", f"{base}/stream", params={"token": owner, "seconds": 1}) as response:
        assert response.status_code == 200
        first = next(line for line in response.iter_lines() if line.startswith("data: "))
    assert json.loads(first[6:])["you"] == {"seats": [], "owner": True}
