"""League test fixtures: a fresh league database in tmp_path."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from turnbuckle.league import service
from turnbuckle.store import Database, open_database

sys.path.insert(0, str(Path(__file__).parent))  # league_helpers


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(str(tmp_path / "league.db"))
    yield database
    database.close()


@pytest.fixture
def dice_league(db: Database) -> Database:
    """A powerhouses league with the whole roster signed and a singles title."""
    service.create_league(db, "Dice", "powerhouses", {}, seed=11)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    return db
