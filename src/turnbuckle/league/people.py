"""Card matches played by people: at the terminal (``card run --play``) or in the browser
(``card run --browser``, then ``card collect``), stored like every computer-played match.

A person's seats are stored as ``human`` (terminal) or ``browser`` in the match's ``agents``, so
``replay`` knows how to check it: a terminal match re-runs with the person's seats following the
stored log (the computer seats and the dice must give the same match); a browser match, whose
computer seats move under the web app's time cap, is checked by its log and its dice, which the web
app draws from the match's seed per position of the log.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError, quoted
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.match import Agent
from turnbuckle.league.errors import LeagueError, ReplayMismatchError
from turnbuckle.league.team_games import competitor_sides
from turnbuckle.text import whole_number

if TYPE_CHECKING:
    from turnbuckle.store.db import Database
    from turnbuckle.web.repository import LiveMatchRecord

PERSON = "human"
"""``agents`` entry of a seat a person played at the terminal."""
BROWSER = "browser"
"""``agents`` entry of a seat a person played in the browser."""
WEB_COMPUTER = "web:"
"""Prefix of a computer seat in a browser match (``web:heuristic``): the web app's computer."""
LIVE = "live"
"""``LeagueMatch.status`` of a match handed to the browser and not collected yet."""


@dataclass(frozen=True)
class PersonSeat:
    """Match ``position`` of the card is played by a person at this terminal."""

    position: int
    side: str | None
    """A side number from 1, or a wrestler's name on the side; None: the first side."""
    agent: Callable[[Game, int], Agent]
    """The person's agent for one seat of their side."""
    narrate: Callable[[Game], Callable[[Event, State], None]] | None = None
    announce: Callable[[str], None] | None = None


BrowserMaker = Callable[[Game, list[str], int, str], tuple[str, dict[str, Any]]]
"""Makes the web match of a card match: (game, seat specs, seed, live id) -> (owner token, params
as stored). Default: ``create_browser_match`` on the league's database; the web app passes its
own service's, so the match starts in the server at once."""


@dataclass(frozen=True)
class BrowserSeat:
    """Match ``position`` of the card is handed to the web app, ``side`` played by the promoter."""

    position: int
    side: str | None
    server: str = "http://127.0.0.1:8000"
    make: BrowserMaker | None = None


class MatchAbandoned(LeagueError):
    """The person left the match (Ctrl-C, end of input, ``quit``): it stays booked."""

    def __init__(self, message: str, interrupted: bool) -> None:
        super().__init__(message)
        self.interrupted = interrupted


def side_index(sides: list[list[str]], side: str | None) -> int:
    """Which side (0-based) ``side`` means: a number from 1, or the name of a wrestler on it."""
    if side is None or not side.strip():
        return 0
    text = side.strip()
    if text.isascii() and text.isdecimal():  # a number, however long: read by the bounded parser
        number = whole_number(text, digits=3)
        index = -1 if number is None else number - 1
        if not 0 <= index < len(sides):
            shown = text if len(text) <= 12 else f"{text[:10]}… ({len(text):,} digits)"
            raise LeagueError(f"--as {shown}: this match has sides 1 to {len(sides)}")
        return index
    for index, names in enumerate(sides):
        if any(name.casefold() == text.casefold() for name in names):
            return index
    shown = " vs ".join(" & ".join(s) for s in sides)
    raise LeagueError(f"--as {quoted(text, 40)}: not a side number or a wrestler in this match ({shown})")


def side_seats(game: Game, side: str | None) -> list[int]:
    """The seats of the side a person plays, as the game seats it (a side named by a wrestler,
    or by the team in a game whose competitors are teams)."""
    sides = game.sides()
    return list(sides[side_index(competitor_sides(game.name, game), side)].players)


