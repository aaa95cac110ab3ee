"""The promotion's roster: the game's roster (or the league's ``--roster`` file) with the cards
the promotion made in the card editor (``League.cards``) added to it or replacing a card of the
same name; checked as a whole by the game's own ``validate_roster_file`` (``roster validate``).

A booked match carries the cards of its entrants as inline TOML in its ``roster`` option, like
a RUMBLESLAM team's hiring: its params replay anywhere, and a card edited later does not change a
match already booked. A league without cards of its own books exactly as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, get_args

from pydantic import BaseModel

from turnbuckle.engine.datafiles import inline_source, is_inline, packaged_data, read_toml, validate
from turnbuckle.engine.errors import DataFileError
from turnbuckle.engine.registry import game_class
from turnbuckle.engine.targets import load_target
from turnbuckle.league.errors import LeagueError
from turnbuckle.league.lookup import get_league
from turnbuckle.league.toml_text import dumps
from turnbuckle.store.db import Database
from turnbuckle.store.league_models import League
from turnbuckle.text import name_problem

ENTRIES = "wrestler"
"""The array of tables every game's roster file lists its cards in."""
ROSTER_FORMATS: dict[str, tuple[str, str, str, bool]] = {
    "powerhouses": ("turnbuckle.games.powerhouses.models:Roster", "turnbuckle.games.powerhouses", "roster.toml", False),
    "skirmish": ("turnbuckle.games.skirmish.models:Roster", "turnbuckle.games.skirmish", "roster.toml", False),
    "wrasslin": ("turnbuckle.games.wrasslin.models:RosterFile", "turnbuckle.games.wrasslin", "wrestlers.toml", False),
    "filsinger": ("turnbuckle.games.filsinger.models:Roster", "turnbuckle.games.filsinger", "cards.toml", True),
    "rumbleslam": ("turnbuckle.games.rumbleslam.models:Roster", "turnbuckle.games.rumbleslam", "roster.toml", False),
}
"""Per game: its roster file's model, where the shipped roster is, and whether a user's roster file
adds to the shipped one (Filsinger) instead of replacing it."""


class CardError(LeagueError):
    """A card the promotion's roster cannot take; ``field`` is the field it is about ("" for the card)."""

    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class RosterFormat:
    game: str
    roster_model: type[BaseModel]
    package: str
    filename: str
    adds: bool

    @property
    def entry_model(self) -> type[BaseModel]:
        """The model of one card: the item of the roster's ``wrestler`` list."""
        annotation = self.roster_model.model_fields[ENTRIES].annotation
        model = get_args(annotation)[0]
        assert isinstance(model, type) and issubclass(model, BaseModel)
        return model

    @property
    def shipped(self) -> Path:
        return packaged_data(self.package, self.filename)


@cache
def roster_format(game: str) -> RosterFormat:
    spec = ROSTER_FORMATS.get(game)
    if spec is None:
        raise LeagueError(f"the card editor does not know the roster format of {game!r}")
    target, package, filename, adds = spec
    return RosterFormat(game, load_target(target), package, filename, adds)


# -- documents: a roster as its TOML reads -------------------------------------------------------
def base_document(game: str, roster: str | None) -> dict[str, Any]:
    """The roster a league signs from before its own cards: the game's, or its ``--roster`` file
    (added to the game's where the game adds a user's file). Read-only: callers copy to change it."""
    fmt = roster_format(game)
    stamp = 0.0
    if roster is not None and not is_inline(roster):
        try:
            stamp = Path(roster).stat().st_mtime
        except OSError:
            stamp = -1.0
    return _base_document(game, roster, stamp, fmt.shipped.stat().st_mtime)


@lru_cache(maxsize=32)
def _base_document(game: str, roster: str | None, stamp: float, shipped_stamp: float) -> dict[str, Any]:
    fmt = roster_format(game)
    shipped = read_toml(fmt.shipped)
    if roster is None:
        return shipped
    own = read_toml(roster)
    if not fmt.adds:
        return own
    return with_cards(shipped, own.get(ENTRIES, []))


def with_cards(
    document: Mapping[str, Any], cards: Iterable[Mapping[str, Any]], drop: str | None = None
) -> dict[str, Any]:
    """``document`` with ``cards`` replacing the entries of the same name (case aside) or added at
    the end; ``drop``: a name whose entry goes (a renamed card). A new document: nothing is changed."""
    entries = [e for e in document.get(ENTRIES, []) if not drop or _key(e) != drop.casefold()]
    for card in cards:
        key = str(card.get("name", "")).casefold()
        at = next((i for i, e in enumerate(entries) if str(e.get("name", "")).casefold() == key), None)
        if at is None:
            entries.append(dict(card))
        else:
            entries[at] = dict(card)
    return {**document, ENTRIES: entries}


