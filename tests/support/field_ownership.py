"""Which state fields each module of a game reads and writes, checked against its docstring (issue 35).

A game's rules are functions over a plain state. So that a reader can tell which module may change
which field without searching, every module that touches the state says so at the end of its
docstring::

    Reads: round, phase, wrestlers
    Writes: stack, log

(comma- or space-separated field names, which may wrap onto further lines; ``-`` for none). The
check reads the source with ``ast`` (nothing is imported) and finds, in every function, the
parameters annotated with the state class (``st: RumbleslamState``), plus ``self`` in the state
class's own methods; nested functions and lambdas see their enclosing function's names. For those
names it counts:

* a **write**: ``st.f = ...``, ``st.f += ...``, ``st.f[k] = ...`` (any depth of subscripts),
  ``del st.f[k]``, and a call of a mutating method on the field (``st.f.append(x)``, ``.pop()``,
  ``.update()`` ... see ``MUTATORS``);
* a **read**: any other ``st.f``.

A module's ``Writes`` must be exactly the fields it writes, and its ``Reads`` exactly the fields it
reads without writing (a field it both reads and writes is listed once, under ``Writes``), so a
stale or missing name fails. A module that touches no field needs no lines. What the check cannot
see: writes through a local alias (``stack = st.stack; stack.append(x)``) or through ``setattr``;
keep rule code direct where ownership matters. A change to an object a field holds
(``st.wrestlers[i].hp = 0``) is a read of that field: the wrestler's own fields are not the state's.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path

MUTATORS = frozenset({
    "append", "appendleft", "extend", "insert", "pop", "popleft", "remove", "clear", "update", "add",
    "discard", "setdefault", "popitem", "sort", "reverse", "__setitem__", "__delitem__",
})
"""Methods that change the list, dict, set or deque they are called on."""

_DECLARED = re.compile(r"^\s*(Reads|Writes):(.*)$")


@dataclass
class Touches:
    """The state fields one module reads and writes."""

    reads: set[str] = field(default_factory=set)
    writes: set[str] = field(default_factory=set)


def declared(doc: str | None) -> tuple[set[str], set[str]] | None:
    """The ``Reads``/``Writes`` lists at the end of a docstring, or ``None`` when it has neither."""
    if not doc:
        return None
    lists: dict[str, list[str]] = {}
    current: str | None = None
    for line in doc.splitlines():
        match = _DECLARED.match(line)
        if match:
            current = match.group(1)
            lists[current] = [match.group(2)]
        elif current is not None:
            if not line.strip():
                current = None
            else:
                lists[current].append(line)
    if not lists:
        return None

    def names(key: str) -> set[str]:
        words = re.split(r"[\s,]+", " ".join(lists.get(key, [])).strip())
        return {w for w in words if w and w != "-"}

    return names("Reads"), names("Writes")


def _mentions(annotation: ast.expr | None, class_name: str) -> bool:
    if annotation is None:
        return False
    text = annotation.value if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str) \
        else ast.unparse(annotation)
    return re.search(rf"\b{re.escape(class_name)}\b", str(text)) is not None


def _root_field(node: ast.expr, names: Collection[str], fields: Collection[str]) -> str | None:
    """``f`` if ``node`` is ``st.f`` (``st`` a state name, ``f`` a field), else ``None``."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in names \
            and node.attr in fields:
        return node.attr
    return None


def _under_subscripts(node: ast.expr) -> ast.expr:
    while isinstance(node, ast.Subscript):
        node = node.value
    return node


