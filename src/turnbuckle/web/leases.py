"""The computer's leases: which server process plays a match's computer seats, and for how long.

When several processes share the matches (PostgreSQL), a computer move must be computed once, by
one of them, and still be made if that process dies. The process that stores a change after which
a computer move is due claims the match's lease in the same transaction (``MatchWrite.claim``);
a thinker claims it again before it starts deciding and before it stores the move, so a process
without the lease never thinks. ``LeaseKeeper`` is each process's heartbeat: every few seconds it
renews every lease the process holds, and hands over the matches whose holder let its lease expire
(it died or lost the database), which this process then takes over.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import Callable

from turnbuckle.web.periodic import Periodic
from turnbuckle.web.repository import MatchRepository

log = logging.getLogger("turnbuckle.web")

LEASE_SECONDS = 10.0
"""How long a claim stands unless renewed: a dead process's matches move again within about this."""
LOCAL = "local"
"""The holder name of a process that shares its matches with nobody (SQLite, memory): a restarted
server holds its predecessor's leases at once."""


def holder_name() -> str:
    """This process's name in the leases it holds: host, process id, and a random part (a process
    id is reused after a restart)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


class LeaseKeeper:
    """A thread that renews ``holder``'s leases every ``seconds / 4`` and passes each match whose
    lease another holder let expire to ``orphaned``."""

    def __init__(
        self, repository: MatchRepository, holder: str, seconds: float, orphaned: Callable[[str], None]
    ) -> None:
        self.repository = repository
        self.holder = holder
        self.seconds = seconds
        self.orphaned = orphaned
        self._beat = Periodic("turnbuckle-leases", lambda: self.seconds / 4, self.beat,
                              "cannot renew the computer's leases")

    def start(self) -> None:
        self._beat.start()

    def stop(self) -> None:
        self._beat.stop()

    def beat(self) -> None:
        """Renew this process's leases, then take over the expired ones of others."""
        self.repository.renew_leases(self.holder, self.seconds)
        for match_id in self.repository.expired_leases(self.holder):
            log.warning("match %s: its computer's lease expired (the process playing it stopped): taking over",
                        match_id)
            self.orphaned(match_id)


__all__ = ["LEASE_SECONDS", "LOCAL", "LeaseKeeper", "holder_name"]
