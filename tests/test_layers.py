"""The package's imports point down its layers, and no two modules import each other.

The layers, lowest first (docs/design.md, "Layers"): the engine (with the small shared modules
beside it), then dice, agents and store, then the games, then sim and interop, then analysis and
odds, then web and league, then the command line. A module may import its own layer and the ones
below; a game's package imports no other game's; no module imports another's underscore name.

The import graph is read from the source with ``ast`` (nothing is imported), every kind of
dependency counted:

* ``import`` / ``from ... import`` at module level (run when the module loads);
* the same inside a function or method: *lazy*, run when called, still a dependency;
* under ``if TYPE_CHECKING:``: *typing*, never run;
* a string naming ``"turnbuckle.package.module:attribute"``: *named*, imported by
  ``engine.targets.load_target`` when asked for (the game registry, a game's agents, the league's
  roster formats), still a dependency.

Direction counts every kind: a lower layer may not even name a higher one's type. A cycle counts
every kind that runs (all but typing): a lazy or named import that closes a loop is a loop the
code needs, only deferred. The exceptions below are what remains, each with the reason it stays.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "turnbuckle"
ROOT = "turnbuckle"

LAYERS: dict[str, int] = {
    "": 0,  # turnbuckle/__init__.py: re-exports the engine's public names
    "engine": 0,
    "text": 0,  # plural wording, used from the games up
    "rulebooks": 0,  # the rule texts, read by the CLI
    "schemas": 0,  # JSON schemas (data)
    "build": 0,  # the compiled build's module list (imports nothing of turnbuckle: setup.py loads it)
    "dice": 1,
    "agents": 1,
    "store": 1,
    "ratings": 1,  # ratings per game (openskill), the computers' published ratings
    "players": 1,  # player names and passwords (pure rules; the tables are in store)
    "games": 2,
    "sim": 3,
    "interop": 3,
    "analysis": 4,
    "odds": 4,
    "learn": 4,  # lessons (and, later, puzzles): positions, forced chance, scripted steps
    "web": 5,
    "league": 5,
    "cli": 6,
    "__main__": 6,
}
"""Each top-level module or package of ``turnbuckle`` and its layer (0 lowest)."""

UPWARD: dict[tuple[str, str], str] = {
    ("turnbuckle.engine.registry", "turnbuckle.games.*"):
        "the game registry names each ruleset's Game class (named, loaded only when a game is asked "
        "for by id): the engine's way to reach the games without importing any",
}
"""Imports allowed to point up a layer: (importer, imported pattern) -> why."""

CYCLES: dict[tuple[str, str], str] = {}
"""Run-time imports allowed to close a cycle: (importer, imported) -> why. None are left."""

NAMED = re.compile(rf"^{ROOT}(\.\w+)+:\w+$")


@dataclass(frozen=True)
class Edge:
    importer: str
    imported: str
    kind: str
    """``import``, ``lazy``, ``typing`` or ``named``."""
    line: int

    def __str__(self) -> str:
        return f"{self.importer} -> {self.imported} ({self.kind}, line {self.line})"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def owning_module(name: str) -> str:
    """The module an import reaches: ``a.b.c`` itself, else its package (``from a.b import c``
    where ``c`` is a name, not a module)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _edges_of(module: str, path: Path) -> Iterator[Edge]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]

    def targets(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
            return
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join([*parts, base] if base else parts)
        for alias in node.names:
            yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base

    def walk(node: ast.AST, kind: str) -> Iterator[Edge]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for stmt in child.body:
                    yield from walk_one(stmt, "typing")
                for stmt in child.orelse:
                    yield from walk_one(stmt, kind)
            else:
                yield from walk_one(child, kind)

    def walk_one(node: ast.AST, kind: str) -> Iterator[Edge]:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in targets(node):
                if target == ROOT or target.startswith(ROOT + "."):
                    yield Edge(module, owning_module(target), kind, node.lineno)
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and NAMED.match(node.value):
            yield Edge(module, owning_module(node.value.partition(":")[0]), "named", node.lineno)
            return
        deferred = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from walk(node, "lazy" if kind == "import" and deferred else kind)

    yield from walk(ast.parse(path.read_text(encoding="utf-8")), "import")


def _read_edges() -> list[Edge]:
    """Every edge once per (importer, imported, kind), at its first line."""
    first: dict[tuple[str, str, str], Edge] = {}
    for module, path in MODULES.items():
        for edge in _edges_of(module, path):
            if edge.imported != edge.importer:
                first.setdefault((edge.importer, edge.imported, edge.kind), edge)
    return list(first.values())


EDGES: list[Edge] = _read_edges()


def layer(module: str) -> int:
    top = module.split(".")[1] if "." in module else ""
    return LAYERS[top]


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _excused(table: dict[tuple[str, str], str], edge: Edge) -> bool:
    return any(fnmatchcase(edge.importer, a) and fnmatchcase(edge.imported, b) for a, b in table)


# -- the reader reads what it should -------------------------------------------------------------
def test_every_top_level_module_has_a_layer() -> None:
    tops = {m.split(".")[1] if "." in m else "" for m in MODULES}
    assert tops == set(LAYERS), "place a new top-level module or package in LAYERS (and docs/design.md)"


def test_the_reader_sees_every_kind_of_import() -> None:
    """Known edges of each kind, so a reader that silently saw nothing would fail here."""
    seen = {(e.importer, e.imported, e.kind) for e in EDGES}
    assert ("turnbuckle.engine.match", "turnbuckle.engine.game", "import") in seen
    assert ("turnbuckle.games.filsinger.odds", "turnbuckle.games.filsinger.rules", "typing") in seen
    assert ("turnbuckle.games.powerhouses.rules", "turnbuckle.games.powerhouses.position", "lazy") in seen
    assert ("turnbuckle.games.powerhouses.rules", "turnbuckle.games.powerhouses.agents", "named") in seen
    assert ("turnbuckle.engine.registry", "turnbuckle.games.skirmish.rules", "named") in seen


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert [sorted(c) for c in strongly_connected(graph)] == [["a", "b", "c"]]


# -- the rules -----------------------------------------------------------------------------------
def test_imports_point_down_the_layers() -> None:
    upward = [e for e in EDGES if layer(e.imported) > layer(e.importer) and not _excused(UPWARD, e)]
    assert not upward, "imports from a lower layer to a higher one:\n" + "\n".join(map(str, upward))


def test_the_upward_exceptions_are_still_needed() -> None:
    for (importer, imported), _why in UPWARD.items():
        assert any(
            fnmatchcase(e.importer, importer) and fnmatchcase(e.imported, imported) for e in EDGES
        ), f"{importer} -> {imported} is excused but no longer imported: drop it from UPWARD"


def test_no_game_imports_another() -> None:
    across = [e for e in EDGES if game_of(e.importer) and game_of(e.imported) not in (None, game_of(e.importer))]
    assert not across, "\n".join(map(str, across))


def test_no_module_imports_another_modules_private_name() -> None:
    """A name used across modules is public (and documented where it is defined)."""
    private = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith(ROOT)):
                names = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
                private += [f"{module} imports {name} (line {node.lineno})" for name in names]
    assert not private, "\n".join(private)


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """The graph's cycles: its strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("kinds", [("import",), ("import", "lazy", "named")], ids=["at-load", "at-run-time"])
def test_no_import_cycle(kinds: tuple[str, ...]) -> None:
    """No loop among the imports that run at load (none is excused there), nor among all that run."""
    graph: dict[str, set[str]] = {}
    for edge in EDGES:
        if edge.kind in kinds and (kinds == ("import",) or not _excused(CYCLES, edge)):
            graph.setdefault(edge.importer, set()).add(edge.imported)
    cycles = strongly_connected(graph)
    lines = []
    for component in cycles:
        inside = sorted(str(e) for e in EDGES if e.kind in kinds and {e.importer, e.imported} <= component)
        lines.append(" <-> ".join(sorted(component)) + "\n  " + "\n  ".join(inside))
    assert not cycles, "import cycles:\n" + "\n".join(lines)
