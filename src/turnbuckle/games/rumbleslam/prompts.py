"""What a player sees: the observation and the words of every decision's prompt (the terminal's
``Now:`` line, the picture's last lines), so each choice shows the dice, pools and places it needs.

The last rule module: a prompt may ask any rule module below (who may still activate, the pools
of a stat roll), so it sits above them all and reads the state without changing it.

Reads: active, buf, corners, dosh_count, endorsements, holder, method, occ, over, round,
  sponsors_left, stack, ws
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import AttackDef
from turnbuckle.games.rumbleslam.core import FLOOR, LOC_NAMES, Box, Wrestler, dice_total, label, stat_pool
from turnbuckle.games.rumbleslam.models import CROWD_FACES
from turnbuckle.games.rumbleslam.narrate import SPONSOR_TEXT
from turnbuckle.games.rumbleslam.rerolls import initiative_pool
from turnbuckle.games.rumbleslam.rounds import activatable
from turnbuckle.text import plural

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def observation(st: RumbleslamState, player: int) -> dict[str, Any]:
    g = st.game
    wrestlers = []
    for w in st.ws:
        e = g.entrants[w.index]
        wrestlers.append({
            "name": e.label, "profile": e.profile.name, "team": w.player, "where": LOC_NAMES[w.loc],
            "square": mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else None, "size": w.size if w.loc == FLOOR else 1,
            "sta": w.sta, "sta_max": w.sta_max, "ap": w.ap, "mp": w.mp, "ko": w.ko,
            "counters": {k: v for k, v in (("-AP", w.m_ap), ("+AP", w.p_ap), ("-MP", w.m_mp), ("+MP", w.p_mp),
                                           ("Bleeding", w.bleed), ("Knockdown", w.kd), ("Crowd Pleaser", w.cp))
                         if v},
            "lifting": label(st, w.lifting) if w.lifting >= 0 else None,
            "lifted_by": label(st, w.lifted_by) if w.lifted_by >= 0 else None,
            "activated": w.activated, "active": w.index == st.active, "dosh": e.profile.dosh,
            "weight": e.profile.weight,
        })
    pending = None
    prompt = None
    if not st.over and st.stack:
        top = st.stack[-1]
        pending = "roll" if top[0] == "die" else str(top[1])
        if pending == "place":
            prompt = place_prompt(st, top)
        elif pending == "hit":
            total = sum(f for _, _, f, _ in top[7]) + top[5]
            dice = " ".join(f"{k}={f}" for _, k, f, _ in top[7])
            defs = "; ".join(f"{label(st, i)} DEF {pool_text(st, st.ws[i], 'def')}" for i in top[6])
            prompt = (f"(DEVASTATING) {st.game.attacks[top[4]].name}: who defends next against "
                      f"{label(st, top[3])}'s attack roll {dice}{f' +{top[5]}' if top[5] else ''} = {total}? "
                      f"{defs}")
        elif pending == "reroll":
            prompt = reroll_prompt(st, top)
        elif pending == "stay":
            prompt = (f"{label(st, top[3])} stays in the ring: place it touching the rope, as close as "
                      f"possible to {mat.SQUARE_NAMES[top[4]]}")
        else:
            prompt = decision_prompt(st, top)
    return {
        "game": "rumbleslam", "player": player, "round": st.round, "rounds": g.rounds,
        "initiative_card": g.player_label(st.holder),
        "teams": [{"name": g.player_label(p), "endorsements": st.endorsements[p],
                   "sponsorships": list(st.sponsors_left[p]),
                   "corner": mat.TURNBUCKLE_NAMES[st.corners[p]] if st.corners[p] >= 0 else None}
                  for p in range(g.players)],
        "wrestlers": wrestlers, "pending": pending, "prompt": prompt,
        "current_player": st.current_player(), "over": st.over, "result": st.method,
        "dosh_count": st.dosh_count,
    }


def reroll_prompt(st: RumbleslamState, step: tuple[Any, ...]) -> str:
    """The dice on the table when an Endorsement re-roll is offered: a player must see them to
    choose (rumbleslam ENDORSEMENTS), and the roll's event comes only once it stands."""
    player, mode, flats, owners = step[2], step[3], step[4], step[6]
    sides = []
    for side in sorted(set(s for s, _, _, _ in st.buf)):
        dice = [f"die {i + 1}: {k}={CROWD_FACES[f] if k == 'Crowd' else f}{' (re-rolled)' if r else ''}"
                for i, (s, k, f, r) in enumerate(st.buf) if s == side]
        flat = flats[side] if side < len(flats) else 0  # roll-offs: one side per player, no flats
        total = "" if mode in ("crowd", "setup", "init") else f" = {dice_total(st, side) + flat}"
        bonus = f" +{flat}" if flat and total else ""
        owner = owners[side] if side < len(owners) else side
        sides.append(f"{st.game.player_label(owner)}: {', '.join(dice)}{bonus}{total}")
    goal = {"test": f" (needs {step[5]})", "setup": " (the lowest roll picks a corner)"}.get(mode, "")
    what = roll_purpose(st)
    return (f"spend an Endorsement ({st.endorsements[player]} left) to re-roll one of your dice? "
            + (f"{what}: " if what else "") + "; ".join(sides) + goal)


