"""Defense: 3. PLAYING THE GAME's defense roll (stunned, a counter, or PIN) and the options a
stunned wrestler may have: LEAVING THE RING (OPTIONAL 6; not in a CAGE MATCH) and TAGGING OUT
ON DEFENSE (OPTIONAL 12)."""

from __future__ import annotations

from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import FilsingerCore
from turnbuckle.games.filsinger.models import Counter, PinEntry, Stunned


class DefenseMixin(FilsingerCore):
    """Starting a defense, resolving its roll and listing a stunned wrestler's options."""

    # -- defense ---------------------------------------------------------------------------
    def _start_defense(self, side: int, level: int) -> None:
        self._clear_pending()
        self.attacker = 1 - side
        self.level = level
        self.phase = "defense_roll"

    def _resolve_defense(self, face: int) -> None:
        d = 1 - self.attacker
        game = self.game
        index = d * game.size + self.legal[d]
        entry = game.defense[index][self.level][face - 1]
        if self.record_events:
            self.emit("defense", side=d, wrestler=game.names[index], level=self.level, roll=face, text=entry.text)
        if isinstance(entry, Stunned):
            if not (entry.leave or entry.tag):  # only "stay": no decision (_start_offense clears the slots)
                self._start_offense(self.attacker, entry.level)
                return
            self.stun_level = entry.level
            self.decider = d
            self.stun_entry = entry
            if len(self._defense_options(entry)) > 1:
                self.phase = "defense_choice"
            else:
                self._start_offense(self.attacker, entry.level)
        elif isinstance(entry, Counter):
            self._start_offense(d, entry.level)
        else:
            assert isinstance(entry, PinEntry)
            self._start_pin(d, 0)

    def _defense_options(self, entry: Stunned | None = None) -> list[str]:
        """LEAVING THE RING (lv) and TAGGING OUT ON DEFENSE (tag): one or the other, or stay."""
        if entry is None:
            entry = self.stun_entry
            if entry is None:
                return [A.STAY]
        d = self.decider
        opts = self.game.opts
        out: list[str] = []
        if entry.leave and opts.leaving_ring and not self.game.cage:
            out.append(A.LEAVE_RING)
        if entry.tag and opts.tag_out_defense and self.game.size > 1 and self._tag_partners(d):
            out.append(A.TRY_TAG)
        return [*out, A.STAY]
