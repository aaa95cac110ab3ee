"""Ring skirmish commentary (issue 22.19): every line says who it is about (the web shows lines one
by one), the turn order claims nobody "moves first" who cannot, teams take plural verbs, and the
match opens "A & B vs C & D"."""

from __future__ import annotations

import random

import pytest

from support.skirmish import engaged, game, roll
from turnbuckle.engine.events import Event
from turnbuckle.games.skirmish.game import SkirmishGame


def _played(match_type: str, seed: int) -> list[tuple[Event, str]]:
    g = SkirmishGame(match_type=match_type)
    s = g.new_initial_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(s.sample_chance(rng) if s.is_chance_node() else rng.choice(s.legal_actions()))
    return [(e, line) for e in s.events if (line := g.narrate(e))]


@pytest.mark.parametrize("match_type", ["singles", "tag", "fatal_four_way"])
def test_every_line_has_its_subject(match_type: str) -> None:
    lines = _played(match_type, 4)
    assert lines
    for event, line in lines:
        assert not line.startswith(("…", "...")), f"{event.kind}: {line!r} has no subject"
        assert line[:1].isupper() or line.startswith("—"), line
        assert not line.startswith(("It ", "Blocked", "Stalemate", "One!", "Two!", "THREE!")), line


def test_the_turn_order_never_says_who_moves_first() -> None:
    # skirmish SK-3.2: the lowest bid has the first turn; with nothing to do (a bid of 0) it acts last,
    # so the commentary gives the order and then names each turn that is played
    for seed in range(6):
        lines = _played("singles", seed)
        assert not any("moves first" in line for _, line in lines)
        for event, line in lines:
            if event.kind == "turn" and line:
                assert event.data["bid_left"] > 0 and line.startswith("The turn goes to ")
        assert any(line.startswith("Turn order: ") and ", then " in line for _, line in lines)


def test_a_zero_bid_turn_is_not_announced() -> None:
    g = game()
    assert g.narrate(Event("turn", {"player": 0, "bid_left": 0})) is None
    assert g.narrate(Event("turn", {"player": 1, "bid_left": 3})) == "The turn goes to B (3 bid AP)."
    assert g.narrate(Event("turn_order", {"order": [1, 0]})) == "Turn order: B, then A."


def test_a_tag_match_opens_with_its_teams_and_takes_plural_verbs() -> None:
    g = game("tag")
    first = g.narrate(Event("roll_off", {"order": [1, 0]}))
    assert first == "The bell rings: A & C vs B & D! B & D win the roll-off and pick a corner."
    assert g.narrate(Event("end_turn", {"player": 0, "unspent": 2})) == "A & C hold back 2 AP for the pool."
    assert game().narrate(Event("roll_off", {"order": [0, 1]})).endswith("A wins the roll-off and picks a corner.")


def test_the_pin_count_says_on_whom_and_the_kick_out_who_is_still_in_it() -> None:
    # skirmish SK-8: three roll-offs in a row for the pinfall
    s = engaged(left=[2, 0], staggered=(1,), end={1: 1})
    s.apply_action("pin attempt P1 STR")
    roll(s, "5,1,1")
    roll(s, "1")
    lines = [s.game.narrate(e) for e in s.events]
    assert "The referee counts one on B!" in lines
    assert s.game.narrate(Event("kick_out", {"player": 1, "count": 1})) == "Kick-out after one: B is still in it!"


def test_moves_and_whips_name_the_wrestler() -> None:
    g = game()
    assert g.narrate(Event("move_roll", {"player": 0, "dice": 2, "total": 7, "wrestler": "A"})) == \
        "A may move up to 7 inches."
    whip = {"player": 0, "dice": 2, "total": 4, "wrestler": "A", "target": "B"}
    assert g.narrate(Event("whip_roll", whip)) == "A can whip B up to 4 inches!"
    assert g.narrate(Event("attack_result", {"player": 0, "maneuver": "Strike", "attacker_hits": 0,
                                             "defender_hits": 2, "sdv": 0, "outcome": "blocked"})) == \
        "The Strike is blocked, 2 hits to 0."
    assert g.narrate(Event("round", {"round": 2, "pools": [5, 3]})) == "— Round 2 — AP pools: A 5, B 3."
