"""The decisions: which are open at each decision phase, and what each one does: bringing an ally
and sending him in (RINGSIDE ALLY, OPTIONAL 14); tagging out on offense (8. TAG TEAM RULES); trying
the chart or the dis move, or rolling again (BASIC CHART CHOICES, OPTIONAL 5; DISQUALIFICATION
MOVES, OPTIONAL 9); the move of a Choice Situation (OPTIONAL 7); leaving the ring, tagging or
staying when stunned (LEAVING THE RING, OPTIONAL 6; TAGGING OUT ON DEFENSE, OPTIONAL 12). The pin
window's options and choice are ``pins``'.

Reads: attacker, chart, letter, level, move, stun_level
Writes: ally_in, ally_queue, ally_ringside, choice_move, decider, just_tagged, legal, phase
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.core import DECISION_PHASES, card
from turnbuckle.games.filsinger.defense import defense_options
from turnbuckle.games.filsinger.entries import start_chart, start_dq, start_offense
from turnbuckle.games.filsinger.pins import pin_options
from turnbuckle.games.filsinger.tags import start_tag_attempt

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def legal(st: FilsingerState) -> tuple[tuple[str, ...], tuple[Action, ...]]:
    """The decisions open now, names and actions, from the game's cache: the key is what the
    list depends on (the phase plus, for some phases, the side, legal man, letter or options)."""
    phase = st.phase
    if phase == "offense_choice":
        key: tuple[Any, ...] = (phase, st.attacker, st.legal[st.attacker])
    elif phase == "pin_window":
        key = (phase, *pin_options(st))
    elif phase == "defense_choice":
        key = (phase, *defense_options(st))
    elif phase == "choice":
        key = (phase, st.letter)
    elif phase in DECISION_PHASES:
        key = (phase,)
    else:
        return (), ()
    cache = st.game.legal_cache
    found = cache.get(key)
    if found is None:
        names = tuple(decision_names(st))
        by = st.game.actions.by_name
        found = cache[key] = (names, tuple(a for a in (by(n) for n in names) if a is not None))
    return found


def legal_names(st: FilsingerState) -> list[str]:
    """Names of the decisions open now (empty at chance and terminal nodes)."""
    return list(legal(st)[0])


def decision_names(st: FilsingerState) -> list[str]:
    """The decisions open at this phase, worked out (``legal`` caches them)."""
    phase = st.phase
    if phase == "offense_choice":
        side = st.attacker
        team = st.game.teams[side]
        return [A.ROLL_OFFENSE] + [
            A.tag_name(st.game.cards[c].name) for i, c in enumerate(team) if i != st.legal[side]
        ]
    if phase == "chart_choice":
        return [A.TRY_MOVE, A.ROLL_AGAIN]
    if phase == "dis_choice":
        return [A.RISK_DQ, A.ROLL_AGAIN]
    if phase == "choice":
        return [A.choose_name(m.name) for m in st.game.charts.choice[st.letter].moves]
    if phase == "defense_choice":
        return defense_options(st)
    if phase == "pin_window":
        return pin_options(st)
    if phase == "ally_choice":
        return [A.ALLY_IN, A.ALLY_OUT]
    if phase == "ally_setup":
        return [A.BRING_ALLY, A.NO_ALLY]
    return []


def step_ally_setup(st: FilsingerState, action: Action) -> None:
    """RINGSIDE ALLY: each side with an ally says whether he comes to ringside, then the roll-off."""
    name = action.name
    side = st.decider
    st.ally_ringside[side] = name == A.BRING_ALLY
    if name == A.BRING_ALLY and st.record_events:
        st.emit("ally_ringside", side=side, ally=card(st, side).allies[0], wrestler=card(st, side).name)
    if st.ally_queue:
        st.decider = st.ally_queue.pop(0)
    else:
        st.phase = "first"


def step_offense_choice(st: FilsingerState, action: Action) -> None:
    """TAG TEAM RULES: roll offense, or tag a partner in (who then rolls)."""
    name = action.name
    side = st.decider
    if name == A.ROLL_OFFENSE:
        st.phase = "offense_roll"
        return
    wrestler = name[len("tag out to ") :]
    team = st.game.teams[side]
    old = card(st, side).name
    st.legal[side] = next(i for i, c in enumerate(team) if st.game.cards[c].name == wrestler)
    st.just_tagged[side] = True
    if st.record_events:
        st.emit("tag", side=side, out=old, wrestler=wrestler, level=st.level, defense=False)
    st.phase = "offense_roll"


def roll_again(st: FilsingerState) -> None:
    """BASIC CHART CHOICES / DISQUALIFICATION MOVES: rolling again is offense one level down
    (BASIC 8: he may tag out before rolling again)."""
    side = st.decider
    level = max(1, st.level - 1)
    if st.record_events:
        st.emit("roll_again", wrestler=card(st, side).name, level=level)
    start_offense(st, side, level)


def step_chart_choice(st: FilsingerState, action: Action) -> None:
    """BASIC CHART CHOICES: try the chart (the opponent is thrown) or roll again."""
    if action.name == A.ROLL_AGAIN:
        roll_again(st)
    else:
        start_chart(st, st.chart, 1 - st.decider, thrown=True)


def step_dis_choice(st: FilsingerState, action: Action) -> None:
    """DISQUALIFICATION MOVES: risk the disqualification roll for the move, or roll again."""
    if action.name == A.ROLL_AGAIN:
        roll_again(st)
        return
    side = st.decider
    assert st.move is not None
    rating = st.move.dis_rating or card(st, side).ratings.disqualification
    start_dq(st, side, rating, None, side, countout=False, move=st.move)


def step_choice(st: FilsingerState, action: Action) -> None:
    """CHOICE SITUATIONS: the move chosen from the letter's list, rolled for next."""
    name = action.name
    side = st.decider
    move = next(m for m in st.game.charts.choice[st.letter].moves if A.choose_name(m.name) == name)
    st.choice_move = move
    d = 1 - side
    target = move.target(card(st, d).ratings.agility, card(st, d).ratings.power)
    if st.record_events:
        st.emit("choice", wrestler=card(st, side).name, move=move.name, level=move.level,
                letter=st.letter, target=target)
    st.phase = "choice_roll"


def step_defense_choice(st: FilsingerState, action: Action) -> None:
    """Stunned: stay (the opponent attacks), leave the ring (the Ring chart) or try a tag."""
    name = action.name
    side = st.decider
    if name == A.STAY:
        start_offense(st, 1 - side, st.stun_level)
    elif name == A.LEAVE_RING:
        if st.record_events:
            st.emit("leave_ring", wrestler=card(st, side).name)
        start_chart(st, "ring", side, thrown=False)
    else:
        start_tag_attempt(st, side)


def step_ally_choice(st: FilsingerState, action: Action) -> None:
    """RINGSIDE ALLY: the ally attacks the man thrown outside, or stays back; the chart is rolled."""
    side = st.decider
    st.ally_in = action.name == A.ALLY_IN
    if st.ally_in and st.record_events:
        st.emit("ally_attack", ally=card(st, side).allies[0], wrestler=card(st, side).name)
    st.phase = "chart_roll"
