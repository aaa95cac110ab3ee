"""Every game's state is one plain class over the engine's ``State`` (issue 35, item 1).

Read from the source with ``ast``, so it holds for a compiled build too: no class in ``games/``
names more than one base (no mixins), a class over ``State`` names exactly ``State`` (one level:
no intermediate rule layers), and nothing in a game subclasses its own state class.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "src" / "turnbuckle" / "games"


def _classes() -> list[tuple[str, ast.ClassDef]]:
    out = []
    for path in sorted(GAMES.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        out += [(str(path.relative_to(GAMES)), node) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    return out


def _bases(node: ast.ClassDef) -> list[str]:
    """The names of a class's bases, a generic base's parameters left out (``State["ItsGame"]`` is ``State``)."""
    return [ast.unparse(base.value if isinstance(base, ast.Subscript) else base) for base in node.bases]


def test_no_class_in_a_game_has_more_than_one_base() -> None:
    mixed = [f"{where}: {node.name}({', '.join(_bases(node))})" for where, node in _classes() if len(node.bases) > 1]
    assert not mixed, mixed


def test_each_game_has_one_state_class_directly_over_the_engine_state() -> None:
    classes = _classes()
    states = {node.name: where for where, node in classes if _bases(node) == ["State"]}
    assert sorted(where.split("/")[0] for where in states.values()) == [
        "filsinger", "powerhouses", "rumbleslam", "skirmish", "wrasslin"]
    over_states = [f"{where}: {node.name}" for where, node in classes if set(_bases(node)) & set(states)]
    assert not over_states, over_states
