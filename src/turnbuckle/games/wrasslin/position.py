"""WRASSLIN' positions (``engine.position``): every seat's Wrestler, place, damage and cards in play,
each seat's hand (its secret), the draw pile, discards and set-aside cards, the Holds and Pins in
effect, and the play being answered with its chain of responses.

Body (the fields ``WrasslinState`` keeps, by name; ``docs/design.md`` lists them all)::

    {"phase": "main", "turn": 0, "turn_number": 3, "passes": 0,
     "seats": [{"wrestler": "The Champ", "position": "ring", "damage": 2,
                "cards_in_play": [{"card": "Bodyslam", "hold": "Bodyslam", "damage": 2,
                                   "kind": "damage", "owner": 1}], ...}, ...],
     "secrets": [{"hand": {"Block": 1, "Headlock": 2, ...}}, ...],
     "draw_pile": {"Arm Bar": 5, ...}, "discard": {...}, "set_aside": {...},
     "holds": [], "play": null, "chain": [], ...}

Cards are named by their type (``Bodyslam``); a Hold is a card name or ``Specialty N`` (the
Wrestler's N-th Specialty). Every card of the deck must be somewhere exactly once: a card type
counted more times than the deck holds is refused. ``pending_error`` is an 11.5 illegal play still
open to a challenge, with the position just before it (``before``), which a challenge restores.

Reads: acted, after_draw, aside, base_att, base_def, base_dt, base_kind, base_out, base_phys, base_ref,
bout_over, br, callers, calls, chain, combo, deck, discard, dmg, drafted, draws, dt_card, dt_lock, end_reason,
enter_queue, entries, err_action, err_seat, err_snap, first_bout, free_for_all, g, hand, holds, illegal_in,
illegal_limit,
last_outcome, next_after_bout, obligation, out_count, out_limit, out_order, passes, penalty, pending, phase,
plays, pool, pos, refused, responders, result, resume, stacks, stay_pending, surge, surge_turn, tagged, turn,
turn_no, unfilled, warned, wid
Writes: -
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import Field

from turnbuckle.engine.actions import Action
from turnbuckle.engine.position import Strict, check_count, check_seat, check_unique, fail, index_of, join, parse
from turnbuckle.games.wrasslin.cards import MAX_SPECIALTIES
from turnbuckle.games.wrasslin.core import E_EXIT, E_FACEDOWN, E_HOLD, Entry
from turnbuckle.games.wrasslin.matchtypes import POSITION_NAMES
from turnbuckle.games.wrasslin.refusals import err_reason
from turnbuckle.games.wrasslin.state import WrasslinState

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame

PHASES: Final = ("draw", "enter", "draft", "initiative", "main", "dt_hold", "target", "respond", "penalty",
                 "upkeep", "accumulate", "stay", "over")
ENTRY_KINDS: Final = ("damage", "face-down", "exit")
MAX_OVERKILL: Final = 20
"""Damage may pass the submission point by one Hold's worth (the match then ends); more is refused."""
_SPECIALTY = re.compile(r"Specialty (\d+)")

Counts = dict[str, int]


class EntryModel(Strict):
    card: str | None
    hold: str | None = None
    damage: int = Field(default=0, ge=0, le=99)
    kind: Literal["damage", "face-down", "exit"] = "damage"
    owner: int | None = None


class SeatModel(Strict):
    wrestler: str | None
    position: Literal["ring", "apron", "floor", "out"] = "ring"
    damage: int = Field(default=0, ge=0)
    cards_in_play: list[EntryModel] = Field(default_factory=list)
    surge_bonus: int = Field(default=0, ge=0, le=99)
    surge_turn: int = Field(default=-1, ge=-1)
    penalty: int = Field(default=0, ge=0, le=99)
    refill_pending: bool = False
    warned: int = Field(default=0, ge=0, le=99)
    ring_count: int = Field(default=0, ge=0, le=99)
    ring_count_limit: int = Field(default=5, ge=0, le=99)
    illegal_in: int = Field(default=-1, ge=-1, le=99)
    illegal_limit: int = Field(default=5, ge=4, le=5)
    waiting: list[str] = Field(default_factory=list)
    drafted: list[str] = Field(default_factory=list)


