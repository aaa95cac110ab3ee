"""RUMBLESLAM setup, rounds, the sidelines, Sponsorships, the initiative and activations.

The match's rhythm: corners and deployment, each round's entries, sponsors, nominations,
initiative and the start and end of every activation.

Reads: buf, entered, removed, sponsors_left, ws
Writes: active, corners, dirty, dosh_count, end_flag, holder, nominee, order, round, tag_used, turn,
  turn_order, used
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import (
    LIFTED,
    SIDE,
    SPONSOR_STAT,
    STAT_INDEX,
    TB,
    Wrestler,
    clockwise,
    decide_step,
    emit_roll,
    fits,
    label,
    push,
)
from turnbuckle.games.rumbleslam.dice import BLANK, BOO, CHEER
from turnbuckle.games.rumbleslam.rerolls import (
    crowd_roll,
    initiative_order,
    initiative_pool,
    initiative_totals,
    reroll_steps,
)
from turnbuckle.games.rumbleslam.status import counter, damage, finish, heal

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def step_setup_roll(st: RumbleslamState) -> None:
    # rumbleslam SETTING UP THE GAME: all players roll 1G; lowest (re-roll draws) picks.
    # rumbleslam ENDORSEMENTS ("at any time during the match"): each player may re-roll its own
    # die, in seat order (the Initiative card is not dealt yet: seat 0 "holds" it, R-RS-8)
    n = st.game.players
    push(st, ("roll", tuple((p, "G") for p in range(n))),
         *reroll_steps(st, "setup", (0, 0), 0, tuple(range(n))), ("setup_rolled",))


def step_setup_rolled(st: RumbleslamState) -> None:
    faces = [st.buf[p][2] for p in range(st.game.players)]
    emit_roll(st, "setup", players=[st.game.player_label(p) for p in range(st.game.players)])
    if len(set(faces)) != len(faces):
        push(st, ("setup_roll",))
        return
    st.order = sorted(range(st.game.players), key=lambda p: faces[p])
    st.holder = st.order[0]
    push(st, decide_step(st, "corner", st.order[0]), ("corners_next",))


def step_corners_next(st: RumbleslamState) -> None:
    taken = [c for c in st.corners if c >= 0]
    pending = [p for p in st.order if st.corners[p] < 0]
    if not pending:
        steps = [("deploy", w.index) for p in st.order for w in st.ws if w.player == p]
        push(st, *steps, ("round_start",))
        return
    p = pending[0]
    if len(taken) == 1:
        st.corners[p] = mat.OPPOSITE[taken[0]]
        st.emit("corner", {"team": st.game.player_label(p), "corner": mat.TURNBUCKLE_NAMES[st.corners[p]]})
        push(st, ("corners_next",))
        return
    free = [c for c in mat.TURNBUCKLES if c not in taken]
    if len(free) == 1:
        st.corners[p] = free[0]
        push(st, ("corners_next",))
        return
    push(st, decide_step(st, "corner", p), ("corners_next",))


def corner_spots(st: RumbleslamState, w: Wrestler) -> list[int]:
    return [a for a in mat.corner_anchors(st.corners[w.player], w.size) if fits(st, a, w.size)]


def step_deploy(st: RumbleslamState, index: int) -> None:
    w = st.ws[index]
    entrant = st.game.entrants[index]
    if entrant.benched:
        st.emit("sidelines", {"wrestler": entrant.label, "why": "Traditional Tag Team partner"})
        return
    if not corner_spots(st, w):
        st.emit("sidelines", {"wrestler": entrant.label, "why": "no room in the corner"})
        return
    push(st, decide_step(st, "place", w.player, "deploy", index))


def step_round_start(st: RumbleslamState) -> None:
    # rumbleslam ROUNDS: 5 rounds; then the Dosh count.
    if st.round >= st.game.rounds:
        dosh_decision(st)
        return
    st.round += 1
    for w in st.ws:
        w.activated = False
        w.cp_lock = False
        w.cp = 0
        w.bonus = (0, 0, 0, 0)
    st.tag_used = []
    st.emit("round", {"round": st.round, "initiative_card": st.game.player_label(st.holder)})
    steps: list[tuple[Any, ...]] = []
    live = players_in(st)
    for p in clockwise(st, st.holder):
        if p in live:
            steps.append(("entries", p))
    if st.round >= 2:
        for p in clockwise(st, st.holder):
            if p in live:
                steps.append(("sponsor_window", p))
    steps.append(("nominations",))
    push(st, *steps)


def players_in(st: RumbleslamState) -> list[int]:
    return [p for p in range(st.game.players) if any(w.in_ring for w in st.ws if w.player == p)]


def dosh_decision(st: RumbleslamState) -> None:
    """rumbleslam ROUNDS: highest Dosh in the ring wins; KO'd count half, sidelines nothing."""
    totals = []
    for p in range(st.game.players):
        total = 0.0
        for w in st.ws:
            if w.player == p and w.in_ring:
                dosh = st.game.entrants[w.index].profile.dosh
                total += dosh / 2 if w.ko else dosh
        totals.append(total)
    st.dosh_count = totals
    best = max(totals)
    winners = [p for p in range(st.game.players) if totals[p] == best]
    finish(st, winners if len(winners) < st.game.players else [], "Dosh count after the last round")


