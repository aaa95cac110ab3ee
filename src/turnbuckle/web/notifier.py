"""Telling players away from the site: Web Push (VAPID, through pywebpush) and e-mail (smtplib),
each only when the operator configured it (``NotifyConfig.from_environment``).

Three kinds, each switchable per player (``notify_prefs``): "your turn" once a match has waited
``turn_delay`` seconds for them (a quick reply needs no message), a reminder once 80% of the running
decision's time is used (lichess's alarm), and a daily digest e-mail of the matches waiting. Every
server process looks every few seconds; a notification is claimed by inserting its key
(``notifications_sent``: player and e.g. ``turn:MATCH:POSITION``) before it is sent, so of several
processes exactly one sends it, and it is never sent twice after a restart.
"""

from __future__ import annotations

import json
import logging
import os
import smtplib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy import delete, select

from turnbuckle.store import Database, StoreError
from turnbuckle.store.live_models import LiveMatchRow
from turnbuckle.store.notify_models import NotificationSent, NotifyPrefs, PushSubscription
from turnbuckle.store.player_models import PlayerSeat
from turnbuckle.web import clocks
from turnbuckle.web.periodic import Periodic

log = logging.getLogger("turnbuckle.web.notify")

TURN_DELAY = 120.0
"""Seconds a match waits for a player before "your turn" goes out."""
REMINDER_SHARE = 0.8
LOOK_SECONDS = 5.0
DEFAULTS = NotifyPrefs(email=None, turn=True, reminder=True, digest=False, push=True)


@dataclass(frozen=True)
class NotifyConfig:
    """What the operator set up (environment variables: secrets stay off the command line)."""

    smtp_url: str | None = None
    """``smtp://USER:PASSWORD@HOST:PORT`` (``?starttls=1``) or ``smtps://...``: $TURNBUCKLE_SMTP_URL."""
    mail_from: str = "turnbuckle@localhost"
    vapid_private_key: str | None = None
    """A PEM file's path or the raw key (base64url), as pywebpush takes it: $TURNBUCKLE_VAPID_PRIVATE_KEY."""
    vapid_public_key: str | None = None
    """The application server key browsers subscribe with (base64url): $TURNBUCKLE_VAPID_PUBLIC_KEY."""
    vapid_subject: str = "mailto:admin@localhost"
    public_url: str = ""
    """The site's address for links in messages ($TURNBUCKLE_PUBLIC_URL; "": relative links)."""

    @property
    def mail(self) -> bool:
        return bool(self.smtp_url)

    @property
    def push(self) -> bool:
        return bool(self.vapid_private_key and self.vapid_public_key)

    @classmethod
    def from_environment(cls, environ: dict[str, str] | None = None) -> NotifyConfig:
        env = dict(os.environ if environ is None else environ)
        return cls(smtp_url=env.get("TURNBUCKLE_SMTP_URL") or None,
                   mail_from=env.get("TURNBUCKLE_MAIL_FROM") or cls.mail_from,
                   vapid_private_key=env.get("TURNBUCKLE_VAPID_PRIVATE_KEY") or None,
                   vapid_public_key=env.get("TURNBUCKLE_VAPID_PUBLIC_KEY") or None,
                   vapid_subject=env.get("TURNBUCKLE_VAPID_SUBJECT") or cls.vapid_subject,
                   public_url=(env.get("TURNBUCKLE_PUBLIC_URL") or "").rstrip("/"))


@dataclass(frozen=True)
class Notice:
    player_id: int
    key: str
    kind: str
    """turn, reminder or digest."""
    title: str
    body: str
    url: str


def send_mail(config: NotifyConfig, to: str, subject: str, body: str) -> None:
    """One plain-text e-mail through the configured SMTP server."""
    assert config.smtp_url
    parts = urlsplit(config.smtp_url)
    secure = parts.scheme == "smtps"
    port = parts.port or (465 if secure else 25)
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = config.mail_from, to, subject
    message.set_content(body)
    smtp_class = smtplib.SMTP_SSL if secure else smtplib.SMTP
    with smtp_class(parts.hostname or "localhost", port, timeout=20) as smtp:
        if not secure and parse_qs(parts.query).get("starttls") == ["1"]:
            smtp.starttls()
        if parts.username:
            smtp.login(unquote(parts.username), unquote(parts.password or ""))
        smtp.send_message(message)


def send_push(config: NotifyConfig, subscription: PushSubscription, payload: dict[str, Any]) -> bool:
    """One Web Push message; False when the browser's subscription is gone (404/410: drop it)."""
    from pywebpush import WebPushException, webpush

    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(info, json.dumps(payload), vapid_private_key=config.vapid_private_key,
                vapid_claims={"sub": config.vapid_subject}, timeout=20)
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):
            return False
        raise
    return True


