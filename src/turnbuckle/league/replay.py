"""Checking a stored match: played again from its seed, params and agents, it must give the stored
actions and result (a match played in the browser: its log and dice are checked instead).
"""

from __future__ import annotations

from typing import Any

from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.match import play_match
from turnbuckle.engine.registry import load_game
from turnbuckle.league.errors import LeagueError, ReplayMismatchError
from turnbuckle.league.lookup import get_league
from turnbuckle.league.people import BROWSER, checked_web_state, replay_agents
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import LeagueMatch


def replay_match(db: Database, league_name: str | None, match_id: int) -> dict[str, Any]:
    """Play a stored match again from its seed, params and agents; it must give the same actions
    and result (and its action log must replay on its own)."""
    with db.read() as session:
        league = get_league(session, league_name)
        match = session.get(LeagueMatch, match_id)
        if match is None or match.event.league_id != league.id:
            raise LeagueError(f"{league.name} has no match {match_id}")
        if match.status != "done" or match.params is None or match.seed is None or match.actions is None:
            raise LeagueError(f"match {match_id} has not been played yet")
        params, seed, agents, actions, stored = (
            match.params,
            match.seed,
            match.agents or [],
            match.actions,
            match.result,
        )
        game_name = league.game
    game = load_game(game_name, **params)
    replayed = game.state_from_actions(actions)
    result = replayed.match_result()
    if result is None or result.to_dict() != stored:
        raise ReplayMismatchError(f"match {match_id}: its stored action log no longer gives the stored result")
    if BROWSER in agents:  # the web app's computer moves under a time cap: the log and its dice are checked
        try:
            checked_web_state(game, actions, seed)
        except ReplayMismatchError as exc:
            raise ReplayMismatchError(f"match {match_id}: {exc}") from None
        return {
            "match": match_id,
            "seed": seed,
            "agents": agents,
            "actions": len(actions),
            "reproduces": True,
            "checked": "action log and dice (played in the browser)",
            "result": result.describe(),
        }
    try:
        record = play_match(game, replay_agents(game, agents, actions, make_agent), seed)
    except ReplayMismatchError as exc:
        raise ReplayMismatchError(f"match {match_id}: {exc}") from None
    except IllegalActionError as exc:
        raise ReplayMismatchError(f"match {match_id}: re-running seed {seed} leaves the stored log: {exc}") from None
    if record.actions != actions:
        first = next(
            (i for i, (x, y) in enumerate(zip(record.actions, actions, strict=False)) if x != y),
            min(len(record.actions), len(actions)),
        )
        raise ReplayMismatchError(
            f"match {match_id}: re-running seed {seed} differs from the stored log at action #{first}"
        )
    if record.result.to_dict() != stored:
        raise ReplayMismatchError(
            f"match {match_id}: re-running gives {record.result.describe()}, not the stored result"
        )
    return {
        "match": match_id,
        "seed": seed,
        "agents": agents,
        "actions": len(actions),
        "reproduces": True,
        "result": record.result.describe(),
    }
