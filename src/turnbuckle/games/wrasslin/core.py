"""The lookups every WRASSLIN' rule family shares: abilities (3.x),
mobility (3.13), Outside Influence entitlement (3.5, 9.3) and where a Hold can reach (4.3, 11.31, 12.4);
plus the small card moves every family makes (a card taken from a hand, one discarded) and the base
play's fields (5.6) that the chain answers.

The lowest rule module: it imports no other, and every rule family calls down into it.

Reads: C_PS, C_WILD, aside, br, chain, deck_n, dmg, dt_card, entries, free_for_all, g, holds, penalty,
pending, phase, pos, team, turn, turn_no, unfilled, wid
Writes: _err_text, _err_why, base_att, base_def, base_dt, base_kind, base_out, base_phys, base_ref, discard,
draws, err_action, err_seat, err_snap, hand, obligation, surge, surge_turn
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.games.wrasslin.cards import HoldSpec, Wrestler
from turnbuckle.games.wrasslin.matchtypes import APRON, FLOOR, OUT, RING

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.state import WrasslinState

HAND_SIZE = 7
E_HOLD, E_FACEDOWN, E_EXIT = 0, 1, 2
"""Cards lying next to a Wrestler: a Damage card, a face-down continuous-Hold card (10.11), an
Out-of-Ring card showing its "Exit" corners (11.3)."""

Entry = tuple[int, int, int, int, int]
"""(physical card, hold ref, damage points, kind, owner seat)."""
Candidate = tuple[int, int, int, int, int]
"""An opponent a Hold may go on: (seat, Strength, Weight, damage, position)."""
Item = tuple[str, int, int, int]
"""A response in the chain: (kind, physical card, seat, target index; -1 = the base play)."""

_NO_ABILITIES = (0, 0, 0, 0, 0)

NEGATORS = ("block", "reverse", "iblock", "ireverse", "referee")


# -- small helpers ---------------------------------------------------------------------------
def wrestler_of(st: WrasslinState, s: int) -> Wrestler:
    return st.g.wrestlers[st.wid[s]]


def seat_name(st: WrasslinState, s: int) -> str:
    return st.g.wrestlers[st.wid[s]].name if st.wid[s] >= 0 else f"seat {s}"


def abilities(st: WrasslinState, s: int) -> tuple[int, int, int, int, int]:
    """Current (Strength incl. Power Surge, Agility, Skill, Power Surge rating, Recovery) (3.1)."""
    w = st.g.wrestlers[st.wid[s]]
    d = st.dmg[s]
    a = w.table[d] if d < w.submit_at else _NO_ABILITIES
    surge = st.surge[s]
    return (a[0] + surge, a[1], a[2], a[3], a[4]) if surge else a


def strength(st: WrasslinState, s: int) -> int:
    w = st.g.wrestlers[st.wid[s]]
    d = st.dmg[s]
    return (w.table[d][0] if d < w.submit_at else 0) + st.surge[s]


def is_held(st: WrasslinState, s: int) -> bool:
    """Under a Continuing Hold or Pin (10.12, 10.21)."""
    return bool(st.holds) and any(r[1] == s for r in st.holds)


def is_pinned(st: WrasslinState, s: int) -> bool:
    return bool(st.holds) and any(r[1] == s and r[4] for r in st.holds)


def is_mobile(st: WrasslinState, s: int) -> bool:
    """3.13: some Strength (Power Surge counts, 8.4), Agility or Skill, and not under a Hold/Pin."""
    a = abilities(st, s)
    return (a[0] > 0 or a[1] > 0 or a[2] > 0) and not is_held(st, s)


def can_react(st: WrasslinState, s: int) -> bool:
    """8.1: a Block or Reverse needs Strength, Agility or Skill of at least 1."""
    a = abilities(st, s)
    return a[0] > 0 or a[1] > 0 or a[2] > 0


def opponents(st: WrasslinState, s: int) -> list[int]:
    return [t for t in range(st.g.players) if st.team[t] != st.team[s] and st.pos[t] != OUT]


def partners(st: WrasslinState, s: int) -> list[int]:
    return [t for t in range(st.g.players) if t != s and st.team[t] == st.team[s]]


def entitled(st: WrasslinState, s: int) -> bool:
    """3.5, 9.3: a manager, or a mobile Tag Team partner, entitles a Wrestler to Outside Influence."""
    if wrestler_of(st, s).manager:
        return True
    return any(st.pos[t] in (RING, APRON) and is_mobile(st, t) for t in partners(st, s))


def team_may_distract(st: WrasslinState, offender: int) -> bool:
    """12.41: the illegal man's team has a manager, or a third mobile partner (neither the illegal man
    nor the legal man in the ring)."""
    team = [t for t in range(st.g.players) if st.team[t] == st.team[offender]]
    if any(wrestler_of(st, t).manager for t in team if st.wid[t] >= 0):
        return True
    return any(st.pos[t] == APRON and is_mobile(st, t) for t in team if t != offender)


def hold_spec(st: WrasslinState, att: int, ref: int) -> HoldSpec:
    hold = st.g.cards[ref].hold if ref >= 0 else wrestler_of(st, att).specialties[-ref - 1].hold
    assert hold is not None
    return hold


def hold_name(st: WrasslinState, att: int, ref: int) -> str:
    return hold_spec(st, att, ref).name


def card_name(st: WrasslinState, ci: int) -> str:
    return st.g.cards[ci].name if ci >= 0 else "-"


def can_surge(st: WrasslinState, s: int) -> bool:
    """8.4 / 3.14: one Power Surge per turn, only with some Power Surge rating left."""
    h = st.hand[s]
    return (
        (h[st.C_PS] > 0 or h[st.C_WILD] > 0)
        and st.surge_turn[s] != st.turn_no
        and wrestler_of(st, s).abilities(st.dmg[s])[3] > 0
    )


def meets(st: WrasslinState, s: int, spec: HoldSpec, target: int, teamwork: bool = False) -> str:
    """Why ``s`` lacks the abilities for ``spec`` on ``target`` (4.3, 6.11-6.12); '' when he has them."""
    a = abilities(st, s)
    have = a[0]
    r = spec.req
    if have < 1:
        return "no Strength left (3.11)"
    if teamwork:
        return ""
    if have < r.strength:
        return f"needs Strength {r.strength}, has {have}"
    if r.gt_s and not have > strength(st, target):
        return f"needs Strength greater than {seat_name(st, target)}'s {strength(st, target)}, has {have}"
    if r.ge_w and have < wrestler_of(st, target).weight:
        return f"needs Strength at least {seat_name(st, target)}'s Weight {wrestler_of(st, target).weight}, has {have}"
    if r.ge_own_w and have < wrestler_of(st, s).weight:
        return f"needs Strength at least his own Weight {wrestler_of(st, s).weight}, has {have}"
    if a[1] < r.agility:
        return f"needs Agility {r.agility}, has {a[1]}"
    if a[2] < r.skill:
        return f"needs Skill {r.skill}, has {a[2]}"
    if r.any_of and max(have, a[1], a[2]) < r.any_of:
        return f"needs Strength, Agility or Skill {r.any_of}"
    return ""


def location_ok(st: WrasslinState, s: int, t: int, spec: HoldSpec, dt: bool) -> bool:
    return reachable(st.pos[s], st.pos[t], spec, dt)


def candidates(st: WrasslinState, s: int, lax: bool = False) -> list[tuple[int, int, int, int, int]]:
    """(seat, Strength, Weight, damage, position) of each opponent a Hold may go on (9.41: not one
    being penalized who has not yet refilled his hand; ``lax``: him too, as an 11.5 error)."""
    out: list[tuple[int, int, int, int, int]] = []
    teams, pos, dmg = st.team, st.pos, st.dmg
    team = teams[s]
    wrestlers, wid = st.g.wrestlers, st.wid
    for t in range(st.g.players):
        pt = pos[t]
        if teams[t] == team or pt == OUT or (not lax and (st.penalty[t] > 0 or st.unfilled[t])):
            continue
        w = wrestlers[wid[t]]
        d = dmg[t]
        out.append((t, (w.table[d][0] if d < w.submit_at else 0) + st.surge[t], w.weight, d, pt))
    return out


def candidate_lists(st: WrasslinState, s: int) -> tuple[list[Candidate], list[Candidate]]:
    """``candidates(s)`` and ``candidates(s, lax=True)`` in one pass over the seats."""
    legal: list[Candidate] = []
    lax: list[Candidate] = []
    teams, pos, dmg = st.team, st.pos, st.dmg
    team = teams[s]
    wrestlers, wid = st.g.wrestlers, st.wid
    for t in range(st.g.players):
        pt = pos[t]
        if teams[t] == team or pt == OUT:
            continue
        w = wrestlers[wid[t]]
        d = dmg[t]
        c = (t, (w.table[d][0] if d < w.submit_at else 0) + st.surge[t], w.weight, d, pt)
        lax.append(c)
        if not (st.penalty[t] > 0 or st.unfilled[t]):
            legal.append(c)
    return legal, lax


def targets_for(st: WrasslinState, s: int, spec: HoldSpec, dt: bool, cands: list[tuple[int, int, int, int, int]],
                 a: tuple[int, int, int, int, int], check: bool = True, errors: bool = False) -> list[int]:
    """The candidates ``s`` may apply ``spec`` to; ``errors``: also those only an 11.5 error reaches
    (no abilities for it, a Pin on an undamaged opponent)."""
    have, ag, sk = a[0], a[1], a[2]
    if check and have < 1 and not errors:
        return []  # 3.11
    r = spec.req
    teamwork = st.g.royal and spec.battle_royal
    lax = teamwork or errors or not check
    base_ok = (
        have >= r.strength and ag >= r.agility and sk >= r.skill
        and (not r.ge_own_w or have >= wrestler_of(st, s).weight)
        and (not r.any_of or max(have, ag, sk) >= r.any_of)
    )
    ps = st.pos[s]
    out: list[int] = []
    for t, tst, tw, tdmg, pt in cands:
        if not reachable(ps, pt, spec, dt):
            continue
        if spec.pin and ((tdmg < 1 and not errors) or st.free_for_all):
            continue  # 10.2: only against a damaged opponent
        if not lax and (not base_ok or (r.gt_s and have <= tst) or (r.ge_w and have < tw)):
            continue
        out.append(t)
    return out


def hold_targets(st: WrasslinState, s: int, spec: HoldSpec, dt: bool = False, check: bool = True,
                 errors: bool = False) -> list[int]:
    """Opponents ``s`` may apply ``spec`` to now (with ``check``: only those he has the abilities for;
    with ``errors``: also those an 11.5 error reaches)."""
    return targets_for(st, s, spec, dt, candidates(st, s, errors), abilities(st, s), check, errors)


def hold_fault(st: WrasslinState, p: int, spec: HoldSpec, t: int, dt: bool) -> str:
    """Why ``p`` may not apply ``spec`` to ``t`` now, in one line with the rule; '' if he may."""
    who = seat_name(st, p)
    if spec.illegal and not wrestler_of(st, p).dirty:
        return f"{who} is a good Wrestler and may not play blue Illegal Holds (7.1)"
    if is_held(st, p):
        return f"{who} is under a Pin or Continuing Hold and may not apply Holds (10.12, 10.21)"
    if not reachable(st.pos[p], st.pos[t], spec, dt):
        return f"{seat_name(st, t)} is not where a Hold can reach (11.31)"
    if st.penalty[t] > 0 or st.unfilled[t]:
        return f"{seat_name(st, t)} is being penalized: no Hold may be put on him until he refills (9.41)"
    if spec.pin and st.dmg[t] < 1:
        return f"a Pin needs an opponent with at least 1 damage; {seat_name(st, t)} has none (10.2)"
    r = meets(st, p, spec, t, st.g.royal and spec.battle_royal)
    if r:
        return f"{who} cannot play {spec.name} on {seat_name(st, t)}: {r} (4.3)"
    return ""


def clear_error(st: WrasslinState) -> None:
    """11.5: the pending illegal play stands (or was undone): nothing left to challenge."""
    if st.err_seat < 0 and st.err_snap is None:
        return  # nothing pending (the usual case): the fields are already clear
    st.err_seat = -1
    st.err_action = -1
    st._err_text = ""
    st._err_why = None
    st.err_snap = None


def surge_rating(st: WrasslinState, s: int) -> None:
    """8.4: Strength rises by the current Power Surge rating until the start of his next turn; a second
    Power Surge in one turn (an 11.5 error that stood) adds its rating again."""
    rating = wrestler_of(st, s).abilities(st.dmg[s])[3]
    st.surge[s] = rating + (st.surge[s] if st.surge_turn[s] == st.turn_no else 0)
    st.surge_turn[s] = st.turn_no


# -- moving cards ----------------------------------------------------------------------------
def take(st: WrasslinState, s: int, ci: int) -> None:
    st.hand[s][ci] -= 1
    if ci == st.obligation and s == st.turn:
        st.obligation = -1


def to_discard(st: WrasslinState, ci: int) -> None:
    if ci >= 0:
        st.discard[ci] += 1


def queue_refill(st: WrasslinState, s: int) -> None:
    need = HAND_SIZE - sum(st.hand[s])
    if need > 0:
        st.draws += [s] * need


def set_base(st: WrasslinState, kind: str, phys: int, ref: int, att: int, dfn: int, dt: int) -> None:
    st.base_kind = kind
    st.base_phys = phys
    st.base_ref = ref
    st.base_att = att
    st.base_def = dfn
    st.base_dt = dt


def clear_base(st: WrasslinState) -> None:
    set_base(st, "", -1, 0, -1, -1, -1)
    st.base_out = False


# -- information -----------------------------------------------------------------------------
def card_total(st: WrasslinState) -> int:
    """Every physical card, wherever it is (property tests: always 180)."""
    total = st.deck_n + sum(st.discard) + sum(st.aside) + sum(sum(h) for h in st.hand)
    total += sum(1 for es in st.entries for e in es if e[0] >= 0)
    total += sum(1 for r in st.holds if r[4] and r[3] >= 0)
    total += len(st.br)
    total += sum(1 for it in st.chain if it[1] >= 0)
    if st.base_kind in ("hold", "exit", "tag", "refcall"):
        total += (st.base_phys >= 0) + (st.base_dt >= 0)
    if st.phase in ("dt_hold",) or (st.phase == "target" and st.pending and st.pending[0] == "dt"):
        total += st.dt_card >= 0
    return total


def reachable(ps: int, pt: int, spec: HoldSpec, dt: bool) -> bool:
    """Where a Hold can reach (11.31, 11.41, 12.4)."""
    if dt:
        return ps == APRON and pt in (RING, APRON)
    if ps == RING and pt == RING:
        return True
    if ps == FLOOR and pt == FLOOR:
        return not spec.pin  # 11.31: both outside may fight; no Pins outside
    return spec.reaches_outside and ps == RING and pt == FLOOR  # 11.41
