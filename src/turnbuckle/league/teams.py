"""A team game's league teams (RUMBLESLAM): hiring them within the league's Dosh budget, keeping
their hiring in the database, and handing it to each booked match as data.

A team is a league competitor (a ``league_wrestler`` row named after it, with the record and
rating) plus its hiring in ``league_team``. It is signed from a team file, a ready-made team
(``teams.toml``) or hired on the command line; every way goes through the rule text's
``check_team`` (BUILDING YOUR TEAM) against the league's budget and roster, so a bad team is a
one-line error naming where it came from and the field.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.rumbleslam.models import Roster, TagTeamHire, Team
from turnbuckle.games.rumbleslam.teams import (
    GAME_SIZES,
    CheckedTeam,
    check_team,
    default_teams,
    inline_team,
    load_roster,
    load_team,
)
from turnbuckle.league.booking import TEAM, VS, closest
from turnbuckle.league.errors import LeagueError, UnknownWrestlerError
from turnbuckle.league.team_games import TEAM_SLOTS, is_team_game
from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import League, LeagueWrestler
from turnbuckle.store.team_models import LeagueTeam
from turnbuckle.text import name_problem

READY_MADE = "teams.toml"
HIRED = "command line"


# -- the league's rules for teams ---------------------------------------------------------------
def league_budget(league: League) -> int:
    """The Dosh budget (K) every team of the league is hired within: ``budget``, else ``size``."""
    budget = league.options.get("budget")
    if isinstance(budget, int) and not isinstance(budget, bool):
        return budget
    return GAME_SIZES.get(str(league.options.get("size", "lightweight")), GAME_SIZES["lightweight"])


def probe_options(game: str, options: dict[str, Any], roster: str | None) -> dict[str, Any]:
    """League options to check by building the game once: the given ones with the roster's
    cheapest wrestler as every team (the ready-made teams need not fit a small budget). The
    teams and their number come from each match's card, so they are no league options."""
    fixed = sorted(set(options) & {"players", "teams", *TEAM_SLOTS})
    if fixed:
        raise LeagueError(
            f"a {game} league books its teams match by match: drop the option {fixed[0]!r} "
            "(sign teams, then name them on the card: 'Team A vs Team B vs Team C')"
        )
    cheapest = min(load_roster(roster).wrestler, key=lambda p: (p.dosh, p.name))
    probe = inline_team(Team(name="probe", wrestlers=(cheapest.name,)))
    return {**options, "team0": probe, "team1": probe}


def _roster(league: League) -> Roster:
    """The profiles teams are hired from: the game's (or the league's file) with the promotion's own cards."""
    if league.cards:
        from turnbuckle.engine.datafiles import validate
        from turnbuckle.league.roster_cards import league_document

        return validate(Roster, league_document(league), f"{league.name} roster")
    return load_roster(league.roster)


def _require_team_league(league: League) -> None:
    if not is_team_game(league.game):
        raise LeagueError(f"{league.name} plays {league.game}, where wrestlers are signed, not teams")


def _check_name(name: str) -> None:
    """A team's name must be writable in a card's match syntax (``A vs B``, no ``&`` / ``+``)."""
    if VS.search(f" {name} ") or TEAM.search(name) or "|" in name:
        raise LeagueError(f"team name {name!r} cannot contain ' vs ', '&', '+' or '|' (the card syntax uses them)")


