"""Setting up a promotion: the league itself, signing and releasing its wrestlers, its titles."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy import func, select

from turnbuckle.engine.errors import ParamError, quoted
from turnbuckle.engine.registry import game_class, load_game
from turnbuckle.league.admin import new_admin_token
from turnbuckle.league.booking import closest, match_type_choices
from turnbuckle.league.cards import TITLE_SIZES
from turnbuckle.league.errors import BookingError, LeagueError, UnknownWrestlerError
from turnbuckle.league.lookup import current_reign, get_league, get_wrestler, roster_names
from turnbuckle.league.people import LIVE
from turnbuckle.league.roster_cards import entry_names, league_document
from turnbuckle.league.team_games import is_team_game
from turnbuckle.store.base import utcnow
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import League, LeagueEvent, LeagueMatch, LeagueWrestler, MatchEntrant, Title
from turnbuckle.text import NAME_LIMIT, name_problem

LEAGUE_NAME_LIMIT = NAME_LIMIT - 20
"""A promotion's name leaves room in a card's name column for the default card name ``NAME #N``."""


# -- creating ---------------------------------------------------------------------------------
def create_league(
    db: Database,
    name: str,
    game: str,
    options: dict[str, Any],
    roster: str | None = None,
    seed: int | None = None,
    countout_dq_titles: bool = False,
) -> dict[str, Any]:
    """A new promotion under ``game`` with its options (checked by building the game once), and
    its admin token (returned once: only its hash is stored)."""
    cls = game_class(game)
    known = {o.name for o in cls.options()}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ParamError(f"{game} has no option {unknown[0]!r}; options: {', '.join(sorted(known))}")
    probe = options
    if is_team_game(game):  # the card names each match's teams; probe the options with the cheapest team
        from turnbuckle.league.teams import probe_options

        probe = probe_options(game, options, roster)
    try:
        load_game(game, **probe, **({"roster": roster} if roster else {}))
    except TypeError as exc:
        raise ParamError(f"{game}: {exc}") from None
    if not name.strip():
        raise LeagueError("a league needs a name")
    if problem := name_problem(name.strip(), "a league's name", LEAGUE_NAME_LIMIT):
        raise LeagueError(problem)
    with db.write() as session:
        if session.scalar(select(League).where(func.lower(League.name) == name.lower())) is not None:
            raise LeagueError(f"a league named {name!r} already exists")
        token, digest = new_admin_token()
        league = League(
            name=name.strip(),
            game=game,
            options=options,
            roster=roster,
            seed=seed if seed is not None else 0,
            admin_token_hash=digest,
            countout_dq_titles=countout_dq_titles,
            season=1,
            cards={},
        )
        if seed is None:
            league.seed = random.SystemRandom().randrange(2**31)
        session.add(league)
        session.flush()
        return {
            "id": league.id,
            "name": league.name,
            "game": game,
            "options": options,
            "seed": league.seed,
            "admin_token": token,
        }


def sign(db: Database, league_name: str | None, names: list[str], everyone: bool = False) -> list[str]:
    """Sign wrestlers from the game's roster (or the league's roster file); ``everyone``: the whole roster."""
    with db.write() as session:
        league = get_league(session, league_name)
        if is_team_game(league.game):  # competitors are teams: ready-made ones by name
            from turnbuckle.league.teams import sign_ready_made

            return sign_ready_made(session, league, names, everyone)
        available = (
            entry_names(league_document(league)) if league.cards else roster_names(league.game, league.roster)
        )
        by_lower = {n.lower(): n for n in available}
        wanted = available if everyone else names
        if not wanted:
            raise LeagueError("name the wrestlers to sign (or use --all)")
        signed: list[str] = []
        existing = {w.name.lower(): w for w in league.wrestlers}
        for raw in wanted:
            name = by_lower.get(raw.strip().lower())
            if name is None:
                raise UnknownWrestlerError(
                    f"{raw!r} is not on the {league.game} roster{closest(raw, available)}"
                    " (see `turnbuckle roster GAME`, or give the league a --roster file)"
                )
            current = existing.get(name.lower())
            if current is not None and current.active:
                if everyone:
                    continue
                raise LeagueError(f"{name} is already signed to {league.name}")
            if current is not None:
                current.active, current.released_at = True, None
            else:
                session.add(LeagueWrestler(league_id=league.id, name=name))
            signed.append(name)
        return signed


