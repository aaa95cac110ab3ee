"""WRASSLIN' as a fixed-size observation tensor (layout in ``docs/interop.md``).

What one player may know and nothing more, exactly like ``WrasslinState.observation``: his own hand as
counts per card type, every other hand only as its size, face-down Hold cards only to their owner, and
the whole table (damage, positions, Holds, Pins, the play and its answers, calls, deck, discard pile).
The shape depends on the configuration (seats ``n``, card types ``k``, roster size ``W``) and is fixed
for a game. Seats are absolute; counts are raw numbers; categories are one-hot.

Reads: dmg, entries, out_count, penalty, pos, stacks, surge, team, warned, wid
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from turnbuckle.engine.game import State
from turnbuckle.engine.tensorlayout import Layout, index_of, mark_seats
from turnbuckle.games.wrasslin.cards import MAX_SPECIALTIES
from turnbuckle.games.wrasslin.core import E_EXIT, E_FACEDOWN, abilities, is_mobile, wrestler_of

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame
    from turnbuckle.games.wrasslin.state import WrasslinState

PHASES = ("draw", "enter", "draft", "initiative", "main", "dt_hold", "target", "respond", "penalty", "upkeep",
          "accumulate", "stay", "over", "other")
"""The state machine's phases; a phase added later counts as ``other``."""
PLAY_KINDS = ("hold", "reapply", "exit", "tag", "refcall", "play", "other")
"""What the play being answered is (``base_kind``); no play: all zeros."""
RESPONSE_KINDS = ("block", "reverse", "iblock", "ireverse", "referee", "distraction", "surge", "long", "short",
                  "other")
"""Answers in the response chain, counted per kind."""
POSITIONS = 4
"""ring, apron, floor, out."""
SEAT_STATS = ("damage", "strength", "agility", "skill", "power_surge", "recovery", "weight", "surge_bonus",
              "mobile", "penalty", "ignoring_warning", "ring_count", "submits_at", "wrestlers_left",
              "specialties")


def layout(game: WrasslinGame) -> Layout:
    n, k, w = game.players, len(game.cards), len(game.wrestlers)
    out = Layout()
    out.add("observer", n, "1 at the observing seat")
    out.add("to_move", n + 2, "the seat to decide, then chance, then terminal (one-hot)")
    out.add("phase", len(PHASES), "phase: " + ", ".join(PHASES) + " (one-hot)")
    out.add("turn", n, "whose turn it is (one-hot)")
    out.add("turn_number", 1, "turns played")
    out.add("hand", k, "the observer's own hand: cards per card type (the only hand shown card by card)")
    out.add("hand_sizes", n, "cards in each seat's hand")
    out.add("deck", 3, "cards left in the deck, passes through the deck so far, the pass limit")
    out.add("discard", k, "discard pile, cards per card type")
    out.add("set_aside", k, "cards set aside for this match, per card type")
    seat = n + 1 + w + 2 + POSITIONS + len(SEAT_STATS) + k + 3
    out.add("seats", n * seat,
            f"per seat ({seat} each): team one-hot ({n}), has a Wrestler, Wrestler one-hot ({w}, roster order), "
            "dirty, has a manager, position one-hot (ring, apron, floor, out), "
            + ", ".join(SEAT_STATS)
            + f", cards in play face up per card type ({k}), face-down cards, Out-of-Ring exit cards, "
            "damage points of the cards in play")
    out.add("holds", n * n, "[attacker][defender]: 1 for a Continuing Hold, 2 for a Pin in effect")
    out.add("pins", 2 * n, "per defender: the Pin count, the count it needs")
    out.add("battle_royal_holds", n * n, "[attacker][victim]: Battle Royal Holds in play (13.5)")
    out.add("play_kind", len(PLAY_KINDS), "the play being answered: " + ", ".join(PLAY_KINDS) + " (one-hot)")
    out.add("play_by", n, "seat that made the play (one-hot)")
    out.add("play_on", n, "seat it is aimed at (one-hot)")
    out.add("play_card", k, "the card played (one-hot by card type)")
    out.add("play_hold", k + MAX_SPECIALTIES, "the Hold: a card type, or the attacker's Specialty 1-3 (one-hot)")
    out.add("responses", len(RESPONSE_KINDS) + 1,
            "answers in the chain per kind (" + ", ".join(RESPONSE_KINDS) + "), then the chain's length")
    out.add("calls", n * k, "[seat][card type]: the card each seat called for initiative (5.3)")
    out.add("flags", 2, "free-for-all, an illegal play open to a challenge (11.5)")
    out.add("error_by", n, "seat whose illegal play may be challenged (one-hot)")
    out.add("result", n, "each seat's return once the match is over")
    if game.draft:
        out.add("draft_pool", w, "Wrestlers still in the draft pool (14.6)")
        out.add("drafted", n * w, "[seat][Wrestler]: drafted by that seat")
    return out