class SecretModel(Strict):
    hand: Counts = Field(default_factory=dict)


class HoldModel(Strict):
    attacker: int
    defender: int
    hold: str
    card: str | None = None
    pin: bool = False
    count: int = Field(default=0, ge=0, le=99)
    limit: int = Field(default=0, ge=0, le=99)


class RoyalHoldModel(Strict):
    attacker: int
    victim: int
    hold: str
    card: str


class PlayModel(Strict):
    kind: str
    card: str | None = None
    hold: str | None = None
    attacker: int = -1
    defender: int = -1
    double_team_card: str | None = None
    out: bool = False


class ResponseModel(Strict):
    kind: str
    card: str | None = None
    by: int
    target: int = -1


class TargetChoiceModel(Strict):
    kind: Literal["hold", "dt"]
    card: str | None
    hold: str


class ErrorModel(Strict):
    seat: int
    action: str
    reason: str = ""
    before: dict[str, Any]


class BodyModel(Strict):
    phase: str
    turn: int = 0
    turn_number: int = Field(default=0, ge=0)
    passes: int = Field(default=0, ge=0)
    seats: list[SeatModel]
    secrets: list[SecretModel]
    draw_pile: Counts = Field(default_factory=dict)
    discard: Counts = Field(default_factory=dict)
    set_aside: Counts = Field(default_factory=dict)
    draft_pool: list[str] = Field(default_factory=list)
    holds: list[HoldModel] = Field(default_factory=list)
    battle_royal_holds: list[RoyalHoldModel] = Field(default_factory=list)
    play: PlayModel | None = None
    chain: list[ResponseModel] = Field(default_factory=list)
    responders: list[int] = Field(default_factory=list)
    resume: str = ""
    draws: list[int] = Field(default_factory=list)
    after_draw: str = "initiative"
    callers: list[int] = Field(default_factory=list)
    calls: list[tuple[int, int]] = Field(default_factory=list)
    obligation: str | None = None
    acted: bool = False
    combination: int = Field(default=0, ge=0, le=9)
    tagged: bool = False
    target_choice: TargetChoiceModel | None = None
    double_team_card: str | None = None
    stay_pending: bool = False
    double_team_lock: int = -1
    last_outcome: str = ""
    result: list[float] | None = None
    end_reason: str = ""
    out_order: list[int] = Field(default_factory=list)
    free_for_all: bool = False
    enter_queue: list[int] = Field(default_factory=list)
    bout_over: bool = False
    first_bout: bool = True
    next_after_bout: int = 0
    plays: list[str] = Field(default_factory=list)
    refused: list[tuple[int, str]] = Field(default_factory=list)
    pending_error: ErrorModel | None = None