# -- hiring -------------------------------------------------------------------------------------
def _hire(session: Session, league: League, team: Team, source: str) -> dict[str, Any]:
    """Check ``team`` against the league's budget and roster, then sign it (or re-sign a released
    team with this hiring)."""
    _require_team_league(league)
    name = team.name.strip()
    _check_name(name)
    checked = check_team(team, _roster(league), league_budget(league), source)
    competitor = session.scalar(
        select(LeagueWrestler).where(
            LeagueWrestler.league_id == league.id, func.lower(LeagueWrestler.name) == name.lower()
        )
    )
    if competitor is not None and competitor.active:
        raise LeagueError(f"{competitor.name} is already signed to {league.name} (release them to re-hire)")
    if competitor is None:
        competitor = LeagueWrestler(league_id=league.id, name=name)
        session.add(competitor)
        session.flush()
    else:
        competitor.active, competitor.released_at = True, None
    row = session.scalar(select(LeagueTeam).where(LeagueTeam.wrestler_id == competitor.id))
    if row is None:
        row = LeagueTeam(wrestler_id=competitor.id)
        session.add(row)
    _store_hiring(row, checked, league_budget(league), source)
    return team_view(competitor.name, row)


def _store_hiring(row: LeagueTeam, checked: CheckedTeam, budget: int, source: str) -> None:
    team = checked.team
    row.members = list(team.wrestlers)
    row.endorsements = team.endorsements
    row.sponsorships = list(team.sponsorships)
    row.tag_teams = [{"name": t.name, "style": t.style} for t in team.tag_teams]
    row.cost, row.budget, row.source, row.hired_at = checked.cost, budget, source, utcnow()


def sign_ready_made(session: Session, league: League, names: list[str], everyone: bool) -> list[str]:
    """``league sign`` in a team league: ready-made teams by name; ``everyone``: each that fits
    the budget and is not signed yet."""
    ready = list(default_teams().team)
    by_lower = {t.name.lower(): t for t in ready}
    if not everyone and not names:
        raise LeagueError("name the teams to sign (or use --all, --team FILE or `league team hire`)")
    signed: list[str] = []
    if everyone:
        active = {w.name.lower() for w in league.wrestlers if w.active}
        roster, budget = _roster(league), league_budget(league)
        for team in ready:
            if team.name.lower() in active:
                continue
            try:
                check_team(team, roster, budget, READY_MADE)
            except DataFileError:
                continue  # over this league's budget
            signed.append(_hire(session, league, team, READY_MADE)["name"])
        return signed
    for raw in names:
        wanted = by_lower.get(raw.strip().lower())
        if wanted is None:
            known = [t.name for t in ready]
            raise UnknownWrestlerError(
                f"{raw!r} is not a ready-made {league.game} team{closest(raw, known)}"
                " (sign a team file with --team FILE, or hire one with `turnbuckle league team hire`)"
            )
        signed.append(_hire(session, league, wanted, READY_MADE)["name"])
    return signed


def sign_team_file(db: Database, league_name: str | None, path: str) -> dict[str, Any]:
    """Sign the team in a team file (a single team, or the first ``[[team]]``)."""
    from turnbuckle.league.lookup import get_league

    team = load_team(Path(path))
    with db.write() as session:
        return _hire(session, get_league(session, league_name), team, path)


def hire_team(
    db: Database,
    league_name: str | None,
    name: str,
    wrestlers: list[str],
    endorsements: int = 0,
    sponsorships: list[str] | None = None,
    tag_teams: list[str] | None = None,
) -> dict[str, Any]:
    """Hire a team on the command line; a tag team is ``NAME`` (Exhibition) or ``NAME:traditional``."""
    from turnbuckle.engine.datafiles import validate
    from turnbuckle.league.lookup import get_league

    if problem := name_problem(name.strip(), "a team's name"):
        raise LeagueError(problem)
    hires = []
    for text in tag_teams or []:
        tag, _, style = text.rpartition(":") if ":" in text else (text, "", "exhibition")
        hires.append({"name": tag.strip(), "style": style.strip().lower()})
    data = {
        "name": name.strip(),
        "wrestlers": list(wrestlers),
        "endorsements": endorsements,
        "sponsorships": list(sponsorships or []),
        "tag_teams": hires,
    }
    team = validate(Team, data, f"team {name.strip()!r}")
    with db.write() as session:
        return _hire(session, get_league(session, league_name), team, HIRED)


