"""Stage a WRASSLIN' position (hands, damage, whose turn) for tests, tutorials and the rulebook examples.

Cards always come out of the draw pile, so the 180 cards stay conserved in a staged position.

Reads: g
Writes: deck, deck_n
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from turnbuckle.engine.game import CHANCE
from turnbuckle.games.wrasslin.core import E_HOLD, wrestler_of
from turnbuckle.games.wrasslin.flow import start_turn
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState


def _pull(st: WrasslinState, name: str) -> int:
    ci = st.g.index[name]
    if st.deck[ci] <= 0:
        raise ValueError(f"no {name} left in the draw pile to stage")
    st.deck[ci] -= 1
    st.deck_n -= 1
    return ci


def stage(
    wrestlers: Sequence[str],
    hands: Mapping[int, Sequence[str]],
    damage: Mapping[int, Sequence[str]] | None = None,
    turn: int = 0,
    **params: Any,
) -> WrasslinState:
    """A state at the start of ``turn``'s turn with exactly these hands and Damage cards in play.

    Staged positions check the rules as written: the 11.5 errors rule is off unless asked for
    (``errors_rule=True``), so illegal plays are refused rather than offered as errors."""
    params.setdefault("errors_rule", False)
    game = WrasslinGame(wrestlers=list(wrestlers), **params)
    st = game.new_initial_state()
    st.draws = []
    st.clear_events()
    for seat, names in hands.items():
        for name in names:
            st.hand[seat][_pull(st, name)] += 1
    for seat, names in (damage or {}).items():
        for name in names:
            ci = _pull(st, name)
            spec = game.cards[ci].hold
            assert spec is not None, f"{name} is not a Hold"
            pts = spec.damage_on(wrestler_of(st, seat).weight)
            st.entries[seat].append((ci, ci, pts, E_HOLD, (seat + 1) % game.players))
            st.dmg[seat] += pts
    start_turn(st, turn)
    st._legal = None
    return st


def settle(st: WrasslinState, rng: random.Random | None = None) -> None:
    """Sample chance (card draws) until a player has a decision or the match is over."""
    rng = rng or random.Random(0)
    while st.current_player() == CHANCE:
        st.apply_action(st.sample_chance(rng))


def play(st: WrasslinState, *names: str) -> None:
    """Apply decisions by name, settling any card draws in between."""
    for name in names:
        settle(st)
        st.apply_action(name)
    settle(st)


def legal_names(st: WrasslinState) -> list[str]:
    """The legal decisions of whoever is to move, by name."""
    return [a.name for a in st.legal_actions()]


KNEESHURT = 'Jamie "The Blacksmith" Kneeshurt'
UMPIRE = "Mr. Umpire"
ADAMS = "Manly Mike Adams"
HARPO = "Baby Face Harpo"
CHAMP = "The Champ"
WARBUCKS = "Big Daddy Warbucks"
GRANDMASTER = "The Grandmaster"
"""The Wrestlers named in the rule text."""
