"""Filsinger commentary (issue 22.19): a target number always names its roll."""

from __future__ import annotations

import turnbuckle
from turnbuckle.engine.events import Event


def test_a_tag_attempt_names_the_roll_it_needs() -> None:
    # Filsinger OPTIONAL tag matches: the tag roll, 2d6 at most the rating
    game = turnbuckle.load_game("filsinger", match_type="tag")
    tries = game.narrate(Event("tag_try", {"wrestler": "Rex Hammond", "partner": "Cole Brandt", "need": 6}))
    assert tries == "Rex Hammond reaches for Cole Brandt: the tag roll needs 2-6."
    failed = game.narrate(Event("tag_failed", {"wrestler": "Rex Hammond", "roll": 9, "need": 6}))
    assert failed == "Rex Hammond rolls 9 and cannot make the tag (the tag roll needed 2-6)."