class Notifier:
    """Looks every ``look`` seconds for what to tell whom, claims each notice once, sends it."""

    def __init__(self, db: Database, config: NotifyConfig, *, now: Callable[[], float] = time.time,
                 turn_delay: float = TURN_DELAY, look: float = LOOK_SECONDS) -> None:
        self.db = db
        self.config = config
        self.now = now
        self.turn_delay = turn_delay
        self.look = look
        self._looking = Periodic("turnbuckle-notify", lambda: self.look, self.run_once, "notifications: a look failed")

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> None:
        if self.config.mail or self.config.push:  # nothing to send with: no thread
            self._looking.start()

    def stop(self) -> None:
        self._looking.stop()

    # -- what is due -----------------------------------------------------------------------------
    def due(self) -> list[Notice]:
        """Every notice due now (claimed or not)."""
        now = self.now()
        found: list[Notice] = []
        waiting: dict[int, list[str]] = {}
        with self.db.read() as session:
            rows = session.execute(
                select(PlayerSeat.player_id, LiveMatchRow.id, LiveMatchRow.game, LiveMatchRow.clock,
                       LiveMatchRow.updated_at)
                .join(PlayerSeat, PlayerSeat.match_id == LiveMatchRow.id)
                .where(LiveMatchRow.to_move == PlayerSeat.seat, LiveMatchRow.finished.is_(False),
                       LiveMatchRow.stopped == "")).all()
            prefs = {p.player_id: p for p in session.scalars(select(NotifyPrefs))}
            session.expunge_all()  # kept as read (the read session's rollback would expire them)
        for player_id, match_id, game, clock, updated in rows:
            waiting.setdefault(player_id, []).append(f"{game} {match_id}")
            url = f"{self.config.public_url}/turns"
            position = clock["position"] if clock else int(updated.timestamp())
            choice = prefs.get(player_id, DEFAULTS)
            if choice.turn and now - updated.timestamp() >= self.turn_delay:
                found.append(Notice(player_id, f"turn:{match_id}:{position}", "turn", "Your turn",
                                    f"Your move in {game} (match {match_id}).", url))
            since = clock.get("since") if clock else None
            if choice.reminder and since is not None and clock["seat"] is not None:
                allowed = float(clock["left"][clock["seat"]])
                if allowed > 0 and now - float(since) >= REMINDER_SHARE * allowed:
                    left = clocks.deadline(clock)
                    minutes = max(0, int(((left or now) - now) // 60))
                    found.append(Notice(player_id, f"reminder:{match_id}:{position}", "reminder", "Time is running out",
                                        f"{minutes} minutes left for your move in {game} (match {match_id}).", url))
        day = datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d")
        for player_id, choice in prefs.items():
            if choice.digest and choice.email and waiting.get(player_id):
                lines = "\n".join(f"- {w}" for w in waiting[player_id])
                found.append(Notice(player_id, f"digest:{day}", "digest", "Your matches waiting for you",
                                    f"These matches wait for your move:\n{lines}",
                                    f"{self.config.public_url}/turns"))
        return found

    def claim(self, notice: Notice) -> bool:
        """Insert the notice's key: True for the one process whose insert it was."""
        try:
            with self.db.write() as session:
                if session.get(NotificationSent, (notice.player_id, notice.key)) is not None:
                    return False
                session.add(NotificationSent(player_id=notice.player_id, key=notice.key))
        except StoreError:  # another process inserted it between the look and the insert
            return False
        return True

    def run_once(self) -> int:
        """Claim and send every due notice; returns how many this call sent."""
        sent = 0
        for notice in self.due():
            if not self.claim(notice):
                continue
            try:
                self.send(notice)
                sent += 1
            except Exception:
                log.exception("notifications: could not send %s to player %d", notice.kind, notice.player_id)
        return sent

    def send(self, notice: Notice) -> None:
        with self.db.read() as session:
            choice = session.get(NotifyPrefs, notice.player_id) or DEFAULTS
            subscriptions = list(session.scalars(select(PushSubscription)
                                                 .where(PushSubscription.player_id == notice.player_id)))
            session.expunge_all()
        if self.config.push and choice.push and notice.kind != "digest":
            payload = {"title": notice.title, "body": notice.body, "url": notice.url}
            for subscription in subscriptions:
                if not send_push(self.config, subscription, payload):
                    with self.db.write() as session:
                        session.execute(delete(PushSubscription).where(PushSubscription.id == subscription.id))
        if self.config.mail and choice.email:
            link = notice.url if notice.url.startswith("http") else f"(on the site: {notice.url})"
            send_mail(self.config, choice.email, f"turnbuckle: {notice.title}", f"{notice.body}\n\n{link}\n")


__all__ = ["Notice", "Notifier", "NotifyConfig", "send_mail", "send_push"]
