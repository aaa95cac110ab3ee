"""Pins: 5. PINS (the pinned man rolls over his PIN rating or loses; in a CAGE MATCH, escaping the
cage), with what may be tried first: PIN SAVES IN TAG MATCHES (OPTIONAL 13), DISTRACTOR RATINGS
(OPTIONAL 15) and OUTSIDE INTERFERENCE (OPTIONAL 16); a failed pin is a fatigue token (OPTIONAL 1)."""

from __future__ import annotations

from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import FilsingerCore


class PinsMixin(FilsingerCore):
    """Starting a pin, the pin window's options and choice, the distraction and the pin roll."""

    # -- pins ------------------------------------------------------------------------------
    def _start_pin(self, pinned: int, add: int, finisher: bool = False) -> None:
        self.pinned = pinned
        self.pin_add = add
        self.attacker = 1 - pinned
        if self.record_events:
            self.emit("pin", wrestler=self.card(pinned).name, by=self.card(1 - pinned).name,
                      rating=self.pin_rating(pinned, add), finisher=finisher, cage=self.game.cage)
        self.decider = pinned
        self.phase = "pin_window" if len(self._pin_options()) > 1 else "pin_roll"

    def _pin_options(self) -> list[str]:
        """PIN SAVES, DISTRACTOR RATINGS, OUTSIDE INTERFERENCE: tried before the pin roll."""
        p = self.pinned
        opts = self.game.opts
        out = [A.ROLL_PIN]
        if opts.pin_saves and self.game.size > 1 and self.saves_left[p] > 0:
            out.append(A.PIN_SAVE)
        if opts.distractor and not self.distract_used[p]:
            out.append(A.DISTRACT)
        if opts.interference and not self.interfere_used[p]:
            out.append(A.INTERFERE)
        return out

    def _pin_decision(self, name: str) -> None:
        p = self.pinned
        if name == A.ROLL_PIN:
            self.phase = "pin_roll"
        elif name == A.PIN_SAVE:
            self.saves_left[p] -= 1
            if self.record_events:
                self.emit("pin_save", side=p, wrestler=self.card(p).name, left=self.saves_left[p])
            self._start_chart("pin_saves", p)
        elif name == A.DISTRACT:
            self.distract_used[p] = True
            rating = self.game.distractor_rating(self.card(p))
            if self.record_events:
                self.emit("distraction", wrestler=self.card(p).name, by=self.card(p).manager or "a ringside friend",
                          rating=rating)
            self.phase = "distract_roll"
        else:
            self.interfere_used[p] = True
            if self.record_events:
                self.emit("interference", side=p, wrestler=self.card(p).name)
            self._start_chart("interference", p)

    def _resolve_distraction(self, roll: int) -> None:
        p = self.pinned
        rating = self.game.distractor_rating(self.card(p))
        if roll <= rating:
            if self.record_events:
                self.emit("distraction_works", wrestler=self.card(p).name, roll=roll)
            self._fatigue(p)
            self._start_offense(1 - p, 3)
        else:
            if self.record_events:
                self.emit("distraction_fails", wrestler=self.card(p).name, roll=roll)
            self.phase = "pin_roll"

    def _resolve_pin(self, roll: int) -> None:
        p = self.pinned
        rating = self.pin_rating(p, self.pin_add)
        if roll <= rating:
            self._end(1 - p, "escape" if self.game.cage else "pin", p, roll=roll, rating=rating)
            return
        if self.record_events:
            self.emit("kick_out", wrestler=self.card(p).name, by=self.card(1 - p).name, roll=roll, rating=rating,
                      cage=self.game.cage)
        self._fatigue(p)
        self._start_offense(1 - p, 3)
