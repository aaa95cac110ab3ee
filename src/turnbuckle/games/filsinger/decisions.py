"""The decisions: which are open at each decision phase, and what each one does: bringing an ally
and sending him in (RINGSIDE ALLY, OPTIONAL 14); tagging out on offense (8. TAG TEAM RULES); trying
the chart or the dis move, or rolling again (BASIC CHART CHOICES, OPTIONAL 5; DISQUALIFICATION
MOVES, OPTIONAL 9); the move of a Choice Situation (OPTIONAL 7); leaving the ring, tagging or
staying when stunned (LEAVING THE RING, OPTIONAL 6; TAGGING OUT ON DEFENSE, OPTIONAL 12); and the
pin window, handed to ``pins``."""

from __future__ import annotations

from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import FilsingerCore


class DecisionsMixin(FilsingerCore):
    """The names of the decisions open now, and carrying out the one chosen."""

    def _legal_names(self) -> list[str]:
        phase = self.phase
        if phase == "offense_choice":
            side = self.attacker
            team = self.game.teams[side]
            return [A.ROLL_OFFENSE] + [
                A.tag_name(self.game.cards[c].name) for i, c in enumerate(team) if i != self.legal[side]
            ]
        if phase == "chart_choice":
            return [A.TRY_MOVE, A.ROLL_AGAIN]
        if phase == "dis_choice":
            return [A.RISK_DQ, A.ROLL_AGAIN]
        if phase == "choice":
            return [A.choose_name(m.name) for m in self.game.charts.choice[self.letter].moves]
        if phase == "defense_choice":
            return self._defense_options()
        if phase == "pin_window":
            return self._pin_options()
        if phase == "ally_choice":
            return [A.ALLY_IN, A.ALLY_OUT]
        if phase == "ally_setup":
            return [A.BRING_ALLY, A.NO_ALLY]
        return []

    def _decide(self, phase: str, name: str) -> None:
        side = self.decider
        if phase == "ally_setup":
            self.ally_ringside[side] = name == A.BRING_ALLY
            if name == A.BRING_ALLY and self.record_events:
                self.emit("ally_ringside", side=side, ally=self.card(side).allies[0],
                          wrestler=self.card(side).name)
            if self.ally_queue:
                self.decider = self.ally_queue.pop(0)
            else:
                self.phase = "first"
        elif phase == "offense_choice":
            if name == A.ROLL_OFFENSE:
                self.phase = "offense_roll"
            else:
                wrestler = name[len("tag out to ") :]
                team = self.game.teams[side]
                old = self.card(side).name
                self.legal[side] = next(i for i, c in enumerate(team) if self.game.cards[c].name == wrestler)
                self.just_tagged[side] = True
                if self.record_events:
                    self.emit("tag", side=side, out=old, wrestler=wrestler, level=self.level, defense=False)
                self.phase = "offense_roll"
        elif phase in ("chart_choice", "dis_choice"):
            if name == A.ROLL_AGAIN:
                level = max(1, self.level - 1)
                if self.record_events:
                    self.emit("roll_again", wrestler=self.card(side).name, level=level)
                self._start_offense(side, level)  # BASIC 8: he may tag out before rolling again
            elif phase == "chart_choice":
                self._start_chart(self.chart, 1 - side, thrown=True)
            else:
                assert self.move is not None
                rating = self.move.dis_rating or self.card(side).ratings.disqualification
                self._start_dq(side, rating, None, side, countout=False, move=self.move)
        elif phase == "choice":
            move = next(m for m in self.game.charts.choice[self.letter].moves if A.choose_name(m.name) == name)
            self.choice_move = move
            d = 1 - side
            target = move.target(self.card(d).ratings.agility, self.card(d).ratings.power)
            if self.record_events:
                self.emit("choice", wrestler=self.card(side).name, move=move.name, level=move.level,
                          letter=self.letter, target=target)
            self.phase = "choice_roll"
        elif phase == "defense_choice":
            if name == A.STAY:
                self._start_offense(1 - side, self.stun_level)
            elif name == A.LEAVE_RING:
                if self.record_events:
                    self.emit("leave_ring", wrestler=self.card(side).name)
                self._start_chart("ring", side, thrown=False)
            else:
                self._start_tag_attempt(side)
        elif phase == "ally_choice":
            self.ally_in = name == A.ALLY_IN
            if self.ally_in and self.record_events:
                self.emit("ally_attack", ally=self.card(side).allies[0], wrestler=self.card(side).name)
            self.phase = "chart_roll"
        elif phase == "pin_window":
            self._pin_decision(name)
