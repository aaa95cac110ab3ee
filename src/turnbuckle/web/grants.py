"""Seat tokens and what each one grants: who may see and do what in a match.

Every token is independent random data (192 bits) and is stored only as its sha256, next to its
grant (``LiveMatchRecord.tokens``: hash -> grant, JSON):

- the owner's token (``"owner": true``) manages the match (pacing, invite links) and plays the
  seats its creator plays at their own screen (``human``, ``hot-seat``);
- an invite token (``"invite": {...}``) plays its one seat, and nothing else.

The owner must be able to show an invite link until the guest opens it, yet the server keeps no
token it could leak. So an unopened invite token is kept *sealed* in its grant: XOR-ed with a key
stream only the owner's token can make (HMAC-SHA256 keyed by the owner token, over the match, the
seat and a random nonce). A request bearing the owner's token unseals it; the database alone cannot.
The first time the guest's token is used, the grant is marked opened and the sealed copy is
deleted: from then on no one but that guest reads the seat or acts for it, and the owner can no
longer see or replace the link. Until then the owner may regenerate the link, which revokes the
old one.

Grants from before this scheme (an invite token derived from the owner's) have no ``invite`` part:
they keep working and count as opened.

These are pure functions over the grants dict; the match service applies them under the match's
lock and stores the result.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from turnbuckle.store.tokens import TOKEN_BYTES, new_token, token_hash

PEOPLE = ("human", "hot-seat")
"""Seats the match's creator plays at their own screen (the owner token plays them)."""
INVITE = "invite"

Grants = dict[str, dict[str, Any]]
"""sha256 of a token -> its grant, as stored with the match."""


@dataclass(frozen=True)
class Grant:
    """What one token may do in one match."""

    seats: frozenset[int]
    owner: bool = False
    invite: bool = False
    opened: bool = True


NOBODY = Grant(frozenset())
"""No token: a spectator."""


def token_of(authorization: str | None, token: str | None = None) -> str | None:
    """The bearer token of the ``Authorization`` header (``token``: the stream's query parameter)."""
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    return token or None


MATCH_TERMS = ("takebacks", "hints")
"""What the people of a match agreed to at its creation, kept in every grant (so a regenerated
invite keeps them): take-backs with another person playing, hints and reviews (web/review.py)."""


def issue(
    specs: Sequence[str], match_id: str, *, takebacks: bool = False, hints: bool | None = None
) -> tuple[Grants, str, dict[int, str]]:
    """The grants of a new match with these seat specs: (grants, owner token, invite token per seat).
    ``hints``: agreed (True) or refused (False) at creation; ``None`` leaves it to who is playing."""
    owner = new_token()
    grants: Grants = {token_hash(owner): {"seats": [i for i, s in enumerate(specs) if s in PEOPLE], "owner": True}}
    invites: dict[int, str] = {}
    for seat, spec in enumerate(specs):
        if spec == INVITE:
            invites[seat] = _add_invite(grants, owner, match_id, seat)
    for grant in grants.values():
        if takebacks:
            grant["takebacks"] = True
        if hints is not None:
            grant["hints"] = hints
    return grants, owner, invites


def find(grants: Grants, token: str) -> tuple[str, Grant] | None:
    """The hash and grant of ``token`` (``None``: not a token of this match)."""
    key = token_hash(token)
    stored = grants.get(key)
    if stored is None:
        return None
    invite = stored.get("invite")
    return key, Grant(
        seats=frozenset(int(s) for s in stored.get("seats", [])),
        owner=bool(stored.get("owner")),
        invite=invite is not None or (not stored.get("owner") and bool(stored.get("seats"))),
        opened=not isinstance(invite, dict) or bool(invite.get("opened")),
    )


def mark_opened(grants: Grants, key: str) -> bool:
    """The guest used their invite token: the seat is theirs alone now (the sealed copy goes).
    Returns whether anything changed."""
    invite = grants[key].get("invite")
    if not isinstance(invite, dict) or invite.get("opened"):
        return False
    grants[key]["invite"] = {"opened": True}
    return True


@dataclass(frozen=True)
class InviteLink:
    """An invited seat as its owner sees it: whether the guest has opened it, and until then its token."""

    seat: int
    opened: bool
    token: str | None


