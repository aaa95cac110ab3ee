"""A promotion's admin token: the key that lets a browser run the promotion (sign, book, run).

``league new`` makes one and ``league admin-token`` replaces it; the token is shown once and only
its sha256 is stored, so a copy of the database gives nobody the key. Without a token nothing in
the browser can change the league.
"""

from __future__ import annotations

from typing import Any

from turnbuckle.league.lookup import get_league
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import League
from turnbuckle.store.tokens import new_token, token_hash, token_matches


def new_admin_token() -> tuple[str, str]:
    """A fresh token and the hash to store."""
    token = new_token()
    return token, token_hash(token)


def admin_token_matches(league: League, token: str | None) -> bool:
    """True when ``token`` is the league's current admin token (compared in constant time)."""
    return token_matches(league.admin_token_hash, token)


def issue_admin_token(db: Database, league_name: str | None) -> dict[str, Any]:
    """A new admin token for the league; the old one stops working at once, and so does every
    browser's session logged in with it (``web.sessions``)."""
    from turnbuckle.web.sessions import LEAGUE_ADMIN, revoke_all_in  # lazy: the web package imports the league

    token, digest = new_admin_token()
    with db.write() as session:
        league = get_league(session, league_name)
        revoked = league.admin_token_hash is not None
        league.admin_token_hash = digest
        revoke_all_in(session, LEAGUE_ADMIN, str(league.id))  # every browser logged in with the old one
        return {"league": league.name, "id": league.id, "admin_token": token, "revoked_old": revoked}


__all__ = ["admin_token_matches", "issue_admin_token", "new_admin_token", "token_hash"]
