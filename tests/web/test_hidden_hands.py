"""WRASSLIN' hands stay secret: nothing seat 0 (or a spectator) is sent names a card of the other
seat's hand that seat 0 could not know from its own observation and the public commentary."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from turnbuckle.engine.game import TERMINAL
from turnbuckle.web.views import legal_action_list, picture


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_seat_zero_never_sees_seat_one_cards(client: TestClient) -> None:
    created = client.post("/api/matches", json={"game": "wrasslin", "seats": ["human", "invite"], "seed": 21}).json()
    tokens = {0: created["owner_token"], 1: created["invites"][0]["token"]}
    match_id = created["id"]
    base = f"/api/matches/{match_id}"
    live = client.app.state.service.get(match_id)  # type: ignore[attr-defined]
    card_names = sorted({c.name for c in live.game.cards}, key=len, reverse=True)
    known_to_zero: set[str] = set()
    known_to_all: set[str] = set()
    checked = 0

    def names_in(text: str) -> set[str]:
        return {name for name in card_names if name in text}

    def check(text: str, secret: set[str], who: str) -> None:
        leaked = secret & names_in(text)
        assert not leaked, f"{who} was sent {sorted(leaked)} from another seat's hand"

    for _ in range(3000):
        state = live.state
        if state.current_player() == TERMINAL:
            break
        # what seat 0 may know: its observation so far and every public event; spectators: the events
        # and the table without any hand
        obs0 = state.observation(0)
        events_text = json.dumps([e.to_dict() for e in state.events])
        game = live.game
        drawn = json.dumps(picture(game, obs0))  # functions of obs0 alone
        moves = json.dumps(legal_action_list(game, state, 0))
        known_to_zero |= names_in(json.dumps(obs0) + drawn + moves) | names_in(events_text)
        public_obs = {k: v for k, v in obs0.items() if k not in ("hand", "player")}
        shown = json.dumps(public_obs) + json.dumps(picture(game, public_obs))
        known_to_all |= names_in(shown) | names_in(events_text)
        hand1 = set(state.observation(1)["hand"])
        hands = set(obs0["hand"]) | hand1
        secret_from_zero = hand1 - known_to_zero
        secret_from_all = hands - known_to_all
        # everything seat 0's token is sent
        responses = [
            client.get(f"{base}/seats/0", params={"render": "true"}, headers=auth(tokens[0])),
            client.get(base, headers=auth(tokens[0])),
            client.get(f"{base}/events", params={"since": 0}),
        ]
        for response in responses:
            assert response.status_code == 200
            check(response.text, secret_from_zero, "seat 0")
        public = client.get(f"{base}/public", params={"render": "true"})
        assert "hand" not in public.json()["observation"]
        check(public.text, secret_from_all, "a spectator")
        # seat 1's secrets are not reachable with seat 0's token at all
        assert client.get(f"{base}/seats/1", headers=auth(tokens[0])).status_code == 403
        assert client.get(f"{base}/replay").status_code == 403
        checked += len(secret_from_zero)
        mover = state.current_player()
        view = client.get(f"{base}/seats/{mover}", headers=auth(tokens[mover])).json()
        name = _policy(view["legal_actions"])
        posted = client.post(f"{base}/seats/{mover}/actions", json={"action": name}, headers=auth(tokens[mover]))
        assert posted.status_code == 200, posted.text
        if mover == 0:
            check(posted.text, secret_from_zero, "seat 0's move response")
    assert live.state.is_terminal()
    assert checked > 50  # seat 1 really held cards seat 0 could not know about


def _policy(legal: list[dict[str, Any]]) -> str:
    """Play holds when possible (the match moves on), else the first action."""
    names = [a["name"] for a in legal]
    for name in names:
        if name.startswith("play ") and "Wild Card" not in name:
            return name
    return names[0]
