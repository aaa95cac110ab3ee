"""``--help`` in the words command lines usually use: no value shown after a flag, ``TEXT``,
``INTEGER``, ``FLOAT``, ``FILE``, ``GAME`` after an option that takes one, and arguments by their
plain upper-case names (``GAME``, ``[FILE]``, ``NAMES...``).

Typer (0.2x) writes Python types instead (``<bool>``, ``<str>``, ``<list[str]>``, ``{GAME}``), so
``plain_metavars`` walks the command tree once, before it runs, and names every value the usual
way; a metavar a command sets itself (``SECONDS``, ``N|Ns``) is kept.
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any, Final

from typer import Context
from typer.core import TyperArgument, TyperGroup, TyperOption

BY_NAME: Final[dict[str, str]] = {
    "game": "GAME",
    "game_name": "GAME",
    "for_game": "GAME",
    "roster": "FILE",
    "roster_file": "FILE",
    "out_dir": "DIRECTORY",
}
"""Values whose name says more than their type (a game id, a roster file given as a string)."""
BY_TYPE: Final[dict[Any, str]] = {str: "TEXT", int: "INTEGER", float: "FLOAT", Path: "FILE"}


class PlainArgument(TyperArgument):
    """An argument shown by its name alone: the name already says what goes there."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if name.startswith("["):  # a metavar written with its brackets ("[GAME]") is already usage form
            return name
        if self.nargs != 1:
            name += "..."
        return name if self.required else f"[{name}]"


def usual_metavar(name: str | None, annotation: Any) -> str:
    """The metavar for a value called ``name`` of type ``annotation`` (a list shows its items' kind)."""
    if name in BY_NAME:
        return BY_NAME[name]
    if typing.get_origin(annotation) is list:
        (annotation,) = typing.get_args(annotation)
    return BY_TYPE.get(annotation, "TEXT")


def plain_metavars(command: Any) -> None:
    """Give every parameter of ``command`` and its subcommands its usual metavar (in place)."""
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            plain_metavars(sub)
    help_option = command.get_help_option(Context(command, **command.context_settings))
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        descriptor = getattr(param, "type_descriptor", None)
        annotation = descriptor.annotation if descriptor is not None else str
        if isinstance(param, TyperArgument):
            if param.metavar is None:
                param.metavar = BY_NAME.get(param.name or "", (param.name or "value").upper())
            param.__class__ = PlainArgument
        elif isinstance(param, TyperOption) and param.metavar is None:
            flag = param.is_flag or param.count
            param.metavar = "" if flag else usual_metavar(param.name, annotation)
