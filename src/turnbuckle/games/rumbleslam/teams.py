"""Team building (rumbleslam BUILDING YOUR TEAM): budgets, Superstars, Tag Teams, Endorsements,
Sponsorships. Every problem is a one-line ``DataFileError`` naming the file and the field."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from turnbuckle.engine.datafiles import (
    DataSource,
    inline_source,
    load_model,
    packaged_data,
    read_toml,
    source_name,
    toml_string,
    validate,
)
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.rumbleslam.models import Profile, Roster, TagTeam, Team, TeamsFile

PACKAGE = "turnbuckle.games.rumbleslam"
GAME_SIZES = {"lightweight": 1000, "middleweight": 1500, "madness": 2500}
"""rumbleslam GAME SIZE: Lightweight Bout, Middleweight Match, RUMBLESLAM Madness (K Dosh)."""
ENDORSEMENT_COST = 25
SPONSORSHIP_COST = 50
TRADITIONAL_DISCOUNT = 150


def load_roster(path: str | Path | None = None) -> Roster:
    return load_model(Roster, path if path is not None else packaged_data(PACKAGE, "roster.toml"))


def default_teams() -> TeamsFile:
    return load_model(TeamsFile, packaged_data(PACKAGE, "teams.toml"))


def load_team(path: DataSource) -> Team:
    """A team file (or inline team TOML): either a single team (top-level fields) or the first ``[[team]]``."""
    data = read_toml(path)
    if "team" in data and isinstance(data["team"], list):
        if not data["team"]:
            raise DataFileError(f"{source_name(path)}: team: no team in the file")
        data = data["team"][0]
    return validate(Team, data, str(path))


def team_toml(team: Team) -> str:
    """A team as the TOML of a team file, so it can travel as data (a league match's params)."""
    lines = [
        f"name = {toml_string(team.name)}",
        f"wrestlers = [{', '.join(toml_string(w) for w in team.wrestlers)}]",
        f"endorsements = {team.endorsements}",
        f"sponsorships = [{', '.join(toml_string(s) for s in team.sponsorships)}]",
        "tag_teams = ["
        + ", ".join(f"{{ name = {toml_string(t.name)}, style = {toml_string(t.style)} }}" for t in team.tag_teams)
        + "]",
    ]
    return "\n".join(lines) + "\n"


def inline_team(team: Team) -> str:
    """A team as an inline data source: the value of a ``team0`` .. ``team3`` option that needs no file."""
    return inline_source(team_toml(team), f"team {team.name}")


@dataclass(frozen=True)
class CheckedTeam:
    """A validated team: its profiles in order, Tag Team hires, and what it cost."""

    team: Team
    profiles: tuple[Profile, ...]
    traditional: tuple[TagTeam, ...]
    exhibition: tuple[TagTeam, ...]
    cost: int
    single_casino: bool


def team_cost(team: Team, roster: Roster) -> int:
    total = sum(_profile(roster, team, i, n).dosh for i, n in enumerate(team.wrestlers))
    total += ENDORSEMENT_COST * team.endorsements
    total += SPONSORSHIP_COST * min(1, len(team.sponsorships))
    total -= TRADITIONAL_DISCOUNT * sum(1 for t in team.tag_teams if t.style == "traditional")
    return total


def _profile(roster: Roster, team: Team, index: int, name: str) -> Profile:
    profile = roster.find(name)
    if profile is None:
        raise DataFileError(f"team {team.name!r}: wrestlers[{index}]: unknown wrestler {name!r}")
    return profile


def check_team(team: Team, roster: Roster, budget: int, source: str = "team") -> CheckedTeam:
    """Apply the team-building rules; raise a one-line ``DataFileError`` naming the field."""
    where = f"{source}: team {team.name!r}"
    try:
        profiles = tuple(_profile(roster, team, i, n) for i, n in enumerate(team.wrestlers))
    except DataFileError as exc:
        raise DataFileError(f"{source}: {exc}") from None
    seen: set[str] = set()
    for i, p in enumerate(profiles):
        if p.rank == "superstar":
            if p.name in seen:
                raise DataFileError(f"{where}: wrestlers[{i}]: Superstar {p.name} hired twice (Superstars are unique)")
            seen.add(p.name)
    casinos = {p.casino for p in profiles if not p.free_agent}
    single = len(casinos) <= 1 and bool(casinos)
    if len(team.sponsorships) > 1 and not single:
        raise DataFileError(
            f"{where}: sponsorships: a second Sponsorship needs a one-casino team (plus Free Agents); "
            f"this team mixes {', '.join(sorted(casinos))}"
        )
    traditional: list[TagTeam] = []
    exhibition: list[TagTeam] = []
    for i, hire in enumerate(team.tag_teams):
        tag = roster.tag_team_named(hire.name)
        if tag is None:
            raise DataFileError(f"{where}: tag_teams[{i}]: unknown tag team {hire.name!r}")
        missing = [m for m in tag.members if m not in {p.name for p in profiles}]
        if missing:
            raise DataFileError(f"{where}: tag_teams[{i}]: {tag.name} needs both members hired (missing {missing[0]})")
        (traditional if hire.style == "traditional" else exhibition).append(tag)
    cost = team_cost(team, roster)
    if cost > budget:
        raise DataFileError(f"{where}: wrestlers: over budget by {cost - budget}K ({cost}K of {budget}K)")
    return CheckedTeam(team, profiles, tuple(traditional), tuple(exhibition), cost, single)
