"""Secret tokens kept as hashes: a match's seat tokens and a promotion's admin token.

A token is random URL-safe text shown once; only its sha256 is stored, so a copy of the database
gives nobody a key. Checks compare hashes in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
"""Random bytes of a token: 192 bits, 32 URL-safe characters."""
MAX_TOKEN_LENGTH = 200
"""A presented token longer than this is not hashed at all (no token is nearly this long)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(stored_hash: str | None, token: str | None) -> bool:
    """True when ``token`` hashes to ``stored_hash`` (compared in constant time)."""
    if not token or stored_hash is None or len(token) > MAX_TOKEN_LENGTH:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


__all__ = ["MAX_TOKEN_LENGTH", "TOKEN_BYTES", "new_token", "token_hash", "token_matches"]
