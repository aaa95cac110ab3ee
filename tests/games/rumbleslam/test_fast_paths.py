"""The speed paths copy and cache exactly what the plain ones would (issue 13)."""

from __future__ import annotations

import random

import turnbuckle
from turnbuckle.games.rumbleslam.core import Wrestler


def _fields() -> list[str]:
    """The slots, or in the compiled build (no ``__slots__`` there) the native attributes."""
    names = getattr(Wrestler, "__mypyc_attrs__", None) or Wrestler.__slots__
    return [n for n in names if n != "__dict__"]


def _another(i: int, value: object) -> object:
    """A value of the same type as ``value`` (compiled fields are typed), distinct per field."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return 100 + i
    assert isinstance(value, tuple)
    return tuple(100 + i + k for k in range(len(value)))


def test_wrestler_copy_covers_every_slot() -> None:
    w = Wrestler(3, 1, 2, 7)
    names = _fields()
    assert len(names) == 23
    for i, name in enumerate(names):
        setattr(w, name, _another(i, getattr(w, name)))
    c = w.copy()
    assert c is not w
    assert all(getattr(c, n) == getattr(w, n) for n in names)


def test_clone_diverges_and_matches_a_replay() -> None:
    game = turnbuckle.load_game("rumbleslam")
    rng = random.Random(5)
    s = game.new_initial_state()
    for _ in range(120):
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    c = s.clone()
    for _ in range(60):
        if c.is_terminal():
            break
        c.apply_action(c.sample_chance(rng) if c.is_chance_node() else rng.choice(c.legal_actions()))
    replay = game.state_from_actions([a.name for a in c.history])
    assert replay.legal_actions() == c.legal_actions()
    assert [(w.pos, w.sta, w.loc) for w in replay.ws] == [(w.pos, w.sta, w.loc) for w in c.ws]
    again = game.state_from_actions([a.name for a in s.history])
    assert [(w.pos, w.sta, w.loc) for w in again.ws] == [(w.pos, w.sta, w.loc) for w in s.ws]
