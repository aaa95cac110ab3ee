"""A bad position is refused with one line naming the field, for every game; starting points that are
fine (a replay, a saved state, a match) carry the position they started from."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import turnbuckle
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.errors import PositionError, TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import play_match
from turnbuckle.engine.replay import Replay, run_replay

Edit = Callable[[dict[str, Any]], None]


def _played(name: str, steps: int, seed: int = 2, **params: Any) -> State:
    game = turnbuckle.load_game(name, **params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


def _refused(state: State, edit: Edit, *needles: str) -> str:
    """Edit ``state``'s position; the rebuilt refusal, checked to be one line naming the needles."""
    position = copy.deepcopy(state.to_position())
    edit(position)
    with pytest.raises(PositionError) as caught:
        state.game.state_from_position(position)
    message = str(caught.value)
    assert "\n" not in message and "Traceback" not in message
    for needle in needles:
        assert needle in message, (needle, message)
    return message


# -- the envelope (every game) -------------------------------------------------------------------
@pytest.mark.parametrize("name", turnbuckle.list_games())
def test_the_envelope_is_checked(name: str) -> None:
    state = turnbuckle.load_game(name).new_initial_state()
    _refused(state, lambda p: p.update(version=2), "version:", "reads version 1")
    _refused(state, lambda p: p.update(version="1"), "version:")
    _refused(state, lambda p: p.update(game="chess"), "game:", "'chess'")
    _refused(state, lambda p: p.update(type="replay"), "type:")
    _refused(state, lambda p: p.update(extra=1), "extra: not a field")
    _refused(state, lambda p: p.pop("position"), "position: missing")
    _refused(state, lambda p: p["position"].update(typo_field=1), "position.typo_field", "Extra inputs")
    with pytest.raises(PositionError, match=r"\(top level\)"):
        state.game.state_from_position([])  # type: ignore[arg-type]


def test_other_params_are_refused() -> None:
    state = turnbuckle.load_game("powerhouses").new_initial_state()
    _refused(state, lambda p: p["params"].update(dice=4), "params.dice:", "other game params")


# -- powerhouses -----------------------------------------------------------------------------------
def test_powerhouses_refuses_values_out_of_range() -> None:
    state = turnbuckle.load_game("powerhouses").new_initial_state()
    _refused(state, lambda p: p["position"]["dice"].__setitem__(0, 13), "position.dice[0]: 13 is out of range")
    _refused(state, lambda p: p["position"]["roll"].update(landed=[7]), "position.roll.landed[0]: 7 is out of range")
    _refused(state, lambda p: p["position"]["roll"].update(roller=2), "position.roll.roller:")
    _refused(state, lambda p: p["position"].update(phase="halftime"), "position.phase:")
    _refused(state, lambda p: p["position"]["roll"].update(ability="Charisma"), "position.roll.ability",
             "unknown ability 'Charisma'")
    _refused(state, lambda p: p["position"]["roll"].update(landed=[1, 2, 3, 4, 5]), "position.roll.landed",
             "none left to land")


def test_powerhouses_refuses_an_ability_not_on_the_sheet() -> None:
    game = turnbuckle.load_game("powerhouses")
    sheet = set(game.sheet_abilities[0])  # type: ignore[attr-defined]
    missing = next(n for i, n in enumerate(("Agility", "Brawling", "Martial Arts", "Strength", "Technical Ability"))
                   if i not in sheet)
    _refused(game.new_initial_state(), lambda p: p["position"]["roll"].update(ability=missing),
             "position.roll.ability", "is not on")


def test_powerhouses_refuses_a_second_take_down_roll_without_the_first_total() -> None:
    """The second wrestler's take-down total is compared with the first's: a position where he rolls
    with no first total is refused on load, not by an assertion when his roll ends."""
    state = turnbuckle.load_game("powerhouses").new_initial_state()

    def second_roller(p: dict[str, Any]) -> None:
        p["position"].update(phase="take-down", takedown_totals=[None, None])
        p["position"]["roll"].update(roller=1, awaiting="dice", throw=1, landed=[])

    _refused(state, second_roller, "position.takedown_totals[0]:", "second")


# -- WRASSLIN' ---------------------------------------------------------------------------------------
def test_wrasslin_refuses_a_card_twice() -> None:
    state = _played("wrasslin", 40)

    def extra_block(p: dict[str, Any]) -> None:
        hand = p["position"]["secrets"][0]["hand"]
        hand["Block"] = hand.get("Block", 0) + 1

    _refused(state, extra_block, "position.cards: Block is counted", "the deck has")