class WrasslinTensor:
    """The ``TensorView`` of ``WrasslinGame``."""

    def __init__(self, game: WrasslinGame) -> None:
        self.game = game
        self.layout = layout(game)
        self.shape: tuple[int, ...] = (self.layout.size,)
        self._at = {s.name: s.offset for s in self.layout.segments}
        n, k, w = game.players, len(game.cards), len(game.wrestlers)
        self.seat_size = n + 1 + w + 2 + POSITIONS + len(SEAT_STATS) + k + 3

    def observation(self, state: State, player: int) -> list[float]:
        s = cast("WrasslinState", state)
        g = self.game
        n, k, w = g.players, len(g.cards), len(g.wrestlers)
        at = self._at
        v = [0.0] * self.layout.size
        mark_seats(v, at["observer"], at["to_move"], player, s.current_player(), n)
        if 0 <= player < n:
            hand = at["hand"]
            for ci, count in enumerate(s.hand[player]):
                if count:
                    v[hand + ci] = float(count)
        v[at["phase"] + index_of(PHASES, s.phase)] = 1.0
        if 0 <= s.turn < n:
            v[at["turn"] + s.turn] = 1.0
        v[at["turn_number"]] = float(s.turn_no)
        for seat in range(n):
            v[at["hand_sizes"] + seat] = float(sum(s.hand[seat]))
        deck = at["deck"]
        v[deck], v[deck + 1], v[deck + 2] = float(s.deck_n), float(s.passes), float(g.pass_limit)
        for ci in range(k):
            v[at["discard"] + ci] = float(s.discard[ci])
            v[at["set_aside"] + ci] = float(s.aside[ci])
        self._seats(s, player, v)
        for r in s.holds:
            att, dfn = r[0], r[1]
            v[at["holds"] + att * n + dfn] = 2.0 if r[4] else 1.0
            if r[4]:
                v[at["pins"] + 2 * dfn] = float(r[5])
                v[at["pins"] + 2 * dfn + 1] = float(r[6])
        for b in s.br:
            v[at["battle_royal_holds"] + b[0] * n + b[1]] += 1.0
        if s.base_kind:
            v[at["play_kind"] + index_of(PLAY_KINDS, s.base_kind)] = 1.0
            if 0 <= s.base_att < n:
                v[at["play_by"] + s.base_att] = 1.0
            if 0 <= s.base_def < n:
                v[at["play_on"] + s.base_def] = 1.0
            if s.base_phys >= 0:
                v[at["play_card"] + s.base_phys] = 1.0
            if s.base_kind in ("hold", "reapply"):
                ref = s.base_ref
                slot = ref if ref >= 0 else k - ref - 1
                if 0 <= slot < k + MAX_SPECIALTIES:
                    v[at["play_hold"] + slot] = 1.0
            responses = at["responses"]
            for item in s.chain:
                v[responses + index_of(RESPONSE_KINDS, item[0])] += 1.0
            v[responses + len(RESPONSE_KINDS)] = float(len(s.chain))
        for seat, card in s.calls:
            if 0 <= seat < n and 0 <= card < k:
                v[at["calls"] + seat * k + card] = 1.0
        v[at["flags"]] = 1.0 if s.free_for_all else 0.0
        if s.err_seat >= 0:
            v[at["flags"] + 1] = 1.0
            v[at["error_by"] + s.err_seat] = 1.0
        if s.result is not None:
            for seat, value in enumerate(s.result):
                v[at["result"] + seat] = float(value)
        if g.draft:
            for widx in s.pool:
                v[at["draft_pool"] + widx] = 1.0
            for seat, picks in enumerate(s.drafted):
                for widx in picks:
                    v[at["drafted"] + seat * w + widx] = 1.0
        return v

    def _seats(self, s: WrasslinState, player: int, v: list[float]) -> None:
        g = self.game
        n, k, w = g.players, len(g.cards), len(g.wrestlers)
        stats = len(SEAT_STATS)
        for seat in range(n):
            base = self._at["seats"] + seat * self.seat_size
            if 0 <= s.team[seat] < n:
                v[base + s.team[seat]] = 1.0
            i = base + n
            if s.wid[seat] < 0:
                continue  # a tournament seat between bouts: no Wrestler yet
            wrestler = wrestler_of(s, seat)
            v[i] = 1.0
            v[i + 1 + s.wid[seat]] = 1.0
            i += 1 + w
            v[i] = 1.0 if wrestler.dirty else 0.0
            v[i + 1] = 1.0 if wrestler.manager else 0.0
            i += 2
            v[i + s.pos[seat]] = 1.0
            i += POSITIONS
            a = abilities(s, seat)
            values = (
                s.dmg[seat], a[0], a[1], a[2], a[3], a[4], wrestler.weight, s.surge[seat],
                1 if is_mobile(s, seat) else 0, s.penalty[seat], s.warned[seat], s.out_count[seat], wrestler.submit_at,
                len(s.stacks[seat]) if s.stacks else 0, len(wrestler.specialties),
            )
            for j in range(stats):
                v[i + j] = float(values[j])
            i += stats
            facedown = exits = points = 0
            for e in s.entries[seat]:
                points += e[2]
                if e[0] < 0:
                    continue
                if e[3] == E_FACEDOWN:
                    facedown += 1
                    if e[4] >= 0 and e[4] != player:
                        continue  # another player's secret: only that a card lies there
                if e[3] == E_EXIT:
                    exits += 1
                v[i + e[0]] += 1.0
            i += k
            v[i], v[i + 1], v[i + 2] = float(facedown), float(exits), float(points)
