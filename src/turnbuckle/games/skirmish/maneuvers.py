"""Ring skirmish performing maneuvers (SK-4): paying (counters pool first, R-SK-33) and starting one by kind.

A declared maneuver: paid for, marked used this round, announced and started by its kind.

Reads: active, chooser, models
Writes: left, pend, pool, tag_double, used
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turnbuckle.engine.actions import Action
from turnbuckle.games.skirmish.attacks import start_rolloff
from turnbuckle.games.skirmish.menu import maneuver_cost
from turnbuckle.games.skirmish.movement import start_move
from turnbuckle.games.skirmish.rounds import end_turn, resume_turn
from turnbuckle.games.skirmish.specials import special

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.state import SkirmishState


def declare(st: SkirmishState, player: int, spec: tuple[int, int, str], counter: bool) -> None:
    """Pay for and start a maneuver; ``spec`` is (maneuver, target seat or -1, stat)."""
    g = st.game
    mi, seat, stat = spec
    target = st.active[seat] if seat >= 0 else -1
    m = g.maneuvers[mi]
    cost = maneuver_cost(st, player, mi)
    if counter:
        from_pool = min(st.pool[player], cost)  # R-SK-33: pool first, then bid
        st.pool[player] -= from_pool
        st.left[player] -= cost - from_pool
    else:
        st.left[player] -= cost
    if "tag" in m.effects:
        st.tag_double[player] = False
    st.used[player].add(mi)
    me_index = st.active[player]
    me = st.models[me_index]
    if mi == g.jockey_index:
        me.jockeyed = True
    # one dict, not keywords: a field named ``kind`` is lost through mypyc's keyword binding of emit(kind, /, **fields)
    st.emit("maneuver", {
        "player": player, "wrestler": g.profiles[me.wrestler].name, "maneuver": m.name, "kind": m.kind,
        "cost": cost, "counter": counter,
        "target": g.profiles[st.models[target].wrestler].name if target >= 0 else None,
        "stat": stat if len(m.stats) > 1 and m.kind in ("attack", "pin") else None})
    if m.kind == "move":
        start_move(st, player, mi, me_index)
    elif m.kind in ("attack", "pin"):
        d = st.models[target]
        st.pend = {"man": mi, "player": player, "model": me_index, "target": target, "tplayer": d.player,
                   "stat": stat, "counter": counter, "count": 0, "roped": []}
        start_rolloff(st)
    else:
        special(st, player, mi, me_index)


def step_turn(st: SkirmishState, action: Action) -> None:
    if action.name == "end turn":
        end_turn(st)
    else:
        declare(st, st.chooser, st.game.maneuver_spec[action.id], counter=False)


def step_counter(st: SkirmishState, action: Action) -> None:
    if action.name == "no counter":
        st.emit("no_counter", player=st.chooser)
        resume_turn(st)
    else:
        declare(st, st.chooser, st.game.maneuver_spec[action.id], counter=True)
