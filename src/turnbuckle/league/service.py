"""The league: promotions, signings, titles, cards, seasons, and the views the CLI and web app show.

Every function takes an open ``Database`` and a league name (``None``: the only league in it).
Writes happen in short transactions; running a card commits its matches together with everything
they change (see ``runner``).

This module is the league's front door: it gathers the operations from the modules that hold
them, one job each, every module importing only the ones listed before it:

* ``lookup``: finding a league, a wrestler or a title by name; ``game_cache``: one ``Game`` per
  params, and a booked match's params seated the way its game seats the sides;
* ``sql``: the hot statements, built once, and the Core inserts and updates;
* ``cards``: booking a card or a tournament; ``admin``: the promotion's admin token;
  ``promotion``: starting a league, signing and releasing wrestlers, adding titles, its rules and
  seasons;
* ``played``: a match played in memory (``MatchOutcome``, ``play_counted``, ``count_events``);
* ``seasons``: a season's standings; ``views``: standings, titles, feuds, injuries, histories and
  card summaries (``wording``: a match as people read it);
* ``runner``: ``Runner``, and ``run_card`` and ``collect_card``; a runner holds a ``run_session``
  (session, transactions, queued writes), a ``run_bookkeeping`` bookkeeper (titles, feuds,
  injuries), a ``run_store`` match store and a ``run_people`` desk (matches played by a person);
* ``fairness``: a season's matches per wrestler and meetings per pairing; ``season_plan``: who
  wrestles whom on a season's next card; ``season``: booking and running a season through them;
  ``replay``: checking a stored match by playing it again.
"""

from __future__ import annotations

from turnbuckle.league.admin import admin_token_matches, issue_admin_token
from turnbuckle.league.cards import book_card, book_tournament, match_seed
from turnbuckle.league.game_cache import seat_sides
from turnbuckle.league.lookup import get_league
from turnbuckle.league.played import MatchOutcome, count_events, default_agent, play_counted, side_ranks
from turnbuckle.league.promotion import create_league, new_season, new_title, release, rules_view, set_rules, sign
from turnbuckle.league.replay import replay_match
from turnbuckle.league.runner import Runner, collect_card, run_card
from turnbuckle.league.season import book_season_event, run_season
from turnbuckle.league.views import (
    end_feud,
    feuds_view,
    history,
    injuries_view,
    list_events,
    match_view,
    show_event,
    standings,
    titles_view,
)
from turnbuckle.ratings.model import MODEL

__all__ = [
    "MODEL",
    "MatchOutcome",
    "Runner",
    "admin_token_matches",
    "book_card",
    "book_season_event",
    "book_tournament",
    "collect_card",
    "count_events",
    "create_league",
    "default_agent",
    "end_feud",
    "feuds_view",
    "get_league",
    "history",
    "injuries_view",
    "issue_admin_token",
    "list_events",
    "match_seed",
    "match_view",
    "new_season",
    "new_title",
    "play_counted",
    "release",
    "replay_match",
    "rules_view",
    "run_card",
    "run_season",
    "seat_sides",
    "set_rules",
    "show_event",
    "side_ranks",
    "sign",
    "standings",
    "titles_view",
]