def roll_purpose(st: RumbleslamState) -> str:
    """What the dice on the table are for, read from the step that will use them (an attack's
    name and who rolls which stat), so a re-roll offer says what it can change."""
    for step in st.stack[::-1]:  # not reversed(): see core.push
        kind = step[0]
        if kind == "opp_resolve":
            a, t, attack, dstat = step[1], step[2], st.game.attacks[step[3]], step[4]
            return (f"{attack.name}, {label(st, a)} ({attack.stat.upper()}) against {label(st, t)} "
                    f"({dstat.upper()})")
        if kind == "escape_rolled":
            return (f"escape: {label(st, step[2])} ({step[3].upper()}) against the Lift of "
                    f"{label(st, step[1])} (GRP); a tie escapes")
        if kind == "pin_done":
            return f"Pin: {label(st, step[1])} against {label(st, step[2])}"
        if kind == "lift_weight":
            return (f"Lift: {label(st, step[1])}'s GRP must equal or beat {label(st, step[2])}'s WEIGHT "
                    f"{st.game.entrants[step[2]].profile.weight}")
        if kind == "out_done":
            return f"{label(st, step[2])}'s DEX test to stay in the ring (3+)"
        if kind == "tb_test_done":
            return f"{label(st, step[1])}'s DEX test to stay on the turnbuckle (3+)"
        if kind == "ammo_done":
            return f"{label(st, step[3])}'s DEX test to dodge the Live Ammunition (3+)"
        if kind == "dirty_done":
            return f"{label(st, step[1])}'s Dirty check (a Boo ends its activation with a -AP counter)"
        if kind == "cp_done":
            return f"{label(st, step[1])}'s Crowd Pleaser (a Cheer works; a Boo gives a -AP counter)"
        if kind == "initiative_done":
            return "the Initiative roll (DEX; the highest activates first)"
        if kind == "sponsor_rolled":
            return (f"{st.game.player_label(step[1])}'s {step[2]} roll (that many wrestlers get the bonus; "
                    f"the roll needs what reaches every one who may)")
        if kind in ("setup_rolled", "devastate_rolled", "devastate_resolve"):
            return ""
    return ""


def pool_text(st: RumbleslamState, w: Wrestler, stat: str, attack: AttackDef | None = None) -> str:
    """A stat's dice as the cards write them (``2S+1C+1``): what a roll of that stat puts down."""
    dice, flat = stat_pool(st, w, stat, attack)
    if attack is not None:
        dice = dice + attack.extra
    return _dice_text(dice, flat)


