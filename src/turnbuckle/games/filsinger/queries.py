"""Read-only questions about a moment of a match that are not rules: which chance ids the node
lists (a cheap legality check), what a player needs to weigh the pending decision (the
observation's ``pending``) and the exact-odds key (everything that decides the future, for the
solver in ``odds``).

Reads: ally_in, ally_queue, ally_ringside, attacker, chart, chart_me, choice_move, decided, decider,
distract_used, dq_me, dq_rating, dq_then, dq_who, finisher, interfere_used, just_tagged, legal,
letter, level, move, phase, pin_add, pinned, saves_left, stun_entry, stun_level, sums_only,
tag_target, tokens, winner
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.filsinger.core import (
    D6_IDS,
    FIXED_CHANCE_IDS,
    NO_IDS,
    PAIR_IDS,
    PARTNER_BASE,
    SUM_IDS,
    TWO_DICE_PHASES,
    card,
    pin_rating,
)

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def chance_ids(st: FilsingerState, phase: str) -> tuple[int, int]:
    """The ids ``chance_outcomes`` lists at ``phase`` (``lo <= id < hi``)."""
    ids = FIXED_CHANCE_IDS.get(phase)
    if ids is not None:
        return ids
    game = st.game
    if phase in TWO_DICE_PHASES:
        return PAIR_IDS if game.feud_active and not st.sums_only else SUM_IDS
    if phase == "finisher_roll":
        rf = card(st, st.attacker).roll_finisher
        return D6_IDS if rf is not None and rf.dice == 1 else SUM_IDS
    if phase == "tag_target":
        return PARTNER_BASE, PARTNER_BASE + len(game.teams[0]) - 1
    return NO_IDS


def pending_view(st: FilsingerState) -> dict[str, Any]:
    """What a player needs to weigh the decision in front of him."""
    phase = st.phase
    if phase in ("pin_window", "pin_roll", "distract_roll"):
        return {"pinned": card(st, st.pinned).name, "pin": pin_rating(st, st.pinned, st.pin_add),
                "distractor": st.game.distractor_rating(card(st, st.pinned))}
    if phase == "choice":
        d = card(st, 1 - st.attacker).ratings
        return {"choice": st.letter, "moves": [
            {"move": m.name, "level": m.level, "works_on": m.target(d.agility, d.power)}
            for m in st.game.charts.choice[st.letter].moves]}
    if phase in ("chart_choice", "chart_roll", "ally_choice"):
        return {"chart": st.chart, "wrestler": card(st, st.chart_me).name,
                "rating": st.game.chart_rating(card(st, st.chart_me), st.chart)}
    if phase in ("dis_choice", "dq_roll", "countout_roll"):
        rating = st.dq_rating
        if phase == "dis_choice" and st.move is not None:
            rating = st.move.dis_rating or card(st, st.attacker).ratings.disqualification
        return {"rating": rating}
    if phase == "defense_choice":
        return {"stunned": st.stun_entry.text if st.stun_entry else "", "level": st.stun_level}
    return {}


def state_key(st: FilsingerState, token_caps: list[int] | None = None) -> tuple[Any, ...]:
    """A hashable summary of everything that decides the future (for exact odds): the
    common counters plus only the pending slots the current phase reads."""
    if st.decided:
        return ("decided", st.winner)
    tokens = st.tokens if token_caps is None else [
        min(t, c) for t, c in zip(st.tokens, token_caps, strict=True)
    ]
    phase = st.phase
    common = (
        phase, st.attacker, st.level, st.decider, tuple(st.legal), tuple(tokens),
        tuple(st.saves_left), tuple(st.distract_used), tuple(st.interfere_used),
        tuple(st.ally_ringside), tuple(st.just_tagged), tuple(st.ally_queue),
    )
    pin = (st.pinned, st.pin_add)
    extra: tuple[Any, ...] = ()
    if phase == "chart_choice":
        extra = (st.chart,)
    elif phase == "dis_choice":
        extra = (st.move,)
    elif phase == "choice":
        extra = (st.letter,)
    elif phase == "choice_roll":
        extra = (st.choice_move,)
    elif phase == "finisher_roll":
        extra = (st.finisher,)
    elif phase == "defense_choice":
        extra = (st.stun_entry, st.stun_level)
    elif phase in ("ally_choice", "chart_roll"):
        extra = (st.chart, st.chart_me, st.ally_in, *pin)
    elif phase in ("dq_roll", "countout_roll"):
        extra = (st.dq_who, st.dq_rating, st.dq_then, st.dq_me, st.move, *pin)
    elif phase in ("tag_target", "tag_roll"):
        extra = (st.stun_level, st.tag_target)
    elif phase in ("pin_window", "pin_roll", "distract_roll"):
        extra = pin
    return common + extra
