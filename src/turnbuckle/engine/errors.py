"""Errors a user can cause. The CLI prints them as one line and exits with code 2."""

from __future__ import annotations


class TurnbuckleError(Exception):
    """Base class of every error caused by user input (files, moves, requests)."""


class UnknownGameError(TurnbuckleError):
    """A game id that is not registered."""


class DataFileError(TurnbuckleError):
    """A malformed or invalid data file (roster, deck, chart); names the file and field."""


class IllegalActionError(TurnbuckleError):
    """An action that is not legal in the current state."""


class ReplayError(TurnbuckleError):
    """A replay or saved state that is corrupt or does not match its game."""


class ParamError(TurnbuckleError):
    """A game parameter (option, wrestler name, match type) that is not valid."""


class PositionError(TurnbuckleError):
    """A position (``Game.state_from_position``) that is malformed or impossible; the message is one
    line, ``FIELD: reason``, naming the field (``position.seats[1].damage``)."""


QUOTE_LIMIT = 200
"""The most characters of a person's input an error message repeats."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters (a mistyped name is worth
    showing; a megabyte of it in a response or a log line is not)."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1]}… ({len(text):,} characters)"