class _Visitor(ast.NodeVisitor):
    def __init__(self, class_name: str, fields: Collection[str]) -> None:
        self.class_name = class_name
        self.fields = fields
        self.names: frozenset[str] = frozenset()
        self.in_state_class = False
        self.found = Touches()
        self._writes: set[int] = set()

    # -- scopes ---------------------------------------------------------------------------
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        outer = self.in_state_class
        self.in_state_class = node.name == self.class_name
        self.generic_visit(node)
        self.in_state_class = outer

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        outer = self.names
        args = node.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
        names = set(outer) - {a.arg for a in params}
        names |= {a.arg for a in params if _mentions(a.annotation, self.class_name)}
        if self.in_state_class and not isinstance(node, ast.Lambda) and params and params[0].arg == "self":
            names.add("self")
        self.names = frozenset(names)
        was_in_class = self.in_state_class
        self.in_state_class = False  # a nested function's ``self`` is not the state's
        self.generic_visit(node)
        self.in_state_class = was_in_class
        self.names = outer

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    # -- writes ---------------------------------------------------------------------------
    def _mark_target(self, target: ast.expr) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._mark_target(element)
            return
        if isinstance(target, ast.Starred):
            self._mark_target(target.value)
            return
        base = _under_subscripts(target)
        name = _root_field(base, self.names, self.fields)
        if name is not None:
            self.found.writes.add(name)
            self._writes.add(id(base))

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            self._mark_target(target)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self._mark_target(node.target)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._mark_target(node.target)
        self.generic_visit(node)

    def visit_Delete(self, node: ast.Delete) -> None:
        for target in node.targets:
            self._mark_target(target)
        self.generic_visit(node)

    def visit_For(self, node: ast.For) -> None:
        self._mark_target(node.target)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in MUTATORS:
            base = _under_subscripts(func.value)
            name = _root_field(base, self.names, self.fields)
            if name is not None:
                self.found.writes.add(name)
                self._writes.add(id(base))
        self.generic_visit(node)

    # -- reads ----------------------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute) -> None:
        name = _root_field(node, self.names, self.fields)
        if name is not None and id(node) not in self._writes:
            self.found.reads.add(name)
        self.generic_visit(node)


def touches(source: str, class_name: str, fields: Collection[str]) -> Touches:
    """The fields of ``class_name`` that ``source`` reads and writes (see the module docstring)."""
    visitor = _Visitor(class_name, fields)
    visitor.visit(ast.parse(source))
    found = visitor.found
    found.reads -= found.writes
    return found


def module_problems(label: str, source: str, class_name: str, fields: Collection[str]) -> list[str]:
    """What is wrong with one module's declaration; empty when it says exactly what it does."""
    found = touches(source, class_name, fields)
    said = declared(ast.get_docstring(ast.parse(source)))
    if said is None:
        if found.reads or found.writes:
            return [f"{label}: touches {sorted(found.reads | found.writes)} but its docstring has no "
                    "Reads:/Writes: lines"]
        return []
    reads, writes = said
    problems = []
    for kind, have, want in (("Writes", writes, found.writes), ("Reads", reads, found.reads)):
        if missing := sorted(want - have):
            problems.append(f"{label}: {kind} leaves out {missing}")
        if extra := sorted(have - want):
            problems.append(f"{label}: {kind} lists {extra}, which it does not "
                            f"{'write' if kind == 'Writes' else 'read (or it writes them)'}")
    return problems


def source_slots(cls: type) -> tuple[str, ...]:
    """``cls.__slots__`` as its module's source writes it: a mypyc-compiled class keeps no ``__slots__``,
    and its module's ``__file__`` is the extension, with the source beside it."""
    module_file = Path(importlib.import_module(cls.__module__).__file__ or "")
    source = module_file.parent / (cls.__module__.rsplit(".", 1)[-1] + ".py")
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            for statement in node.body:
                if isinstance(statement, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "__slots__" for t in statement.targets):
                    slots = ast.literal_eval(statement.value)
                    return (slots,) if isinstance(slots, str) else tuple(slots)
    return ()


def state_fields(state_class: type) -> set[str]:
    """The fields a game's own classes declare in ``__slots__`` (the engine base's are not rules'), read
    from the source so that the compiled build checks the same fields."""
    package = state_class.__module__.rsplit(".", 1)[0]
    out: set[str] = set()
    for cls in state_class.__mro__:
        if cls.__module__.startswith(package):
            out.update(source_slots(cls))
    return out


def ownership_problems(package: str, state_class: type, fields: Iterable[str] | None = None) -> list[str]:
    """Every module of ``package`` (a game's package) checked; empty when all say what they touch."""
    folder = Path(importlib.import_module(package).__file__ or "").parent
    wanted = set(fields) if fields is not None else state_fields(state_class)
    if not wanted:
        return [f"{state_class.__name__} declares no __slots__: nothing to check"]
    problems: list[str] = []
    for path in sorted(folder.glob("*.py")):
        problems += module_problems(path.name, path.read_text(encoding="utf-8"), state_class.__name__, wanted)
    return problems