# -- teams as match data ------------------------------------------------------------------------
def stored_team(name: str, row: LeagueTeam) -> Team:
    """The hiring a ``league_team`` row keeps, as the game's ``Team``."""
    return Team(
        name=name,
        wrestlers=tuple(row.members),
        endorsements=row.endorsements,
        sponsorships=tuple(row.sponsorships),
        tag_teams=tuple(TagTeamHire(name=t["name"], style=t["style"]) for t in row.tag_teams),
    )


def team_options(session: Session, league: League, sides: list[list[str]]) -> dict[str, Any]:
    """``team0`` .. ``team3`` for a booked match: each side's team as inline TOML, so the match
    (its params, its replay) carries its teams as data, never as a path."""
    names = [side[0] for side in sides if len(side) == 1]
    rows = session.execute(
        select(LeagueWrestler.name, LeagueTeam)
        .join(LeagueTeam, LeagueTeam.wrestler_id == LeagueWrestler.id)
        .where(LeagueWrestler.league_id == league.id, LeagueWrestler.name.in_(names))
    ).all()
    by_name = {name: row for name, row in rows}
    options: dict[str, Any] = {}
    for slot, name in zip(TEAM_SLOTS, names, strict=False):
        row = by_name.get(name)
        if row is None:
            raise UnknownWrestlerError(f"{name} has no team hiring in {league.name}; sign it again")
        options[slot] = inline_team(stored_team(name, row))
    return options


def hired_members(session: Session, league: League, teams: list[str]) -> list[str]:
    """The wrestlers the named teams hired (their cards are what a match of theirs needs)."""
    rows = session.scalars(
        select(LeagueTeam)
        .join(LeagueWrestler, LeagueTeam.wrestler_id == LeagueWrestler.id)
        .where(LeagueWrestler.league_id == league.id, LeagueWrestler.name.in_(teams))
    )
    return sorted({m for row in rows for m in row.members})


# -- views --------------------------------------------------------------------------------------
def team_view(name: str, row: LeagueTeam) -> dict[str, Any]:
    return {
        "name": name,
        "wrestlers": list(row.members),
        "endorsements": row.endorsements,
        "sponsorships": list(row.sponsorships),
        "tag_teams": [dict(t) for t in row.tag_teams],
        "cost": row.cost,
        "budget": row.budget,
        "source": row.source,
    }


def teams_by_competitor(session: Session, league: League) -> dict[str, dict[str, Any]]:
    """Every team of the league (released ones too) by its name."""
    rows = session.execute(
        select(LeagueWrestler.name, LeagueTeam)
        .join(LeagueTeam, LeagueTeam.wrestler_id == LeagueWrestler.id)
        .where(LeagueWrestler.league_id == league.id)
        .order_by(LeagueWrestler.id)
    ).all()
    return {name: team_view(name, row) for name, row in rows}


def add_team_columns(session: Session, league: League, rows: list[dict[str, Any]]) -> None:
    """Standings rows of a team league gain each team's Dosh cost and wrestlers."""
    teams = teams_by_competitor(session, league)
    for row in rows:
        team = teams.get(row["name"])
        row["cost"] = team["cost"] if team else None
        row["team"] = team["wrestlers"] if team else []


def list_teams(db: Database, league_name: str | None, include_released: bool = False) -> dict[str, Any]:
    """The league's teams with their hiring, cost and the budget."""
    from turnbuckle.league.lookup import get_league

    with db.read() as session:
        league = get_league(session, league_name)
        _require_team_league(league)
        active = {w.name: w.active for w in league.wrestlers}
        teams = [
            {**view, "active": active.get(name, False)}
            for name, view in teams_by_competitor(session, league).items()
            if include_released or active.get(name, False)
        ]
        return {"league": league.name, "game": league.game, "budget": league_budget(league), "teams": teams}


__all__ = [
    "add_team_columns",
    "hire_team",
    "hired_members",
    "league_budget",
    "list_teams",
    "sign_ready_made",
    "sign_team_file",
    "team_options",
    "teams_by_competitor",
]