def release(db: Database, league_name: str | None, name: str) -> dict[str, Any]:
    """Release a wrestler: titles they hold are vacated; they cannot be on an unplayed card."""
    with db.write() as session:
        league = get_league(session, league_name)
        wrestler = get_wrestler(session, league, name)
        booked = session.scalar(
            select(LeagueEvent.number)
            .join(LeagueMatch, LeagueMatch.event_id == LeagueEvent.id)
            .join(MatchEntrant, MatchEntrant.match_id == LeagueMatch.id)
            .where(MatchEntrant.wrestler_id == wrestler.id, LeagueMatch.status.in_(("booked", LIVE)))
        )
        if booked is not None:
            raise BookingError(f"{wrestler.name} is booked on card #{booked}; run it before releasing them")
        vacated: list[str] = []
        last_card = session.scalar(
            select(func.max(LeagueEvent.number)).where(LeagueEvent.league_id == league.id, LeagueEvent.status == "done")
        )
        for title in league.titles:
            reign = current_reign(session, title)
            if reign is not None and wrestler.name in reign.holders:
                reign.ended_at = utcnow()
                reign.ended_card = last_card if last_card is not None else reign.won_card
                vacated.append(title.name)
        wrestler.active = False
        wrestler.released_at = utcnow()
        return {"released": wrestler.name, "vacated": vacated}


def new_title(db: Database, league_name: str | None, name: str, kind: str = "singles") -> dict[str, Any]:
    if kind not in TITLE_SIZES:
        raise LeagueError(f"a title is 'singles' or 'tag', not {quoted(kind, 30)}")
    if problem := name_problem(name, "a title's name"):
        raise LeagueError(problem)
    with db.write() as session:
        league = get_league(session, league_name)
        if is_team_game(league.game) and kind == "singles":
            kind = "team"  # one team a side
        elif kind == "team" and not is_team_game(league.game):
            raise LeagueError(f"{league.game} signs wrestlers, so its titles are 'singles' or 'tag'")
        if kind == "tag" and "tag" not in match_type_choices(league.game):
            raise LeagueError(f"{league.game} has no tag matches, so no tag titles")
        if session.scalar(select(Title).where(Title.league_id == league.id, func.lower(Title.name) == name.lower())):
            raise LeagueError(f"{league.name} already has a title named {name!r}")
        title = Title(league_id=league.id, name=name, kind=kind)
        session.add(title)
        session.flush()
        return {"id": title.id, "name": name, "kind": kind}


# -- the promotion's rules ----------------------------------------------------------------------
def rules_view(db: Database, league_name: str | None) -> dict[str, Any]:
    """What the promotion plays by: the game and its options, the roster, the title rule, the season."""
    from turnbuckle.league.cards import NO_TITLE_CHANGE

    with db.read() as session:
        league = get_league(session, league_name)
        cls = game_class(league.game)
        titled = "every finish with a winner"
        if not league.countout_dq_titles:
            kept = " or ".join(sorted(m.replace("_", " ") for m in NO_TITLE_CHANGE))
            titled = f"every finish with a winner except a {kept} (the champions keep the title)"
        return {
            "league": league.name,
            "id": league.id,
            "game": league.game,
            "game_title": cls.title,
            "options": dict(league.options),
            "roster": league.roster,
            "custom_cards": sorted(league.cards),
            "seed": league.seed,
            "season": league.season,
            "countout_dq_titles": league.countout_dq_titles,
            "titles_change_on": titled,
            "team_game": is_team_game(league.game),
            "admin_token_set": league.admin_token_hash is not None,
        }


def set_rules(db: Database, league_name: str | None, countout_dq_titles: bool | None = None) -> dict[str, Any]:
    """Change the promotion's own rules (today: whether titles change on a count-out or DQ)."""
    with db.write() as session:
        league = get_league(session, league_name)
        if countout_dq_titles is not None:
            league.countout_dq_titles = countout_dq_titles
    return rules_view(db, league_name)


def new_season(db: Database, league_name: str | None) -> dict[str, Any]:
    """Start the next season: cards booked from now on belong to it (records and ratings carry on)."""
    with db.write() as session:
        league = get_league(session, league_name)
        league.season += 1
        return {"league": league.name, "season": league.season}
