"""Winning and losing (5.7, 12.42, 13.1, 14.3-14.6): submissions, disqualifications, eliminations,
tournament bouts and the final result."""

from __future__ import annotations

from turnbuckle.games.wrasslin.core import HAND_SIZE, WrasslinCore
from turnbuckle.games.wrasslin.matchtypes import FLOOR, OUT, RING


class ResultsMixin(WrasslinCore):
    """Ends a Wrestler's part in the match, starts the next bout, and settles the returns."""

    def _check_submit(self, s: int) -> None:
        if self.pos[s] == OUT or self.result is not None:
            return
        if self.dmg[s] >= self.w(s).submit_at:
            if self.record_events:
                self.emit("submit", seat=s, wrestler=self.name(s))
            self._lose([s], "submitted")
        elif self.g.royal:
            self._br_check()

    def _lose(self, seats: list[int], reason: str) -> None:
        if not seats or self.result is not None:
            return
        mt = self.g.match_type
        if not self.end_reason:
            self.end_reason = reason
        if self.record_events:
            self.emit("loses", seats=seats, wrestlers=[self.name(s) for s in seats], reason=reason)
        if self.g.royal:
            for s in seats:
                self._eliminate(s, reason)
            return
        if mt == "tournament":
            for s in seats:
                self._retire(s)
            if self.result is None:
                self.bout_over = True
            return
        if self.free_for_all and reason == "submitted":
            for s in seats:
                self._remove_from_match(s)
            self._check_team_out()
            return
        losing = {self.team[s] for s in seats}
        self._finish({t for t in set(self.team) if t not in losing}, reason)

    def _check_team_out(self) -> None:
        """12.42: the free-for-all ends when a whole team has submitted or is out of the ring together."""
        teams = set(self.team)
        out = {t for t in teams if all(self.pos[s] in (FLOOR, OUT) for s in range(self.g.players)
                                       if self.team[s] == t)}
        if out:
            self._finish(teams - out, "free-for-all")

    def _remove_from_match(self, s: int) -> None:
        for ci, c in enumerate(self.hand[s]):
            self.discard[ci] += c
        self.hand[s] = [0] * len(self.hand[s])
        for e in self.entries[s]:
            self._to_discard(e[0])
        self.entries[s] = []
        self.dmg[s] = 0
        for r in [r for r in self.holds if s in (r[0], r[1])]:
            self._break_hold(r, "left the match")
        for b in [b for b in self.br if s in (b[0], b[1])]:
            self.br.remove(b)
            self._to_discard(b[3])
        self.draws = [d for d in self.draws if d != s]
        self.responders = [x for x in self.responders if x != s]
        self.pos[s] = OUT

    def _eliminate(self, s: int, reason: str) -> None:
        if self.pos[s] == OUT:
            return
        if self.record_events:
            self.emit("eliminated", seat=s, wrestler=self.name(s), reason=reason)
        if s not in self.out_order:
            self.out_order.append(s)
        if self.g.match_type == "tournament":
            self._retire(s)  # 14.6: a fresh Wrestler will enter from his stack
            return
        self._remove_from_match(s)
        self._br_check()

    def _br_check(self) -> None:
        """13.1: the Battle Royal ends when only one Wrestler remains mobile in the ring (14.6: when only
        one player has Wrestlers left)."""
        if self.result is not None:
            return
        if self.g.match_type == "tournament":
            alive = [s for s in range(self.g.players) if self.pos[s] != OUT or self.stacks[s]]
            if len(alive) <= 1:
                self._finish({self.team[s] for s in alive}, "last player with Wrestlers (14.5, 14.6)")
            return
        standing = [s for s in range(self.g.players) if self.pos[s] == RING and self.mobile(s)]
        if len(standing) <= 1:
            self._finish({self.team[s] for s in standing}, "last wrestler standing")

    def _retire(self, s: int) -> None:
        self._remove_from_match(s)
        if self.g.royal:
            if self.stacks[s] and s not in self.enter_queue:
                self.enter_queue.append(s)
            self._br_check()
            return
        if s not in self.enter_queue:
            self.enter_queue.append(s)
        if not self.stacks[s]:
            losers = [t for t in (0, 1) if not self.stacks[t] and self.pos[t] == OUT]
            self._finish({t for t in (0, 1) if t not in losers}, "out of Wrestlers (14.5)")

    def _new_bout(self) -> None:
        """14.4: fresh Wrestlers enter; the winner keeps his hand and damage."""
        self.bout_over = False
        self.chain = []
        self.responders = []
        self.combo = 0
        self.pending = None
        self.stay_pending = False
        self._clear_base()
        for r in list(self.holds):
            self._break_hold(r, "new bout")
        self.out_count = [0] * self.g.players
        self.out_limit = [5] * self.g.players
        self.surge = [0] * self.g.players
        self.next_after_bout = self.enter_queue[0]
        self.draws = []
        for s in range(self.g.players):
            if self.pos[s] == FLOOR:
                self._reenter(s)
            if self.pos[s] != OUT and self.penalty[s] == 0:
                self._queue_refill(s)
        self.after_draw = "enter"
        self._prepare_draw()

    def _do_enter(self, widx: int) -> None:
        s = self.enter_queue.pop(0)
        self.stacks[s].remove(widx)
        self.wid[s] = widx
        self.dmg[s] = 0
        self.entries[s] = []
        self.pos[s] = RING
        self.penalty[s] = 0
        self.warned[s] = 0
        self.unfilled[s] = False
        self.surge[s] = 0
        if self.record_events:
            self.emit("enters", seat=s, wrestler=self.name(s), left=len(self.stacks[s]))
        self.draws += [s] * HAND_SIZE
        self.after_draw = "enter"
        self._prepare_draw()

    def _finish(self, winners: set[int], reason: str) -> None:
        n = self.g.players
        if not self.end_reason or self.g.royal or not winners:
            self.end_reason = reason  # a draw is settled by its own reason (5.8), not an earlier free-for-all loss
        if not winners:
            self.result = [0.0] * n
        elif self.g.royal:
            self.result = [1.0 if self.team[s] in winners else -1.0 / (n - 1) for s in range(n)]
        else:
            # a team's +1/-1 shared by its members: zero-sum for singles, tag and the 2-vs-1 handicap
            size = {t: self.team.count(t) for t in set(self.team)}
            self.result = [(1.0 if self.team[s] in winners else -1.0) / size[self.team[s]] for s in range(n)]
        self.phase = "over"
        if self.record_events:
            self.emit("result", winners=sorted(winners), reason=reason, returns=self.result)
