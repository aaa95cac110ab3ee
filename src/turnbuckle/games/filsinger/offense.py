"""Offense: 3. PLAYING THE GAME's opening roll-off and offense roll, and what the entry rolled
does. A move lands (AGILITY AND POWER RATINGS, OPTIONAL 4; ADD 1 MOVES, OPTIONAL 8) and the
opponent rolls defense; a chart throw goes to the charts (4. CHARTS, BASIC CHART CHOICES, OPTIONAL
5; face into cage 3, CAGE MATCH); a finisher to the pin (6. FINISHERS). Also DISQUALIFICATION
MOVES (OPTIONAL 9), DOUBLE TEAM TAG MOVES (OPTIONAL 11) and THE CHOICE SITUATIONS CHART (OPTIONAL
7). The tag-out window before each roll (8. TAG TEAM RULES) is ``entries.start_offense``.

Reads: attacker, choice_move, legal, level
Writes: chart, decider, finisher, just_tagged, letter, move, phase, tokens
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.filsinger.core import FIRST_IDS, ROLL_TOTAL, card, in_ring, pin_rating
from turnbuckle.games.filsinger.defense import start_defense
from turnbuckle.games.filsinger.entries import start_chart, start_offense
from turnbuckle.games.filsinger.finishers import finisher_pin
from turnbuckle.games.filsinger.models import ChartMove, Move

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.state import FilsingerState


def step_first(st: FilsingerState, action: Action) -> None:
    """The roll-off: the side drawn starts on offense at level 1."""
    side = action.id - FIRST_IDS[0]
    if st.record_events:
        st.emit("first", side=side, wrestler=card(st, side).name)
    start_offense(st, side, 1)


def step_offense_roll(st: FilsingerState, action: Action) -> None:
    face = action.id + 1
    a = st.attacker
    d = 1 - a
    game = st.game
    st.just_tagged[a] = False
    index = a * game.size + st.legal[a]
    entry = game.offense[index][st.level][face - 1]
    opts = game.opts
    if st.record_events:
        st.emit("offense", side=a, wrestler=game.names[index], level=st.level, roll=face, text=entry.text)
    if isinstance(entry, Move):
        if not (entry.tag_only or entry.singles_only or entry.choice is not None or entry.dis):
            land_move(st, entry)  # a plain move (most of them): nothing below applies
            return
        tag_match = game.size > 1
        if opts.double_team and ((entry.tag_only and not tag_match) or (entry.singles_only and tag_match)):
            if st.record_events:
                st.emit("reroll", wrestler=game.names[index], level=st.level,
                        why="tag" if entry.tag_only else "singles")
            # "roll again at the same level of offense until you roll a different instruction":
            # one roll, so no tag-out window (BASIC 8) until a different instruction is resolved
            start_offense(st, a, st.level, window=False)
            return
        if entry.choice is not None and opts.choice_situations:
            st.letter = entry.choice
            st.phase = "choice"
            st.decider = a
            return
        if entry.dis and opts.dis_moves and not game.no_dq:
            st.move = entry
            st.phase = "dis_choice"
            st.decider = a
            return
        land_move(st, entry)
    elif isinstance(entry, ChartMove):
        if entry.chart == "ring" and game.cage:
            if st.record_events:
                st.emit("face_into_cage", wrestler=game.names[index], opponent=card(st, d).name)
            start_defense(st, d, 3)
            return
        if entry.choice and opts.chart_choices:
            st.chart = entry.chart
            st.phase = "chart_choice"
            st.decider = a
            return
        start_chart(st, entry.chart, d, thrown=True)
    else:
        st.finisher = entry
        if entry.roll and opts.roll_finishers:
            st.phase = "finisher_roll"
            return
        finisher_pin(st, entry.rating)


def land_move(st: FilsingerState, move: Move) -> None:
    """AGILITY AND POWER, ADD 1, then the opponent rolls defense at the move's level."""
    a = st.attacker
    d = 1 - a
    opts = st.game.opts
    if opts.agility_power and (move.agility or move.power):
        mine, theirs = card(st, a).ratings, card(st, d).ratings
        stat = ("agility" if move.agility and theirs.agility < mine.agility
                else "power" if move.power and theirs.power < mine.power else "")
        if stat:
            if st.record_events:
                st.emit("countered", wrestler=card(st, d).name, move=move.name, stat=stat)
            start_offense(st, d, 2)
            return
    if opts.add_one and move.add_one:
        st.tokens[in_ring(st, d)] += 1
        if st.record_events:
            st.emit("add_one", wrestler=card(st, d).name, pin=pin_rating(st, d))
    start_defense(st, d, move.level)


def step_choice_roll(st: FilsingerState, action: Action) -> None:
    """CHOICE SITUATIONS: success -> defense at the move's level; failure -> opponent L2."""
    roll = ROLL_TOTAL[action.id]
    move = st.choice_move
    assert move is not None
    a = st.attacker
    d = 1 - a
    target = move.target(card(st, d).ratings.agility, card(st, d).ratings.power)
    worked = roll <= target
    if st.record_events:
        st.emit("choice_roll", wrestler=card(st, a).name, move=move.name, roll=roll, target=target,
                success=worked)
    if worked:
        start_defense(st, d, move.level)
    else:
        start_offense(st, d, 2)
