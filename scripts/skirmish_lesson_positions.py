"""Write the ring skirmish lessons' start positions (``games/skirmish/lessons/positions/*.json``): two
wrestlers placed by hand, mid-match, with the pools, bids and turn order each lesson needs. They are
ordinary position files (``turnbuckle play skirmish --position FILE`` reads them too). Run from the
repository root: ``PYTHONPATH=src python scripts/skirmish_lesson_positions.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from turnbuckle.engine.registry import load_game

OUT = Path("src/turnbuckle/games/skirmish/lessons/positions")

Spot = tuple[str, float, float, tuple[int, int], int, bool]
"""A model: wrestler, x and y (inches from the SW corner), facing vector, END, staggered."""


def position(models: list[Spot], players: list[tuple[str, int, int]], order: tuple[int, int] = (0, 1),
             round_: int = 2, outside: tuple[str, ...] = ()) -> dict[str, Any]:
    """A turn-phase position: ``players`` are (corner, pool, bid APs left); the first in ``order`` is
    to move. With tag partners ``outside`` the ring it is a tag match (two models a side, in seat
    order). Loaded through the game to check it, then written as the game writes it."""
    per_side = len(models) // len(players)
    in_ring = [name not in outside for name, *_ in models]
    body = {
        "phase": "turn", "round": round_, "chooser": order[0], "turn_index": 0, "setup_order": [0, 1],
        "order": list(order), "tie_groups": [], "revealed": True, "how": "",
        "players": [{"corner": corner, "pool": pool, "bid_left": left, "bid_submitted": True, "used": [],
                     "flaunt_pin_dice": 0, "tag_cost_doubled": False,
                     "active_model": next(i for i in range(seat * per_side, (seat + 1) * per_side) if in_ring[i])}
                    for seat, (corner, pool, left) in enumerate(players)],
        "secrets": [{"bid": left} for _, _, left in players],
        "models": [{"wrestler": name, "x": x, "y": y, "facing": list(facing), "end": end, "staggered": staggered,
                    "jockeyed": False, "in_ring": ring}
                   for (name, x, y, facing, end, staggered), ring in zip(models, in_ring, strict=True)],
    }
    game = load_game("skirmish", wrestlers=[m[0] for m in models], match_type="tag" if outside else "singles")
    state = game.state_from_position({"type": "position", "version": 1, "game": "skirmish",
                                      "params": dict(game.params), "position": body})
    return state.to_position()


POSITIONS = {
    # MOVE MANEUVERS, ATTACK MANEUVERS: Marisol in Otto's front arc; her Desert Bridge needs his back
    "around-otto": position([("Marisol Vance", 12.0, 12.0, (1, 1), 7, False),
                             ("Otto Brannigan", 16.0, 16.0, (-1, -1), 8, False)],
                            [("SW", 4, 4), ("NE", 3, 3)]),
    # STRIKE and the ropes: Gideon 2.4 inches from the east rope, face to face with Titus
    "strike-to-the-ropes": position([("Titus Ramsey", 25.0, 15.0, (1, 0), 7, False),
                                     ("Gideon Marsh", 26.8, 15.0, (-1, 0), 7, False)],
                                    [("SW", 4, 3), ("NE", 4, 2)]),
    # a block and a counter-maneuver: Otto (first this round) strikes Marisol
    "otto-strikes": position([("Marisol Vance", 15.0, 15.0, (1, 0), 7, False),
                              ("Otto Brannigan", 16.8, 15.0, (-1, 0), 8, False)],
                             [("SW", 4, 2), ("NE", 2, 4)], order=(1, 0)),
    # PIN ATTEMPT MANEUVERS (the three-count): Otto staggered at END 2, Marisol with 5 bid APs
    "three-count": position([("Marisol Vance", 15.0, 15.0, (1, 0), 6, False),
                             ("Otto Brannigan", 16.8, 15.0, (-1, 0), 2, True)],
                            [("SW", 2, 5), ("NE", 0, 0)], round_=5),
    # SPECIAL MANEUVERS: Titus staggered and hurt, Gideon with APs in his pool
    "titus-gets-up": position([("Titus Ramsey", 15.0, 15.0, (1, 0), 3, True),
                               ("Gideon Marsh", 16.8, 15.0, (-1, 0), 6, False)],
                              [("SW", 3, 5), ("NE", 5, 2)], round_=4),
    # a whole turn: Jockey, Clothesline, Pin Attempt; Rosa at 2 END shows the END floor
    "otto-closes-in": position([("Otto Brannigan", 10.0, 15.0, (1, 0), 7, False),
                                ("Rosa Quintero", 15.0, 15.0, (-1, 0), 2, False)],
                               [("SW", 2, 5), ("NE", 1, 5)], round_=6),
    # WHIP: Brick 3.4 inches from the east rope, Marisol face to face with him
    "whip-off-the-ropes": position([("Marisol Vance", 24.0, 15.0, (1, 0), 7, False),
                                    ("Brick Halloran", 25.8, 15.0, (-1, 0), 9, False)],
                                   [("SW", 3, 4), ("NE", 3, 3)], round_=3),
    # TAG MATCH: Marisol staggered in her corner, Brick waiting outside it, Kestrel within 10 inches of it
    "tag-in-brick": position([("Marisol Vance", 4.5, 4.5, (1, 1), 2, True),
                              ("Brick Halloran", 0.0, 0.0, (1, 0), 9, False),
                              ("Kestrel Ode", 5.7, 5.7, (-1, -1), 6, False),
                              ("Otto Brannigan", 0.0, 0.0, (1, 0), 8, False)],
                             [("SW", 3, 4), ("NE", 4, 3)], round_=5,
                             outside=("Brick Halloran", "Otto Brannigan")),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in POSITIONS.items():
        (OUT / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"{OUT / name}.json")


if __name__ == "__main__":
    main()
