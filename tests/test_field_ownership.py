"""The field-ownership checker (tests/support/field_ownership.py) catches what it promises (issue 35)."""

from __future__ import annotations

import textwrap

from support.field_ownership import declared, module_problems, touches

FIELDS = {"stack", "round", "phase", "log", "wrestlers"}


def _src(text: str) -> str:
    return textwrap.dedent(text)


RULES = _src('''
    """Rounds.

    Reads: phase, wrestlers
    Writes: round, stack,
      log
    """
    from typing import TYPE_CHECKING
    if TYPE_CHECKING:
        from x import DemoState

    def next_round(st: DemoState, other: object) -> None:
        st.round += 1
        st.stack.append(("roll",))
        st.log[0] = st.phase
        st.wrestlers[0].hp = 3          # the wrestler's field, not the state's: a read of wrestlers
        other.phase = 2                 # not the state
        def inner() -> None:
            del st.log[1]
        inner()
''')


def test_reads_and_writes_are_found_by_kind() -> None:
    found = touches(RULES, "DemoState", FIELDS)
    assert found.writes == {"round", "stack", "log"}
    assert found.reads == {"phase", "wrestlers"}


def test_a_module_that_says_exactly_what_it_touches_passes() -> None:
    assert declared('"Reads: a, b\nWrites: -"'.strip('"')) == ({"a", "b"}, set())
    assert module_problems("rounds.py", RULES, "DemoState", FIELDS) == []


def test_an_undeclared_write_fails() -> None:
    broken = RULES.replace("Writes: round, stack,", "Writes: stack,")
    assert module_problems("rounds.py", broken, "DemoState", FIELDS) == ["rounds.py: Writes leaves out ['round']"]


def test_a_stale_name_fails() -> None:
    stale = RULES.replace("Reads: phase, wrestlers", "Reads: phase, wrestlers, round")
    problems = module_problems("rounds.py", stale, "DemoState", FIELDS)
    assert problems == ["rounds.py: Reads lists ['round'], which it does not read (or it writes them)"]


def test_a_module_touching_fields_without_lines_fails() -> None:
    bare = 'def f(st: "DemoState") -> None:\n    st.phase = 1\n'
    assert module_problems("x.py", bare, "DemoState", FIELDS) == [
        "x.py: touches ['phase'] but its docstring has no Reads:/Writes: lines"]


def test_self_counts_only_in_the_state_class() -> None:
    source = _src('''
        """State.

        Reads: -
        Writes: stack
        """
        class DemoState:
            def clone(self) -> None:
                self.stack = []
        class Other:
            def f(self) -> None:
                self.round = 1
    ''')
    assert module_problems("state.py", source, "DemoState", FIELDS) == []