def eligible_entries(st: RumbleslamState, p: int) -> list[int]:
    out = []
    for w in st.ws:
        if w.player != p or w.loc != SIDE:
            continue
        e = st.game.entrants[w.index]
        # rumbleslam TRADITIONAL TAG TEAM: the member on the sidelines (benched at setup, or tagged out
        # since) enters with a credit only once its partner has left the ring (R-RS-41)
        if e.tag_style == "traditional" and e.partner >= 0 and st.ws[e.partner].in_ring:
            continue
        if corner_spots(st, w):
            out.append(w.index)
    return out


def step_entries(st: RumbleslamState, p: int) -> None:
    # rumbleslam ON THE SIDELINES: one entry per friendly wrestler removed from the game.
    if st.removed[p] - st.entered[p] <= 0 or not eligible_entries(st, p):
        return
    push(st, decide_step(st, "enter", p), ("entries", p))


def step_sponsor_window(st: RumbleslamState, p: int) -> None:
    # rumbleslam SPONSORSHIP BONUSES: from round 2, before the initiative, once per game each.
    if st.sponsors_left[p] and players_in(st).count(p):
        push(st, decide_step(st, "sponsor", p))


def step_sponsor_rolled(st: RumbleslamState, p: int, name: str) -> None:
    count = st.buf[0][2]
    emit_roll(st, "sponsorship", team=st.game.player_label(p), sponsorship=name)
    eligible = sponsor_eligible(st, p, name)
    n = min(count, len(eligible))
    if n == 0:
        return
    if n == len(eligible):
        for w in eligible:
            sponsor_apply(st, p, name, w)
        return
    push(st, decide_step(st, "recipient", p, name, n, ()))


def sponsor_eligible(st: RumbleslamState, p: int, name: str, chosen: tuple[int, ...] = ()) -> list[int]:
    out = []
    for w in st.ws:
        if w.player != p or w.index in chosen or not w.in_ring:
            continue
        if name == "Eagle Airways" and (w.loc == LIFTED or w.lifting >= 0 or not eagle_spots(st, w)):
            continue
        out.append(w.index)
    return out


def eagle_spots(st: RumbleslamState, w: Wrestler) -> list[int]:
    return [a for a in mat.FLOOR if fits(st, a, w.size, w.index) and a != w.pos]


def sponsor_apply(st: RumbleslamState, p: int, name: str, index: int) -> None:
    w = st.ws[index]
    st.emit("sponsored", {"wrestler": label(st, w), "sponsorship": name})
    if name in SPONSOR_STAT:
        b = list(w.bonus)
        b[STAT_INDEX[SPONSOR_STAT[name]]] += 1
        w.bonus = (b[0], b[1], b[2], b[3])
    elif name == "Phoenix Fizz":
        heal(st, w, 1)
        w.kd = 0
    elif name == "Orka-Cola":
        counter(st, w, "+AP", 1)
    elif name == "Tauran Tacos":
        counter(st, w, "+MP", 1)
    elif name == "Eagle Airways":
        push(st, decide_step(st, "place", p, "eagle", index))


def step_nominations(st: RumbleslamState) -> None:
    # rumbleslam TAKING THE INITIATIVE: the card holder nominates first, then clockwise.
    st.nominee = [-1] * st.game.players
    live = players_in(st)
    steps: list[tuple[Any, ...]] = []
    for p in clockwise(st, st.holder):
        if p in live:
            steps.append(("nominate", p))
    steps.append(("initiative_roll",))
    push(st, *steps)


def activatable(st: RumbleslamState, p: int) -> list[int]:
    return [w.index for w in st.ws if w.player == p and w.in_ring and not w.activated]


def step_nominate(st: RumbleslamState, p: int) -> None:
    options = activatable(st, p)
    if len(options) == 1:
        st.nominee[p] = options[0]
    elif options:
        push(st, decide_step(st, "nominate", p))