def decision_prompt(st: RumbleslamState, step: tuple[Any, ...]) -> str | None:
    """The facts a decision needs, in words (rumbleslam: each decision kind's own section)."""
    if step[0] != "decide":
        return None
    code, player = step[1], step[2]
    g = st.game
    team = g.player_label(player)
    if code == "act":
        w = st.ws[step[3]]
        held = f", holding {label(st, w.lifting)} overhead" if w.lifting >= 0 else ""
        return (f"{label(st, w)}'s activation: {w.ap} AP and {w.mp} MP left{held} (a square costs 1 MP; "
                f"'end' gives up what is left)")
    if code == "corner":
        taken = [f"{mat.TURNBUCKLE_NAMES[c]} ({g.player_label(p)})" for p, c in enumerate(st.corners) if c >= 0]
        return (f"{team}: choose your corner, the turnbuckle your wrestlers set up beside and enter the ring "
                f"from" + (f" (taken: {', '.join(taken)})" if taken else ""))
    if code == "nominate":
        picks = [f"{label(st, i)} DEX {_dice_text(*initiative_pool(st, st.ws[i]))}"
                 for i in activatable(st, player)]
        return (f"{team}: nominate the wrestler that rolls DEX for the Initiative and activates first for you "
                f"this round (the highest roll goes first; a tie goes to the Initiative card): " + "; ".join(picks))
    if code == "activate":
        return f"{team}: choose your next wrestler to activate (it gets its full AP and MP)"
    if code == "enter":
        corner = mat.TURNBUCKLE_NAMES[st.corners[player]] if st.corners[player] >= 0 else "your"
        return f"{team}: bring a wrestler in from the sidelines to your corner ({corner})? ('no entry' waits)"
    if code == "sponsor":
        left = ", ".join(f"{n} ({SPONSOR_TEXT.get(n, '')})" for n in st.sponsors_left[player])
        return f"{team}: cash in a Sponsorship before the Initiative roll (once per match)? {left}"
    if code == "recipient":
        name, n, chosen = step[3], step[4], step[5]
        done = f"; already: {', '.join(label(st, i) for i in chosen)}" if chosen else ""
        return (f"{name} ({SPONSOR_TEXT.get(name, '')}): choose a friendly wrestler to receive it "
                f"({n - len(chosen)} of {n} left{done})")
    if code == "choice":
        w = st.ws[step[3]]
        for ability, _ in g.entrants[w.index].abilities:
            if ability.kind == "choice":
                opts = ", ".join(f"{o.name} = {o.amount:+d} {o.stat.upper()}" for o in ability.options)
                return f"{label(st, w)}'s {ability.name}: choose this activation's bonus: {opts}"
        return None
    if code == "defend":
        return defend_prompt(st, step)
    if code == "shove":
        t, pusher, n = st.ws[step[3]], st.ws[step[4]], step[5]
        return (f"SHOVE {n}: push {label(st, t)} (on {mat.SQUARE_NAMES[t.pos]}) up to {plural(n, 'square')} "
                f"in a straight line, away from {label(st, pusher)} (on {mat.SQUARE_NAMES[pusher.pos]}); "
                f"it stops at a wrestler, bounces off a rope, is smashed (2 DMG) against a turnbuckle. "
                f"N is towards row 1, W towards column A")
    if code == "rebound":
        t, ropes, smash = st.ws[step[3]], step[4], step[5]
        ways = [f"rebound off the {r} rope (5 squares straight back; an enemy in the way makes a Rope Attack)"
                for r in ropes]
        if smash:
            ways.insert(0, "smash it against the turnbuckle (2 DMG)")
        return f"{label(st, t)} is thrown into the corner: " + " or ".join(ways)
    if code == "land":
        w, t, attack = st.ws[step[3]], st.ws[step[4]], g.attacks[step[5]]
        where = mat.SQUARE_NAMES[w.pos] if w.pos >= 0 else "the turnbuckle"
        return (f"{attack.name}: {label(st, w)} leaps from {where} at {label(st, t)} (on "
                f"{mat.SQUARE_NAMES[t.pos]}): choose the square it lands on (ATT "
                f"{pool_text(st, w, 'att', attack)} against DEF {pool_text(st, t, 'def')})")
    if code == "throw":
        a, t, reach = st.ws[step[3]], st.ws[step[4]], step[5]
        return (f"THROW {reach}: {label(st, a)} throws {label(st, t)} up to {reach} squares: a floor square, "
                f"or a rope or turnbuckle square to throw it out of the ring (it stays in on a DEX roll of 3+)")
    return None


