"""The defensive tag: TAGGING OUT ON DEFENSE (OPTIONAL 12: regular partners or members of the same
group) and SIX OR EIGHT MAN TAG MATCHES (the partner he tries to reach is random). Tagging out on
offense (8. TAG TEAM RULES) is a decision (``decisions``)."""

from __future__ import annotations

from turnbuckle.games.filsinger.core import FilsingerCore


class TagsMixin(FilsingerCore):
    """Who may be tagged, which partner is tried, and the tag roll."""

    def _tag_partners(self, side: int) -> list[int]:
        """Teammates the legal man may tag on defense (regular partners or same group)."""
        me = self.in_ring(side)
        return [c for c in self.game.teams[side] if c != me and self.game.relation[me][c] > 0]

    def _start_tag_attempt(self, side: int) -> None:
        others = len(self.game.teams[side]) - 1
        if others > 1:
            self.phase = "tag_target"
        else:
            self._tag_target(1)

    def _tag_target(self, k: int) -> None:
        """SIX OR EIGHT MAN TAGS: the defensive tag goes for a random partner."""
        side = self.decider
        me = self.in_ring(side)
        others = [c for c in self.game.teams[side] if c != me]
        target = others[k - 1]
        self.tag_target = target
        need = self.game.relation[me][target]
        if self.record_events:
            self.emit("tag_try", wrestler=self.card(side).name, partner=self.game.cards[target].name, need=need)
        if need == 0:
            self._start_offense(1 - side, self.stun_level)
            return
        self.phase = "tag_roll"

    def _resolve_tag(self, roll: int) -> None:
        side = self.decider
        me = self.in_ring(side)
        need = self.game.relation[me][self.tag_target]
        target = self.tag_target
        if roll <= need:
            old = self.card(side).name
            self.legal[side] = self.game.teams[side].index(target)
            self.just_tagged[side] = True
            if self.record_events:
                self.emit("tag", side=side, out=old, wrestler=self.card(side).name, level=1, defense=True, roll=roll)
            self._start_offense(side, 1)
        else:
            if self.record_events:
                self.emit("tag_failed", wrestler=self.card(side).name, roll=roll, need=need)
            self._start_offense(1 - side, self.stun_level)