def test_wrasslin_refuses_an_unknown_or_doubled_wrestler_and_bad_values() -> None:
    state = _played("wrasslin", 40)
    _refused(state, lambda p: p["position"]["seats"][1].update(wrestler="Hulk"), "position.seats[1].wrestler",
             "unknown wrestler 'Hulk'")
    champ = state.to_position()["position"]["seats"][0]["wrestler"]
    _refused(state, lambda p: p["position"]["seats"][1].update(wrestler=champ), "appears twice")
    _refused(state, lambda p: p["position"]["seats"][0].update(damage=99),
             "position.seats[0].damage: 99 is out of range")
    _refused(state, lambda p: p["position"]["seats"][0].update(position="rafters"), "position.seats[0].position")
    _refused(state, lambda p: p["position"]["secrets"][1]["hand"].update(Teleport=1),
             "position.secrets[1].hand.Teleport", "unknown card 'Teleport'")
    _refused(state, lambda p: p["position"].update(turn=5), "position.turn: seat 5 does not exist")
    _refused(state, lambda p: p["position"]["secrets"].pop(), "position.secrets: 1 entries for a match of 2 seats")
    _refused(state, lambda p: p["position"].update(result=[1.0]), "position.result: 1 entries; this match has 2")



def test_wrasslin_refuses_a_bout_over_the_engine_cannot_go_on_from() -> None:
    """14.4: bouts belong to an elimination tournament. A singles position saying "bout_over" used to
    load, pass the settle check (its first action is an Initiative call) and die in ``hint`` with an
    IndexError (no Wrestler waiting to enter): it is refused on load, in one line (issue 29.17)."""
    state = next(s for s in (_played("wrasslin", n) for n in range(10, 80)) if s.current_player() >= 0)
    _refused(state, lambda p: p["position"].update(bout_over=True), "position.bout_over",
             "only an elimination tournament has bouts")
    tournament = _played("wrasslin", 30, match_type="tournament", tournament_size=2)
    _refused(tournament, lambda p: p["position"].update(bout_over=True, enter_queue=[]), "position.bout_over",
             "nobody waits in enter_queue")

