"""Positions: a state written out as JSON (``State.to_position``) and built back
(``Game.state_from_position``), so tests, scenarios, puzzles and reviews set up a situation through
one public door instead of poking a state's fields.

A position is ``{"type": "position", "version": 1, "game": ID, "params": {...}, "position": BODY}``.
The body is each game's own (``games/<id>/position.py``, validated with pydantic models): the
public table plus every seat's secrets, and the pending steps the future depends on. Everything
wrong is a one-line ``PositionError`` that names the field: ``position.seats[1].damage: ...``.

This module holds what every game's codec shares: the envelope and validation with readable field
paths. Reading a position file (its game rebuilt the way a replay's is) is ``position_file``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from turnbuckle.engine.errors import IllegalActionError, PositionError

if TYPE_CHECKING:
    from turnbuckle.engine.game import Game, State

POSITION_TYPE: Final = "position"
POSITION_VERSION: Final = 1
"""Raised when a field is removed or changes meaning; a reader refuses other versions."""

ModelT = TypeVar("ModelT", bound=BaseModel)


class PositionCodec(Protocol):
    """A game's position format (``Game.position_codec``): its body in and out.

    ``derived`` names the state fields a position does not carry because they are caches worked out
    again on demand (cached legal actions, memos); every other field must round-trip, and the
    position tests check that it does."""

    derived: frozenset[str]

    def dump(self, state: Any) -> dict[str, Any]:
        """The body of ``state``'s position: JSON-safe, names rather than internal numbers."""
        ...

    def load(self, game: Any, body: Mapping[str, Any]) -> State:
        """A state with exactly the body's situation (no history, no events); ``PositionError``s."""
        ...


class Strict(BaseModel):
    """Base of the body models: unknown fields are refused (a typo is an error, not ignored)."""

    model_config = ConfigDict(extra="forbid", strict=False)


def fail(where: str, reason: str) -> PositionError:
    """``position.WHERE: reason`` (``where`` is the path inside the body; empty: the body itself)."""
    return PositionError(f"{join('position', where)}: {reason}")


def join(*parts: str | int) -> str:
    """A field path: ``join("seats", 1, "damage")`` is ``seats[1].damage``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part:
            out += f".{part}" if out else part
    return out


def parse(model: type[ModelT], data: Any, where: str = "") -> ModelT:
    """Validate ``data`` as ``model``; the first problem becomes a ``PositionError`` naming its field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        reason = " ".join(str(err["msg"]).split())
        reason = reason.removeprefix("Value error, ")
        raise fail(join(where, *err["loc"]), reason) from None


def envelope(state: State, body: dict[str, Any]) -> dict[str, Any]:
    """The position of ``state`` around its game's ``body``."""
    game = state.game
    return {
        "type": POSITION_TYPE,
        "version": POSITION_VERSION,
        "game": game.name,
        "params": plain(game.params),
        "position": body,
    }


def open_envelope(game: Game, data: Any) -> dict[str, Any]:
    """Check a position's envelope against ``game``; its body."""
    if not isinstance(data, Mapping):
        raise PositionError(f"(top level): a position is a JSON object, not {type(data).__name__}")
    unknown = sorted(str(k) for k in set(data) - {"type", "version", "game", "params", "position"})
    if unknown:
        raise PositionError(f"{unknown[0]}: not a field of a position (type, version, game, params, position)")
    if data.get("type", POSITION_TYPE) != POSITION_TYPE:
        raise PositionError(f"type: {data.get('type')!r:.60} is not a position")
    version = data.get("version")
    if version != POSITION_VERSION or isinstance(version, bool):
        raise PositionError(f"version: {version!r:.40} is not a position version this turnbuckle reads "
                            f"(it reads version {POSITION_VERSION})")
    if data.get("game") != game.name:
        raise PositionError(f"game: the position is for {data.get('game')!r:.60}, not {game.name!r}")
    params = data.get("params", {})
    if not isinstance(params, Mapping):
        raise PositionError("params: must be an object of game options")
    if plain(params) != plain(game.params):
        differ = sorted(k for k in set(params) | set(game.params) if plain(params.get(k)) != plain(game.params.get(k)))
        raise PositionError(f"params.{differ[0] if differ else '?'}: the position was made with other game params")
    body = data.get("position")
    if not isinstance(body, Mapping):
        raise PositionError("position: missing, or not an object")
    return dict(body)


def plain(value: Any) -> Any:
    """``value`` as JSON stores it (tuples become lists), for exact comparisons and private copies."""
    return json.loads(json.dumps(value))


def settle_check(state: State) -> None:
    """Ask a freshly built state everything a caller will (whose turn, the legal actions, the chance
    outcomes, every observation), then play its first legal action (or first chance outcome) on a
    copy: a position whose pending steps do not fit it fails here, with a ``PositionError``, rather
    than later with a traceback."""
    try:
        player = state.current_player()
        if player >= 0 and not state.legal_actions():
            raise fail("", f"{state.game.player_label(player)} is to decide but has no legal action")
        if state.is_chance_node() and not state.chance_outcomes():
            raise fail("", "a chance node without outcomes")
        for seat in range(state.game.num_players()):
            json.dumps(state.observation(seat))
        if not state.is_terminal():
            trial = state.clone()
            trial.apply_action(trial.chance_outcomes()[0][0] if trial.is_chance_node() else trial.legal_actions()[0])
    except (LookupError, TypeError, ValueError, AttributeError, AssertionError, IllegalActionError) as exc:
        raise fail("", f"does not make a playable situation ({type(exc).__name__}: {exc!s:.160})") from None


def index_of(names: Sequence[str], name: str, where: str, what: str) -> int:
    """The index of ``name`` in ``names``, or a ``PositionError`` listing the known ones."""
    try:
        return list(names).index(name)
    except ValueError:
        known = ", ".join(names)
        raise fail(where, f"unknown {what} {name!r:.80} (known: {known:.300})") from None


def check_range(value: int, low: int, high: int, where: str) -> int:
    """``value`` if ``low <= value <= high``; else a ``PositionError``."""
    if not low <= value <= high:
        raise fail(where, f"{value} is out of range ({low} to {high})")
    return value


def check_seat(value: int, seats: int, where: str, *, none: int | None = None) -> int:
    """A seat number (``none``: the value that means nobody, such as -1)."""
    if none is not None and value == none:
        return value
    if not 0 <= value < seats:
        raise fail(where, f"seat {value} does not exist (seats 0 to {seats - 1})")
    return value


def check_seats(values: Iterable[int], seats: int, where: str) -> None:
    """Every entry of a list of seat numbers (``check_seat``)."""
    for index, value in enumerate(values):
        check_seat(value, seats, join(where, index))


def check_count(items: Sized, expected: int, where: str) -> None:
    """A list with one entry for each seat, wrestler or model of the match."""
    if len(items) != expected:
        raise fail(where, f"{len(items)} entries; this match has {expected}")


def check_unique(items: Iterable[Any], where: str, what: str, name: Callable[[Any], str] = str) -> None:
    """Refuse the second occurrence of an item (a card or a wrestler named twice)."""
    seen: set[Any] = set()
    for index, item in enumerate(items):
        if item in seen:
            raise fail(join(where, index), f"{what} {name(item)} appears twice")
        seen.add(item)


__all__ = [
    "POSITION_TYPE",
    "POSITION_VERSION",
    "PositionCodec",
    "Strict",
    "check_count",
    "check_range",
    "check_seat",
    "check_seats",
    "check_unique",
    "envelope",
    "fail",
    "index_of",
    "join",
    "open_envelope",
    "parse",
    "plain",
    "settle_check",
]
