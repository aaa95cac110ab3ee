"""The turnbuckle database, shared by the league and the web app.

``open_database(path_or_url)`` gives a ``Database`` with ``read()`` / ``write()`` sessions; every
model derives from ``Base``; the schema is created and migrated by the Alembic revisions in
``turnbuckle/store/migrations``.
"""

from turnbuckle.store.base import Base, UTCDateTime, utcnow
from turnbuckle.store.db import DEFAULT_FILENAME, ENV_VAR, Database, open_database, resolve_url
from turnbuckle.store.errors import SchemaTooNewError, StoreBusyError, StoreError

__all__ = [
    "DEFAULT_FILENAME",
    "ENV_VAR",
    "Base",
    "Database",
    "SchemaTooNewError",
    "StoreBusyError",
    "StoreError",
    "UTCDateTime",
    "open_database",
    "resolve_url",
    "utcnow",
]
