"""Reading match specs from the command line and building a match's game params."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.registry import game_class
from turnbuckle.league.errors import BookingError
from turnbuckle.league.team_games import build_team_params, is_team_game, team_match_type

VS = re.compile(r"\s+vs\.?\s+", re.IGNORECASE)
TEAM = re.compile(r"\s*(?:&|\+)\s*")
LEAGUE_KEYS = frozenset({"title", "type", "blowoff"})


@dataclass
class MatchSpec:
    """One match to book: its sides (wrestler names), match type, title, options, blow-off."""

    sides: list[list[str]]
    match_type: str | None = None
    title: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    blowoff: bool = False


def parse_match_spec(text: str) -> MatchSpec:
    """``"A vs B"``, ``"A & B vs C & D | title=Tag Titles"``, ``"A vs B vs C | type=battle_royal | cage=true"``.

    After ``|``: ``title=NAME``, ``type=MATCH_TYPE``, ``blowoff`` (ends the feud), or a game option.
    """
    head, *extras = (part.strip() for part in text.split("|"))
    sides = [[n.strip() for n in TEAM.split(side) if n.strip()] for side in VS.split(head)]
    if len(sides) < 2 or any(not side for side in sides):
        raise BookingError(f"match {text!r}: write the sides as 'A vs B' (teams as 'A & B vs C & D')")
    spec = MatchSpec(sides=sides)
    for extra in extras:
        if not extra:
            continue
        key, sep, raw = extra.partition("=")
        key = key.strip()
        if key == "blowoff" and not sep:
            spec.blowoff = True
            continue
        if not sep:
            raise BookingError(f"match {text!r}: {extra!r} should be KEY=VALUE (or 'blowoff')")
        value = raw.strip()
        if key == "title":
            spec.title = value
        elif key == "type":
            spec.match_type = value
        elif key == "blowoff":
            spec.blowoff = value.lower() in ("1", "true", "yes")
        else:
            try:
                spec.options[key] = json.loads(value)
            except json.JSONDecodeError:
                spec.options[key] = value
    return spec


def infer_match_type(game: str, sides: list[list[str]]) -> str:
    """Singles for 1 vs 1, tag for 2 vs 2, the game's own names for bigger matches (a team game's
    by its number of teams)."""
    if is_team_game(game):
        return team_match_type(game, sides)
    sizes = [len(s) for s in sides]
    if len(sides) == 2 and sizes == [1, 1]:
        return "singles"
    choices = match_type_choices(game)
    if len(sides) == 2 and sizes[0] == sizes[1]:
        by_size = {2: "tag", 3: "six_man", 4: "eight_man"}
        name = by_size.get(sizes[0], "")
        if name in choices:
            return name
    if len(sides) == 2 and sorted(sizes) == [1, 2] and "handicap" in choices:
        return "handicap"
    if len(sides) > 2 and all(n == 1 for n in sizes) and "battle_royal" in choices:
        return "battle_royal"
    raise BookingError(f"{game} has no match type for sides of {' vs '.join(map(str, sizes))} wrestlers")


@cache
def match_type_choices(game: str) -> tuple[str, ...]:
    for option in game_class(game).options():
        if option.name == "match_type":
            return tuple(str(c) for c in option.choices or ())
    return ("singles",)


@cache
def game_option_names(game: str) -> frozenset[str]:
    """The options ``game`` takes (asked for every match, so kept per game)."""
    return frozenset(o.name for o in game_class(game).options())


def build_params(
    game: str,
    league_options: dict[str, Any],
    roster: str | None,
    match_type: str,
    match_options: dict[str, Any],
    sides: list[list[str]],
    injured: list[str],
    feud: bool,
) -> dict[str, Any]:
    """The params a league match is played with: league options, match options, the wrestlers,
    the match type, who enters injured and whether it is a feud match (where the game has them).
    A team game plays its teams instead (``team_games``): it has no injuries or feud matches."""
    if is_team_game(game):
        return build_team_params(game, league_options, roster, match_type, match_options, sides)
    names = game_option_names(game)
    params: dict[str, Any] = {**league_options, **match_options}
    unknown = sorted(set(params) - names)
    if unknown:
        raise ParamError(f"{game} has no option {unknown[0]!r}; options: {', '.join(sorted(names))}")
    wrestlers = [w for side in sides for w in side]
    if "match_type" in names:
        params["match_type"] = match_type
    elif match_type != "singles":
        raise BookingError(f"{game} plays only singles matches, not {match_type!r}")
    if "players" in names and match_type not in ("singles", "tournament"):
        params.setdefault("players", len(wrestlers))
    if roster is not None and "roster" not in match_options:  # a match carrying its own cards keeps them
        params["roster"] = roster
    params["wrestlers"] = wrestlers
    if injured and "injured" in names:
        params["injured"] = injured
    if feud and "feud" in names:
        params["feud"] = True
    return params


def closest(name: str, options: list[str]) -> str:
    """`` (did you mean X?)`` or nothing."""
    lowered = {o.lower(): o for o in options}
    match = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[match[0]]!r}?)" if match else ""
