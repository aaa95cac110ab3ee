"""Structured events: what rules record, and what narrators, the CLI and the web render."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a ``kind`` (e.g. ``"roll"``, ``"wear_down"``) and JSON-safe data."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
