"""Structured events: what rules record, and what narrators, the CLI and the web render."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One thing that happened: a ``kind`` (e.g. ``"roll"``, ``"wear_down"``) and JSON-safe data.

    A named tuple rather than a frozen dataclass: rules create many, and this is the cheapest
    immutable record Python has.
    """

    kind: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
