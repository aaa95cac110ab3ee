"""Ring skirmish chance nodes (SK-2, SK-3.2, SK-6.1, SK-7.4): roll-off orders, hit batches, move totals.

``sample_chance`` draws the same distribution as ``chance_outcomes`` die by die (faster for playouts).

Reads: pend, phase, tie_groups
Writes: -
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import outcome_at
from turnbuckle.games.skirmish.core import BID_ORDER, MOVE_ROLL, ROLL, SETUP_ORDER, WHIP_ROLL

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def chance_outcomes(st: SkirmishState) -> list[tuple[Action, float]]:
    g = st.game
    phase = st.phase
    if phase == ROLL:
        return g.batch_outcomes[st.pend["batch"]]
    if phase in (MOVE_ROLL, WHIP_ROLL):
        return g.total_outcomes[st.pend["dice"]]
    if phase in (SETUP_ORDER, BID_ORDER):
        group = list(range(g.players)) if phase == SETUP_ORDER else st.tie_groups[0]
        perms = list(itertools.permutations(group))
        p = 1.0 / len(perms)
        return [(g.chance_list[g.order_outcomes[perm]], p) for perm in perms]
    return []


def sample_chance(st: SkirmishState, rng: random.Random) -> Action:
    """The same distribution as ``chance_outcomes``, drawn die by die (faster)."""
    g = st.game
    phase = st.phase
    if phase == ROLL:
        fives = sixes = 0
        for _ in range(st.pend["batch"]):
            face = rng.randrange(6)
            if face == 4:
                fives += 1
            elif face == 5:
                sixes += 1
        return g.chance_list[g.batch_id[(fives, sixes)]]
    if phase in (MOVE_ROLL, WHIP_ROLL):
        total = sum(rng.randrange(1, 7) for _ in range(st.pend["dice"]))
        return g.chance_list[g.total_base + total]
    return outcome_at(chance_outcomes(st), rng.random())