def step_initiative_roll(st: RumbleslamState) -> None:
    spec: list[tuple[int, str]] = []
    for p in range(st.game.players):
        if st.nominee[p] >= 0:
            # a KO'd wrestler rolls its real DEX for the initiative (rumbleslam KO'D)
            spec.extend((p, k) for k in initiative_pool(st, st.ws[st.nominee[p]])[0])
    # rumbleslam RE-ROLLS: the Initiative card holder declares re-rolls first
    owners = tuple(range(st.game.players))
    windows = [("reroll_window", p, "init", (0, 0), 0, owners)
               for p in clockwise(st, st.holder) if st.nominee[p] >= 0]
    push(st, ("roll", tuple(spec)), *windows, ("initiative_done",))


def step_initiative_done(st: RumbleslamState) -> None:
    totals = initiative_totals(st)
    emit_roll(st, "initiative", totals={st.game.player_label(p): t for p, t in totals.items()})
    st.turn_order = initiative_order(st)
    st.turn = 0
    if st.turn_order:
        st.emit("initiative", {"team": st.game.player_label(st.turn_order[0]),
                               "wrestler": label(st, st.nominee[st.turn_order[0]])})
    push(st, ("next_act",))


def step_next_act(st: RumbleslamState) -> None:
    # rumbleslam ACTIVATING WRESTLERS: one activation each in initiative order, cycling.
    n = len(st.turn_order)
    for k in range(n):
        p = st.turn_order[(st.turn + k) % n]
        options = activatable(st, p)
        if not options:
            continue
        st.turn = (st.turn + k + 1) % n
        nominee = st.nominee[p]
        if nominee in options:
            push(st, ("start_act", nominee))
        elif len(options) == 1:
            push(st, ("start_act", options[0]))
        else:
            push(st, decide_step(st, "activate", p))
        return
    push(st, ("round_end",))


def step_round_end(st: RumbleslamState) -> None:
    for w in st.ws:
        w.cp = 0
    live = players_in(st)
    for p in clockwise(st, st.holder)[1:]:
        if p in live:
            st.holder = p
            break
    push(st, ("round_start",))


def step_start_act(st: RumbleslamState, index: int) -> None:
    w = st.ws[index]
    p = w.player
    w.activated = True
    st.active = index
    st.end_flag = False
    st.used = []
    st.dirty = 0
    prof = st.game.entrants[index].profile
    # rumbleslam (+/- AP), (+/- MP): counters apply at the start of the activation
    w.ap = max(0, prof.ap + w.p_ap - w.m_ap)
    w.mp = max(0, prof.mp + w.p_mp - w.m_mp)
    w.mp_allow = w.mp
    w.p_ap = w.m_ap = w.p_mp = w.m_mp = 0
    st.emit("activate", {"wrestler": label(st, w), "ap": w.ap, "mp": w.mp})
    steps: list[tuple[Any, ...]] = []
    if w.ko:
        steps.extend(crowd_roll(st, p, 1, (BOO, BLANK)))
        steps.append(("ko_recovery", index))
    elif w.bleed:
        steps.extend(crowd_roll(st, p, 1, (BOO, BLANK)))
        steps.append(("bleeding", index))
    if any(a.kind == "choice" for a, _ in st.game.entrants[index].abilities):
        steps.append(("choice", index))
    if w.loc == LIFTED:
        steps.append(("escape", index))
    steps.append(decide_step(st, "act", p, index))
    push(st, *steps)


def step_ko_recovery(st: RumbleslamState, index: int) -> None:
    # rumbleslam KO'D: Cheer restores 1 STA; otherwise the activation ends.
    w = st.ws[index]
    face = st.buf[0][2]
    emit_roll(st, "KO recovery", wrestler=label(st, w))
    if face == CHEER:
        heal(st, w, 1)
    else:
        st.end_flag = True


def step_bleeding(st: RumbleslamState, index: int) -> None:
    # rumbleslam (BLEEDING): Cheer stops it; anything else costs 1 STA.
    w = st.ws[index]
    face = st.buf[0][2]
    emit_roll(st, "bleeding", wrestler=label(st, w))
    if face == CHEER:
        w.bleed = 0
    else:
        damage(st, w, 1, "bleeding")
        if w.loc == TB:
            push(st, ("tb_test", index, -1))


def step_choice(st: RumbleslamState, index: int) -> None:
    if not st.end_flag:
        push(st, decide_step(st, "choice", st.ws[index].player, index))


def step_end_act(st: RumbleslamState, index: int) -> None:
    w = st.ws[index]
    if w.in_ring:
        w.ap = 0
        w.mp = 0
    st.active = -1
    st.end_flag = False
    push(st, ("next_act",))