class WrasslinPositions:
    """The WRASSLIN' position codec (``Game.position_codec``)."""

    derived: frozenset[str] = frozenset({"_legal", "_errset", "_err_why", "_err_text"})
    """Cached legal actions, which of them are 11.5 errors, and the lazily worded error reason
    (carried as ``pending_error.reason``)."""

    # -- writing ---------------------------------------------------------------------------------
    def dump(self, state: WrasslinState) -> dict[str, Any]:
        g = state.g
        card = _card_namer(g)
        hold = _hold_namer(g)

        def counts(row: Sequence[int]) -> dict[str, int]:
            return {g.cards[i].name: c for i, c in enumerate(row) if c}

        def names(indices: Sequence[int]) -> list[str]:
            return [g.wrestlers[w].name for w in indices]

        seats = []
        for s in range(g.players):
            seats.append({
                "wrestler": g.wrestlers[state.wid[s]].name if state.wid[s] >= 0 else None,
                "position": POSITION_NAMES[state.pos[s]],
                "damage": state.dmg[s],
                "cards_in_play": [
                    {"card": card(e[0]), "hold": None if e[3] == E_EXIT and e[1] == -1 else hold(e[1]),
                     "damage": e[2], "kind": ENTRY_KINDS[e[3]], "owner": e[4] if e[4] >= 0 else None}
                    for e in state.entries[s]
                ],
                "surge_bonus": state.surge[s],
                "surge_turn": state.surge_turn[s],
                "penalty": state.penalty[s],
                "refill_pending": state.unfilled[s],
                "warned": state.warned[s],
                "ring_count": state.out_count[s],
                "ring_count_limit": state.out_limit[s],
                "illegal_in": state.illegal_in[s],
                "illegal_limit": state.illegal_limit[s],
                "waiting": names(state.stacks[s]) if state.stacks else [],
                "drafted": names(state.drafted[s]),
            })
        error = None
        if state.err_seat >= 0 or state.err_snap is not None:
            snap = state.err_snap
            assert isinstance(snap, WrasslinState)
            error = {"seat": state.err_seat, "action": g.actions.decision(state.err_action).name,
                     "reason": err_reason(state), "before": self.dump(snap)}
        pending = state.pending
        return {
            "phase": state.phase,
            "turn": state.turn,
            "turn_number": state.turn_no,
            "passes": state.passes,
            "seats": seats,
            "secrets": [{"hand": counts(state.hand[s])} for s in range(g.players)],
            "draw_pile": counts(state.deck),
            "discard": counts(state.discard),
            "set_aside": counts(state.aside),
            "draft_pool": names(state.pool),
            "holds": [{"attacker": r[0], "defender": r[1], "hold": hold(r[2]), "card": card(r[3]), "pin": bool(r[4]),
                       "count": r[5], "limit": r[6]} for r in state.holds],
            "battle_royal_holds": [{"attacker": b[0], "victim": b[1], "hold": hold(b[2]), "card": card(b[3])}
                                   for b in state.br],
            "play": None if _no_play(state) else {
                "kind": state.base_kind, "card": card(state.base_phys), "hold": hold(state.base_ref),
                "attacker": state.base_att, "defender": state.base_def,
                "double_team_card": card(state.base_dt), "out": state.base_out,
            },
            "chain": [{"kind": k, "card": card(c), "by": q, "target": t} for k, c, q, t in state.chain],
            "responders": list(state.responders),
            "resume": state.resume,
            "draws": list(state.draws),
            "after_draw": state.after_draw,
            "callers": list(state.callers),
            "calls": [list(c) for c in state.calls],
            "obligation": card(state.obligation),
            "acted": state.acted,
            "combination": state.combo,
            "tagged": state.tagged,
            "target_choice": None if pending is None else {
                "kind": pending[0], "card": card(pending[1]), "hold": hold(pending[2])},
            "double_team_card": card(state.dt_card),
            "stay_pending": state.stay_pending,
            "double_team_lock": state.dt_lock,
            "last_outcome": state.last_outcome,
            "result": None if state.result is None else list(state.result),
            "end_reason": state.end_reason,
            "out_order": list(state.out_order),
            "free_for_all": state.free_for_all,
            "enter_queue": list(state.enter_queue),
            "bout_over": state.bout_over,
            "first_bout": state.first_bout,
            "next_after_bout": state.next_after_bout,
            "plays": [g.actions.decision(a).name for a in state.plays],
            "refused": [[s, g.actions.decision(a).name] for s, a in state.refused],
            "pending_error": error,
        }

    # -- reading ---------------------------------------------------------------------------------
    def load(self, game: WrasslinGame, body: Mapping[str, Any]) -> WrasslinState:
        return _Reader(game).state(body, "")


