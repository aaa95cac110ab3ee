"""Team games in a league: where each competitor is a whole team (a RUMBLESLAM team), not a wrestler.

A team game's match sides are one competitor each (``"Team A vs Team B vs Team C"``); the match is
played with each side's team hiring as inline team TOML in ``team0`` .. ``team3`` (never a file
path, so the stored params replay anywhere), and the game's sides are named by their teams.
Nothing here touches the database: ``league.teams`` keeps the teams' hiring.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from turnbuckle.engine.datafiles import is_inline
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import Game
from turnbuckle.engine.registry import game_class
from turnbuckle.engine.result import MatchResult
from turnbuckle.league.errors import BookingError

TEAM_GAMES = frozenset({"rumbleslam"})
"""Rulesets whose league competitors are teams hired with the game's own team-building rules."""
TEAM_SLOTS = ("team0", "team1", "team2", "team3")
TEAM_MATCH_TYPES = {2: "team", 3: "three_way", 4: "four_way"}
"""A team game's match type by its number of teams (the ``players`` option)."""


def is_team_game(game: str) -> bool:
    return game in TEAM_GAMES


@cache
def _option_names(game: str) -> frozenset[str]:
    return frozenset(o.name for o in game_class(game).options())


def team_match_type(game: str, sides: list[list[str]]) -> str:
    """``team`` for two teams, ``three_way`` / ``four_way`` for more; each side must be one team."""
    if any(len(side) != 1 for side in sides):
        raise BookingError(f"in a {game} league each side is one team: write 'Team A vs Team B'")
    kind = TEAM_MATCH_TYPES.get(len(sides))
    if kind is None:
        raise BookingError(f"a {game} match has 2 to 4 teams, not {len(sides)}")
    return kind


def build_team_params(
    game: str,
    league_options: dict[str, Any],
    roster: str | None,
    match_type: str,
    match_options: dict[str, Any],
    sides: list[list[str]],
) -> dict[str, Any]:
    """The params a team-game league match is played with: league and match options, one team
    per side as inline TOML (``match_options`` carries them, put there when it was booked) and
    ``players`` the number of sides."""
    names = _option_names(game)
    params: dict[str, Any] = {**league_options, **match_options}
    unknown = sorted(set(params) - names)
    if unknown:
        raise ParamError(f"{game} has no option {unknown[0]!r}; options: {', '.join(sorted(names))}")
    expected = team_match_type(game, sides)
    if match_type != expected:
        raise BookingError(f"a {game} match of {len(sides)} teams is a {expected} match, not {match_type!r}")
    if params.get("players", len(sides)) != len(sides):
        raise BookingError(f"option players={params['players']} but the match has {len(sides)} teams")
    params["players"] = len(sides)
    params.pop("teams", None)  # the slots below name every team
    for slot in TEAM_SLOTS[len(sides) :]:
        params.pop(slot, None)
    for slot, side in zip(TEAM_SLOTS, sides, strict=False):
        if not is_inline(params.get(slot)):
            raise BookingError(f"no team data for {side[0]} ({slot}); book the match again")
    if roster is not None and "roster" not in match_options:  # a match carrying its own cards keeps them
        params["roster"] = roster
    return params


def competitor_sides(game_name: str, game: Game) -> list[list[str]]:
    """The competitors on each of ``game``'s sides as the league names them: the team in a team
    game, else the wrestlers."""
    if is_team_game(game_name):
        return [[side.name] for side in game.sides()]
    return [list(side.wrestlers) for side in game.sides()]


def winner_names(game_name: str, result: MatchResult) -> set[str]:
    """The league competitors who won (empty for a draw)."""
    if result.winner is None:
        return set()
    if is_team_game(game_name):
        return {result.winner.name}
    return set(result.winner.wrestlers)


__all__ = [
    "TEAM_GAMES",
    "TEAM_MATCH_TYPES",
    "TEAM_SLOTS",
    "build_team_params",
    "competitor_sides",
    "is_team_game",
    "team_match_type",
    "winner_names",
]
