"""League card matches played in the browser: the spectators' links to them, and storing each
into its league when it ends (at once by the web match service's finish hook, ``StoreBack``; on
the next page view by ``store_finished`` after a restart). Both the pages and the admin endpoints
use them.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from sqlalchemy import select

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.league import public
from turnbuckle.league.people import LIVE, latest_live
from turnbuckle.league.runner import collect_card, collect_live
from turnbuckle.store.db import Database
from turnbuckle.store.errors import StoreBusyError
from turnbuckle.store.league_models import LeagueEvent, LeagueMatch

log = logging.getLogger("turnbuckle.web.league")


def live_links(db: Database, league_id: int, event: dict[str, Any]) -> dict[int, str]:
    """The spectators' link of each match being played in the browser, by match id."""
    out = {}
    for match in event["matches"]:
        if match["status"] == LIVE:
            record = latest_live(db, league_id, match["id"])
            if record is not None:
                out[match["id"]] = f"/m/{record.id}"
    return out


def store_finished(db: Database, league_id: int) -> None:
    """Store any card match of the league whose browser match is over but not stored yet (the
    finish hook does it at once; this catches a server restarted meanwhile)."""
    with db.read() as session:
        rows = session.execute(
            select(LeagueMatch.id, LeagueEvent.number)
            .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
            .where(LeagueEvent.league_id == league_id, LeagueMatch.status == LIVE)
        ).all()
    if not rows:
        return
    name = public.league_name(db, league_id)
    for match_id, number in rows:
        record = latest_live(db, league_id, match_id)
        if record is not None and record.finished:
            try:
                collect_card(db, name, number)
            except (TurnbuckleError, StoreBusyError):
                log.exception("could not store match %s of %s", match_id, name)


class StoreBack:
    """The web match service's finish hook: a league card match played in the browser is stored
    into the league when it ends (in a thread: the hook is called with the match locked)."""

    def __init__(self, db: Database, attempts: int = 5) -> None:
        self.db = db
        self.attempts = attempts
        self.threads: list[threading.Thread] = []

    def __call__(self, record: Any) -> None:
        live_id = str(getattr(record, "id", ""))
        if not live_id.startswith("lg"):
            return
        thread = threading.Thread(target=self.store, args=(live_id,), name=f"league-store-{live_id}", daemon=True)
        self.threads = [t for t in self.threads if t.is_alive()] + [thread]
        thread.start()

    def store(self, live_id: str) -> None:
        for attempt in range(self.attempts):
            try:
                collect_live(self.db, live_id)
                return
            except StoreBusyError:
                time.sleep(0.2 * (attempt + 1))
            except Exception:
                log.exception("could not store the league match of web match %s", live_id)
                return
        log.error("gave up storing the league match of web match %s: the league stayed busy", live_id)


__all__ = ["StoreBack", "live_links", "store_finished"]
