"""How much one client may ask of the server: request sizes, and how often it may create matches or act.

Rates are token buckets per client address (``request.client.host``: behind a reverse proxy, the
address the proxy reports, see ``turnbuckle serve --trusted-proxy``), in this process's memory: a
burst of ten seconds' worth, then the steady rate. A refused request is a 429 with ``Retry-After``.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from turnbuckle.web.errors import TooManyRequests

MIB = 1 << 20
MAX_CLIENTS = 10_000
"""Buckets kept at most; past this, the ones that have refilled (idle clients) are dropped."""


@dataclass(frozen=True)
class Limits:
    """The server's limits (``create_app(limits=...)``, ``turnbuckle serve`` options)."""

    body_bytes: int = MIB
    """Largest request body (413 past it)."""
    replay_bytes: int = 20 * MIB
    """Largest replay file upload (``POST /replay``, ``POST /api/replays``)."""
    creates_per_minute: float = 30.0
    """Matches one address may create (0: no limit)."""
    actions_per_minute: float = 600.0
    """Moves, take-backs, pacing and invite changes one address may send (0: no limit)."""
    exempt_loopback: bool = False
    """Leave 127.0.0.1 / ::1 unlimited (tests that play fast ask for it; off unless asked)."""


class RateLimiter:
    """A token bucket per key: ``per_minute`` tokens a minute, holding at most ten seconds' worth."""

    def __init__(self, per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_minute / 60.0
        self.burst = max(1.0, math.ceil(self.rate * 10))
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key: str) -> float:
        """Spend one token of ``key``'s bucket: 0 if there was one, else the seconds until there is."""
        if self.rate <= 0:
            return 0.0
        now = self._clock()
        with self._lock:
            tokens, then = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, now)
                if len(self._buckets) > MAX_CLIENTS:
                    self._forget_idle(now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate

    def _forget_idle(self, now: float) -> None:
        full = [k for k, (tokens, then) in self._buckets.items() if tokens + (now - then) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]


class ClientRates:
    """The two rate limits of ``Limits``, checked per client address."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.creates = RateLimiter(limits.creates_per_minute)
        self.actions = RateLimiter(limits.actions_per_minute)

    def check(self, kind: Literal["create", "act"], host: str | None) -> None:
        """Spend one of ``host``'s ``kind`` requests, or refuse with a 429 saying when to retry."""
        if self.limits.exempt_loopback and is_loopback(host):
            return
        limiter = self.creates if kind == "create" else self.actions
        wait = limiter.take(host or "?")
        if wait > 0:
            what = "new matches" if kind == "create" else "moves"
            raise TooManyRequests(f"too many {what} from your address; try again in {math.ceil(wait)} s",
                                  retry_after=math.ceil(wait))


def is_loopback(host: str | None) -> bool:
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


__all__ = ["MIB", "ClientRates", "Limits", "RateLimiter", "is_loopback"]
