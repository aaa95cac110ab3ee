"""A match in memory: its stored record, its game and state, and who is waiting for it to change.

Everything here is read and changed under ``LiveMatch.lock`` by the match service; nothing in this
module stores or decides anything. With several server processes each one holds its own copy of a
match it serves; the stored log is the truth, and a copy behind it (``record.revision``) is brought
up to date by the service.
"""

from __future__ import annotations

import asyncio
import random
import threading
from dataclasses import dataclass, field

from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import Agent
from turnbuckle.web.repository import LiveMatchRecord
from turnbuckle.web.takeback import MoverLog


def chance_rng_at(seed: int, position: int) -> random.Random:
    """The dice of a web match: one RNG per position of its action log, from the match's seed, so
    the log can be checked against the seed (the league does when it collects a match)."""
    return random.Random(f"turnbuckle:{seed}:chance:{position}")


@dataclass(eq=False)
class LiveMatch:
    """A match in memory: its record, game and state, and who is waiting for it to change."""

    record: LiveMatchRecord
    game: Game
    state: State
    agents: dict[int, Agent]
    """The computer seats' agents, built on first use by a thinker (some solve the match first)."""
    lock: threading.RLock = field(default_factory=threading.RLock)
    agent_lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0
    thinking: int | None = None
    """The computer seat deciding right now, if any."""
    waiting: bool = False
    """A computer move is due but every thinker is busy: it waits its turn in the queue."""
    queued: bool = False
    running: bool = False
    """A thinker is moving for the computer in this match (one at a time)."""
    waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = field(default_factory=list)
    takeback_count: int = 0
    """Take-backs since the match was loaded (here or, read from the log, in another process): a
    computer decision started before one is dropped, and event streams start the commentary again
    (``reset``)."""
    mover_log: MoverLog | None = None
    leased_elsewhere_until: float = 0.0
    """``time.time()`` until which another server process holds the computer's lease (it plays the
    computer seats; this process does not try before then, unless that lease is found expired)."""

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def stopped(self) -> str | None:
        """Why the server stopped this match (a computer move failed), or ``None``."""
        return self.record.stopped or None

    @property
    def takebacks(self) -> bool:
        """Created with ``"takebacks": true``: people may take back even with another person playing
        (kept in the seat grants: every grant of such a match carries ``"takebacks": true``)."""
        return any(grant.get("takebacks") for grant in self.record.tokens.values())

    def movers(self) -> list[int]:
        """Who played each action so far (lock held)."""
        if self.mover_log is None:
            self.mover_log = MoverLog(self.game)
        return self.mover_log.movers(self.state.history)

    @property
    def watch(self) -> bool:
        """Computer against computer: the server paces every step (speed, pause, step)."""
        return all(s.startswith("computer") for s in self.record.seats)

    def computer_seat(self, seat: int) -> bool:
        return 0 <= seat < len(self.record.seats) and self.record.seats[seat].startswith("computer")

    def agent_names(self) -> list[str]:
        return [s.partition(":")[2] or s for s in self.record.seats]

    def adopt(self, stored: LiveMatchRecord) -> bool:
        """Bring this copy up to ``stored`` (the match as stored, changed by another process; lock
        held): new actions are applied to the state, a log that no longer starts with this copy's
        (a take-back) is replayed from the start. Returns whether the position changed."""
        played = [a.name for a in self.state.history]
        moved = stored.actions != played
        if stored.actions[: len(played)] == played:
            state = self.state
            for name in stored.actions[len(played) :]:
                state.apply_action(state.action_from_string(name))
        else:
            self.state = self.game.state_from_actions(stored.actions)
            self.takeback_count += 1
            self.mover_log = None
            self.thinking = None
        record = self.record
        record.actions = list(stored.actions)
        record.tokens = {k: dict(v) for k, v in stored.tokens.items()}
        record.delay, record.paused, record.steps = stored.delay, stored.paused, stored.steps
        record.finished, record.summary, record.stopped = stored.finished, stored.summary, stored.stopped
        record.updated, record.revision = stored.updated, stored.revision
        record.seats, record.clock, record.deadline = list(stored.seats), stored.clock, stored.deadline
        record.to_move = stored.to_move
        return moved


__all__ = ["LiveMatch", "chance_rng_at"]
