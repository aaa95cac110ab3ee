"""The Filsinger table in the browser: every choice carries its odds as the terminal words them,
a Choice Situation's moves, a "roll again" and a tag sit on the table, and the move log shows the
dice and the chart row each roll landed on."""

from __future__ import annotations

import random

import turnbuckle
from turnbuckle.engine.game import CHANCE
from turnbuckle.engine.picks import drawn_pick_ids
from turnbuckle.games.filsinger.table import on


def positions(params: dict[str, object], seeds: int = 20) -> list[tuple[object, dict, list[str]]]:
    game = turnbuckle.load_game("filsinger", **params)
    found = []
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            names = [a.name for a in state.legal_actions()]
            found.append((game, state.observation(state.current_player()), names))
            state.apply_action(rng.choice(state.legal_actions()))
    return found


def test_every_choice_has_its_odds_in_words() -> None:
    seen = set()
    for game, obs, names in positions({"tournament_standard": True, "match_type": "tag"}):
        labels = game.action_labels(obs, names)
        for name in names:
            assert labels[name], f"{obs['phase']}: {name!r} has no label"
            seen.add(name.split(" ")[0])
        pending = obs.get("pending") or {}
        for move in pending.get("moves", []) if obs["phase"] == "choice" else []:
            assert f"{move['move']} {move['level']} works {on(move['works_on'])}" in labels[f"choose {move['move']}"]
        if "roll pin" in names:
            assert f"pinned {on(pending['pin'])}" in labels["roll pin"]
    assert {"choose", "roll", "tag", "try"} <= seen


def test_choices_with_a_place_are_picked_on_the_table() -> None:
    placed = {"choose": 0, "roll again": 0, "tag out": 0}
    for game, obs, names in positions({"tournament_standard": True, "match_type": "tag"}):
        picks = game.picks(obs, names)
        svg = game.render_svg(obs, names)
        assert {part for p in picks for part in p.path} <= drawn_pick_ids(svg)
        for pick in picks:
            if pick.action.startswith("choose "):
                placed["choose"] += 1
                assert pick.path[0].startswith("mv:")
            elif pick.action == "roll again":
                placed["roll again"] += 1
                assert pick.path == (f"lv:{max(1, obs['level'] - 1)}",)  # the LEVEL it drops to
            elif pick.action.startswith("tag out to "):
                placed["tag out"] += 1
                assert pick.path == (f"pt:{pick.action.removeprefix('tag out to ').replace(' ', '_')}",)
    assert all(placed.values()), placed


def test_the_move_log_shows_the_die_and_the_row() -> None:
    game = turnbuckle.load_game("filsinger", tournament_standard=True)
    state = game.new_initial_state()
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.current_player() == CHANCE
                           else rng.choice(state.legal_actions()))
    offense = next(e for e in state.events if e.kind == "offense" and "roll" in e.data)
    die, row = game.event_pieces(offense)
    assert die == {"kind": "die", "faces": "d6", "value": offense.data["roll"], "owner": offense.data["wrestler"]}
    assert row["kind"] == "card" and row["detail"] == offense.data["text"]
    assert f"OFFENSE {offense.data['roll']}" in row["name"]


# filsinger OPTIONAL 15. DISTRACTOR RATINGS: the rating printed on the card (Vince Valentine's is 7),
# 5 only when the card prints none
def test_the_distraction_odds_read_the_card() -> None:
    game = turnbuckle.load_game("filsinger", wrestlers=["Vince Valentine", "Rex Hammond"], distractor=True)
    vince, rex = game.cards
    assert (game.distractor_rating(vince), game.distractor_rating(rex)) == (7, 5)
    obs = game.new_initial_state().observation(0)
    for seat, rating in ((0, 7), (1, 5)):
        labels = game.action_labels({**obs, "to_move": seat}, ["distract referee"])
        assert labels["distract referee"] == f"the distraction works {on(rating)} (once per match)"
    svg = game.render_svg(obs, [])
    assert svg is not None
    assert f"ready, works {on(7)}" in svg and f"ready, works {on(5)}" in svg
