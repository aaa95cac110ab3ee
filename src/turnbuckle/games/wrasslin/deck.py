"""Dealing and drawing (5.2, 5.4 B), hand refills and the 5.8 draw after two passes through the deck."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import HAND_SIZE, WrasslinCore


class DeckMixin(WrasslinCore):
    """Chance draws from the deck, reshuffles of the discard pile, and where play goes after the draws."""

    def _do_draw(self, ci: int) -> None:
        s = self.draws.pop(0)
        self.deck[ci] -= 1
        self.deck_n -= 1
        g = self.g
        redraw = ci in (self.C_TAG, self.C_DT) and (
            (g.match_type in ("singles", "tournament") and g.tag_cards == "redraw")
            or (g.match_type == "handicap" and s == 0)
        )
        if redraw:
            # 5.1 alternative: set aside and draw again; 12.5: the solo Wrestler discards and replaces
            if g.match_type == "handicap":
                self.discard[ci] += 1
            else:
                self.aside[ci] += 1
            self.draws.insert(0, s)
        else:
            self.hand[s][ci] += 1
        self._prepare_draw()

    def _prepare_draw(self) -> None:
        while self.draws:
            if self.deck_n > 0:
                self.phase = "draw"
                return
            if self.passes + 1 >= self.g.pass_limit:
                if self.record_events:
                    self.emit("time_limit", passes=self.passes + 1)
                self._finish(set(), "draw: two passes through the deck (5.8)")
                return
            self.passes += 1
            self.deck = self.discard
            self.discard = [0] * len(self.deck)
            self.deck_n = sum(self.deck)
            if self.record_events:
                self.emit("reshuffle", passes=self.passes, cards=self.deck_n)
            if self.deck_n == 0:
                self.draws.clear()
        self._after_draws()

    def _queue_refill(self, s: int) -> None:
        need = HAND_SIZE - sum(self.hand[s])
        if need > 0:
            self.draws += [s] * need

    def _after_draws(self) -> None:
        then = self.after_draw
        if then == "initiative":
            self._start_initiative()
        elif then == "enter":
            if self.enter_queue:
                self.phase = "enter"
            elif self.first_bout:
                self._start_initiative()
            elif self.g.royal:
                self._next_turn()
            else:
                self._start_turn(self.next_after_bout)
        elif then == "next":
            self._next_turn()
