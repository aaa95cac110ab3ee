"""Random legal teams (rumbleslam BUILDING YOUR TEAM), for soaks and balance sweeps.

Hiring follows the text's rules as ``check_team`` applies them: wrestlers bought with Dosh up
to the budget, each Superstar at most once, a Tag Team only when both members are hired (a
Traditional one refunds 150K), up to 8 Endorsements at 25K, one Sponsorship bought for 50K and
a second free for a one-casino team. Every team returned passes ``check_team``.
"""

from __future__ import annotations

import random

from turnbuckle.engine.datafiles import toml_string
from turnbuckle.games.rumbleslam.models import SPONSORSHIPS, Roster, TagTeamHire, Team
from turnbuckle.games.rumbleslam.teams import (
    ENDORSEMENT_COST,
    SPONSORSHIP_COST,
    TRADITIONAL_DISCOUNT,
    check_team,
)

MAX_WRESTLERS = 12
"""Random teams stop at 12 hires (soaks stay quick); a team file may hold more (``MAX_TEAM_WRESTLERS``)."""


def random_team(roster: Roster, budget: int, rng: random.Random, name: str = "Random Team") -> Team:
    """Hire at random until nothing more fits, then spend what is left on extras."""
    hired: list[str] = []
    superstars: set[str] = set()
    spent = 0
    while len(hired) < MAX_WRESTLERS:
        affordable = [
            p for p in roster.wrestler
            if spent + p.dosh <= budget and not (p.rank == "superstar" and p.name in superstars)
        ]
        # leave room for a rookie-sized wrestler more often than not: teams of one giant are dull
        if not affordable or (len(hired) >= 2 and rng.random() < 0.15):
            break
        pick = rng.choice(affordable)
        hired.append(pick.name)
        spent += pick.dosh
        if pick.rank == "superstar":
            superstars.add(pick.name)
    if not hired:
        cheapest = min(roster.wrestler, key=lambda p: p.dosh)
        raise ValueError(f"a budget of {budget}K cannot hire anyone (the cheapest costs {cheapest.dosh}K)")
    tag_teams: list[TagTeamHire] = []
    for tag in roster.tag_team:
        if all(member in hired for member in tag.members) and rng.random() < 0.7:
            if rng.random() < 0.5:
                tag_teams.append(TagTeamHire(name=tag.name, style="traditional"))
                spent -= TRADITIONAL_DISCOUNT
            else:
                tag_teams.append(TagTeamHire(name=tag.name, style="exhibition"))
    sponsorships: list[str] = []
    if spent + SPONSORSHIP_COST <= budget and rng.random() < 0.6:
        bought = rng.sample(SPONSORSHIPS, 2)
        sponsorships.append(bought[0])
        spent += SPONSORSHIP_COST
        casinos = {p.casino for p in (roster.find(n) for n in hired) if p is not None and not p.free_agent}
        if len(casinos) == 1:
            sponsorships.append(bought[1])  # the single-casino bonus Sponsorship is free
    endorsements = min(8, max(0, (budget - spent) // ENDORSEMENT_COST))
    endorsements = rng.randint(0, endorsements)
    team = Team(name=name, wrestlers=tuple(hired), endorsements=endorsements,
                sponsorships=tuple(sponsorships), tag_teams=tuple(tag_teams))
    check_team(team, roster, budget, "random team")
    return team


def team_toml(team: Team) -> str:
    """A team as the text of a team file (``--team FILE`` / ``-o team0=FILE`` read it back)."""
    lines = [
        f"name = {toml_string(team.name)}",
        "wrestlers = [" + ", ".join(toml_string(n) for n in team.wrestlers) + "]",
        f"endorsements = {team.endorsements}",
        "sponsorships = [" + ", ".join(toml_string(n) for n in team.sponsorships) + "]",
        "tag_teams = ["
        + ", ".join(f"{{ name = {toml_string(t.name)}, style = {toml_string(t.style)} }}" for t in team.tag_teams)
        + "]",
    ]
    return "\n".join(lines) + "\n"
