"""RUMBLESLAM test fixtures: wrestlers defined in the test (so editing the shipped roster cannot
break a rules test), hand-set positions, and forced dice by name (``C=2``, ``Crowd=Boo``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import turnbuckle
from turnbuckle.games.rumbleslam import grapple, mat
from turnbuckle.games.rumbleslam.core import place, push
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import FLOOR, TB, RumbleslamState, Wrestler
from turnbuckle.games.rumbleslam.steps import run

FIXTURE: dict[str, Any] = {
    "rank": "rookie", "casino": "Test Casino", "dosh": 100, "att": "1C", "def": "1C", "grp": "1C", "dex": "1C",
    "weight": 1, "pop": 2, "throw": 3, "sta": 4, "ap": 3, "mp": 4,
    "crowd_pleaser": {"name": "Pose", "effect": "heal", "amount": 1},
}
"""W(ATT 1C, DEF 1C, GRP 1C, DEX 1C, WT 1, STA 4, AP 3, MP 4, THROW 3): the checklist's default fixture."""


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def write_roster(path: Path, wrestlers: list[dict[str, Any]], tag_teams: list[dict[str, Any]] = ()) -> Path:  # type: ignore[assignment]
    lines: list[str] = []
    for w in wrestlers:
        lines.append("[[wrestler]]")
        lines.extend(f"{k} = {_toml_value(v)}" for k, v in w.items())
        lines.append("")
    for t in tag_teams:
        lines.append("[[tag_team]]")
        lines.extend(f"{k} = {_toml_value(v)}" for k, v in t.items())
        lines.append("")
    path.write_text("\n".join(lines))
    return path


def write_team(path: Path, name: str, wrestlers: list[str], **extra: Any) -> Path:
    lines = [f"name = {_toml_value(name)}", f"wrestlers = {_toml_value(wrestlers)}"]
    lines.extend(f"{k} = {_toml_value(v)}" for k, v in extra.items() if k != "tag_teams")
    if "tag_teams" in extra:
        lines.append("tag_teams = " + _toml_value(extra["tag_teams"]))
    path.write_text("\n".join(lines) + "\n")
    return path


def profile(name: str, **overrides: Any) -> dict[str, Any]:
    out = dict(FIXTURE)
    out["name"] = name
    out.update(overrides)
    return out


def fixture_game(tmp_path: Path, profiles: list[dict[str, Any]], team0: list[str], team1: list[str],
                 tag_teams: list[dict[str, Any]] = (), team0_extra: dict[str, Any] | None = None,  # type: ignore[assignment]
                 team1_extra: dict[str, Any] | None = None, **options: Any) -> RumbleslamGame:
    roster = write_roster(tmp_path / "roster.toml", profiles, tag_teams)
    t0 = write_team(tmp_path / "team0.toml", "Reds", team0, **(team0_extra or {}))
    t1 = write_team(tmp_path / "team1.toml", "Blues", team1, **(team1_extra or {}))
    options.setdefault("budget", 99_999)
    game = turnbuckle.load_game("rumbleslam", roster=str(roster), team0=str(t0), team1=str(t1), **options)
    assert isinstance(game, RumbleslamGame)
    return game


def scenario(game: RumbleslamGame, positions: dict[str, str], active: str | None = None, holder: int = 0,
             ap: int | None = None, mp: int | None = None,
             prepare: Callable[[RumbleslamState], None] | None = None) -> RumbleslamState:
    """A hand-set position in round 1; ``active`` starts its activation (counters applied)."""
    s = game.new_initial_state()
    assert isinstance(s, RumbleslamState)
    s.clear_events()
    s.stack.clear()
    s.buf = []
    s.round = 1
    s.holder = holder
    s.corners = [mat.NW, mat.SE, mat.NE, mat.SW][: game.players]
    for label, square in positions.items():
        w = wrestler(s, label)
        cell = mat.parse_square(square)
        place(s, w, TB if mat.is_turnbuckle(cell) else FLOOR, cell)
    if prepare is not None:
        prepare(s)
    s.turn_order = list(range(game.players))
    s.turn = 0
    s.stack.append(("next_act",))
    if active is not None:
        s.stack.append(("start_act", wrestler(s, active).index))
        s.turn = (wrestler(s, active).player + 1) % game.players
    run(s)
    w_active = wrestler(s, active) if active is not None else None
    if w_active is not None:
        if ap is not None:
            w_active.ap = ap
        if mp is not None:
            w_active.mp = mp
            w_active.mp_allow = mp
        s._legal = None
    return s


def wrestler(s: RumbleslamState, label: str) -> Wrestler:
    for e in s.game.entrants:
        if e.label == label:
            return s.ws[e.index]
    raise KeyError(f"no wrestler {label!r}: {[e.label for e in s.game.entrants]}")


def names(s: RumbleslamState) -> set[str]:
    return {a.name for a in s.legal_actions()}


def do(s: RumbleslamState, *actions: str) -> RumbleslamState:
    """Apply decisions and forced dice in order (``"brawl A->B"``, ``"C=2"``, ``"Crowd=Boo"``)."""
    for name in actions:
        s.apply_action(name)
    return s


def square(s: RumbleslamState, label: str) -> str:
    w = wrestler(s, label)
    return mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else ""


def lift(s: RumbleslamState, lifter: str, lifted: str) -> None:
    """Put ``lifted`` on ``lifter``'s card (rumbleslam LIFT)."""
    grapple.lift(s, wrestler(s, lifter), wrestler(s, lifted))


def restart(s: RumbleslamState, *steps: tuple[Any, ...]) -> RumbleslamState:
    """Replace the pending steps (e.g. ``("round_start",)``) and run to the next node."""
    s.stack.clear()
    s._legal = None
    push(s, *steps)
    run(s)
    return s


def kinds(s: RumbleslamState) -> list[str]:
    return [e.kind for e in s.events]
