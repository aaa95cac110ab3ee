"""The RUMBLESLAM mat (rumbleslam THE MAT, BASE SIZE): a 12x12 grid of cells.

Cells are ``y * 12 + x`` with ``x, y`` in 0..11 (checklist section 3, ruling AMB-2):

- the ring floor is ``1 <= x, y <= 10``: 100 squares named ``A1`` .. ``J10`` (column A-J west to
  east, row 1-10 north to south);
- the ropes are the band around it (never stood on): ``N-D`` (above D1), ``S-D``, ``W-4``, ``E-4``;
- the four turnbuckles sit on the outer corners: ``TB-NW`` (0,0), ``TB-NE``, ``TB-SW``, ``TB-SE``.

100 floor squares + 4 turnbuckles = the text's 104 squares. Distance is king-move (Chebyshev)
distance, "measured in the same way as movement". A WEIGHT 3 wrestler fills a 2x2 block named by
its north-west square (its *anchor*); on a turnbuckle it fills one square.
"""

from __future__ import annotations

import functools
from typing import Final

SIZE: Final = 12
CELLS: Final = SIZE * SIZE
COLUMNS: Final = "ABCDEFGHIJ"

NW: Final = 0
NE: Final = 11
SW: Final = 11 * SIZE
SE: Final = 11 * SIZE + 11
TURNBUCKLES: Final = (NW, NE, SW, SE)
TURNBUCKLE_NAMES: Final = {NW: "TB-NW", NE: "TB-NE", SW: "TB-SW", SE: "TB-SE"}
CORNER_NAMES: Final = ("NW", "NE", "SW", "SE")
OPPOSITE: Final = {NW: SE, SE: NW, NE: SW, SW: NE}
CORNER_FLOOR: Final = {NW: 13, NE: 22, SW: 121, SE: 130}
"""The one floor square touching each turnbuckle (A1, J1, A10, J10)."""

DIRECTIONS: Final = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
DIRECTION_NAMES: Final = tuple(DIRECTIONS)
ROPES: Final = ("N", "S", "E", "W")
AWAY_FROM_ROPE: Final = {"N": (0, 1), "S": (0, -1), "W": (1, 0), "E": (-1, 0)}


def xy(cell: int) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


def cell_at(x: int, y: int) -> int:
    return y * SIZE + x


