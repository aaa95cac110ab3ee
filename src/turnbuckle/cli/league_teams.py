"""``turnbuckle league team``: a team league's teams (RUMBLESLAM): hire one on the command line, list them.

Signing a ready-made team or a team file is ``league sign NAME`` / ``league sign --team FILE``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from turnbuckle.cli.common import DbOpt, JsonOpt, LeagueOpt, echo_json, league_db

if TYPE_CHECKING:
    pass

team_app = typer.Typer(help="A RUMBLESLAM league's teams: hire within the Dosh budget, list.", no_args_is_help=True)
console = Console()



def describe_team(team: dict[str, Any]) -> str:
    """One line for people: wrestlers, Endorsements, Sponsorships and Tag Teams (escaped for Rich)."""
    parts = [", ".join(team["wrestlers"])]
    if team["endorsements"]:
        parts.append(f"{team['endorsements']} Endorsement{'s' if team['endorsements'] != 1 else ''}")
    if team["sponsorships"]:
        parts.append("sponsored by " + " & ".join(team["sponsorships"]))
    for tag in team["tag_teams"]:
        parts.append(f"{tag['name']} ({tag['style']})")
    return escape("; ".join(parts))


@team_app.command("hire")
def hire(
    name: str = typer.Argument(..., help="The team's name (its name in cards, standings and titles)."),
    wrestler: list[str] = typer.Option(
        ..., "--wrestler", "-w", help="A wrestler to hire from the roster (repeat; a Rookie may be hired twice)."
    ),
    endorsements: int = typer.Option(0, "--endorsements", help="Endorsements bought (25K each)."),
    sponsorship: list[str] | None = typer.Option(
        None, "--sponsorship", help="A Sponsorship (50K; a second one is the one-casino bonus)."
    ),
    tag_team: list[str] | None = typer.Option(
        None, "--tag-team", help="A Tag Team whose members are hired: NAME (Exhibition) or NAME:traditional (-150K)."
    ),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Hire a team within the league's Dosh budget (rumbleslam BUILDING YOUR TEAM) and sign it."""
    from turnbuckle.league.teams import hire_team

    with league_db(db) as database:
        team = hire_team(database, league, name, wrestler, endorsements, sponsorship, tag_team)
    if as_json:
        echo_json(team)
    else:
        console.print(
            f"Hired {escape(team['name'])} for {team['cost']}K of {team['budget']}K: {describe_team(team)}",
            highlight=False,
        )


@team_app.command("list")
def list_cmd(
    released: bool = typer.Option(False, "--released", help="Include released teams."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """The league's teams: who they hired and what it cost."""
    from turnbuckle.league.teams import list_teams

    with league_db(db) as database:
        data = list_teams(database, league, released)
    if as_json:
        echo_json(data)
        return
    table = Table(title=f"{escape(data['league'])} teams (budget {data['budget']}K)")
    for col in ("team", "Dosh", "hiring", "from"):
        table.add_column(col)
    for team in data["teams"]:
        table.add_row(
            escape(team["name"]) + ("" if team["active"] else " (released)"),
            f"{team['cost']}K",
            describe_team(team),
            escape(team["source"]),
        )
    console.print(table)


__all__ = ["describe_team", "team_app"]
