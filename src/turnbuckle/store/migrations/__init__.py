"""Alembic migrations for the turnbuckle database, run by ``turnbuckle.store.db`` (no alembic.ini)."""
