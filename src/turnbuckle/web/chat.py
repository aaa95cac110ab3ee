"""Chat per match: the players' room (seat tokens) and the spectators' room (logged-in players
without a seat), stored with the match; the players' room stays readable to the players after the
end (their replays), never to anyone else.

Rules: a message is at most ``MAX_LENGTH`` characters of plain text (control characters dropped;
the browser shows it with ``textContent``, never as HTML); each author may send ``BURST`` messages
per ``BURST_SECONDS`` and ``PER_MINUTE`` a minute, counted in the database so every server process
shares the count; a message with a word of the offensive list (``turnbuckle.players.names``, by
look-alike skeleton, whole words with common endings) is stored hidden: its author sees it, nobody else; a player who
muted another no longer sees that player's messages; and there is no chat against the computer
(no second person to talk to).
"""

from __future__ import annotations

import unicodedata
from dataclasses import asdict, dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, func, select

from turnbuckle.players.names import offensive_word
from turnbuckle.store import Database, utcnow
from turnbuckle.store.chat_models import ChatMessage, ChatMute
from turnbuckle.store.player_models import PlayerSeat
from turnbuckle.web.errors import BadRequest, Conflict, NotFound, TooManyRequests
from turnbuckle.web.livematch import LiveMatch

PLAYERS = "players"
SPECTATORS = "spectators"
ROOMS = (PLAYERS, SPECTATORS)
MAX_LENGTH = 300
BURST = 5
BURST_SECONDS = 10
PER_MINUTE = 20
SHOWN = 200


@dataclass(frozen=True)
class Message:
    id: int
    author: str
    seat: int | None
    text: str
    at: float
    hidden: bool
    """Caught by the word filter: shown to its author only (with this flag)."""
    account: bool = False
    """The author is a player (``author`` is the name): it can be muted."""


@dataclass(frozen=True)
class Author:
    """Who writes or reads: ``key`` counts the rate limit; ``player_id`` for accounts."""

    key: str
    name: str
    player_id: int | None = None
    seat: int | None = None


def clean(text: Any) -> str:
    """The message as stored: a string, control characters (text-direction overrides too) dropped,
    spaces trimmed; refused when empty or too long."""
    if not isinstance(text, str):
        raise BadRequest("a message is text")
    kept = "".join(c for c in text if c in " \n" or unicodedata.category(c)[0] != "C").strip()
    if not kept:
        raise BadRequest("an empty message")
    if len(kept) > MAX_LENGTH:
        raise BadRequest(f"a message is at most {MAX_LENGTH} characters")
    return kept


def filtered(text: str) -> bool:
    """Whether a word of the message is on the offensive list."""
    return any(offensive_word(word) for word in text.split())


def chat_off(match: LiveMatch) -> bool:
    """Against the computer (one person, or people sharing one screen: no invited seat) there is
    nobody to talk to."""
    people = [s for s in match.record.seats if not s.startswith("computer")]
    return len(people) < 2 or "invite" not in people


def post(db: Database, match: LiveMatch, room: str, author: Author, text: Any) -> Message:
    """Store a message (rate-limited per author across processes)."""
    if room not in ROOMS:
        raise NotFound(f"no chat room {room!r}: players or spectators")
    if chat_off(match):
        raise Conflict("there is no chat against the computer")
    body = clean(text)
    now = utcnow()
    with db.write() as session:
        def sent_since(seconds: int) -> int:
            return session.scalar(select(func.count()).select_from(ChatMessage).where(
                ChatMessage.author == author.key, ChatMessage.at > now - timedelta(seconds=seconds))) or 0

        if sent_since(BURST_SECONDS) >= BURST or sent_since(60) >= PER_MINUTE:
            raise TooManyRequests("you are sending messages too fast: wait a little", BURST_SECONDS)
        row = ChatMessage(match_id=match.id, room=room, seat=author.seat, player_id=author.player_id,
                          author=author.key, text=body, hidden=filtered(body), at=now)
        session.add(row)
        session.flush()
        return Message(row.id, author.name, author.seat, body, now.timestamp(), row.hidden,
                       author.player_id is not None)


def read(db: Database, match: LiveMatch, room: str, reader: Author | None, after: int = 0) -> list[Message]:
    """The room's messages after id ``after`` as ``reader`` sees them: hidden ones only its own,
    none of the players it muted."""
    if room not in ROOMS:
        raise NotFound(f"no chat room {room!r}: players or spectators")
    with db.read() as session:
        muted: set[int] = set()
        if reader is not None and reader.player_id is not None:
            muted = set(session.scalars(select(ChatMute.muted_id).where(ChatMute.player_id == reader.player_id)))
        rows = list(session.scalars(select(ChatMessage).where(
            ChatMessage.match_id == match.id, ChatMessage.room == room, ChatMessage.id > after)
            .order_by(ChatMessage.id.desc()).limit(SHOWN)))
        names = _names(session, {r.player_id for r in rows if r.player_id is not None})
        if not rows and after == 0 and chat_off(match):
            raise Conflict("there is no chat against the computer")
        out = []
        for row in reversed(rows):
            mine = reader is not None and row.author == reader.key
            if (row.hidden and not mine) or (row.player_id in muted and not mine):
                continue
            name = names.get(row.player_id) if row.player_id is not None else None
            label = name or (match.game.player_label(row.seat) if row.seat is not None else "?")
            out.append(Message(row.id, label, row.seat, row.text, row.at.timestamp(), row.hidden, bool(name)))
        return out


def _names(session: Any, ids: set[int]) -> dict[int, str]:
    from turnbuckle.store.player_models import Player

    if not ids:
        return {}
    return dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())


def seat_author(db: Database, match: LiveMatch, seat: int) -> Author:
    """The author of a seat's messages: its player when the seat is an account's, else the seat."""
    with db.read() as session:
        player_id = session.scalar(select(PlayerSeat.player_id).where(PlayerSeat.match_id == match.id,
                                                                      PlayerSeat.seat == seat))
        names = _names(session, {player_id} if player_id is not None else set())
    if player_id is not None:
        return Author(f"player:{player_id}", names.get(player_id, "?"), player_id, seat)
    return Author(f"{match.id}:{seat}", match.game.player_label(seat), None, seat)


def mute(db: Database, player_id: int, muted_id: int, on: bool = True) -> None:
    if player_id == muted_id:
        raise BadRequest("you cannot mute yourself")
    with db.write() as session:
        session.execute(delete(ChatMute).where(ChatMute.player_id == player_id, ChatMute.muted_id == muted_id))
        if on:
            session.add(ChatMute(player_id=player_id, muted_id=muted_id))


def as_json(messages: list[Message]) -> list[dict[str, Any]]:
    return [asdict(m) for m in messages]


__all__ = ["PLAYERS", "ROOMS", "SPECTATORS", "Author", "Message", "as_json", "chat_off", "clean", "filtered",
           "mute", "post", "read", "seat_author"]
