"""A season stores exactly what replaying its bookings gives: the guard for throughput work.

Every stored match is re-derived from its booking alone (sides, match type, options, feud,
injured entrants, the league's seed, card and position) and played again with ``play_match``;
the stored params, seed, actions, result, stars and outcomes must be that golden run's, and the
wrestlers' records and openskill ratings must be those of replaying the results in order. No
result is hard-coded: a faster season that stored anything different fails here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.match import play_to_end
from turnbuckle.engine.registry import load_game
from turnbuckle.engine.result import MatchResult
from turnbuckle.league import service
from turnbuckle.league.booking import build_params
from turnbuckle.league.quality import QualityCounter
from turnbuckle.league.team_games import winner_names
from turnbuckle.store import open_database
from turnbuckle.store.league_models import League, LeagueEvent, LeagueMatch, LeagueWrestler, RatingHistory

pytestmark = pytest.mark.golden  # a whole-match replay: left out of mutation runs (docs/testing.md)

CASES = [
    ("powerhouses", {}, 0, ()),
    ("filsinger", {"feud_table": True}, 0, ("tag",)),  # injuries, feud matches, tag titles
    ("filsinger", {"feud_table": True}, 1, ()),  # a transaction per match
    ("wrasslin", {}, 0, ("tag",)),  # tag partners seated apart (12.1)
]


def _golden(game: str, params: dict[str, Any], seed: int, agents: list[str]) -> tuple[list[str], MatchResult, float]:
    """The match played from scratch: its actions, result and stars."""
    g = load_game(game, **params)
    state, _ = play_to_end(g, [make_agent(a, g, p) for p, a in enumerate(agents)], seed, record_events=True)
    result = state.match_result()
    assert result is not None
    quality = QualityCounter(game)
    for kind, names, payload in state._events:
        quality.add_raw(kind, names, payload)
    return [a.name for a in state.history], result, quality.stars()


@pytest.mark.parametrize(("game", "options", "batch", "extra_titles"), CASES)
def test_stored_season_equals_a_replay_of_its_bookings(
    tmp_path: Path, game: str, options: dict[str, Any], batch: int, extra_titles: tuple[str, ...]
) -> None:
    db = open_database(str(tmp_path / "golden.db"))
    service.create_league(db, "Golden", game, options, seed=17)
    service.sign(db, None, [], everyone=True)
    service.new_title(db, None, "World Title")
    for kind in extra_titles:
        service.new_title(db, None, f"{kind} belt", kind)
    service.run_season(db, None, 8, ["random"], matches_per_card=5, batch=batch)
    with db.read() as session:
        league = session.scalars(select(League)).one()
        matches = list(
            session.scalars(
                select(LeagueMatch)
                .join(LeagueEvent, LeagueEvent.id == LeagueMatch.event_id)
                .order_by(LeagueEvent.number, LeagueMatch.position)
            )
        )
        assert len(matches) == 40 and all(m.status == "done" for m in matches)
        ratings: dict[int, tuple[float, float]] = {}
        records: dict[int, list[int]] = {}
        for match in matches:
            event = match.event
            injured = [e.wrestler.name for e in match.entrants if e.injured]
            params = build_params(
                game,
                league.options,
                league.roster,
                match.match_type,
                match.options,
                match.sides,
                injured,
                match.feud_id is not None,
            )
            params = service.seat_sides(game, params, match.sides)
            assert match.params == params
            assert match.seed == service.match_seed(league.seed, event.number, match.position)
            assert match.agents is not None and set(match.agents) == {"random"}
            actions, result, stars = _golden(game, params, match.seed, match.agents)
            assert (match.actions, match.result, match.stars) == (actions, result.to_dict(), stars)
            # outcomes and openskill, replayed in order from the golden results
            winners = winner_names(game, result)
            by_id = {e.wrestler_id: e for e in match.entrants}
            ids = {e.wrestler.name: e.wrestler_id for e in match.entrants}
            teams = [[service.MODEL.rating(*ratings.get(ids[n], (25.0, 25.0 / 3))) for n in s] for s in match.sides]
            ranks = [float(r) for r in service.side_ranks(match.sides, result, winners)]
            rated = service.MODEL.rate(teams, ranks=ranks)
            history = {
                r.wrestler_id: (r.mu, r.sigma)
                for r in session.scalars(select(RatingHistory).where(RatingHistory.match_id == match.id))
            }
            for side, new in zip(match.sides, rated, strict=True):
                for name, rating in zip(side, new, strict=True):
                    wid = ids[name]
                    ratings[wid] = (float(rating.mu), float(rating.sigma))
                    assert history[wid] == pytest.approx(ratings[wid], abs=1e-12)
                    outcome = "draw" if not winners else ("win" if name in winners else "loss")
                    assert by_id[wid].outcome == outcome
                    record = records.setdefault(wid, [0, 0, 0])
                    record[("win", "loss", "draw").index(outcome)] += 1
        for wrestler in session.scalars(select(LeagueWrestler)):
            assert [wrestler.wins, wrestler.losses, wrestler.draws] == records.get(wrestler.id, [0, 0, 0])
            assert (wrestler.mu, wrestler.sigma) == pytest.approx(ratings.get(wrestler.id, (25.0, 25.0 / 3)), abs=1e-12)
    db.close()
