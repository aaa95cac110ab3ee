"""Offense: 3. PLAYING THE GAME's offense roll and what the entry rolled does. A move lands
(AGILITY AND POWER RATINGS, OPTIONAL 4; ADD 1 MOVES, OPTIONAL 8) and the opponent rolls defense;
a chart throw goes to the charts (4. CHARTS, BASIC CHART CHOICES, OPTIONAL 5; face into cage 3,
CAGE MATCH); a finisher to the pin (6. FINISHERS). Also DISQUALIFICATION MOVES (OPTIONAL 9),
DOUBLE TEAM TAG MOVES (OPTIONAL 11), THE CHOICE SITUATIONS CHART (OPTIONAL 7) and the tag-out
window before each roll (8. TAG TEAM RULES)."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import FilsingerCore
from turnbuckle.games.filsinger.models import ChartMove, Move


class OffenseMixin(FilsingerCore):
    """Starting an offense, resolving its roll, landing a move and a Choice Situation roll."""

    # -- offense ---------------------------------------------------------------------------
    def _start_offense(self, side: int, level: int, window: bool = True) -> None:
        """TAG TEAM RULES: a wrestler on offense may tag out instead of rolling ("at any time
        when he is on offense": before every offense roll, re-rolls included), except a man
        just tagged in, who rolls once first."""
        self._clear_pending()
        self.attacker = side
        self.level = level
        if window and self.game.size > 1 and not self.just_tagged[side]:
            self.phase = "offense_choice"
            self.decider = side
        else:
            self.phase = "offense_roll"

    def _resolve_offense(self, face: int) -> None:
        a = self.attacker
        d = 1 - a
        game = self.game
        self.just_tagged[a] = False
        index = a * game.size + self.legal[a]
        entry = game.offense[index][self.level][face - 1]
        opts = game.opts
        if self.record_events:
            self.emit("offense", side=a, wrestler=game.names[index], level=self.level, roll=face, text=entry.text)
        if isinstance(entry, Move):
            if not (entry.tag_only or entry.singles_only or entry.choice is not None or entry.dis):
                self._land_move(entry)  # a plain move (most of them): nothing below applies
                return
            tag_match = game.size > 1
            if opts.double_team and ((entry.tag_only and not tag_match) or (entry.singles_only and tag_match)):
                if self.record_events:
                    self.emit("reroll", wrestler=game.names[index], level=self.level,
                              why="tag" if entry.tag_only else "singles")
                # "roll again at the same level of offense until you roll a different instruction":
                # one roll, so no tag-out window (BASIC 8) until a different instruction is resolved
                self._start_offense(a, self.level, window=False)
                return
            if entry.choice is not None and opts.choice_situations:
                self.letter = entry.choice
                self.phase = "choice"
                self.decider = a
                return
            if entry.dis and opts.dis_moves and not self.game.no_dq:
                self.move = entry
                self.phase = "dis_choice"
                self.decider = a
                return
            self._land_move(entry)
        elif isinstance(entry, ChartMove):
            if entry.chart == "ring" and game.cage:
                if self.record_events:
                    self.emit("face_into_cage", wrestler=game.names[index], opponent=self.card(d).name)
                self._start_defense(d, 3)
                return
            if entry.choice and opts.chart_choices:
                self.chart = entry.chart
                self.phase = "chart_choice"
                self.decider = a
                return
            self._start_chart(entry.chart, d, thrown=True)
        else:
            self.finisher = entry
            if entry.roll and opts.roll_finishers:
                self.phase = "finisher_roll"
                return
            self._finisher_pin(entry.rating)

    def _land_move(self, move: Move) -> None:
        """AGILITY AND POWER, ADD 1, then the opponent rolls defense at the move's level."""
        a = self.attacker
        d = 1 - a
        opts = self.game.opts
        if opts.agility_power and (move.agility or move.power):
            mine, theirs = self.card(a).ratings, self.card(d).ratings
            for flag, stat in ((move.agility, "agility"), (move.power, "power")):
                if flag and getattr(theirs, stat) < getattr(mine, stat):
                    if self.record_events:
                        self.emit("countered", wrestler=self.card(d).name, move=move.name, stat=stat)
                    self._start_offense(d, 2)
                    return
        if opts.add_one and move.add_one:
            self.tokens[self.in_ring(d)] += 1
            if self.record_events:
                self.emit("add_one", wrestler=self.card(d).name, pin=self.pin_rating(d))
        self._start_defense(d, move.level)

    def _resolve_choice(self, roll: int) -> None:
        """CHOICE SITUATIONS: success -> defense at the move's level; failure -> opponent L2."""
        move = self.choice_move
        assert move is not None
        a = self.attacker
        d = 1 - a
        target = move.target(self.card(d).ratings.agility, self.card(d).ratings.power)
        worked = roll <= target
        if self.record_events:
            self.emit("choice_roll", wrestler=self.card(a).name, move=move.name, roll=roll, target=target,
                      success=worked)
        if worked:
            self._start_defense(d, move.level)
        else:
            self._start_offense(d, 2)
