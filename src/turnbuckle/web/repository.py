"""Where matches in progress live between requests and across restarts: their action logs.

A match is stored as what rebuilds it exactly (game, params, seats, seed) plus the action names
applied so far, chance outcomes included. ``MemoryRepository`` keeps them in the process (tests,
``--db memory``); ``SqlRepository`` keeps them in the database (``turnbuckle.store``).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass
class LiveMatchRecord:
    """Everything needed to rebuild a match in progress."""

    id: str
    game: str
    params: dict[str, Any]
    seats: list[str]
    """One spec per seat: ``human``, ``hot-seat``, ``invite`` or ``computer:AGENT``."""
    seed: int
    tokens: dict[str, dict[str, Any]]
    """sha256 of each token -> its grant (``turnbuckle.web.grants``); tokens themselves are never stored."""
    actions: list[str] = field(default_factory=list)
    delay: float = 0.0
    """Seconds between computer steps (watch matches)."""
    paused: bool = False
    finished: bool = False
    summary: str = ""
    stopped: str = ""
    """Why the server stopped the match (a computer move failed): it is not resumed; "" while it runs."""
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list."""

    id: str
    game: str
    finished: bool
    summary: str
    updated: float


class MatchRepository(Protocol):
    """Storage of live matches; every method is called from worker or request threads."""

    def add(self, record: LiveMatchRecord) -> None: ...

    def append_actions(self, match_id: str, start: int, names: list[str]) -> None:
        """Store ``names`` as actions ``start``, ``start + 1``, ... of the match."""

    def update(self, match_id: str, **fields: Any) -> None:
        """Change ``delay``, ``paused``, ``finished``, ``summary``, ``stopped`` or ``tokens``."""

    def get(self, match_id: str) -> LiveMatchRecord | None: ...

    def unfinished(self) -> list[str]:
        """Ids of every match not over and not stopped (resumed when the server starts)."""

    def recent(self, limit: int = 20) -> list[MatchSummary]: ...


UPDATABLE = frozenset({"delay", "paused", "finished", "summary", "stopped", "tokens"})


class MemoryRepository:
    """Matches in this process only (tests and ``--db memory``)."""

    def __init__(self) -> None:
        self._records: dict[str, LiveMatchRecord] = {}
        self._lock = threading.Lock()

    def add(self, record: LiveMatchRecord) -> None:
        with self._lock:
            self._records[record.id] = _copy(record)

    def append_actions(self, match_id: str, start: int, names: list[str]) -> None:
        with self._lock:
            record = self._records[match_id]
            del record.actions[start:]
            record.actions.extend(names)
            record.updated = time.time()

    def update(self, match_id: str, **fields: Any) -> None:
        with self._lock:
            record = self._records[match_id]
            for key, value in fields.items():
                if key not in UPDATABLE:
                    raise KeyError(key)
                setattr(record, key, {k: dict(v) for k, v in value.items()} if key == "tokens" else value)
            record.updated = time.time()

    def get(self, match_id: str) -> LiveMatchRecord | None:
        with self._lock:
            record = self._records.get(match_id)
            return _copy(record) if record is not None else None

    def unfinished(self) -> list[str]:
        with self._lock:
            return [r.id for r in self._records.values() if not r.finished and not r.stopped]

    def recent(self, limit: int = 20) -> list[MatchSummary]:
        with self._lock:
            records = sorted(self._records.values(), key=lambda r: r.updated, reverse=True)[:limit]
            return [MatchSummary(r.id, r.game, r.finished, r.summary, r.updated) for r in records]


def _copy(record: LiveMatchRecord) -> LiveMatchRecord:
    return LiveMatchRecord(
        id=record.id,
        game=record.game,
        params=dict(record.params),
        seats=list(record.seats),
        seed=record.seed,
        tokens={k: dict(v) for k, v in record.tokens.items()},
        actions=list(record.actions),
        delay=record.delay,
        paused=record.paused,
        finished=record.finished,
        summary=record.summary,
        stopped=record.stopped,
        created=record.created,
        updated=record.updated,
    )