# -- RUMBLESLAM ----------------------------------------------------------------------------------------
def _on_floor(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [w for w in body["wrestlers"] if w["location"] == "ring"]


def test_rumbleslam_refuses_two_wrestlers_on_one_square() -> None:
    state = _played("rumbleslam", 60)
    first, second = _on_floor(state.to_position()["position"])[:2]

    def pile_up(p: dict[str, Any]) -> None:
        for w in p["position"]["wrestlers"]:
            if w["wrestler"] == second["wrestler"]:
                w["square"] = first["square"]

    _refused(state, pile_up, "position.wrestlers[", ".square:", "are both on")


def test_rumbleslam_refuses_bad_squares_stamina_wrestlers_and_steps() -> None:
    state = _played("rumbleslam", 60)
    body = state.to_position()["position"]
    index = body["wrestlers"].index(_on_floor(body)[0])
    where = f"position.wrestlers[{index}]"
    _refused(state, lambda p: p["position"]["wrestlers"][index].update(square="Z9"), f"{where}.square",
             "unknown square 'Z9'")
    _refused(state, lambda p: p["position"]["wrestlers"][index].update(square="TB-NW"), f"{where}.square",
             "not all on the ring floor")
    _refused(state, lambda p: p["position"]["wrestlers"][index].update(sta=50, sta_max=6), f"{where}.sta: 50 is out")
    _refused(state, lambda p: p["position"]["wrestlers"][index].update(wrestler="Nobody"), "unknown wrestler 'Nobody'")
    _refused(state, lambda p: p["position"]["wrestlers"][index].update(minus_ap=3), f"{where}.minus_ap")
    _refused(state, lambda p: p["position"]["steps"].append(["teleport", 1]), "position.steps[", "unknown step")
    _refused(state, lambda p: p["position"]["steps"].append(["die", 99]), "position.steps[", "a die step names")
    _refused(state, lambda p: p["position"]["steps"].append(["decide", "juggle", 0]), "position:",
             "does not make a playable situation")
    _refused(state, lambda p: p["position"]["dice"].append({"side": 0, "kind": "G", "face": 9}),
             "position.dice[", ".face: 9 is out of range")


# -- ring skirmish ---------------------------------------------------------------------------------------
def test_skirmish_refuses_overlapping_bases_and_spots_off_the_grid() -> None:
    state = _played("skirmish", 40)
    body = state.to_position()["position"]
    a, b = body["models"][:2]
    assert a["in_ring"] and b["in_ring"]

    def together(p: dict[str, Any]) -> None:
        p["position"]["models"][1].update(x=a["x"], y=a["y"])

    _refused(state, together, "position.models[1]:", "stand on one spot")
    _refused(state, lambda p: p["position"]["models"][0].update(x=10.25), "position.models[0].x",
             "not a multiple of 0.1")
    _refused(state, lambda p: p["position"]["models"][0].update(x=0.1), "position.models[0].x",
             "not wholly inside the ring")
    _refused(state, lambda p: p["position"]["players"][0].update(used=["Moonwalk"]), "position.players[0].used[0]",
             "unknown maneuver")
    _refused(state, lambda p: p["position"]["models"][0].update(facing=[0, 0]), "position.models[0].facing")
    _refused(state, lambda p: p["position"]["models"][0].update(wrestler="Nobody"), "unknown wrestler 'Nobody'")


def test_skirmish_reads_an_explicit_null_in_pending_as_absent() -> None:
    """``"man": null`` is the key left out (the same state, or the same one-line refusal; never a
    TypeError)."""
    state = turnbuckle.load_game("skirmish").new_initial_state()
    position = state.to_position()
    assert position["position"]["pending"] == {}
    position["position"]["pending"] = {"man": None, "model": None}
    assert state.game.state_from_position(position).to_position() == state.to_position()

    busy = next(s for s in (_played("skirmish", n) for n in range(5, 200))
                if "man" in s.to_position()["position"]["pending"])

    def loaded(edit: Edit) -> object:
        position = copy.deepcopy(busy.to_position())
        edit(position["position"]["pending"])
        try:
            return busy.game.state_from_position(position).to_position()["position"]
        except PositionError as exc:
            return str(exc)

    assert loaded(lambda pending: pending.update(man=None)) == loaded(lambda pending: pending.pop("man"))


def test_a_position_that_fails_on_its_first_move_is_refused_on_load() -> None:
    """``settle_check`` plays the first legal action (or chance outcome) on a copy: a pending step
    that misses a field it reads (here a move with no mover's player) is refused when loaded."""
    state = next(s for s in (_played("skirmish", n) for n in range(5, 200))
                 if {"player", "mover"} <= set(s.to_position()["position"]["pending"]))
    message = _refused(state, lambda p: p["position"]["pending"].pop("player"), "does not make a playable situation")
    assert "KeyError" in message


# -- Filsinger ------------------------------------------------------------------------------------------
def test_filsinger_refuses_unknown_wrestlers_and_counters_out_of_range() -> None:
    state = _played("filsinger", 5, match_type="tag")
    body = state.to_position()["position"]
    rival = body["in_ring"][1]
    _refused(state, lambda p: p["position"].update(in_ring=["Nobody", rival]), "position.in_ring[0]",
             "unknown wrestler 'Nobody'")
    _refused(state, lambda p: p["position"].update(in_ring=[rival, rival]), "position.in_ring[0]",
             "wrestles for the other side")
    _refused(state, lambda p: p["position"].update(level=4), "position.level")
    _refused(state, lambda p: p["position"].update(tokens={rival: 500}), f"position.tokens.{rival}: 500 is out")
    _refused(state, lambda p: p["position"].update(phase="interval"), "position.phase", "unknown phase")


# -- where a match with a position goes ------------------------------------------------------------------
def _rebuilt(name: str, steps: int) -> tuple[Game, State, dict[str, Any]]:
    state = _played(name, steps)
    position = state.to_position()
    return state.game, state.game.state_from_position(position), position


@pytest.mark.parametrize("name", ["wrasslin", "powerhouses"])
def test_a_rebuilt_state_starts_a_fresh_history_that_replays_from_its_position(name: str) -> None:
    game, state, position = _rebuilt(name, 30)
    assert state.history == [] and state.events == [] and state.starting_position == position
    rng = random.Random(5)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    names = [a.name for a in state.history]
    assert names, "the match moved on"
    again = game.state_from_actions(names, position=position)
    assert again.to_position() == state.to_position() and again.events == state.events
    saved = json.loads(state.to_json())
    assert saved["position"] == position
    restored = game.state_from_json(state.to_json())
    assert restored.to_position() == state.to_position() and restored.events == state.events
    # deferred events are rebuilt from the position, not from the opening bell
    fresh = game.state_from_actions(names, position=position)
    assert fresh.events == state.events and all(e.kind != "deal" for e in fresh.events)
    assert fresh.decisions_of(0) == state.decisions_of(0)


def test_a_replay_may_start_from_a_position() -> None:
    game, start, position = _rebuilt("powerhouses", 20)
    players = [make_agent("random", game, p) for p in range(2)]
    record = play_match(game, players, seed=3, start=start)
    assert record.position == position and start.history == []  # the start state is not played on
    replay = Replay.from_result(record)
    state = run_replay(Replay.model_validate(json.loads(replay.model_dump_json())), "r.json")
    assert state.is_terminal() and state.returns() == record.returns
    assert state.starting_position == position
    # the same actions from the beginning are a different match
    with pytest.raises(TurnbuckleError):
        run_replay(replay.model_copy(update={"position": None}), "r.json")


def test_a_replay_with_a_bad_position_names_the_file_and_field() -> None:
    game, _, position = _rebuilt("powerhouses", 20)
    position["position"]["dice"][1] = 0
    replay = Replay(game="powerhouses", params=game.params, actions=[], position=position)
    with pytest.raises(TurnbuckleError, match=r"^r\.json: position\.dice\[1\]: 0 is out of range"):
        run_replay(replay, "r.json")
