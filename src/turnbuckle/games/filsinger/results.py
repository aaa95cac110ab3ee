"""The end: recording the result (a pin or cage escape, 5. PINS; disqualification or count out,
7. DISQUALIFICATIONS; both sides out is a draw) and THE FEUD TABLE (OPTIONAL 10) after a feud
match that ends on doubles."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import BOTH, FilsingerCore


class ResultsMixin(FilsingerCore):
    """Ending the match and the post-match Feud Table roll."""

    # -- the end ---------------------------------------------------------------------------
    def _end(self, winner: int | None, how: str, loser: int, roll: int = 0, rating: int = 0) -> None:
        """Record the result; a feud match ending on doubles goes to the Feud Table."""
        self.winner = BOTH if winner is None else winner
        self.how = how
        self.decided = True
        losers = "both" if loser == BOTH else self.card(loser).name
        if self.record_events:
            self.emit("result", winner=None if winner is None else winner, how=how, loser=losers,
                      winners=None if winner is None else self.game.side_names(winner), roll=roll, rating=rating)
        if self.game.feud_active and self.last_doubles:
            if self.record_events:
                self.emit("feud", doubles=self.last_total)
            self.phase = "feud_roll"
        else:
            self.phase = "over"

    def _resolve_feud(self, roll: int) -> None:
        """THE FEUD TABLE: fighting after the match; ally rows need an ally, else roll again."""
        row = self.game.charts.feud.lookup(roll)
        win = 0 if self.winner in (None, BOTH) else self.winner
        assert win is not None
        sides = {"winner": win, "loser": 1 - win}
        if row.needs_ally is not None and not self.card(sides[row.needs_ally]).allies:
            if self.record_events:
                self.emit("feud_reroll", roll=roll, text=row.text)
            return
        if self.record_events:
            self.emit("chart_result", chart="feud", roll=roll, text=row.text, wrestler="",
                      title=self.game.charts.feud.title)
        if row.kind == "injury":
            hurt = [win, 1 - win] if row.who == "both" else [sides[row.who]]
            for side in hurt:
                name = self.card(side).name
                self.injuries.append((name, row.cards))
                if self.record_events:
                    self.emit("injury", wrestler=name, cards=row.cards)
        self.phase = "over"
