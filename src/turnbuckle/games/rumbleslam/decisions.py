"""RUMBLESLAM decisions: the legal answers to each pending decision and applying the chosen one.

Turns a pending ``("decide", code, player, ...)`` step into legal actions, and back.

Reads: ws
Writes: buf, corners, endorsements, entered, nominee, sponsors_left, stack
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.engine.actions import Action
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attacks import defend, do_action
from turnbuckle.games.rumbleslam.core import FLOOR, SPONSOR_DIE, decide_step, label, place, push
from turnbuckle.games.rumbleslam.grapple import stay
from turnbuckle.games.rumbleslam.menu import act_menu, cover_anchors, dodge_spots, landings, shove_dirs, throw_targets
from turnbuckle.games.rumbleslam.placement import impact_move, impact_options, land_at, placement_spots, stay_spots
from turnbuckle.games.rumbleslam.rerolls import reroll_candidates, reroll_steps
from turnbuckle.games.rumbleslam.rounds import (
    activatable,
    corner_spots,
    eagle_spots,
    eligible_entries,
    sponsor_apply,
    sponsor_eligible,
)
from turnbuckle.games.rumbleslam.specials import shove
from turnbuckle.games.rumbleslam.status import damage, settle

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def decision_actions(st: RumbleslamState, step: tuple[Any, ...]) -> list[Action]:
    code = step[1]
    player = step[2]
    A = st.game.lookup.get  # by meaning (see ``_build_actions``); None if not in the table
    acts: list[Action | None] = []
    if code == "act":
        return act_menu(st, st.ws[step[3]])
    if code == "corner":
        taken = [c for c in st.corners if c >= 0]
        acts = [A(("corner", c)) for c in mat.TURNBUCKLES if c not in taken]
    elif code == "place":
        purpose, index = step[3], step[4]
        w = st.ws[index]
        if purpose in ("deploy", "enter"):
            spots = corner_spots(st, w)
        elif purpose == "eagle":
            spots = eagle_spots(st, w)
        elif purpose == "dodge":
            spots = dodge_spots(st, w)
        elif purpose == "impact":
            lander, _anchor, zone, moved, src = step[5]
            spots = impact_options(st, lander, zone, moved, index, src)
        elif purpose == "throw":
            thrower, cell = step[5]
            spots = cover_anchors(st, w, cell, set(st.ws[thrower].cells()))
        else:  # drop, escape, ammo
            spots = placement_spots(st, w, step[5], step[6])
        acts = [A(("place", s)) for s in spots]
    elif code == "hit":
        acts = [A(("hit", i)) for i in step[6]]
    elif code == "stay":
        acts = [A(("place", s)) for s in stay_spots(st, st.ws[step[3]], step[4])]
    elif code == "enter":
        acts = [A(("enter", i)) for i in eligible_entries(st, player)] + [A(("no_entry",))]
    elif code == "sponsor":
        acts = [A(("sponsor", s)) for s in st.sponsors_left[player]] + [A(("no_sponsor",))]
    elif code == "recipient":
        acts = [A(("recipient", i)) for i in sponsor_eligible(st, player, step[3], step[5])]
    elif code == "nominate":
        acts = [A(("nominate", i)) for i in activatable(st, player)]
    elif code == "activate":
        acts = [A(("activate", i)) for i in activatable(st, player)]
    elif code == "choice":
        w = st.ws[step[3]]
        for ability, _ in st.game.entrants[w.index].abilities:
            if ability.kind == "choice":
                acts = [A(("choose", o.name)) for o in ability.options]
    elif code == "defend":
        purpose = step[3]
        stats = ("def", "dex") if purpose == "trip" else ("grp", "dex")
        acts = [A(("defend", s)) for s in stats]
    elif code == "shove":
        mover, pusher = st.ws[step[3]], st.ws[step[4]]
        acts = [A(("shove", d)) for d in shove_dirs(st, mover, pusher)]
    elif code == "rebound":
        acts = [A(("smash",))] if step[5] else []
        acts += [A(("rebound", r)) for r in step[4]]
    elif code == "reroll":
        acts = [A(("reroll", i)) for i in reroll_candidates(st, player, step[6], step[3], step[5])]
        acts.append(A(("keep",)))
    elif code == "land":
        acts = [A(("land", c)) for c in landings(st, st.ws[step[3]], st.ws[step[4]])]
    elif code == "throw":
        thrower, thrown = st.ws[step[3]], st.ws[step[4]]
        acts = [A(("throw", c)) for c in throw_targets(st, thrower, thrown, step[5])]
    out = [a for a in acts if a is not None]
    if not out:
        raise AssertionError(f"no legal decision for {step}")
    return out


def decide(st: RumbleslamState, step: tuple[Any, ...], what: tuple[Any, ...], action: Action) -> None:
    code = step[1]
    player = step[2]
    verb = what[0]
    if st.record_events:
        st.emit("decision", {"team": st.game.player_label(player), "action": action.name})
    if code == "act":
        push(st, step)  # the activation goes on after this action
        do_action(st, st.ws[step[3]], what)
    elif code == "corner":
        st.corners[player] = what[1]
        st.emit("corner", {"team": st.game.player_label(player), "corner": mat.TURNBUCKLE_NAMES[what[1]]})
    elif code == "place":
        purpose, index = step[3], step[4]
        w = st.ws[index]
        if purpose in ("deploy", "enter"):
            place(st, w, FLOOR, what[1])
            st.emit("deploy" if purpose == "deploy" else "enter",
                    {"wrestler": label(st, w), "square": mat.SQUARE_NAMES[what[1]]})
            if purpose == "enter":
                st.entered[player] += 1
        elif purpose == "eagle":
            place(st, w, FLOOR, what[1])
            st.emit("move", {"wrestler": label(st, w), "to": mat.SQUARE_NAMES[what[1]], "why": "Eagle Airways"})
        elif purpose == "dodge":
            place(st, w, FLOOR, what[1])
            st.emit("dodge", {"wrestler": label(st, w), "square": mat.SQUARE_NAMES[what[1]]})
        elif purpose == "impact":
            lander, anchor, zone, moved, _src = step[5]
            impact_move(st, lander, anchor, zone, moved, index, what[1])
        elif purpose == "throw":
            landed = land_at(st, w, what[1], ("throw_landed", step[5][0], index))
            assert landed, "rumbleslam: a thrown 2x2 offered a base it cannot land on"
        else:
            settle(st, purpose, w, what[1])
    elif code == "hit":
        left = tuple(i for i in step[6] if i != what[1])
        push(st, ("devastate_one", step[3], what[1], step[4], step[5], left, step[7]))
    elif code == "stay":
        stay(st, st.ws[step[3]], what[1])
    elif code == "enter":
        if verb == "enter":
            push(st, decide_step(st, "place", player, "enter", what[1]))
        else:
            st.stack.pop()  # the pending ("entries", p) re-check: no more entries this round
    elif code == "sponsor":
        if verb == "sponsor":
            name = what[1]
            st.sponsors_left[player] = tuple(s for s in st.sponsors_left[player] if s != name)
            st.emit("sponsorship", {"team": st.game.player_label(player), "sponsorship": name})
            # rumbleslam ENDORSEMENTS: the Sponsorship die is the player's own (worth a re-roll
            # while it names fewer wrestlers than may receive the bonus)
            wanted = len(sponsor_eligible(st, player, name))
            push(st, ("roll", ((0, SPONSOR_DIE[name]),)),
                 *reroll_steps(st, "test", (0, 0), wanted, (player, player)),
                 ("sponsor_rolled", player, name))
    elif code == "recipient":
        name, n, chosen = step[3], step[4], step[5]
        chosen = (*chosen, what[1])
        sponsor_apply(st, player, name, what[1])
        if len(chosen) < n and sponsor_eligible(st, player, name, chosen):
            st.stack.append(decide_step(st, "recipient", player, name, n, chosen))
            # Eagle Airways placement (if pushed by _sponsor_apply) runs first
            if name == "Eagle Airways":
                st.stack[-1], st.stack[-2] = st.stack[-2], st.stack[-1]
    elif code == "nominate":
        st.nominee[player] = what[1]
        st.emit("nominate", {"team": st.game.player_label(player), "wrestler": label(st, what[1])})
    elif code == "activate":
        push(st, ("start_act", what[1]))
    elif code == "choice":
        w = st.ws[step[3]]
        for ability, _ in st.game.entrants[w.index].abilities:
            if ability.kind == "choice":
                w.choice = next(i for i, o in enumerate(ability.options) if o.name == what[1])
    elif code == "defend":
        defend(st, step, what[1])
    elif code == "shove":
        shove(st, st.ws[step[3]], st.ws[step[4]], step[5], mat.DIRECTIONS[what[1]])
    elif code == "rebound":
        t = st.ws[step[3]]
        if verb == "smash":
            st.emit("smash", {"wrestler": label(st, t)})
            damage(st, t, 2, "smashed against the turnbuckle")
        else:
            push(st, ("rebound", t.index, what[1]))
    elif code == "reroll":
        if verb == "keep":
            return
        i = what[1]
        side, kind, face, _ = st.buf[i]
        st.buf[i] = (side, kind, -1, True)
        st.endorsements[player] -= 1
        st.emit("endorsement", {"team": st.game.player_label(player), "die": kind, "was": face})
        push(st, ("die", i), ("reroll_window", player, step[3], step[4], step[5], step[6]))
    elif code == "land":
        push(st, ("tb_land", step[3], step[4], step[5], what[1]))
    elif code == "throw":
        push(st, ("throw_to", step[3], step[4], what[1], step[6]))
