"""Storage errors a user can cause or meet (bad file, busy, read-only, full disk)."""

from __future__ import annotations

from turnbuckle.engine.errors import TurnbuckleError


class StoreError(TurnbuckleError):
    """The database cannot be opened, read or written; the message is one line for people."""


class StoreBusyError(StoreError):
    """Another process held the write lock longer than the busy timeout."""


class SchemaTooNewError(StoreError):
    """The file was written by a newer turnbuckle whose schema this one does not know."""
