"""Players' accounts in the database: sign up, log in, change or reset a password, disable, and the
activity the operator lists. No HTTP here (``account_pages`` has the forms, the CLI the operator's
commands); sessions are ``turnbuckle.web.sessions`` of kind ``player`` with the player's id as subject.

What a caller learns is only what the person asking may: ``log_in`` fails the same way for a name
nobody has, a wrong password and a disabled account (and takes as long), and only ``sign_up``
says a name is taken. Passwords and session ids are never logged or stored in the clear.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from turnbuckle.players import names, passwords
from turnbuckle.store import Database, StoreError, utcnow
from turnbuckle.store.player_models import Challenge, Player, PlayerActivity
from turnbuckle.web import sessions

log = logging.getLogger("turnbuckle.web.accounts")

KIND = "player"
"""The sessions' kind for players (``turnbuckle.web.sessions``)."""
SESSION_DAYS = 30
SESSION_TTL = timedelta(days=SESSION_DAYS)


class AccountError(ValueError):
    """A refusal in words for the person asking (a taken name, a bad password...)."""


class NameTaken(AccountError):
    pass


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    name: str
    disabled: bool = False


def _info(row: Player) -> PlayerInfo:
    return PlayerInfo(row.id, row.name, row.disabled_at is not None)


def record(db: Database, player_id: int, kind: str, address: str = "") -> None:
    with db.write() as session:
        session.add(PlayerActivity(player_id=player_id, kind=kind, address=address[:64]))


def sign_up(db: Database, name: str, password: str, address: str = "") -> PlayerInfo:
    """A new account; ``AccountError`` saying why not (``NameTaken`` when the name, or one that
    looks the same, is someone's)."""
    try:
        shown = names.check(name)
    except names.BadName as exc:
        raise AccountError(str(exc)) from None
    try:
        hashed = passwords.hash_password(password)
    except passwords.BadPassword as exc:
        raise AccountError(str(exc)) from None
    shape = names.skeleton(shown)
    try:
        with db.write() as session:
            if session.scalar(select(Player.id).where(Player.skeleton == shape)) is not None:
                raise NameTaken("that name is taken (or looks too much like one that is): choose another")
            row = Player(name=shown, skeleton=shape, password_hash=hashed)
            session.add(row)
            session.flush()
            session.add(PlayerActivity(player_id=row.id, kind="signup", address=address[:64]))
            info = _info(row)
    except StoreError as exc:
        if "unique" in str(exc).lower() or "duplicate" in str(exc).lower():
            raise NameTaken("that name is taken (or looks too much like one that is): choose another") from None
        raise
    except IntegrityError:  # pragma: no cover - translated into StoreError above
        raise NameTaken("that name is taken: choose another") from None
    log.info("player %d signed up", info.id)
    return info


def log_in(db: Database, name: str, password: str) -> PlayerInfo | None:
    """The player when the name and password match an account that is not disabled, else None
    (the same for every reason, and the same work done)."""
    shape = names.skeleton(name)[:96]
    with db.read() as session:
        row = session.scalars(select(Player).where(Player.skeleton == shape)).first()
        found = (_info(row), row.password_hash) if row is not None else None
    stored = found[1] if found is not None else None
    if not passwords.verify(stored, password) or found is None or found[0].disabled:
        return None
    player, stored_hash = found
    if passwords.needs_rehash(stored_hash):
        with db.write() as session:
            session.execute(update(Player).where(Player.id == player.id)
                            .values(password_hash=passwords.hash_password(password)))
    return player


def open_session(db: Database, player: PlayerInfo, address: str = "", kind: str = "login") -> str:
    """A new session for the player (its id for the cookie), recorded as ``kind`` activity."""
    token = sessions.open_session(db, KIND, str(player.id), SESSION_TTL)
    record(db, player.id, kind, address)
    return token


def player_of_session(db: Database, token: str | None) -> PlayerInfo | None:
    """The player a session cookie names, while the session lives and the account is enabled."""
    subject = sessions.session_subject(db, KIND, token)
    if subject is None or not subject.isdecimal():
        return None
    with db.read() as session:
        row = session.get(Player, int(subject))
        if row is None or row.disabled_at is not None:
            return None
        return _info(row)


def find(db: Database, name: str) -> PlayerInfo | None:
    """The account whose name looks like ``name`` (pages address players by name)."""
    shape = names.skeleton(name)[:96]
    with db.read() as session:
        row = session.scalars(select(Player).where(Player.skeleton == shape)).first()
        return _info(row) if row is not None else None  # read inside: the session expires it after


def check_password(db: Database, player_id: int, password: str) -> bool:
    with db.read() as session:
        stored = session.scalar(select(Player.password_hash).where(Player.id == player_id))
    return passwords.verify(stored, password)


def set_password(db: Database, player_id: int, password: str, kind: str = "password", address: str = "") -> None:
    """Replace the password and end every session of the player (a stolen cookie stops working)."""
    try:
        hashed = passwords.hash_password(password)
    except passwords.BadPassword as exc:
        raise AccountError(str(exc)) from None
    with db.write() as session:
        session.execute(update(Player).where(Player.id == player_id).values(password_hash=hashed))
        sessions.revoke_all_in(session, KIND, str(player_id))
        session.add(PlayerActivity(player_id=player_id, kind=kind, address=address[:64]))


def log_out_everywhere(db: Database, player_id: int, address: str = "") -> int:
    """End every session of the player; returns how many were live."""
    with db.write() as session:
        ended = sessions.revoke_all_in(session, KIND, str(player_id))
        session.add(PlayerActivity(player_id=player_id, kind="logout_all", address=address[:64]))
    return ended


def disable(db: Database, player_id: int) -> int:
    """Disable the account: its sessions end and its open challenges are withdrawn (how many)."""
    now = utcnow()
    with db.write() as session:
        session.execute(update(Player).where(Player.id == player_id).values(disabled_at=now))
        sessions.revoke_all_in(session, KIND, str(player_id))
        done = session.execute(
            update(Challenge).where(Challenge.creator_id == player_id, Challenge.status == "open")
            .values(status="withdrawn", updated_at=now, version=Challenge.version + 1)
        )
        session.add(PlayerActivity(player_id=player_id, kind="disabled"))
    return int(getattr(done, "rowcount", 0) or 0)


def enable(db: Database, player_id: int) -> None:
    with db.write() as session:
        session.execute(update(Player).where(Player.id == player_id).values(disabled_at=None))
        session.add(PlayerActivity(player_id=player_id, kind="enabled"))


@dataclass(frozen=True)
class Activity:
    at: datetime
    name: str
    kind: str
    address: str


def activity(db: Database, since: datetime | None = None, limit: int = 200) -> list[Activity]:
    """Sign-ups, log-ins and account changes, newest first."""
    query = (select(PlayerActivity.at, Player.name, PlayerActivity.kind, PlayerActivity.address)
             .join(Player, Player.id == PlayerActivity.player_id)
             .order_by(PlayerActivity.at.desc(), PlayerActivity.id.desc()).limit(limit))
    if since is not None:
        query = query.where(PlayerActivity.at >= since)
    with db.read() as session:
        return [Activity(*row) for row in session.execute(query).all()]


def count(db: Database) -> int:
    with db.read() as session:
        return int(session.scalar(select(func.count()).select_from(Player)) or 0)


__all__ = ["KIND", "SESSION_DAYS", "AccountError", "Activity", "NameTaken", "PlayerInfo", "activity",
           "check_password", "disable", "enable", "find", "log_in", "log_out_everywhere", "open_session",
           "player_of_session", "record", "set_password", "sign_up"]
