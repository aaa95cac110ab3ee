"""Where matches in progress live between requests and across restarts: their action logs.

A match is stored as what rebuilds it exactly (game, params, seats, seed) plus the action names
applied so far, chance outcomes included. ``MemoryRepository`` keeps them in the process (tests,
``--db memory``); ``SqlRepository`` keeps them in the database (``turnbuckle.store``).

Every change goes through ``MatchRepository.write``: the stored match is locked (on PostgreSQL
``SELECT ... FOR UPDATE`` on its row), the writer compares the stored ``revision`` with its copy
in memory and reads the log again when another process changed it, then stores its change, which
bumps the revision. So the stored log is the one truth, whichever process a request reaches. The
same lock guards the computer's *lease*: the one process that plays a match's computer seats, until
its claim expires (``MatchWrite.claim``).
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

ChangeCallback = Callable[[str, int], None]
"""Told ``(match id, revision)`` whenever any process stores a change of a match."""


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
    steps: int = 0
    """Steps the owner granted with 'step' while paused (a watch match), not made yet."""
    finished: bool = False
    summary: str = ""
    stopped: str = ""
    """Why the server stopped the match (a computer move failed): it is not resumed; "" while it runs."""
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    revision: int = 0
    """Changes stored so far: a copy in memory with a lower one is behind the stored match."""
    clock: dict[str, Any] | None = None
    """The time control and its running clock (``turnbuckle.web.clocks``); None: no clock."""
    deadline: float | None = None
    """When the running clock runs out (None: none runs)."""
    to_move: int | None = None
    """The seat with a decision now (None: over, stopped, or nobody's)."""


@dataclass(frozen=True)
class MatchSummary:
    """A line of the match list."""

    id: str
    game: str
    finished: bool
    summary: str
    updated: float
    params: dict[str, Any] = field(default_factory=dict)
    """The game's options (the list names the wrestlers without loading the whole match)."""


class MatchWrite(Protocol):
    """One stored match, locked for a change (``MatchRepository.write``); committed when the block
    ends, all of it rolled back if it raises."""

    @property
    def revision(self) -> int:
        """The stored revision: as found, plus one once this write has changed something."""

    def load(self) -> LiveMatchRecord:
        """The match as stored now, its whole log included."""

    def store_actions(self, start: int, names: list[str]) -> None:
        """Store ``names`` as actions ``start``, ``start + 1``, ... (those from ``start`` on are replaced)."""

    def update(self, **fields: Any) -> None:
        """Change ``delay``, ``paused``, ``steps``, ``finished``, ``summary``, ``stopped`` or ``tokens``."""

    def claim(self, holder: str, seconds: float) -> bool:
        """Take (or renew) the lease on the match's computer seats for ``seconds``: refused (False)
        while another holder's lease runs."""

    def release(self, holder: str) -> None:
        """Clear the lease if ``holder`` has it or it has expired (no computer move is due)."""


class MatchRepository(Protocol):
    """Storage of live matches; every method is called from worker or request threads."""

    @property
    def shared(self) -> bool:
        """Other server processes may use the same matches (then leases and change notices matter)."""

    def add(self, record: LiveMatchRecord) -> None: ...

    def write(self, match_id: str) -> AbstractContextManager[MatchWrite]:
        """Lock the stored match for one change (``KeyError`` if there is none)."""

    def append_actions(self, match_id: str, start: int, names: list[str]) -> None:
        """Store ``names`` as actions ``start``, ``start + 1``, ... of the match (one write)."""
        with self.write(match_id) as change:
            change.store_actions(start, names)

    def update(self, match_id: str, **fields: Any) -> None:
        """Change ``delay``, ``paused``, ``steps``, ``finished``, ``summary``, ``stopped`` or ``tokens`` (one write)."""
        with self.write(match_id) as change:
            change.update(**fields)

    def get(self, match_id: str) -> LiveMatchRecord | None: ...

    def revisions(self, match_ids: list[str]) -> dict[str, int]:
        """The stored revision of each of these matches that exists."""

    def unfinished(self) -> list[str]:
        """Ids of every match not over and not stopped (resumed when the server starts)."""

    def recent(self, limit: int = 20) -> list[MatchSummary]: ...

    def renew_leases(self, holder: str, seconds: float) -> None:
        """Every lease ``holder`` has now runs for ``seconds`` more (the holder is alive)."""

    def expire_leases(self, holder: str) -> None:
        """Every lease ``holder`` has ends now (it is stopping: another process may take over)."""

    def expired_leases(self, holder: str) -> list[str]:
        """Unfinished, unstopped matches whose lease another holder let expire (it died)."""

    def due_clocks(self, now: float) -> list[str]:
        """Unfinished, unstopped matches whose running clock ran out by ``now``."""

    def listen(self, on_change: ChangeCallback, on_connect: Callable[[], None]) -> Listening | None:
        """Start hearing of every process's changes (None: nothing to hear, one process only)."""


class Listening(Protocol):
    def stop(self) -> None: ...


UPDATABLE = frozenset({"delay", "paused", "steps", "finished", "summary", "stopped", "tokens", "seats", "clock",
                       "deadline", "to_move"})


def parse_notice(payload: str) -> tuple[str, int] | None:
    """``"MATCH_ID REVISION"`` (what a change notice carries), or None for anything else."""
    match_id, _, revision = payload.partition(" ")
    if not match_id or not revision.isdecimal():
        return None
    return match_id, int(revision)


class MemoryRepository(MatchRepository):
    """Matches in this process only (tests and ``--db memory``); ``append_actions`` and ``update``
    come from the protocol, as one change each."""

    shared = False

    def __init__(self) -> None:
        self._records: dict[str, LiveMatchRecord] = {}
        self._leases: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def add(self, record: LiveMatchRecord) -> None:
        with self._lock:
            self._records[record.id] = _copy(record)

    @contextmanager
    def write(self, match_id: str) -> Iterator[MatchWrite]:
        with self._lock:
            record = self._records[match_id]
            change = _MemoryWrite(_copy(record), self._leases.get(match_id))
            yield change
            if change.changed:
                change.record.updated = time.time()
                self._records[match_id] = change.record
            if change.lease is None:
                self._leases.pop(match_id, None)
            else:
                self._leases[match_id] = change.lease

    def get(self, match_id: str) -> LiveMatchRecord | None:
        with self._lock:
            record = self._records.get(match_id)
            return _copy(record) if record is not None else None

    def revisions(self, match_ids: list[str]) -> dict[str, int]:
        with self._lock:
            return {i: self._records[i].revision for i in match_ids if i in self._records}

    def unfinished(self) -> list[str]:
        with self._lock:
            return [r.id for r in self._records.values() if not r.finished and not r.stopped]

    def recent(self, limit: int = 20) -> list[MatchSummary]:
        with self._lock:
            records = sorted(self._records.values(), key=lambda r: r.updated, reverse=True)[:limit]
            return [MatchSummary(r.id, r.game, r.finished, r.summary, r.updated, dict(r.params)) for r in records]

    def renew_leases(self, holder: str, seconds: float) -> None:
        with self._lock:
            until = time.time() + seconds
            for match_id, (who, _) in list(self._leases.items()):
                if who == holder:
                    self._leases[match_id] = (who, until)

    def expire_leases(self, holder: str) -> None:
        with self._lock:
            now = time.time()
            for match_id, (who, _) in list(self._leases.items()):
                if who == holder:
                    self._leases[match_id] = (who, now)

    def expired_leases(self, holder: str) -> list[str]:
        with self._lock:
            now = time.time()
            return [i for i, (who, until) in self._leases.items()
                    if who != holder and until < now and not self._records[i].finished and not self._records[i].stopped]

    def due_clocks(self, now: float) -> list[str]:
        with self._lock:
            return [r.id for r in self._records.values()
                    if r.deadline is not None and r.deadline <= now and not r.finished and not r.stopped]

    def listen(self, on_change: ChangeCallback, on_connect: Callable[[], None]) -> Listening | None:
        return None


class _MemoryWrite:
    def __init__(self, record: LiveMatchRecord, lease: tuple[str, float] | None) -> None:
        self.record = record
        self.lease = lease
        self.changed = False

    @property
    def revision(self) -> int:
        return self.record.revision

    def _touch(self) -> None:
        if not self.changed:
            self.changed = True
            self.record.revision += 1

    def load(self) -> LiveMatchRecord:
        return _copy(self.record)

    def store_actions(self, start: int, names: list[str]) -> None:
        self._touch()
        del self.record.actions[start:]
        self.record.actions.extend(names)

    def update(self, **fields: Any) -> None:
        self._touch()
        for key, value in fields.items():
            if key not in UPDATABLE:
                raise KeyError(key)
            setattr(self.record, key, {k: dict(v) for k, v in value.items()} if key == "tokens"
                    else copy.deepcopy(value))

    def claim(self, holder: str, seconds: float) -> bool:
        now = time.time()
        if self.lease is not None and self.lease[0] != holder and self.lease[1] > now:
            return False
        self.lease = (holder, now + seconds)
        return True

    def release(self, holder: str) -> None:
        if self.lease is not None and (self.lease[0] == holder or self.lease[1] <= time.time()):
            self.lease = None


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
        steps=record.steps,
        finished=record.finished,
        summary=record.summary,
        stopped=record.stopped,
        created=record.created,
        updated=record.updated,
        revision=record.revision,
        clock=copy.deepcopy(record.clock),
        deadline=record.deadline,
        to_move=record.to_move,
    )