def on_grid(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def is_floor(cell: int) -> bool:
    x, y = cell % SIZE, cell // SIZE
    return 1 <= x <= 10 and 1 <= y <= 10


def is_turnbuckle(cell: int) -> bool:
    return cell in TURNBUCKLES


def is_rope(cell: int) -> bool:
    return not is_floor(cell) and not is_turnbuckle(cell)


FLOOR: Final = tuple(c for c in range(CELLS) if is_floor(c))
ROPE_CELLS: Final = tuple(c for c in range(CELLS) if is_rope(c))
IS_ROPE: Final = tuple(is_rope(c) for c in range(CELLS))
"""``is_rope`` by cell, for loops over the board."""


def square_name(cell: int) -> str:
    x, y = xy(cell)
    if 1 <= x <= 10 and 1 <= y <= 10:
        return f"{COLUMNS[x - 1]}{y}"
    if cell in TURNBUCKLE_NAMES:
        return TURNBUCKLE_NAMES[cell]
    if y == 0:
        return f"N-{COLUMNS[x - 1]}"
    if y == 11:
        return f"S-{COLUMNS[x - 1]}"
    if x == 0:
        return f"W-{y}"
    return f"E-{y}"


SQUARE_NAMES: Final = tuple(square_name(c) for c in range(CELLS))
_BY_NAME: Final = {n: c for c, n in enumerate(SQUARE_NAMES)}


def parse_square(name: str) -> int:
    """The cell of a square name (``D4``, ``N-D``, ``TB-NW``); ``KeyError`` if unknown."""
    return _BY_NAME[name.strip().upper() if not name.startswith("TB") else name.strip()]


def footprint(anchor: int, size: int) -> tuple[int, ...]:
    if size == 1:
        return (anchor,)
    return (anchor, anchor + 1, anchor + SIZE, anchor + SIZE + 1)


def box(anchor: int, size: int) -> tuple[int, int, int, int]:
    x, y = anchor % SIZE, anchor // SIZE
    return x, y, x + size - 1, y + size - 1


def box_distance(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> int:
    """King-move distance between two rectangles (0 when they overlap)."""
    dx = max(0, a[0] - b[2], b[0] - a[2])
    dy = max(0, a[1] - b[3], b[1] - a[3])
    return max(dx, dy)


def distance(anchor_a: int, size_a: int, anchor_b: int, size_b: int) -> int:
    return box_distance(box(anchor_a, size_a), box(anchor_b, size_b))


def valid_footprint(anchor: int, size: int) -> bool:
    """Every cell of the base on the ring floor."""
    x, y = anchor % SIZE, anchor // SIZE
    return x >= 1 and y >= 1 and x + size - 1 <= 10 and y + size - 1 <= 10


def ropes_touched(anchor: int, size: int) -> tuple[str, ...]:
    """Which ropes a base on the floor is in base contact with (rumbleslam BASE SIZE)."""
    x0, y0, x1, y1 = box(anchor, size)
    if not (x0 >= 1 and x1 <= 10 and y0 >= 1 and y1 <= 10):
        return ()
    found = []
    if y0 == 1:
        found.append("N")
    if y1 == 10:
        found.append("S")
    if x1 == 10:
        found.append("E")
    if x0 == 1:
        found.append("W")
    return tuple(found)


def turnbuckle_touched(anchor: int, size: int) -> int | None:
    """The turnbuckle a floor base is in base contact with (it covers A1, J1, A10 or J10)."""
    cells = footprint(anchor, size)
    for tb, floor in CORNER_FLOOR.items():
        if floor in cells:
            return tb
    return None


@functools.cache
def corner_squares(tb: int) -> tuple[int, ...]:
    """A player's corner: floor squares within 5 of the turnbuckle that touch a rope
    (rumbleslam SETTING UP THE GAME, ruling AMB-3): 9 squares."""
    tx, ty = xy(tb)
    return tuple(
        c for c in FLOOR
        if max(abs(c % SIZE - tx), abs(c // SIZE - ty)) <= 5 and ropes_touched(c, 1)
    )


@functools.cache
def corner_anchors(tb: int, size: int) -> tuple[int, ...]:
    """Deployment anchors: all cells within 5 of the turnbuckle, at least one cell on a rope
    (ruling AMB-4); for 1x1 the corner squares."""
    if size == 1:
        return corner_squares(tb)
    tx, ty = xy(tb)
    out = []
    for anchor in FLOOR:
        if not valid_footprint(anchor, size):
            continue
        cells = footprint(anchor, size)
        if all(max(abs(c % SIZE - tx), abs(c // SIZE - ty)) <= 5 for c in cells) and ropes_touched(anchor, size):
            out.append(anchor)
    return tuple(out)


def step(anchor: int, direction: tuple[int, int]) -> int:
    return anchor + direction[0] + direction[1] * SIZE


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def direction_between(from_box: tuple[int, int, int, int], to_box: tuple[int, int, int, int]) -> tuple[int, int]:
    """The sign vector from one base's centre to another's (ruling AMB-46)."""
    fx = from_box[0] + from_box[2]
    fy = from_box[1] + from_box[3]
    tx = to_box[0] + to_box[2]
    ty = to_box[1] + to_box[3]
    return sign(tx - fx), sign(ty - fy)


def direction_name(vector: tuple[int, int]) -> str:
    for name, vec in DIRECTIONS.items():
        if vec == vector:
            return name
    raise KeyError(vector)


def line_cells(anchor: int, size: int, direction: tuple[int, int]) -> tuple[int, ...]:
    """The cells a base would newly enter after one step (all cells of the moved base)."""
    return footprint(step(anchor, direction), size)


def classify(cells: tuple[int, ...]) -> tuple[bool, tuple[str, ...]]:
    """(hits a turnbuckle, ropes crossed) for cells a base would step into."""
    tb = False
    ropes: list[str] = []
    for c in cells:
        x, y = c % SIZE, c // SIZE
        if not (0 <= x < SIZE and 0 <= y < SIZE):
            continue
        if c in TURNBUCKLES:
            tb = True
        elif not (1 <= x <= 10 and 1 <= y <= 10):
            side = "N" if y == 0 else "S" if y == 11 else "W" if x == 0 else "E"
            if side not in ropes:
                ropes.append(side)
    return tb, tuple(ropes)


def _neighbours(size: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    for cell in range(CELLS):
        if not valid_footprint(cell, size):
            out.append(())
            continue
        out.append(tuple(
            step(cell, d) for d in DIRECTIONS.values() if valid_footprint(step(cell, d), size)
        ))
    return tuple(out)


NEIGHBOURS: Final = {1: _neighbours(1), 2: _neighbours(2)}
"""Per anchor, the anchors one king move away whose base stays on the floor."""
ANCHORS: Final = {size: tuple(c for c in FLOOR if valid_footprint(c, size)) for size in (1, 2)}
"""Per base size, the anchors whose whole base is on the floor, in cell order."""
TOUCHES_ROPE: Final = {size: tuple(bool(ropes_touched(c, size)) for c in range(CELLS)) for size in (1, 2)}
"""Per base size and anchor, whether the base touches a rope."""
ROPES_AT: Final = {size: tuple(ropes_touched(c, size) for c in range(CELLS)) for size in (1, 2)}
"""``ropes_touched`` by base size and anchor (menus ask on every action)."""
TURNBUCKLE_AT: Final = {size: tuple(turnbuckle_touched(c, size) for c in range(CELLS)) for size in (1, 2)}
"""``turnbuckle_touched`` by base size and anchor."""


def _ring(anchor: int, size: int) -> tuple[int, ...]:
    x0, y0 = anchor % SIZE, anchor // SIZE
    x1, y1 = x0 + size - 1, y0 + size - 1
    return tuple(cell_at(x, y) for y in range(y0 - 1, y1 + 2) for x in range(x0 - 1, x1 + 2)
                 if on_grid(x, y) and not (x0 <= x <= x1 and y0 <= y <= y1))


RING: Final = {size: tuple(_ring(c, size) for c in range(CELLS)) for size in (1, 2)}
"""Per base size and anchor, the grid cells at distance exactly 1 from the base (base contact)."""
