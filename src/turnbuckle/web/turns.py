"""A player's "your turn" list: the matches where a seat of theirs has the decision now, read from
what every process stores with each change (``live_match.to_move``), so it is right whichever
process made the move. ``TurnsHub`` wakes this process's "your turn" streams when any match changes
(here, or in another process: the match service hears its notice), and every stream also looks
again every few seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from dataclasses import asdict, dataclass
from functools import lru_cache

from sqlalchemy import select

from turnbuckle.store import Database
from turnbuckle.store.live_models import LiveMatchRow
from turnbuckle.store.player_models import PlayerSeat
from turnbuckle.web import clocks

MAX_LISTED = 100


@dataclass(frozen=True)
class Turn:
    """One match waiting for the player."""

    match_id: str
    game: str
    title: str
    seat: int
    deadline: float | None
    """When the player's clock runs out (None: no clock)."""
    clock: str


@lru_cache(maxsize=64)
def _title(game: str) -> str:
    from turnbuckle.engine.registry import game_class

    try:
        return str(game_class(game).title)
    except Exception:  # a game no longer installed: its id
        return game


def your_turn(db: Database, player_id: int) -> list[Turn]:
    """The player's matches where one of their seats is to decide, the nearest deadline first."""
    with db.read() as session:
        rows = session.execute(
            select(LiveMatchRow.id, LiveMatchRow.game, PlayerSeat.seat, LiveMatchRow.deadline, LiveMatchRow.clock)
            .join(PlayerSeat, PlayerSeat.match_id == LiveMatchRow.id)
            .where(PlayerSeat.player_id == player_id, LiveMatchRow.to_move == PlayerSeat.seat,
                   LiveMatchRow.finished.is_(False), LiveMatchRow.stopped == "")
            .order_by(LiveMatchRow.updated_at.desc()).limit(MAX_LISTED)
        ).all()
    turns = [Turn(match_id, game, _title(game), seat, deadline.timestamp() if deadline is not None else None,
                  clocks.describe((clock or {}).get("control")))
             for match_id, game, seat, deadline, clock in rows]
    return sorted(turns, key=lambda t: (t.deadline is None, t.deadline or 0.0))


def payload(turns: list[Turn]) -> str:
    return json.dumps({"count": len(turns), "matches": [asdict(t) for t in turns]})


class TurnsHub:
    """Wakes this process's "your turn" streams when any match changes."""

    def __init__(self) -> None:
        self.waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []
        self._lock = threading.Lock()

    def bump(self, match_id: str = "") -> None:
        with self._lock:
            waiters = list(self.waiters)
        for loop, event in waiters:
            with contextlib.suppress(RuntimeError):  # that stream's loop has closed
                loop.call_soon_threadsafe(event.set)

    def add(self, waiter: tuple[asyncio.AbstractEventLoop, asyncio.Event]) -> None:
        with self._lock:
            self.waiters.append(waiter)

    def remove(self, waiter: tuple[asyncio.AbstractEventLoop, asyncio.Event]) -> None:
        with self._lock:
            self.waiters.remove(waiter)


__all__ = ["Turn", "TurnsHub", "payload", "your_turn"]
