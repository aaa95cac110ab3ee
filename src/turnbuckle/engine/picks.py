"""Acting on the picture: how a legal action is chosen by clicking parts of a game's table.

A game's ``render_svg`` marks every part a player can choose (a wrestler, a square, a card, a
point in the ring) with ``data-pick="ID"`` and an ``aria-label``; ``Game.picks`` says, for each
legal action that has a place on the table, the ids clicked in turn to choose it (its *path*):
``move Orkishi H1`` is ``("w:3", "sq:H1")``, select the wrestler and then the square. Actions
whose paths are equal are offered as a short menu beside the last part clicked (a wrestler's
attacks on one enemy); actions with no path stay buttons (end activation, pass, roll).

The browser only ever sends action names, so the server stays the one judge of legality; the picks
are how the page finds the name. This module holds the shared vocabulary and the SVG attribute
helper every renderer uses, so ids and labels are written one way.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict
from xml.sax.saxutils import quoteattr

PICK_ID = re.compile(r"[a-z][a-z0-9]*:[A-Za-z0-9_.,+\-]{1,40}")
"""A pick id: a short kind, a colon, a key (``w:3``, ``sq:H10``, ``card:7``, ``pt:12.5,20``)."""


@dataclass(frozen=True, slots=True)
class Pick:
    """How one legal action is chosen on the table: the ids of the parts clicked, in order.
    ``group``: where a part opens a long menu (a Wild Card can be any Hold), the heading the page files
    this action under, so the menu first offers the groups and never dozens of buttons at once."""

    action: str
    path: tuple[str, ...]
    group: str = ""

    def __post_init__(self) -> None:
        if not self.path:
            raise ValueError(f"pick for {self.action!r}: a path names at least one part")
        for part in self.path:
            if not PICK_ID.fullmatch(part):
                raise ValueError(f"pick for {self.action!r}: {part!r} is not a pick id (kind:key)")


class Piece(TypedDict, total=False):
    """A die or a card an event shows, for the move log (``Game.event_pieces``).

    ``kind`` is ``die`` or ``card``. A die has ``value`` (what it shows) and ``faces`` (``d6`` for
    pips, else the die's own name, such as ``gold`` or ``crowd``) and may have ``colour``, ``owner``
    (whose die) and ``kept`` (False for a die re-rolled away). A card has ``name`` and may have
    ``type``, ``colour``, ``detail`` (damage, requirements) and ``owner``.
    """

    kind: str
    value: int | str
    faces: str
    colour: str
    owner: str
    kept: bool
    name: str
    type: str
    detail: str


def pick_id(kind: str, key: object) -> str:
    """``kind:key`` with the characters an id cannot hold replaced (names may contain spaces)."""
    cleaned = re.sub(r"[^A-Za-z0-9_.,+\-]", "_", str(key))[:40] or "_"
    return f"{kind}:{cleaned}"


def pick_attrs(pid: str, label: str, *, only_when_pickable: bool = False, hit: bool = False) -> str:
    """The attributes that make an SVG element (usually a ``<g>``) a part to pick.

    The page lights up the element's child of class ``hit`` (or the element itself, with ``hit``)
    while it is pickable, and gives it a tab stop and ``role="button"`` then; ``only_when_pickable``
    parts (a skirmish destination point) are not drawn at all otherwise.
    """
    classes = "pick" + (" target-only" if only_when_pickable else "") + (" hit" if hit else "")
    return f'class="{classes}" data-pick={quoteattr(pid)} aria-label={quoteattr(label)}'


def paths_by_action(picks: Iterable[Pick]) -> dict[str, tuple[str, ...]]:
    return {p.action: p.path for p in picks}


def pick_ids(picks: Iterable[Pick]) -> set[str]:
    """Every id some pick's path passes through (each must be drawn on the picture)."""
    return {part for p in picks for part in p.path}


def unpicked(actions: Sequence[str], picks: Iterable[Pick]) -> list[str]:
    """The actions with no place on the table: the page shows these as buttons."""
    placed = {p.action for p in picks}
    return [a for a in actions if a not in placed]


def pick_message(picks: Iterable[Pick], labels: dict[str, str | None]) -> list[dict[str, Any]]:
    """The JSON the page gets: one ``{"action", "path", "label"}`` per placed action (and its ``group``)."""
    return [{"action": p.action, "path": list(p.path), "label": labels.get(p.action)}
            | ({"group": p.group} if p.group else {}) for p in picks]


DATA_PICK = re.compile(r'data-pick="([^"]+)"')


def drawn_pick_ids(svg: str) -> set[str]:
    """The ids the picture marks (for checks that every pick can be clicked)."""
    return set(DATA_PICK.findall(svg))
