"""The speed paths copy and cache exactly what the plain ones would (issue 13)."""

from __future__ import annotations

import random

import turnbuckle
from turnbuckle.games.rumbleslam.core import Wrestler


def test_wrestler_copy_covers_every_slot() -> None:
    w = Wrestler(3, 1, 2, 7)
    for i, name in enumerate(Wrestler.__slots__):
        setattr(w, name, (i, name))
    c = w.copy()
    assert c is not w
    assert all(getattr(c, n) == getattr(w, n) for n in Wrestler.__slots__)


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
