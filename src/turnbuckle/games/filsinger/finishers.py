"""Finishers: 6. FINISHERS (the opponent rolls his PIN), FINISHER RATINGS (OPTIONAL 2) and
ROLL FINISHERS (OPTIONAL 3)."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import FilsingerCore


class FinishersMixin(FilsingerCore):
    """A finisher's pin and a rolled finisher's rating or miss."""

    def _finisher_pin(self, rating: int) -> None:
        """FINISHERS: the opponent rolls his PIN (plus the finisher rating, if that rule is on).

        A rolled rating (OPTIONAL 3) is a finisher rating like any other: with OPTIONAL 2 off
        it is not added ("in the normal manner"); the roll still decides a miss."""
        add = rating if self.game.opts.finisher_ratings else 0
        self._start_pin(1 - self.attacker, add, finisher=True)

    def _resolve_finisher(self, roll: int) -> None:
        """ROLL FINISHERS: the roll is the finisher rating, unless it is a miss."""
        a = self.attacker
        rf = self.card(a).roll_finisher
        assert rf is not None and self.finisher is not None
        if roll in rf.miss:
            if self.record_events:
                self.emit("finisher_miss", wrestler=self.card(a).name, move=self.finisher.name, roll=roll)
            self._start_offense(1 - a, 3)
            return
        rating = roll + rf.modifier
        if self.record_events:
            self.emit("finisher_rating", wrestler=self.card(a).name, move=self.finisher.name, rating=rating,
                      roll=roll, added=self.game.opts.finisher_ratings)
        self._finisher_pin(rating)