class _Reader:
    """Builds a state from a body, checking each field against the game as it goes."""

    def __init__(self, game: WrasslinGame) -> None:
        self.g = game
        self.card_names = [c.name for c in game.cards]
        self.wrestler_names = [w.name for w in game.wrestlers]

    def state(self, body: Mapping[str, Any], where: str) -> WrasslinState:
        g = self.g
        n = g.players
        m = parse(BodyModel, body, where)

        def at(*parts: str | int) -> str:
            """A field path inside this body (``pending_error.before`` nests one)."""
            return join(where, *parts)

        def seat(value: int, *parts: str | int, none: int | None = None) -> int:
            return check_seat(value, n, at(*parts), none=none)

        if m.phase not in PHASES:
            raise fail(at("phase"), f"unknown phase {m.phase!r:.40} (phases: {', '.join(PHASES)})")
        for key, items in (("seats", m.seats), ("secrets", m.secrets)):
            if len(items) != n:  # not check_count: tests/engine asserts this wording
                raise fail(at(key), f"{len(items)} entries for a match of {n} seats")
        seat(m.turn, "turn")

        st = g.new_initial_state()
        st.phase = m.phase
        st.turn = m.turn
        st.turn_no = m.turn_number
        st.passes = m.passes
        wid: list[int] = []
        for s, sm in enumerate(m.seats):
            w = -1 if sm.wrestler is None else index_of(self.wrestler_names, sm.wrestler, at("seats", s, "wrestler"),
                                                         "wrestler")
            wid.append(w)
            if w >= 0 and sm.damage > g.wrestlers[w].submit_at + MAX_OVERKILL:
                raise fail(at("seats", s, "damage"), f"{sm.damage} is out of range ({sm.wrestler} submits at "
                                                     f"{g.wrestlers[w].submit_at})")
        st.wid = wid
        st.pos = [POSITION_NAMES.index(sm.position) for sm in m.seats]
        st.dmg = [sm.damage for sm in m.seats]
        st.entries = [[self.entry(e, at("seats", s, "cards_in_play", j)) for j, e in enumerate(sm.cards_in_play)]
                      for s, sm in enumerate(m.seats)]
        st.surge = [sm.surge_bonus for sm in m.seats]
        st.surge_turn = [sm.surge_turn for sm in m.seats]
        st.penalty = [sm.penalty for sm in m.seats]
        st.unfilled = [sm.refill_pending for sm in m.seats]
        st.warned = [sm.warned for sm in m.seats]
        st.out_count = [sm.ring_count for sm in m.seats]
        st.out_limit = [sm.ring_count_limit for sm in m.seats]
        st.illegal_in = [sm.illegal_in for sm in m.seats]
        st.illegal_limit = [sm.illegal_limit for sm in m.seats]
        waiting = [[self.wrestler(name, at("seats", s, "waiting", i)) for i, name in enumerate(sm.waiting)]
                   for s, sm in enumerate(m.seats)]
        if g.draft or g.match_type == "tournament":
            st.stacks = waiting
        elif any(waiting):
            raise fail(at("seats", next(s for s in range(n) if waiting[s]), "waiting"),
                       "only a tournament has Wrestlers waiting to enter")
        st.drafted = [[self.wrestler(name, at("seats", s, "drafted", i)) for i, name in enumerate(sm.drafted)]
                      for s, sm in enumerate(m.seats)]
        st.pool = [self.wrestler(name, at("draft_pool", i)) for i, name in enumerate(m.draft_pool)]
        everyone = [w for w in wid if w >= 0] + [w for stack in waiting for w in stack] + st.pool
        check_unique(everyone, at("seats"), "Wrestler", lambda w: self.wrestler_names[w])

        st.hand = [self.counts(sec.hand, at("secrets", s, "hand")) for s, sec in enumerate(m.secrets)]
        st.deck = self.counts(m.draw_pile, at("draw_pile"))
        st.deck_n = sum(st.deck)
        st.discard = self.counts(m.discard, at("discard"))
        st.aside = self.counts(m.set_aside, at("set_aside"))

        st.holds = []
        for i, h in enumerate(m.holds):
            seat(h.attacker, "holds", i, "attacker")
            seat(h.defender, "holds", i, "defender")
            st.holds.append([h.attacker, h.defender, self.hold(h.hold, at("holds", i, "hold"), wid[h.attacker]),
                             self.card(h.card, at("holds", i, "card")), int(h.pin), h.count, h.limit])
        st.br = []
        for i, b in enumerate(m.battle_royal_holds):
            seat(b.attacker, "battle_royal_holds", i, "attacker")
            seat(b.victim, "battle_royal_holds", i, "victim")
            card = self.card(b.card, at("battle_royal_holds", i, "card"))
            assert card >= 0
            st.br.append((b.attacker, b.victim, self.hold(b.hold, at("battle_royal_holds", i, "hold"), wid[b.attacker]),
                          card))
        if m.play is not None:
            p = m.play
            seat(p.attacker, "play", "attacker", none=-1)
            seat(p.defender, "play", "defender", none=-1)
            st.base_kind = p.kind
            st.base_phys = self.card(p.card, at("play", "card"))
            st.base_ref = 0 if p.hold is None else self.hold(p.hold, at("play", "hold"),
                                                             wid[p.attacker] if p.attacker >= 0 else -1)
            st.base_att = p.attacker
            st.base_def = p.defender
            st.base_dt = self.card(p.double_team_card, at("play", "double_team_card"))
            st.base_out = p.out
        st.chain = []
        for i, r in enumerate(m.chain):
            seat(r.by, "chain", i, "by")
            st.chain.append((r.kind, self.card(r.card, at("chain", i, "card")), r.by, r.target))
        for key in ("responders", "draws", "callers", "out_order", "enter_queue"):
            for i, value in enumerate(getattr(m, key)):
                seat(value, key, i)
        st.responders = list(m.responders)
        st.resume = m.resume
        st.draws = list(m.draws)
        st.after_draw = m.after_draw
        st.callers = list(m.callers)
        for i, (s, _number) in enumerate(m.calls):
            seat(s, "calls", i, 0)
        st.calls = [(s, number) for s, number in m.calls]
        st.obligation = self.card(m.obligation, at("obligation"))
        st.acted = m.acted
        st.combo = m.combination
        st.tagged = m.tagged
        if m.target_choice is not None:
            tc = m.target_choice
            st.pending = (tc.kind, self.card(tc.card, at("target_choice", "card")),
                          self.hold(tc.hold, at("target_choice", "hold"), wid[m.turn]))
        st.dt_card = self.card(m.double_team_card, at("double_team_card"))
        st.stay_pending = m.stay_pending
        st.dt_lock = seat(m.double_team_lock, "double_team_lock", none=-1)
        st.last_outcome = m.last_outcome
        if m.result is not None:
            check_count(m.result, n, at("result"))
        st.result = None if m.result is None else list(m.result)
        st.end_reason = m.end_reason
        st.out_order = list(m.out_order)
        st.free_for_all = m.free_for_all
        st.enter_queue = list(m.enter_queue)
        st.bout_over = m.bout_over
        if m.bout_over and m.result is None:  # 14.4: the next bout starts with the first Wrestler waiting
            if g.match_type != "tournament":
                raise fail(at("bout_over"), f"only an elimination tournament has bouts (14.4), not a "
                                            f"{g.match_type} match: leave it false")
            if not m.enter_queue:
                raise fail(at("bout_over"), "a bout is over but nobody waits in enter_queue to start the next one")
        st.first_bout = m.first_bout
        st.next_after_bout = seat(m.next_after_bout, "next_after_bout")
        st.plays = [self.action(name, at("plays", i)).id for i, name in enumerate(m.plays)]
        st.refused = [(seat(s, "refused", i, 0), self.action(name, at("refused", i, 1)).id)
                      for i, (s, name) in enumerate(m.refused)]
        if m.pending_error is not None:
            e = m.pending_error
            snap = self.state(e.before, at("pending_error", "before"))
            snap._history, snap._events, snap._event_cache = [], [], []
            st.err_snap = snap
            st.err_seat = seat(e.seat, "pending_error", "seat")
            st.err_action = self.action(e.action, at("pending_error", "action")).id
            st._err_text = e.reason  # worded already: no snapshot to word it from
            st._err_why = None
        st._legal = None
        st._errset = frozenset()
        self.check_cards(st, at())
        return st

    # -- one field at a time ---------------------------------------------------------------------
    def card(self, name: str | None, where: str) -> int:
        return -1 if name is None else index_of(self.card_names, name, where, "card")

    def wrestler(self, name: str, where: str) -> int:
        return index_of(self.wrestler_names, name, where, "wrestler")

    def hold(self, name: str, where: str, wrestler: int) -> int:
        """A Hold reference: a card index, or ``-k`` for the Wrestler's k-th Specialty."""
        special = _SPECIALTY.fullmatch(name)
        if special is None:
            return index_of(self.card_names, name, where, "card")
        k = int(special.group(1))
        have = len(self.g.wrestlers[wrestler].specialties) if wrestler >= 0 else MAX_SPECIALTIES
        if not 1 <= k <= have:
            raise fail(where, f"Specialty {k} is out of range (1 to {have})")
        return -k

    def entry(self, e: EntryModel, where: str) -> Entry:
        kind = ENTRY_KINDS.index(e.kind)
        owner = -1 if e.owner is None else check_seat(e.owner, self.g.players, join(where, "owner"))
        ref = -1 if e.hold is None else self.hold(e.hold, join(where, "hold"), -1)
        if e.hold is None and kind != E_EXIT:
            raise fail(join(where, "hold"), f"a {e.kind} card in play names its Hold")
        assert kind in (E_HOLD, E_FACEDOWN, E_EXIT)
        return (self.card(e.card, join(where, "card")), ref, e.damage, kind, owner)

    def counts(self, counts: Mapping[str, int], where: str) -> list[int]:
        row = [0] * len(self.card_names)
        for name, count in counts.items():
            if count < 0:
                raise fail(join(where, name), f"{count} is out of range (a count of cards is 0 or more)")
            row[self.card(name, join(where, name))] = count
        return row

    def action(self, name: str, where: str) -> Action:
        action = self.g.actions.by_name(name)
        if action is None or action not in self.g.actions.decisions:
            raise fail(where, f"unknown decision {name!r:.80}")
        return action

    def check_cards(self, st: WrasslinState, where: str) -> None:
        """Each card type is somewhere exactly as many times as the deck has it (no card twice)."""
        g = self.g
        found = [0] * len(self.card_names)
        for row in (st.deck, st.discard, st.aside, *st.hand):
            for ci, c in enumerate(row):
                found[ci] += c
        placed = [e[0] for es in st.entries for e in es]
        placed += [r[3] for r in st.holds if r[4]]
        placed += [b[3] for b in st.br]
        placed += [it[1] for it in st.chain]
        if st.base_kind in ("hold", "exit", "tag", "refcall"):
            placed += [st.base_phys, st.base_dt]
        if st.phase == "dt_hold" or (st.phase == "target" and st.pending and st.pending[0] == "dt"):
            placed.append(st.dt_card)
        for ci in placed:
            if ci >= 0:
                found[ci] += 1
        for ci, name in enumerate(self.card_names):
            total = g.deck0[ci] + g.aside0[ci]
            if found[ci] != total:
                raise fail(join(where, "cards"), f"{name} is counted {found[ci]} times; the deck has {total}")


def _no_play(st: WrasslinState) -> bool:
    """Nothing on the table to answer (``clear_base``'s values)."""
    return (st.base_kind, st.base_phys, st.base_ref, st.base_att, st.base_def, st.base_dt, st.base_out) == (
        "", -1, 0, -1, -1, -1, False)


def _card_namer(g: WrasslinGame) -> Any:
    names = [c.name for c in g.cards]
    return lambda ci: names[ci] if ci >= 0 else None


def _hold_namer(g: WrasslinGame) -> Any:
    names = [c.name for c in g.cards]
    return lambda ref: names[ref] if ref >= 0 else f"Specialty {-ref}"


CODEC: Final = WrasslinPositions()
