"""The browser's team builder (rumbleslam BUILDING YOUR TEAM): what a hiring form needs to know,
and a form's team checked by the same rules as a team file, so its messages are the validator's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.datafiles import validate
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.rumbleslam.models import SPONSORSHIPS, Team
from turnbuckle.games.rumbleslam.teams import (
    ENDORSEMENT_COST,
    SPONSORSHIP_COST,
    TRADITIONAL_DISCOUNT,
    check_team,
    default_teams,
    inline_team,
    team_cost,
)

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame


def builder_info(game: RumbleslamGame) -> dict[str, Any]:
    """The budget, every hireable wrestler with its Dosh, the extras' prices and the ready-made teams."""
    roster = game.roster_file
    return {
        "unit": "K Dosh",
        "budget": game.budget,
        "wrestlers": [
            {"name": p.name, "cost": p.dosh, "rank": p.rank, "casino": p.casino, "free_agent": p.free_agent}
            for p in roster.wrestler
        ],
        "endorsement_cost": ENDORSEMENT_COST,
        "sponsorship_cost": SPONSORSHIP_COST,
        "sponsorships": list(SPONSORSHIPS),
        "tag_teams": [{"name": t.name, "members": list(t.members), "discount": TRADITIONAL_DISCOUNT}
                      for t in roster.tag_team],
        "ready_made": [{"name": t.name, "cost": team_cost(t, roster), "wrestlers": list(t.wrestlers)}
                       for t in default_teams().team],
    }


def check_built_team(game: RumbleslamGame, spec: Mapping[str, Any]) -> dict[str, Any]:
    """A form's team: its cost and the budget, the validator's one-line message (naming the field)
    or ``None``, and, when it is legal, the option value that seats it (an inline team)."""
    roster = game.roster_file
    out: dict[str, Any] = {"budget": game.budget, "cost": None, "error": None, "value": None}
    try:
        team = validate(Team, dict(spec), "team")
        out["cost"] = team_cost(team, roster)
        check_team(team, roster, game.budget, "team")
    except DataFileError as exc:
        out["error"] = str(exc)
        return out
    out["value"] = inline_team(team)
    return out