def _key(entry: Mapping[str, Any]) -> str:
    return str(entry.get("name", "")).casefold()


def league_document(league: League) -> dict[str, Any]:
    """The promotion's roster: its base roster with its own cards."""
    return with_cards(base_document(league.game, league.roster), league.cards.values())


def entry_names(document: Mapping[str, Any]) -> list[str]:
    return [str(e.get("name")) for e in document.get(ENTRIES, []) if e.get("name")]


def find_entry(document: Mapping[str, Any], name: str) -> dict[str, Any] | None:
    key = name.strip().casefold()
    return next((dict(e) for e in document.get(ENTRIES, []) if str(e.get("name", "")).casefold() == key), None)


def entry_text(entry: Mapping[str, Any]) -> str:
    """One card as a roster file of one ``[[wrestler]]``."""
    return dumps({ENTRIES: [dict(entry)]})


def check_document(game: str, document: Mapping[str, Any], where: str) -> list[str]:
    """``roster validate`` of the document's TOML: the names it defines, or a ``DataFileError``."""
    return list(game_class(game).validate_roster_file(inline_source(dumps(document), where)))


def restricted(document: Mapping[str, Any], names: Iterable[str]) -> dict[str, Any]:
    """The part of a roster a match needs: the named cards, and the tables beside them (a
    RUMBLESLAM tag team) whose members are all among them."""
    wanted = {n.casefold() for n in names}
    out: dict[str, Any] = {ENTRIES: [e for e in document.get(ENTRIES, []) if _key(e) in wanted]}
    for key, value in document.items():
        if key == ENTRIES:
            continue
        if isinstance(value, list) and all(isinstance(v, Mapping) for v in value):
            out[key] = [v for v in value if all(str(m).casefold() in wanted for m in v.get("members", ()))]
        else:
            out[key] = value
    return out


def match_roster(league: League, names: Iterable[str]) -> str | None:
    """The ``roster`` option of a match between ``names`` (the cards it is played with, inline),
    or None when the promotion has no cards of its own (its matches use the base roster)."""
    if not league.cards:
        return None
    return inline_source(dumps(restricted(league_document(league), names)), f"{league.name} roster")


# -- saving a card -------------------------------------------------------------------------------
def save_card(
    db: Database, league_name: str | None, entry: dict[str, Any], original: str | None = None
) -> dict[str, Any]:
    """Put a card in the promotion's roster (a new one, or in place of ``original``), checked
    like ``roster validate`` checks a file: the card's own model, then the whole roster."""
    with db.write() as session:
        league = get_league(session, league_name)
        fmt = roster_format(league.game)
        validate(fmt.entry_model, entry, "card")
        name = str(entry.get("name", "")).strip()
        if problem := name_problem(name, "a card's name"):
            raise CardError(problem, "name")
        document = league_document(league)
        was = original.strip() if original else None
        renamed = was is not None and was.casefold() != name.casefold()
        signed = {w.name.casefold(): w.name for w in league.wrestlers}
        if renamed and was is not None and was.casefold() in signed:
            raise CardError(
                f"{signed[was.casefold()]} is signed to {league.name}: a signed wrestler keeps the name "
                "(make a new card under the new name instead)",
                "name",
            )
        if renamed and find_entry(document, name) is not None:
            raise CardError(f"the roster already has a card named {name!r}", "name")
        cards = {k: v for k, v in league.cards.items() if not (renamed and was and k.casefold() == was.casefold())}
        cards = {k: v for k, v in cards.items() if k.casefold() != name.casefold()}
        cards[name] = entry
        drop = was if renamed and was and was.casefold() not in {k.casefold() for k in league.cards} else None
        base = base_document(league.game, league.roster)
        updated = with_cards(with_cards(base, [], drop=drop), cards.values())
        try:
            check_document(league.game, updated, f"{league.name} roster")
        except DataFileError as exc:
            raise CardError(str(exc)) from None
        league.cards = cards
        return {"league": league.name, "name": name, "cards": sorted(cards)}


def card_view(league: League, name: str) -> dict[str, Any]:
    """A card of the promotion's roster (its TOML table) and where it comes from."""
    entry = find_entry(league_document(league), name)
    if entry is None:
        raise LeagueError(f"{league.name}'s roster has no card named {name!r}")
    own = any(k.casefold() == name.strip().casefold() for k in league.cards)
    return {"name": entry.get("name"), "entry": entry, "own": own, "toml": entry_text(entry)}


__all__ = [
    "CardError",
    "RosterFormat",
    "base_document",
    "card_view",
    "check_document",
    "entry_names",
    "entry_text",
    "find_entry",
    "league_document",
    "match_roster",
    "restricted",
    "roster_format",
    "save_card",
    "with_cards",
]