def invite_links(grants: Grants, owner_token: str, match_id: str) -> list[InviteLink]:
    """Every invited seat, with its token unsealed while the guest has not opened it."""
    links = []
    for key, stored in grants.items():
        invite = stored.get("invite")
        seats = stored.get("seats", [])
        if stored.get("owner") or len(seats) != 1 or "holder" in stored:
            continue
        seat = int(seats[0])
        opened = not isinstance(invite, dict) or bool(invite.get("opened"))
        token = None
        if not opened and isinstance(invite, dict) and "sealed" in invite:
            token = _unseal(str(invite["sealed"]), owner_token, match_id, seat)
            if token is not None and token_hash(token) != key:
                token = None  # sealed with another owner token: nothing to show
        links.append(InviteLink(seat, opened, token))
    return sorted(links, key=lambda link: link.seat)


def invited_seats(grants: Grants) -> list[dict[str, Any]]:
    """Every invited seat and whether its guest has opened the link (public: no token in it), so the
    owner's page can tell at once when the guest arrives."""
    seats = []
    for stored in grants.values():
        invite = stored.get("invite")
        if stored.get("owner") or len(stored.get("seats", [])) != 1 or invite is None:
            continue
        opened = not isinstance(invite, dict) or bool(invite.get("opened"))
        seats.append({"seat": int(stored["seats"][0]), "opened": opened})
    return sorted(seats, key=lambda s: s["seat"])


def regenerate(grants: Grants, owner_token: str, match_id: str, seat: int) -> str | None:
    """A new invite token for ``seat``, revoking the old one; ``None`` when the guest has opened
    the seat already (then nobody may replace them)."""
    for key, stored in list(grants.items()):
        if stored.get("owner") or "holder" in stored or [int(s) for s in stored.get("seats", [])] != [seat]:
            continue
        invite = stored.get("invite")
        if not isinstance(invite, dict) or invite.get("opened"):
            return None
        terms = {term: stored[term] for term in MATCH_TERMS if term in stored}
        del grants[key]
        token = _add_invite(grants, owner_token, match_id, seat)
        grants[token_hash(token)].update(terms)
        return token
    return None


HOLDER_TOKENS = 4
"""Tokens one holder (a player) keeps for one seat: one per browser it plays from, the oldest
revoked past this."""


def add_holder_token(grants: Grants, seat: int, holder: str) -> str:
    """A new token playing ``seat`` for ``holder`` (``player:7``: a player account, which the match
    service checks before asking), opened from the start; the holder's oldest tokens for the seat
    beyond ``HOLDER_TOKENS`` are revoked. It keeps the match's terms (take-backs, hints)."""
    terms = next(({t: g[t] for t in MATCH_TERMS if t in g} for g in grants.values()), {})
    mine = [k for k, g in grants.items() if g.get("holder") == holder and g.get("seats") == [seat]]
    for key in mine[: max(0, len(mine) - HOLDER_TOKENS + 1)]:
        del grants[key]
    token = new_token()
    grants[token_hash(token)] = {"seats": [seat], "owner": False, "holder": holder, **terms}
    return token


def _add_invite(grants: Grants, owner_token: str, match_id: str, seat: int) -> str:
    token = new_token()
    grants[token_hash(token)] = {"seats": [seat], "owner": False,
                                 "invite": {"opened": False, "sealed": _seal(token, owner_token, match_id, seat)}}
    return token


def _keystream(owner_token: str, match_id: str, seat: int, nonce: bytes) -> bytes:
    message = b"turnbuckle invite seal\x00" + f"{match_id}\x00{seat}\x00".encode() + nonce
    return hmac.new(owner_token.encode("utf-8"), message, hashlib.sha256).digest()


def _seal(token: str, owner_token: str, match_id: str, seat: int) -> str:
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    nonce = secrets.token_bytes(16)
    stream = _keystream(owner_token, match_id, seat, nonce)
    sealed = bytes(a ^ b for a, b in zip(raw, stream[: len(raw)], strict=True))
    return base64.urlsafe_b64encode(nonce + sealed).decode("ascii")


def _unseal(sealed: str, owner_token: str, match_id: str, seat: int) -> str | None:
    try:
        data = base64.urlsafe_b64decode(sealed)
    except ValueError:
        return None
    nonce, body = data[:16], data[16:]
    if len(nonce) != 16 or len(body) != TOKEN_BYTES:
        return None
    stream = _keystream(owner_token, match_id, seat, nonce)
    raw = bytes(a ^ b for a, b in zip(body, stream[: len(body)], strict=True))
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


__all__ = ["HOLDER_TOKENS", "NOBODY", "PEOPLE", "Grant", "Grants", "InviteLink", "add_holder_token",
           "find", "invite_links", "invited_seats", "issue", "mark_opened",
           "new_token", "regenerate", "token_hash", "token_of"]
