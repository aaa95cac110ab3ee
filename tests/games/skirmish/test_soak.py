"""Ring skirmish soak: 1,000 full-length random matches per match type (issue 10), in chunks for xdist.

Its own file so that the mutation run (issue 36, ``mutation/modules.toml``) can leave these minutes of
random play out of every mutant's tests; ``test_properties.py`` keeps the quick random-play checks.
"""

from __future__ import annotations

import pytest

from turnbuckle.games.skirmish.rules import MATCH_TYPES, SkirmishGame
from turnbuckle.games.skirmish.soak import soak

SOAK_MATCHES = 1000
SOAK_CHUNKS = 4
"""1,000 per type is about 2.5 CPU-minutes in all (fatal four-way is most of it); the chunks let
pytest-xdist spread them. ``benchmarks/soak_skirmish.py`` prints the same soak's figures."""


@pytest.mark.soak
@pytest.mark.parametrize("chunk", range(SOAK_CHUNKS))
@pytest.mark.parametrize("match_type", MATCH_TYPES)
def test_soak_full_length_random_matches(match_type: str, chunk: int) -> None:  # skirmish SK-11 every match type
    game = SkirmishGame(match_type=match_type)  # the default 40 rounds (R-SK-23)
    size = SOAK_MATCHES // SOAK_CHUNKS
    seeds = range(chunk * size, (chunk + 1) * size)
    stats = soak(game.new_initial_state, seeds, check_every=1, label=match_type)
    assert stats.matches == size
    assert sum(stats.endings.values()) == stats.matches  # every match reached a terminal state
