"""Alembic environment: runs on the connection ``turnbuckle.store.db`` hands over (or a URL)."""

from __future__ import annotations

import importlib
import pkgutil

from alembic import context
from sqlalchemy import create_engine

import turnbuckle.store
from turnbuckle.store.base import Base

for _module in pkgutil.iter_modules(turnbuckle.store.__path__):
    if _module.name.endswith("_models"):
        importlib.import_module(f"turnbuckle.store.{_module.name}")

target_metadata = Base.metadata
config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # a developer running `alembic -x url=...` by hand
        url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
        assert url, "pass -x url=DATABASE_URL"
        with create_engine(url).connect() as conn:
            context.configure(connection=conn, target_metadata=target_metadata, render_as_batch=True)
            with context.begin_transaction():
                context.run_migrations()
            conn.commit()
        return
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
