"""The Whip "via the ropes": a whipped defender sent off a rope on its way takes the rope's 2 END
(SK-10.7 WHIP with SK-6.4 the electrified ropes; rulings R-SK-11, R-SK-12)."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from support.skirmish import at, game, kinds, names, position, roll, skip_boosts
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.rules import DEST, ROUTE, SkirmishState


def whipped(total: int, models: Mapping[int, tuple[float, float, str]] | None = None, match_type: str = "singles",
            attack: str = "5,5,5", defence: str = "1,1,1", **params: object) -> SkirmishState:
    """A whips B (SDV = hits difference), then the distance roll totals ``total``."""
    g = game(match_type, **params)
    s = position(g, dict(models or {0: (23, 15, "E"), 1: (25, 15, "W")}), left=[1] + [0] * (g.players - 1))
    s.apply_action("whip P1 STR")
    skip_boosts(s)
    roll(s, attack)
    roll(s, defence)
    s.apply_action(f"total {total}")
    assert isinstance(s, SkirmishState)
    return s


def test_via_rope_rebound_back_to_the_start() -> None:  # skirmish WHIP + ELECTRIFIED ROPES (SK-10.7 test)
    s = whipped(9, attack="5,6,1|1")
    assert s.phase == ROUTE and s.chooser == 0
    assert names(s) == ["direct", "via rope E"]  # N, S, W are more than 9" away
    s.apply_action("via rope E")
    assert s.phase == DEST and s.pend["via"] == "E"
    assert "stay" in names(s)  # 4.2" to the rope and 4.2" back
    s.apply_action("stay")
    s.apply_action("face 90")
    assert at(s, 1) == (25.0, 15.0) and s.models[1].facing == (0, 1)
    assert s.models[1].end == 4  # no SDV from a Whip; the ropes take 2
    assert kinds(s).count("ropes") == 1
    moved = next(e for e in s.events if e.kind == "moved")
    assert moved.data["via"] == "E"


def test_via_rope_route_length_is_the_mirror_distance() -> None:  # skirmish WHIP "moved up to that many inches"
    s = whipped(9, attack="5,6,1|1")
    s.apply_action("via rope E")
    offered = set(names(s))
    # (29.0,15) is 4.2 + 0.2: in; (20.5,17) would be 4.2 + sqrt(8.7^2 + 2^2) > 9: out
    assert "move 29.0 15.0" in offered and "move 25.0 17.5" in offered
    assert "move 20.5 17.0" not in offered
    # the same point directly is only 4.9" away: the route decides what is in reach
    direct = whipped(9, attack="5,6,1|1")
    direct.apply_action("direct")
    assert "move 20.5 17.0" in names(direct)
    for name in offered - {"stay"}:
        if name.startswith("move "):
            x, y = (round(float(v) * geo.UNIT) for v in name.split()[1:])
            mx = 2 * (geo.RING - 8) - x
            assert (mx - 250) ** 2 + (y - 150) ** 2 <= 90 ** 2 + 1e-6


def test_via_rope_ending_on_a_rope_costs_once() -> None:  # skirmish ELECTRIFIED ROPES "once per maneuver" (EX-8)
    s = whipped(17)  # SDV 3
    assert "via rope E" in names(s) and "via rope S" in names(s)
    s.apply_action("via rope E")
    assert "rope S" in names(s)  # (25, 0.8): mirror distance sqrt(8.4^2 + 14.2^2) = 16.5"
    s.apply_action("rope S")
    assert at(s, 1) == (25.0, 0.8) and geo.touches_rope(s.models[1].pos, 8)
    assert s.models[1].end == 4 and kinds(s).count("ropes") == 1  # two ropes, 2 END once


def test_direct_route_still_judges_only_the_end() -> None:  # skirmish ELECTRIFIED ROPES (R-SK-12)
    s = whipped(9, attack="5,6,1|1")
    s.apply_action("direct")
    s.apply_action("move 27.0 15.0")
    s.apply_action("keep facing")
    assert s.models[1].end == 6 and "ropes" not in kinds(s)


def test_a_base_in_the_way_blocks_the_legs() -> None:  # skirmish SK-1.4 "cannot move across another model's base"
    # C stands between B and the E rope: no leg toward that rope may cross it
    models = {0: (23, 15, "E"), 1: (25, 15, "W"), 2: (27.5, 15, "W"), 3: (5, 5, "E")}
    s = whipped(9, models, "fatal_four_way", attack="5,6,1|1")
    s.apply_action("via rope E")
    offered = names(s)
    assert "stay" not in offered and "rope E" not in offered  # straight through C
    assert "move 25.0 18.0" not in offered  # touching the rope at (29.2,16.5): the first leg grazes C
    assert "move 27.0 20.5" in offered  # a steeper first leg clears C


def test_no_route_off_a_rope_already_touched() -> None:  # skirmish ELECTRIFIED ROPES "comes in contact"
    s = whipped(9, {0: (27.0, 25, "E"), 1: (29.2, 25, "W")}, attack="5,6,1|1")
    assert names(s) == ["direct", "via rope N"]  # B already touches the E rope


def test_out_of_reach_ropes_ask_nothing() -> None:  # skirmish WHIP (no route decision without a rope in reach)
    s = whipped(3, {0: (13, 15, "E"), 1: (15, 15, "W")}, attack="5,6,1|1")
    assert s.phase == DEST and "routes" not in s.pend


def test_option_off_restores_the_direct_whip() -> None:  # skirmish WHIP option whip_rope_route=false
    s = whipped(9, attack="5,6,1|1", whip_rope_route=False)
    assert s.phase == DEST
    with pytest.raises(IllegalActionError):
        s.apply_action("via rope E")


def test_replay_checks_one_via_destination_alone() -> None:  # skirmish WHIP replays (no full grid)
    s = whipped(9, attack="5,6,1|1")
    s.apply_action("via rope E")
    probe = s.clone()
    with pytest.raises(IllegalActionError, match=r"too far: 11\.79 > 9 inches"):
        probe.apply_action("move 22.0 18.0")  # 4.2" directly, 11.8" off the E rope
    s.apply_action("move 24.5 14.0")
    assert at(s, 1) == (24.5, 14.0) and s.models[1].end == 4


def test_route_and_via_survive_clone() -> None:  # skirmish WHIP: plain-data pending steps
    s = whipped(9, attack="5,6,1|1")
    for step in ("via rope E", None):
        assert names(s.clone()) == names(s)
        json.dumps(s.observation(1))
        if step:
            s.apply_action(step)
    assert s.pend["via"] == "E" and s.observation(0)["pending"]["via"] == "E"


def test_a_clone_pays_the_rope_too() -> None:  # skirmish ELECTRIFIED ROPES once per maneuver, per state
    s = whipped(9, attack="5,6,1|1")
    s.apply_action("via rope E")
    twin = s.clone()
    s.apply_action("stay")
    twin.apply_action("stay")  # the original's rope bookkeeping must not leak into the clone
    assert s.models[1].end == twin.models[1].end == 4
