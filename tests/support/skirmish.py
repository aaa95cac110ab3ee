"""Helpers for ring skirmish tests: fixture wrestlers, hand-set positions, forced dice."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.rules import BID, BOOST, TURN, SkirmishGame, SkirmishState

FIXTURE = str(Path(__file__).resolve().parents[1] / "games" / "skirmish" / "data" / "fixture_roster.toml")
FACE = {"E": (1, 0), "N": (0, 1), "W": (-1, 0), "S": (0, -1), "NE": (1, 1), "SW": (-1, -1)}


def game(match_type: str = "singles", **params: Any) -> SkirmishGame:
    names = {"singles": ["A", "B"], "tag": ["A", "C", "B", "D"], "fatal_four_way": ["A", "B", "C", "D"]}
    params.setdefault("wrestlers", names[match_type])
    return SkirmishGame(match_type=match_type, roster=FIXTURE, **params)


def position(g: SkirmishGame, models: dict[int, tuple[float, float, str]], *, turn: int = 0,
             order: list[int] | None = None, pools: list[int] | None = None, left: list[int] | None = None,
             end: dict[int, int] | None = None, staggered: tuple[int, ...] = (), round_: int = 1,
             corners: list[str] | None = None, bidding: bool = False) -> SkirmishState:
    """A state in the middle of a round: models at (x, y, facing) in inches, pools, bid left, whose turn."""
    s = g.new_initial_state()
    n = g.players
    s.corner = corners or ["SW", "NE", "SE", "NW"][:n]
    for m in s.models:
        m.in_ring = False
    for i, (x, y, face) in models.items():
        m = s.models[i]
        m.x, m.y = round(x * geo.UNIT), round(y * geo.UNIT)
        m.fx, m.fy = FACE[face] if isinstance(face, str) else face
        m.in_ring = True
        s.active[m.player] = i
    for i, value in (end or {}).items():
        s.models[i].end = value
    for i in staggered:
        s.models[i].staggered = True
    s.round = round_
    s.pool = list(pools or [0] * n)
    s.setup_order = list(range(n))
    if bidding:
        s.phase = BID
        s.chooser = 0
        s.clear_events()
        return s
    s.left = list(left or [0] * n)
    s.bid = list(s.left)
    s.bid_in = [True] * n
    s.revealed = True
    s.order = order or [turn, *[p for p in range(n) if p != turn]]
    s.turn_index = s.order.index(turn)
    s.phase = TURN
    s.chooser = turn
    s.refresh()
    s.clear_events()
    return s


def engaged(**kw: Any) -> SkirmishState:
    """A (P0) at (15,15) facing E and B (P1) at (17,15) facing W: gap 0.4 inch (checklist §0)."""
    return position(game(), {0: (15, 15, "E"), 1: (17, 15, "W")}, **kw)


def roll(state: SkirmishState, spec: str) -> None:
    """Force one side's pool: ``"6,5,2|3"`` = batch of faces, then explosion batches."""
    for batch in spec.split("|"):
        faces = [int(f) for f in batch.split(",") if f.strip()]
        assert state.current_player() == CHANCE, f"no dice expected; phase {state.phase}"
        assert state.pend["batch"] == len(faces), f"batch of {state.pend['batch']} dice, given {faces}"
        state.apply_action(f"dice 5s={faces.count(5)} 6s={faces.count(6)}")


def skip_boosts(state: SkirmishState) -> None:
    """Decline every boost question now pending (asked only of players with bid AP left)."""
    while state.phase == BOOST:
        state.apply_action("no boost")


def names(state: SkirmishState) -> list[str]:
    return [a.name for a in state.legal_actions()]


def kinds(state: SkirmishState) -> list[str]:
    return [e.kind for e in state.events]


def at(state: SkirmishState, i: int) -> tuple[float, float]:
    m = state.models[i]
    return (m.x / geo.UNIT, m.y / geo.UNIT)


__all__ = ["BID", "FIXTURE", "TURN", "at", "engaged", "game", "kinds", "names", "position", "roll", "skip_boosts"]


def slots() -> tuple[str, ...]:
    """``SkirmishState.__slots__`` as written in state.py (a mypyc build's native class keeps no ``__slots__``)."""
    source = (Path(__file__).resolve().parents[2] / "src/turnbuckle/games/skirmish/state.py").read_text()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError("state.py declares no __slots__")