def defend_prompt(st: RumbleslamState, step: tuple[Any, ...]) -> str:
    """rumbleslam TRIP / LIFT: the defender picks the stat; what each choice costs on a failed attack."""
    purpose, a, t = step[3], st.ws[step[4]], st.ws[step[5]]
    attack = st.game.attacks[step[6]]
    if purpose == "escape":
        return (f"{label(st, t)} tries to escape {label(st, a)}'s Lift: roll GRP "
                f"{pool_text(st, t, 'grp')} or DEX {pool_text(st, t, 'dex')} against {label(st, a)}'s GRP "
                f"{pool_text(st, a, 'grp')}; equal or better escapes")
    strong = "def" if purpose == "trip" else "grp"
    return (f"{label(st, a)} tries a {attack.name} on {label(st, t)}: {attack.stat.upper()} "
            f"{pool_text(st, a, attack.stat, attack)} against your choice of {strong.upper()} "
            f"{pool_text(st, t, strong)} (if it fails, {label(st, a)} takes 1 DMG) or DEX "
            f"{pool_text(st, t, 'dex')} (if it fails, {label(st, t)} dodges 1 square)")


def place_prompt(st: RumbleslamState, step: tuple[Any, ...]) -> str:
    """What a ``place ...`` decision is for, in words (the terminal and web show it)."""
    purpose, w = step[3], label(st, step[4])
    if purpose == "impact":
        lander, anchor, src = step[5][0], step[5][1], step[5][4]
        return (f"IMPACT: {label(st, lander)} lands on {mat.SQUARE_NAMES[anchor]}; push {w} (from "
                f"{mat.SQUARE_NAMES[src]}) to a square in base contact (an occupied one pushes its wrestler on)")
    if purpose == "throw":
        return (f"THROW: {w} lands with part of its base on {mat.SQUARE_NAMES[step[5][1]]}; place its 2x2 "
                f"base (named by its north-west square; wrestlers under it are pushed aside: IMPACT)")
    if purpose in ("drop", "escape", "ammo"):
        near = box_owner(st, step[6])
        if purpose == "ammo":
            return f"LIVE AMMUNITION: place {w} touching {near}, as close to the thrower as possible"
        if purpose == "drop":
            return f"{w} is dropped: place it in base contact with {near} (or the closest free square)"
        return f"{w} escapes the Lift: place it in base contact with {near}"
    corner = st.corners[st.ws[step[4]].player]
    yours = f"your corner ({mat.TURNBUCKLE_NAMES[corner]})" if corner >= 0 else "your corner"
    return {
        "deploy": f"place {w} in {yours}",
        "enter": f"place {w} (from the sidelines) in {yours}",
        "eagle": f"Eagle Airways: fly {w} to any free square",
        "dodge": f"{w} dodges: place it 1 square away",
    }.get(purpose, f"place {w}")


def box_owner(st: RumbleslamState, box: Box | None) -> str:
    who = st.occ[mat.cell_at(box[0], box[1])] if box is not None else -1
    return label(st, who) if who >= 0 else "the middle of the ring"


def _dice_text(dice: tuple[str, ...], flat: int) -> str:
    """Dice and a flat bonus as the cards write them (``2S+1C+1``)."""
    parts = [f"{dice.count(k)}{k}" for k in ("G", "S", "C") if k in dice]
    if flat:
        parts.append(str(flat))
    return "+".join(parts).replace("+-", "-") or "no dice"
