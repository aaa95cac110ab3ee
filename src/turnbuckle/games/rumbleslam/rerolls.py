"""RUMBLESLAM re-rolls: Endorsement windows after rolls (rumbleslam RE-ROLLS / ENDORSEMENTS)."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.native import mypyc_attr
from turnbuckle.games.rumbleslam.core import RumbleslamCore, Wrestler


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class RerollRules(RumbleslamCore):
    """Offers Endorsement re-rolls when they can help, the Initiative card holder first."""

    def _s_reroll_window(
        self, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
    ) -> None:
        # rumbleslam RE-ROLLS / ENDORSEMENTS: each Endorsement re-rolls one of your own dice, once.
        if self.endorsements[player] <= 0 or self.game.reroll_prompts == "never":
            return
        if self._reroll_candidates(player, owners, mode, thr) and self._losing(player, mode, flats, thr, owners):
            self._push(self._decide_step("reroll", player, mode, flats, thr, owners))

    def _reroll_candidates(self, player: int, owners: tuple[int, ...], mode: str = "opp", thr: int = 0) -> list[int]:
        """Own dice not yet re-rolled that could come up better (Crowd dice: a face in the ``thr``
        bit mask of faces that hurt)."""
        if mode == "crowd":
            return [i for i, (side, _kind, face, rerolled) in enumerate(self.buf)
                    if owners[side] == player and not rerolled and (thr >> face) & 1 and i < 16]
        dice = self.game.dice
        if mode == "guard":  # a friend's DEF dice against its own side's (DEVASTATING) attack
            return [i for i, (side, kind, face, rerolled) in enumerate(self.buf)
                    if side == 1 and owners[side] == player and not rerolled and face < dice.max_face(kind) and i < 16]
        if mode == "setup":  # the lowest roll wins: a die that could come up lower
            return [i for i, (side, kind, face, rerolled) in enumerate(self.buf)
                    if owners[side] == player and not rerolled and face > dice.min_face(kind) and i < 16]
        return [i for i, (side, kind, face, rerolled) in enumerate(self.buf)
                if owners[side] == player and not rerolled and face < dice.max_face(kind) and i < 16]

    def _crowd_roll(self, player: int, n: int, bad: tuple[int, ...]) -> list[tuple[Any, ...]]:
        """rumbleslam ENDORSEMENTS: Crowd dice too may be re-rolled "at any time" (offered when a
        die shows one of the ``bad`` faces)."""
        mask = sum(1 << f for f in bad)
        steps: list[tuple[Any, ...]] = [("roll", self._crowd(n))]
        if mask:
            steps.append(("reroll_window", player, "crowd", (0, 0), mask, (player, player)))
        return steps

    def _losing(self, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]) -> bool:
        if mode == "crowd":
            return any(owners[side] == player and (thr >> face) & 1 for side, _, face, _ in self.buf)
        if mode == "init":
            return self._initiative_order()[0] != player
        if mode == "setup":  # rumbleslam SETTING UP THE GAME: not (yet) the one lowest roller
            faces = [face for side, _, face, _ in self.buf]
            low = min(faces)
            return faces[player] > low or faces.count(low) > 1
        a = self._total(0) + flats[0]
        if mode == "test":
            return a < thr
        d = self._total(1) + flats[1]
        if mode == "guard":
            return a > d
        if owners[0] == owners[1]:
            return False
        return a <= d if player == owners[0] else a > d

    def _reroll_steps(
        self, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
    ) -> list[tuple[Any, ...]]:
        """One re-roll window per player owning dice in the roll, the Initiative card holder first
        and then clockwise (rumbleslam RE-ROLLS); before the card is dealt, seat order."""
        players = []
        for p in self._clockwise(self.holder):
            if p in owners and p not in players:
                players.append(p)
        return [("reroll_window", p, mode, flats, thr, owners) for p in players]

    def _initiative_pool(self, w: Wrestler) -> tuple[tuple[str, ...], int]:
        """rumbleslam TAKING THE INITIATIVE: "roll on the DEX stat of that wrestler", with every bonus
        any other DEX roll has: passive and Choice abilities ("always active", PASSIVE ABILITIES), this
        round's Sponsorship and Crowd Pleaser bonuses. A KO'd nominee rolls its real DEX (rumbleslam
        KO'D: "except when taking the Initiative"); its Knockdown counter still turns its passives off."""
        pool = self.game.pools[w.index]["dex"]
        return pool.dice, pool.bonus + w.bonus[3] + self._passive(w, "dex")

    def _initiative_totals(self) -> dict[int, int]:
        totals = {}
        for p in range(self.game.players):
            if self.nominee[p] >= 0:
                totals[p] = self._total(p) + self._initiative_pool(self.ws[self.nominee[p]])[1]
        return totals

    def _initiative_order(self) -> list[int]:
        """Highest DEX first; ties to the card holder, then clockwise from it."""
        totals = self._initiative_totals()
        seat = {p: i for i, p in enumerate(self._clockwise(self.holder))}
        return sorted(totals, key=lambda p: (-totals[p], seat[p]))
