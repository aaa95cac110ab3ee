"""A player's notification settings and Web Push subscriptions (``turnbuckle.web.notifier``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.store.notify_models import NotifyPrefs, PushSubscription
from turnbuckle.web.account_pages import require_player
from turnbuckle.web.api import ERRORS, limited
from turnbuckle.web.errors import BadRequest, NotFound
from turnbuckle.web.league_common import call, database
from turnbuckle.web.notifier import DEFAULTS, Notifier

router = APIRouter(prefix="/api")
MAX_SUBSCRIPTIONS = 10


class Prefs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    email: str | None = Field(None, max_length=254, description="where e-mails go (none: no e-mail)")
    turn: bool = True
    reminder: bool = True
    digest: bool = False
    push: bool = True


class Keys(BaseModel):
    p256dh: str = Field(max_length=200)
    auth: str = Field(max_length=100)


class Subscription(BaseModel):
    """As the browser's ``PushSubscription.toJSON()`` gives it."""

    endpoint: str = Field(max_length=1000)
    keys: Keys
    expirationTime: float | None = None


def _notifier(request: Request) -> Notifier | None:
    found: Notifier | None = getattr(request.app.state, "notifier", None)
    return found


def _get(request: Request) -> dict[str, Any]:
    db = database(request)
    player = require_player(request)
    sender = _notifier(request)
    with db.read() as session:
        row = session.get(NotifyPrefs, player.id) or DEFAULTS
        count = len(list(session.scalars(PushSubscription.__table__.select().where(
            PushSubscription.player_id == player.id))))
        return {"email": row.email, "turn": row.turn, "reminder": row.reminder, "digest": row.digest,
                "push": row.push, "devices": count, "mail_configured": bool(sender and sender.config.mail),
                "push_key": sender.config.vapid_public_key if sender and sender.config.push else None}


def _set(request: Request, body: Prefs) -> dict[str, Any]:
    db = database(request)
    player = require_player(request)
    email = (body.email or "").strip() or None
    if email is not None and ("@" not in email or any(c.isspace() or ord(c) < 32 for c in email)):
        raise BadRequest("that is not an e-mail address")
    with db.write() as session:
        row = session.get(NotifyPrefs, player.id)
        if row is None:
            row = NotifyPrefs(player_id=player.id)
            session.add(row)
        row.email, row.turn, row.reminder = email, body.turn, body.reminder
        row.digest, row.push = body.digest, body.push
    return _get(request)


def _subscribe(request: Request, body: Subscription) -> dict[str, Any]:
    db = database(request)
    player = require_player(request)
    sender = _notifier(request)
    if sender is None or not sender.config.push:
        raise NotFound("this server sends no push notifications (the operator has set no VAPID keys)")
    if not body.endpoint.startswith("https://") and not body.endpoint.startswith("http://127.0.0.1"):
        raise BadRequest("a push endpoint is an https address")
    with db.write() as session:
        mine = list(session.scalars(PushSubscription.__table__.select().where(PushSubscription.player_id == player.id)))
        if len(mine) >= MAX_SUBSCRIPTIONS:
            raise BadRequest(f"at most {MAX_SUBSCRIPTIONS} devices: remove one first")
        session.add(PushSubscription(player_id=player.id, endpoint=body.endpoint, p256dh=body.keys.p256dh,
                                     auth=body.keys.auth))
    return _get(request)


@router.get("/players/me/notifications", summary="Your notification settings", responses=ERRORS)
async def get_prefs(request: Request) -> dict[str, Any]:
    found: dict[str, Any] = await call(_get, request)
    return found


@router.post("/players/me/notifications", summary="Change your notification settings", responses=ERRORS,
             dependencies=[limited("act")])
async def set_prefs(request: Request, body: Prefs) -> dict[str, Any]:
    found: dict[str, Any] = await call(_set, request, body)
    return found


@router.post("/players/me/push", status_code=201, summary="Add this browser's Web Push subscription",
             responses=ERRORS, dependencies=[limited("act")])
async def subscribe(request: Request, body: Subscription) -> dict[str, Any]:
    found: dict[str, Any] = await call(_subscribe, request, body)
    return found


__all__ = ["router"]
