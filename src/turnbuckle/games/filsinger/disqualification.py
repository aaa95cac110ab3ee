"""7. DISQUALIFICATIONS and count outs: the threat, the roll against the rating, and what happens
when the wrestler survives it (the chart row's instruction goes on, or the DISQUALIFICATION MOVE,
OPTIONAL 9, lands)."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import BOTH, FilsingerCore
from turnbuckle.games.filsinger.models import Move, Outcome


class DisqualificationMixin(FilsingerCore):
    """Starting a disqualification or count-out roll and resolving it."""

    # -- disqualification and count-out ----------------------------------------------------
    def _start_dq(self, who: int, rating: int, then: Outcome | None, me: int, countout: bool,
                  move: Move | None = None) -> None:
        self.dq_who = who
        self.dq_rating = rating
        self.dq_then = then
        self.dq_me = me
        self.move = move
        names = "both" if who == BOTH else self.card(who).name
        if self.record_events:
            self.emit("countout_threat" if countout else "dq_threat", wrestler=names, rating=rating)
        self.phase = "countout_roll" if countout else "dq_roll"

    def _resolve_dq(self, roll: int, dq: bool) -> None:
        how = "disqualification" if dq else "count out"
        who = self.dq_who
        if roll <= self.dq_rating:
            self._end(None if who == BOTH else 1 - who, how, who, roll=roll, rating=self.dq_rating)
            return
        names = "both" if who == BOTH else self.card(who).name
        if self.record_events:
            self.emit("survives", wrestler=names, what=how, roll=roll, rating=self.dq_rating)
        if self.move is not None:
            move, self.move = self.move, None
            self._land_move(move)
        else:
            assert self.dq_then is not None
            self._do(self.dq_then, self.dq_me)
