"""Rolling on a chart and carrying out its row: 4. CHARTS (the man thrown rolls under his chart
rating), the Pin Saves (OPTIONAL 13) and Interference (OPTIONAL 16) charts, the ringside ally's
attack outside the ring (RINGSIDE ALLY, OPTIONAL 14) and NO DQ MATCH (ignore disqualification and
count out; substitute down 3)."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import ALLY_ATTACK, BOTH, FilsingerCore
from turnbuckle.games.filsinger.models import Outcome


class ChartRollsMixin(FilsingerCore):
    """Starting a chart roll, resolving it, and doing what a chart row says."""

    # -- charts ----------------------------------------------------------------------------
    def _start_chart(self, chart: str, me: int, thrown: bool = False) -> None:
        self.chart = chart
        self.chart_me = me
        self.ally_in = False
        if self.record_events:
            self.emit("chart", chart=chart, wrestler=self.card(me).name, title=self.game.chart_title(chart),
                      rating=self.game.chart_rating(self.card(me), chart))
        opp = 1 - me
        if (chart == "ring" and thrown and self.game.opts.ringside_ally and self.ally_ringside[opp]
                and self.game.size == 1):
            self.phase = "ally_choice"
            self.decider = opp
            return
        self.phase = "chart_roll"

    def _resolve_chart(self, roll: int) -> None:
        me = self.chart_me
        if self.chart == "ring" and self.ally_in and roll <= 6:
            chart = self.game.chart(self.chart)
            # RINGSIDE ALLY: the ally smashes you into the post; OPPONENT ROLLS DISQUALIFICATION 6.
            if self.record_events:
                self.emit("chart_result", chart="ring", roll=roll, text="You are attacked outside the ring by "
                          "the opponent's ally and smashed into the steel post.", wrestler=self.card(me).name,
                          title=chart.title)
            if self.game.no_dq:
                if self.record_events:
                    self.emit("no_dq_ignored", what="dq")
                self._do(ALLY_ATTACK, me)
            else:
                self._start_dq(1 - me, 6, ALLY_ATTACK, me, countout=False)
            return
        row = self.game.chart_rows[self.chart][self.in_ring(me)][roll]
        if self.record_events:
            self.emit("chart_result", chart=self.chart, roll=roll, text=row.text, wrestler=self.card(me).name,
                      title=self.game.chart_title(self.chart))
        self._do(row, me)

    def _do(self, out: Outcome, me: int) -> None:
        """Carry out a chart outcome; ``me`` is the side that rolled the chart."""
        opp = 1 - me
        who = me if out.who == "self" else opp if out.who == "opponent" else BOTH
        kind = out.kind
        if kind == "offense":
            self._start_offense(who, out.level)
        elif kind == "defense":
            self._start_defense(who, out.level)
        elif kind == "pin":
            self._start_pin(who, out.add)
        elif kind == "pin_broken":
            if self.record_events:
                self.emit("pin_broken", wrestler=self.card(self.pinned).name)
            self._fatigue(self.pinned)
            self._start_offense(who, out.level)
        elif kind == "pin_stands":
            self.pin_add += out.add
            self.phase = "pin_roll"
        elif kind in ("dq", "countout"):
            assert out.then is not None
            if self.game.no_dq:
                if self.record_events:
                    self.emit("no_dq_ignored", what=kind)
                self._do(out.then, me)
                return
            rating = out.rating if out.rating is not None else self.card(who).ratings.disqualification
            self._start_dq(who, rating, out.then, me, countout=kind == "countout")
        elif kind == "disqualified":
            if self.game.no_dq:
                # NO DQ: substitute down 3 for the wrestler who would have been disqualified.
                down = me if who == BOTH else who
                if self.record_events:
                    self.emit("no_dq_ignored", what="disqualified")
                self._start_offense(1 - down, 3)
                return
            self._end(None if who == BOTH else 1 - who, "disqualification", who)
        elif kind == "chart":
            assert out.chart is not None
            self._start_chart(out.chart, me)
        else:  # pragma: no cover - validated away (injury/none only on the Feud Table)
            raise AssertionError(kind)