class LogAgent:
    """A person's seat in a replay: the decision the stored log holds at this point."""

    name = PERSON

    def __init__(self, actions: list[str]) -> None:
        self.actions = actions

    def choose(self, state: State, rng: random.Random) -> Action:
        index = len(state.history)
        if index >= len(self.actions):
            raise ReplayMismatchError(f"the stored log ends at action #{index}, before the match does")
        try:
            return state.action_from_string(self.actions[index])
        except IllegalActionError as exc:
            raise ReplayMismatchError(f"stored action #{index} does not replay: {exc}") from None


def replay_agents(
    game: Game, agents: list[str], actions: list[str], make: Callable[[str, Game, int], Agent]
) -> list[Agent]:
    """The agents a stored match is re-run with: a person's seats follow the log."""
    return [LogAgent(actions) if name == PERSON else make(name, game, p) for p, name in enumerate(agents)]


# -- the browser ----------------------------------------------------------------------------------
def live_prefix(league_id: int, match_id: int) -> str:
    """Ids of the web matches of one card match start with this (a resend makes a new one)."""
    return f"lg{league_id}m{match_id}-"


def create_browser_match(
    db: Database, game: Game, seats: list[str], seed: int, live_id: str
) -> tuple[str, dict[str, Any]]:
    """Store a new web match through the web app's own service (not started: no worker here; the
    server plays its computer seats when it loads the match). Returns the owner token and the
    params as the web app stored them."""
    from turnbuckle.web.live import MatchService
    from turnbuckle.web.sql_repository import SqlRepository

    service = MatchService(SqlRepository(db))
    created = service.create_for_game(game, seats, seed=seed, match_id=live_id)
    return created.owner_token, dict(created.match.record.params)


def latest_live(db: Database, league_id: int, match_id: int) -> LiveMatchRecord | None:
    """The web match most recently made for a card match (None: none yet)."""
    from turnbuckle.store.live_models import LiveMatchRow
    from turnbuckle.web.sql_repository import SqlRepository

    prefix = live_prefix(league_id, match_id)
    with db.read() as session:
        live_id = session.scalar(
            select(LiveMatchRow.id)
            .where(LiveMatchRow.id.startswith(prefix, autoescape=True))
            .order_by(LiveMatchRow.created_at.desc(), LiveMatchRow.id.desc())
        )
    return SqlRepository(db).get(live_id) if live_id is not None else None


def new_live_id(league_id: int, match_id: int) -> str:
    return live_prefix(league_id, match_id) + secrets.token_urlsafe(6)


LIVE_ID = re.compile(r"^lg(?P<league>\d+)m(?P<match>\d+)-")


def parse_live_id(live_id: str) -> tuple[int, int] | None:
    """(league id, match id) of a card match's web match, from its id; None for any other match."""
    found = LIVE_ID.match(live_id)
    return (int(found.group("league")), int(found.group("match"))) if found else None


def checked_web_state(game: Game, actions: list[str], seed: int) -> State:
    """The state a web match's log reaches, every die and card checked against the web app's
    draw from ``seed`` at that position (a log with other dice is refused), events recorded."""
    from turnbuckle.web.live import chance_rng_at

    state = game.new_initial_state()
    state.materialize_events()
    for index, name in enumerate(actions):
        player = state.current_player()
        if player == TERMINAL:
            raise ReplayMismatchError(f"the log goes on after the match is over (action #{index})")
        if player == CHANCE:
            drawn = state.sample_chance(chance_rng_at(seed, index)).name
            if drawn != name:
                raise ReplayMismatchError(
                    f"action #{index} {name!r} is not the chance outcome seed {seed} gives ({drawn!r})"
                )
        try:
            state.apply_action(state.action_from_string(name))
        except IllegalActionError as exc:
            raise ReplayMismatchError(f"action #{index} {name!r} does not replay: {exc}") from None
    return state


__all__ = [
    "BROWSER",
    "LIVE",
    "PERSON",
    "WEB_COMPUTER",
    "BrowserSeat",
    "LogAgent",
    "MatchAbandoned",
    "PersonSeat",
    "checked_web_state",
    "create_browser_match",
    "latest_live",
    "live_prefix",
    "new_live_id",
    "parse_live_id",
    "replay_agents",
    "side_index",
    "side_seats",
]
