"""The league on PostgreSQL: runs when TURNBUCKLE_TEST_PG holds a database URL (skipped otherwise).

    TURNBUCKLE_TEST_PG=postgresql+psycopg://turnbuckle:turnbuckle@localhost/turnbuckle_test pytest tests/store

See docs/league.md ("PostgreSQL") for starting a server with Debian's postgresql package.
"""

from __future__ import annotations

import os
import uuid

import pytest
from sqlalchemy import delete

from turnbuckle.league import service
from turnbuckle.league.booking import parse_match_spec
from turnbuckle.store import open_database
from turnbuckle.store.db import head_revisions
from turnbuckle.store.league_models import League

PG_URL = os.environ.get("TURNBUCKLE_TEST_PG", "")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(not PG_URL, reason="set TURNBUCKLE_TEST_PG to a PostgreSQL URL to run"),
]


def test_league_on_postgres() -> None:
    db = open_database(PG_URL)
    name = f"pg-{uuid.uuid4().hex[:8]}"
    try:
        assert db.current_revisions() == head_revisions()
        service.create_league(db, name, "powerhouses", {}, seed=4)
        service.sign(db, name, [], everyone=True)
        service.new_title(db, name, "World Title")
        service.book_card(db, name, None, [parse_match_spec("Skylark Reyes vs Dutch Kettering | title=World Title")])
        service.run_card(db, name, None, ["random"])
        summaries = service.run_season(db, name, 2, ["random"], matches_per_card=3)
        assert all(s["status"] == "done" for s in summaries)
        table = service.standings(db, name)["wrestlers"]
        assert sum(r["wins"] + r["losses"] + r["draws"] for r in table) == 2 * (1 + 2 * 3)
        assert service.titles_view(db, name)[0]["champion"]
        assert service.replay_match(db, name, summaries[-1]["matches"][-1]["id"])["reproduces"]
    finally:
        with db.write() as session:  # the database cascades to everything the league owns
            session.execute(delete(League).where(League.name == name))
        db.close()
