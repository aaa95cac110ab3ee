"""What a served app is built from: ``turnbuckle serve``'s settings, passable to worker processes.

With ``--workers N`` uvicorn starts N processes, and each builds its own app by calling a factory
(``turnbuckle.web.app:from_environment``). The settings travel to them as JSON in the environment
variable ``TURNBUCKLE_SERVE``; the same variable lets any ASGI runner build the app::

    TURNBUCKLE_DB=postgresql://turnbuckle@/turnbuckle \\
    TURNBUCKLE_SERVE='{"think": 3, "allowed_hosts": ["play.example.org"]}' \\
    uvicorn --factory turnbuckle.web.app:from_environment --workers 4

Every key is optional (``SETTING_KEYS``); a missing ``db`` means ``$TURNBUCKLE_DB`` or
``./turnbuckle.db``.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from typing import Any
from urllib.parse import unquote

from turnbuckle.engine.errors import ParamError
from turnbuckle.web.leases import LEASE_SECONDS
from turnbuckle.web.limits import Limits

ENV_VAR = "TURNBUCKLE_SERVE"
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True)
class ServeSettings:
    """Everything ``turnbuckle serve`` decides about the app (not the address it listens on)."""

    db: str | None = None
    """A path, an SQLAlchemy URL or ``memory``; None: ``$TURNBUCKLE_DB`` or ``./turnbuckle.db``."""
    think: float = 5.0
    thinkers: int = 2
    allowed_hosts: tuple[str, ...] = LOCAL_NAMES
    limits: Limits = field(default_factory=Limits)
    lease_seconds: float = LEASE_SECONDS
    access_log: bool = False
    clock_scale: float = 1.0
    """Every new match clock's durations times this (trials and benchmarks run sped-up clocks)."""

    def check(self) -> ServeSettings:
        """Refuse settings the server cannot run with (one-line ``ParamError``s); returns self."""
        if self.think <= 0:
            raise ParamError("--think must be a positive number of seconds")
        if not 1 <= self.thinkers <= 64:
            raise ParamError(f"--thinkers must be from 1 to 64, got {self.thinkers}")
        if not 1 <= self.lease_seconds <= 3600:
            raise ParamError(f"--lease-seconds must be from 1 to 3600, got {self.lease_seconds:g}")
        if not 0 < self.clock_scale <= 1:
            raise ParamError(f"--clock-scale must be above 0 and at most 1, got {self.clock_scale:g}")
        limits = self.limits
        if limits.body_bytes < 1024 or limits.replay_bytes < 1024:
            raise ParamError("--max-body-kib and --max-replay-kib must be at least 1")
        if limits.creates_per_minute < 0 or limits.actions_per_minute < 0:
            raise ParamError("--creates-per-minute and --actions-per-minute must be 0 (no limit) or more")
        if not self.allowed_hosts:
            raise ParamError("allowed_hosts: name at least one host")
        return self

    def to_json(self) -> str:
        data = asdict(self)
        data["allowed_hosts"] = list(self.allowed_hosts)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> ServeSettings:
        """Settings from ``TURNBUCKLE_SERVE``'s JSON (missing keys keep their defaults)."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ParamError(f"{ENV_VAR} is not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ParamError(f"{ENV_VAR} must be a JSON object of settings")
        unknown = sorted(set(data) - SETTING_KEYS)
        if unknown:
            raise ParamError(f"{ENV_VAR}: unknown setting {unknown[0]!r}; known: {', '.join(sorted(SETTING_KEYS))}")
        limits_data = data.pop("limits", {}) or {}
        if not isinstance(limits_data, dict) or set(limits_data) - LIMIT_KEYS:
            raise ParamError(f"{ENV_VAR}: limits takes {', '.join(sorted(LIMIT_KEYS))}")
        try:
            limits = Limits(**{k: _typed(k, v, LIMIT_TYPES[k]) for k, v in limits_data.items()})
            hosts = data.pop("allowed_hosts", None)
            values = {k: _typed(k, v, SETTING_TYPES[k]) for k, v in data.items()}
        except (TypeError, ValueError) as exc:
            raise ParamError(f"{ENV_VAR}: {exc}") from None
        if hosts is not None:
            if not isinstance(hosts, list) or not all(isinstance(h, str) and HOST_NAME.fullmatch(h) for h in hosts):
                raise ParamError(f"{ENV_VAR}: allowed_hosts must be a list of host names")
            values["allowed_hosts"] = tuple(hosts)
        return cls(limits=limits, **values).check()

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None) -> ServeSettings:
        environ = os.environ if environ is None else environ
        text = environ.get(ENV_VAR, "").strip()
        return cls.from_json(text) if text else cls().check()


HOST_NAME = re.compile(r"(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]*|[A-Za-z0-9.-]+)")
"""A bare host name or address (no scheme, port or path)."""
SETTING_TYPES: dict[str, type] = {"db": str, "think": float, "thinkers": int, "lease_seconds": float,
                                  "access_log": bool, "clock_scale": float}
SETTING_KEYS = frozenset(f.name for f in fields(ServeSettings))
LIMIT_TYPES: dict[str, type] = {"body_bytes": int, "replay_bytes": int, "creates_per_minute": float,
                                "actions_per_minute": float, "exempt_loopback": bool}
LIMIT_KEYS = frozenset(LIMIT_TYPES)


def _typed(key: str, value: Any, kind: type) -> Any:
    if value is None and key == "db":
        return None
    if kind is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    raise TypeError(f"{key} must be {kind.__name__}, not {value!r}")


CREDENTIAL_WORDS = ("token", "pass", "secret", "session", "key", "auth", "cred", "sig")
"""A query parameter whose name holds one of these (any case) carries a credential, and so does ``t``."""
QUERY_PARAM = re.compile(r"([?&;])([^=&;\s\"#]+)=([^&;\s\"#]*)")
CREDENTIAL_HEADER = re.compile(
    r"(?i)\b(authorization|proxy-authorization|cookie|set-cookie|x-admin-token|x-api-key)(\s*[:=]\s*)([^\r\n\"]*)"
)


def credential_name(name: str) -> bool:
    """Whether a query parameter of this name carries a credential (``token``, ``admin_token``, ``t``,
    ``password``, ``session_id``, ``api_key``, ...), percent-encoding aside."""
    low = unquote(name).lower()
    return low == "t" or any(word in low for word in CREDENTIAL_WORDS)


def redact(text: str) -> str:
    """``text`` with every credential-shaped query value and header value masked as ``…``."""
    if "=" in text:
        text = QUERY_PARAM.sub(lambda m: f"{m[1]}{m[2]}=…" if credential_name(m[2]) else m[0], text)
    if ":" in text or "=" in text:
        text = CREDENTIAL_HEADER.sub(lambda m: f"{m[1]}{m[2]}…", text)
    return text


class RedactTokens(logging.Filter):
    """Access-log lines never carry a credential: a logged address's ``token=``, ``admin_token=``,
    ``t=``, ``password=``, ``session=``, ``api_key=``, ... values and any ``Authorization``,
    ``Cookie`` or ``X-Admin-Token`` header's value become ``…``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        record.msg = redact(str(record.msg))
        return True


def redact_access_log() -> None:
    """Mask tokens in uvicorn's access log (in each worker process: filters do not travel)."""
    access = logging.getLogger("uvicorn.access")
    if not any(isinstance(f, RedactTokens) for f in access.filters):
        access.addFilter(RedactTokens())


__all__ = ["ENV_VAR", "HOST_NAME", "LOCAL_NAMES", "RedactTokens", "ServeSettings", "credential_name", "redact",
           "redact_access_log"]
