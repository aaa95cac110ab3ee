"""Why a play is not legal now, in one line with the rule behind it (the refusal a person reads),
and the 11.5 errors: an illegal play made anyway, the state a challenge restores, and why it was
illegal (worded only when someone reads it).

Reads: C_BLOCK, C_DIS, C_IB, C_IR, C_PS, C_REF, C_REVERSE, C_SPEC, C_WILD, _errset, acted, base_att, base_def,
base_dt, base_kind, base_ref, chain, combo, dmg, g, hand, holds, obligation, pending, phase, pos, refused,
surge_turn, tagged, team, turn, turn_no
Writes: _err_text, _err_why, _legal, err_action, err_seat, err_snap
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.wrasslin.cards import HoldSpec
from turnbuckle.games.wrasslin.core import (
    can_react,
    clear_error,
    entitled,
    hold_fault,
    hold_spec,
    is_held,
    is_mobile,
    is_pinned,
    opponents,
    partners,
    seat_name,
    wrestler_of,
)
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, RING
from turnbuckle.games.wrasslin.options import action_id, compute_legal

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState


def is_error(st: WrasslinState, action: Action) -> bool:
    """Is ``action`` (one of the legal actions) an 11.5 error: playable, but an opponent may challenge?"""
    if st._legal is None:
        st.legal_actions()
    return action.id in st._errset


def err_reason(st: WrasslinState) -> str:
    """11.5: why the pending illegal play is illegal. Worded on first read, from the state just before
    it (``err_snap`` as it was made, not a determinized copy): batch play never reads it."""
    why = st._err_why
    if why is not None:
        snap, p, action = why
        st._err_text = error_reason(snap, p, action)
        st._err_why = None
    return st._err_text


def error_reason(st: WrasslinState, p: int, action: Action) -> str:
    if st.phase == "target" and st.pending is not None:
        pk, _phys, ref = st.pending
        return hold_fault(st, p, hold_spec(st, p, ref), st.g.decode[action.id][1], pk == "dt")
    return explain(st, action)


def mark_error(st: WrasslinState, p: int, action: Action) -> None:
    """11.5: ``p`` makes an illegal play. Keep the state from just before it (a challenge puts it back)
    and why it is illegal; an earlier error of his own side stays the one a challenge undoes."""
    if st.err_seat >= 0 and st.team[st.err_seat] == st.team[p]:
        return
    clear_error(st)  # an opposing error stands: this side has now played a card
    snap = st.clone()
    snap._history, snap._events, snap._event_cache = [], [], []
    st.err_snap = snap
    st.err_seat = p
    st.err_action = action.id
    st._err_why = (snap, p, action)  # the reason is worded from the snapshot only if someone reads it


def explain(st: WrasslinState, action: Action) -> str:
    """Why ``action`` is not legal now, in one line with the rule behind it."""
    p = st.current_player()
    if p == TERMINAL:
        return "the match is over"
    if p == CHANCE:
        return "a card is being drawn (chance); no player decides now"
    g = st.g
    decoded = g.decode.get(action.id)
    if decoded is None or g.actions.by_name(action.name) != action:
        return f"{action.name!r} is not a decision of this game"
    kind, arg = decoded
    who = seat_name(st, p)
    responding = kind in ("react", "react_wild", "react_spec", "long", "short", "long_wild", "short_wild",
                          "pass", "challenge")
    if responding and st.phase != "respond":
        return (f"there is no just-played card to answer: it is {who}'s turn to play "
                f"(5.6: Reactions and Outside Influences answer an opponent's play before the next turn)")
    if not responding and st.phase == "respond":
        att = st.base_att
        return (f"{who} may only react to {seat_name(st, att) if att >= 0 else 'the last play'}'s "
                f"{st.base_kind or 'play'} or pass now (5.4 A)")
    if st.phase == "initiative":
        return f"{who} must call the Initiative Number of a card in his hand (5.3)"
    if st.phase == "draft":
        return f"{who} must draft a Wrestler still in the pool (14.6)"
    first = {
        "target": f"{who} must first choose whom to put the Hold on (`target seat N`)",
        "accumulate": f"{who} must first lay a card face down on his Continuing Hold (`accumulate CARD`, 10.11)",
        "penalty": f"{who} is penalized: `serve penalty` or `ignore warning` first (9.41, 9.42)",
        "stay": f"{who} must first say whether he stays in the ring or returns to the apron (12.41)",
        "upkeep": f"{who} must first keep his Hold with a Power Surge or release it (8.41)",
    }.get(st.phase)
    if first and kind not in ("target", "accumulate", "serve", "ignore", "stay", "apron", "release", "concede"):
        return first
    if kind == "accumulate":
        return "a card is laid face down only when a Continuing Hold is reapplied, by its attacker (10.11)"
    if arg == st.C_WILD and kind in ("wild", "react_wild", "play", "react"):
        return "a Wild Card is played as the card it becomes: `play Wild Card as CARD` (11.2)"
    if kind in ("play", "wild", "react", "react_wild") and arg == st.C_SPEC:
        how = "play Wild Card as Specialty N" if kind == "wild" else "play Specialty N"
        return f"a Specialty is played by its number on the Wrestler's card: `{how}` (11.4, 11.42)"
    if kind in ("spec", "spec_wild", "react_spec"):
        phys = st.C_SPEC if kind != "spec_wild" else st.C_WILD
        if st.hand[p][phys] == 0 and not (kind == "react_spec" and st.hand[p][st.C_WILD]):
            return f"{who} holds no {g.cards[phys].name}"
        specs = wrestler_of(st, p).specialties
        if arg >= len(specs):
            return f"{who} has only {len(specs)} Specialt{'y' if len(specs) == 1 else 'ies'} (11.42)"
        sp = specs[arg]
        if sp.hold is not None:
            return hold_reason(st, p, sp.hold) or turn_reason(st, p)
        return effect_reason(st, p, sp.effect, sp.name) or turn_reason(st, p)
    if kind in ("play", "wild", "discard", "react", "react_wild"):
        phys = arg if kind in ("play", "discard", "react") else st.C_WILD
        card = g.cards[arg]
        if st.hand[p][phys] == 0:
            return f"{who} holds no {g.cards[phys].name}"
        if kind in ("wild", "react_wild") and arg in g.void:
            return f"this match has no {card.name} cards, so a Wild Card cannot become one (11.2)"
        if kind == "react" or kind == "react_wild":
            return answer_reason(st, p, arg)
        if kind in ("play", "wild") and card.hold is not None and st.phase in ("main", "dt_hold"):
            reason = hold_reason(st, p, card.hold)
            if reason:
                return reason
        elif kind in ("play", "wild"):
            reason = effect_reason(st, p, card.name, card.name)
            if reason:
                return reason
        return turn_reason(st, p)
    if kind in ("exit", "exit_wild", "reenter", "enter", "stay", "apron", "release", "end", "serve", "ignore"):
        return effect_reason(st, p, kind, action.name) or turn_reason(st, p)
    if kind in ("long", "short", "long_wild", "short_wild"):
        if p == st.turn or st.team[p] == st.team[st.turn]:
            return "a Long/Short Count discarded in your own side's turn has no effect (9.2)"
        return "a Long/Short Count changes a running count (a Pin, a count-out, an illegal man) (9.2)"
    if kind == "challenge":
        return "there is no illegal play of an opponent to challenge (11.5)"
    if kind == "concede":
        return "only in an elimination tournament may a Wrestler concede (14.3)"
    if kind == "target":
        return f"{who} may not put the Hold on seat {arg} now"
    return f"{action.name!r} is not allowed for {who} in phase {st.phase!r}"


def turn_reason(st: WrasslinState, p: int) -> str:
    """The turn-level reasons a play is refused (5.3, 5.4 A)."""
    who = seat_name(st, p)
    g = st.g
    if st.obligation >= 0 and st.turn_no == 1 and st.phase == "main":
        called = g.cards[st.obligation]
        return (f"{who} must first play or discard the card he called for initiative, "
                f"{called.name} ({called.initiative}) (5.3)")
    if st.acted and st.phase == "main":
        return f"{who} has already made his play this turn (5.4 A)"
    if st.phase == "dt_hold":
        return f"{who} must now play the Hold of his Double Team, or end the turn (12.4)"
    if st.combo and st.phase == "main":
        return f"{who} is playing a Combination: a second Hold, or end the turn (11.1)"
    if any((p, a.id) in st.refused for a in st.g.actions.decisions):
        return f"{who} had that play refused by a challenge this turn (11.5)"
    return f"{who} may not do that now (phase {st.phase})"


def hold_reason(st: WrasslinState, p: int, spec: HoldSpec) -> str:
    """Why no opponent can take ``spec`` from ``p`` now (the first reason found)."""
    if st.phase not in ("main", "dt_hold"):
        return ""
    if spec.pin and st.g.royal:
        return "there are no Pins in a Battle Royal (13.2)"
    if st.phase == "dt_hold" and (spec.pin or spec.continuous):
        return "a Double Team may not be used with a Pin or Continuing Hold (12.4)"
    if st.pos[p] == APRON and st.phase != "dt_hold":
        return f"{seat_name(st, p)} is on the apron: only a Double Team puts a Hold on from there (12.1, 12.4)"
    reasons = [hold_fault(st, p, spec, t, st.phase == "dt_hold") for t in opponents(st, p)]
    reasons = [r for r in reasons if r]
    return reasons[0] if len(reasons) == len(opponents(st, p)) and reasons else ""


def effect_reason(st: WrasslinState, p: int, what: str, label: str) -> str:
    """Why ``p`` may not use a non-Hold card or capability ``what`` now, or ''."""
    who = seat_name(st, p)
    g = st.g
    held = is_held(st, p)
    mobile = is_mobile(st, p)
    if what == "Power Surge":
        if st.surge_turn[p] == st.turn_no:
            return f"{who} has already played a Power Surge this turn (8.4: one per turn)"
        if wrestler_of(st, p).abilities(st.dmg[p])[3] < 1:
            return f"{who} has no Power Surge rating left (3.14)"
    elif what in ("Recovery 1", "Recovery 2", "recovery"):
        if st.dmg[p] < 1:
            return f"{who} has no damage to remove (6.2)"
        if held:
            return f"{who} is under a Pin or Continuing Hold and may not play a Recovery (10.12, 10.21)"
    elif what in ("Tag", "tag"):
        if g.match_type not in ("tag", "handicap"):
            return "Tag cards are used only in Tag Team matches (5.1, 12.3)"
        if st.pos[p] != RING:
            return f"only the Wrestler in the ring may play a Tag (12.3); {who} is not in it"
        if st.tagged:
            return f"{who} has already tagged this turn (12.3)"
        if held:
            return "a Tag may not be played by a Wrestler in a Pin or Continuing Hold (12.3)"
        if not mobile:
            return f"{who} is immobile: no Tag without a Power Surge (6.13)"
        if not any(st.pos[t] == APRON and is_mobile(st, t) for t in partners(st, p)):
            return f"{who}'s partner on the apron is not mobile (12.3)"
    elif what in ("Double Team", "double_team"):
        if g.match_type not in ("tag", "handicap"):
            return "Double Team cards are used only in Tag Team matches (5.1, 12.4)"
        if st.pos[p] != APRON:
            return "a Double Team is played from outside the ring, by the partner on the apron (12.4)"
        return f"{who} has no Hold he could put on with a Double Team (12.4)"
    elif what == "Combination":
        return f"a Combination needs a Hold {who} can play with it (11.1)"
    elif what == "Block":
        if not is_pinned(st, p):
            return (f"a Block answers a Hold in the opponent's turn; in his own turn {who} may Block only "
                    f"a Pin on him (8.1, 10.2 A)")
        if not can_react(st, p):
            return f"{who} has no Strength, Agility or Skill left to Block (3.12, 8.1)"
    elif what == "Referee":
        return "a Referee answers an illegal card, or catches an illegal man in the ring (9.4, 12.41)"
    elif what in ("Reverse", "Interference/Block", "Interference/Reverse", "Distraction", "Long/Short Count"):
        return f"{what} is played in answer to an opponent's play, never in your own turn (5.6)"
    elif what in ("exit", "exit_wild"):
        if st.pos[p] != RING:
            return f"{who} is not in the ring (11.3)"
        if g.royal:
            return "in a Battle Royal the Out of Ring card only throws an opponent out (13.3)"
        if held:
            return f"{who} is under a Pin or Continuing Hold and may not leave the ring (10.12)"
        if any(r[0] == p and r[4] for r in st.holds):
            return f"{who} is pinning and may not leave the ring (10.21)"
        if not mobile:
            return f"{who} is immobile: he may not leave the ring without a Power Surge (3.13)"
    elif what == "reenter":
        if st.pos[p] != FLOOR:
            return f"{who} is not outside the ring (11.32)"
        if not mobile:
            return f"{who} is immobile: he may not re-enter the ring without a Power Surge (3.13, 11.32)"
    elif what == "enter":
        return "a partner enters only when two opponents are in the ring against his partner (12.42)"
    elif what in ("stay", "apron"):
        return "only a Wrestler who Double Teamed may stay in the ring or return to the apron (12.41)"
    elif what == "release":
        return f"{who} has no Continuing Hold or Pin to release (8.41)"
    elif what in ("serve", "ignore"):
        return f"{who} is not being penalized (9.41, 9.42)"
    elif what == "end":
        return f"{who} must play or discard a card; a turn is not passed (5.5)"
    return ""


def answer_reason(st: WrasslinState, p: int, ci: int) -> str:
    """Why ``p`` may not answer the play with card type ``ci`` now."""
    who = seat_name(st, p)
    name = st.g.cards[ci].name
    bk = st.base_kind
    if st.chain and st.chain[-1][0] in ("block", "reverse"):
        return "there is no counter to a red Reaction card (8.32)"
    if ci in (st.C_BLOCK, st.C_REVERSE, st.C_PS):
        if bk not in ("hold", "reapply", "exit"):
            return f"a {name} answers a Hold (8.1)"
        if p != st.base_def:
            return f"only the Wrestler the Hold was played on may play {name} against it (8.1, 12.1)"
        if bk == "hold" and st.base_dt >= 0:
            return "barring Outside Influence, a Hold put on with a Double Team cannot be avoided (12.4)"
        if ci == st.C_PS:
            return effect_reason(st, p, "Power Surge", name) or "one Power Surge per answer (8.42)"
        if not can_react(st, p):
            return f"{who} has no Strength, Agility or Skill left to react (3.12, 8.1)"
        if ci == st.C_REVERSE:
            spec = hold_spec(st, st.base_att, st.base_ref) if bk != "exit" else None
            if spec is not None and spec.pin:
                return "a Pin cannot be Reversed (8.33, 10.2)"
            if spec is not None and spec.specialty:
                return "a Specialty cannot be Reversed (8.33, 11.4)"
            if spec is not None and spec.continuous:
                return "a Continuing Hold cannot be Reversed (8.33, 10.1)"
            if bk == "reapply":
                return "a Continuing Hold cannot be Reversed (10.1)"
        return f"{name} cannot answer this play now (8.x)"
    if ci in (st.C_IB, st.C_IR, st.C_DIS):
        if st.g.royal:
            return f"there are no {name} cards in a Battle Royal (13.2)"
        if bk == "refcall" and ci == st.C_DIS:
            return ("a Distraction voids the Referee's call only for a team with a manager or a third mobile "
                    "Tag Team partner (12.41)")
        if not entitled(st, p):
            return f"{who} has no manager or mobile Tag Team partner for Outside Influence (3.5, 9.3, 9.5)"
        if ci == st.C_DIS:
            return "a Distraction voids a Referee aimed at your side, or an opponent's Tag (9.5)"
        return "Interference answers a Hold on your own side (9.3)"
    if ci == st.C_REF:
        return "a Referee needs an illegal card to catch: an Illegal Hold, a Double Team or Interference (9.4)"
    return f"{name} cannot answer this play (8.x, 9.x)"


def note_error(st: WrasslinState, action: Action) -> None:
    """11.5, before a play in a phase where errors may be made: if ``action`` is one of the current legal
    list's errors, keep the state a challenge would restore (``mark_error``)."""
    if st._legal is None:
        st._legal = sorted(compute_legal(st), key=action_id)
    if action.id in st._errset:
        mark_error(st, st.current_player(), action)
