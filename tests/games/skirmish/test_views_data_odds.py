"""Ring skirmish: data validation, exact odds, terminal and SVG views, commentary, agents."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from support.skirmish import FIXTURE, engaged, game, position, roll, skip_boosts
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE
from turnbuckle.games.skirmish import odds
from turnbuckle.games.skirmish.agents import HeuristicAgent, SearchAgent
from turnbuckle.games.skirmish.rules import BID, SkirmishGame, load_roster


# -- data (roster and chart) ----------------------------------------------------------------------
def test_starter_roster_has_eight_wrestlers_with_unique_maneuvers() -> None:
    roster = load_roster()
    assert len(roster.wrestler) >= 8
    for w in roster.wrestler:
        assert w.maneuver and all(m.cost >= 0 for m in w.maneuver)
    g = SkirmishGame()
    assert {m.name for m in g.chart.maneuver} >= {"Jockey", "Hustle", "Strike", "Clothesline", "Body Slam",
                                                   "Suplex", "Whip", "Pin Attempt", "Flaunt", "Shake the Cobwebs"}


@pytest.mark.parametrize(
    ("snippet", "message"),
    [
        ('STR = 0', r"wrestler\[0\] \(X\)\.STR"),
        ('kind = "dance"', r"maneuver\[0\] \(Y\)\.kind"),
        ('effects = ["fly"]', r"maneuver\[0\] \(Y\)\.effects"),
        ('arc = "side"', r"maneuver\[0\] \(Y\)\.arc"),
    ],
)
def test_roster_errors_name_the_field(tmp_path: Path, snippet: str, message: str) -> None:  # skirmish SK-4.2
    base = {"STR": "STR = 3", "kind": 'kind = "attack"', "effects": 'effects = ["damage"]', "arc": 'arc = "front"'}
    key = snippet.split()[0]
    fields = {**base, key: snippet}
    text = (
        '[[wrestler]]\nname = "X"\n' + fields["STR"] + '\nTECH = 3\nEND = 6\nSPD = 2\nSHOW = 2\n'
        '[[wrestler.maneuver]]\nname = "Y"\ncost = 2\n' + fields["kind"] + '\nstats = ["STR"]\ndefender = "STR"\n'
        + fields["arc"] + "\n" + fields["effects"] + "\n"
    )
    path = tmp_path / "r.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=message) as info:
        SkirmishGame.validate_roster_file(str(path))
    assert "\n" not in str(info.value)


def test_roster_template_validates(tmp_path: Path) -> None:
    text = SkirmishGame.roster_template("Nova Steele")
    assert text is not None
    path = tmp_path / "nova.toml"
    path.write_text(text)
    assert SkirmishGame.validate_roster_file(str(path)) == ["Nova Steele"]


def test_params_refused_on_one_line() -> None:
    with pytest.raises(ParamError, match="match_type"):
        SkirmishGame(match_type="cage")
    with pytest.raises(ParamError, match="needs 4 wrestlers"):
        SkirmishGame(match_type="tag", wrestlers=["A", "B"], roster=FIXTURE)
    with pytest.raises(ParamError, match="base_diameter"):
        SkirmishGame(base_diameter=1.5)


# -- exact odds (checklist §4.6, SC-14) ----------------------------------------------------------------
def test_exact_odds() -> None:  # skirmish SK-7.4 hits on 5, criticals on 6 explode
    win, tie, _ = odds.contest(1, 1)
    assert win == pytest.approx(5 / 21, abs=1e-12) and tie == pytest.approx(11 / 21, abs=1e-12)
    assert odds.contest(3, 3)[0] == pytest.approx(0.3604, abs=5e-4)
    assert odds.contest(4, 3)[0] == pytest.approx(0.4661, abs=5e-4)
    assert odds.pin_probability(4, 1) == pytest.approx(0.310, abs=1e-3)
    assert sum(odds.hits_distribution(5)) == pytest.approx(1.0, abs=1e-12)
    assert sum(odds.sdv_distribution(3, 3).values()) == pytest.approx(odds.contest(3, 3)[0], abs=1e-9)
    assert odds.flaunt_distribution(2)[3] == pytest.approx(0.046, abs=1e-3)
    boosted = odds.odds_table(3, 3, boost=True)
    assert boosted["attacker_dice"] == 4 and boosted["success"] == pytest.approx(odds.contest(4, 3)[0])


def test_odds_agree_with_the_chance_nodes() -> None:
    """Walk the engine's own chance tree for 2 dice (explosions cut at depth 6)."""
    s = engaged(left=[2, 0])
    s.apply_action("strike P1")
    skip_boosts(s)
    dist: dict[int, float] = {}

    def walk(state: object, p: float, depth: int) -> None:
        st = state  # type: ignore[assignment]
        if st.current_player() != CHANCE or st.pend.get("side") != "a" or depth > 6:  # type: ignore[attr-defined]
            hits = st.pend["a_hits"]  # type: ignore[attr-defined]
            dist[hits] = dist.get(hits, 0.0) + p
            return
        for action, q in st.chance_outcomes():  # type: ignore[attr-defined]
            child = st.clone()  # type: ignore[attr-defined]
            child.apply_action(action)
            walk(child, p * q, depth + 1)

    s.pend["a_dice"] = s.pend["batch"] = 2
    walk(s, 1.0, 0)
    exact = odds.hits_distribution(2)
    for k in range(4):
        assert dist[k] == pytest.approx(exact[k], abs=1e-6)


# -- views and commentary -------------------------------------------------------------------------
def test_terminal_view_is_a_picture_not_a_dict() -> None:  # skirmish render_observation
    s = engaged(left=[3, 2], pools=[2, 3], staggered=(1,))
    text = s.game.render_observation(s.observation(0))
    assert "┌" in text and "A" in text and "→" in text and "·" in text and "staggered" in text
    assert "{" not in text


def test_svg_parses_and_shows_every_model() -> None:
    g = game("fatal_four_way")
    s = position(g, {0: (5, 5, "E"), 1: (25, 5, "W"), 2: (5, 25, "E"), 3: (25, 25, "W")}, left=[1, 0, 0, 0])
    s.apply_action("jockey")
    s.apply_action("total 5")
    svg = g.render_svg(s.observation(0))
    assert svg is not None
    root = ET.fromstring(svg)
    circles = [e for e in root.iter() if "model" in (e.get("class") or "").split()]
    assert sorted(e.get("data-name") for e in circles) == ["A", "B", "C", "D"]
    assert any(e.get("class") == "destinations" for e in root.iter())
    assert sum(1 for e in root.iter() if e.get("class") == "rope") == 3


def test_hidden_bid_not_in_views() -> None:
    s = position(game(), {0: (5, 5, "E"), 1: (25, 25, "W")}, pools=[5, 5], bidding=True)
    s.apply_action("bid 4")
    view = s.game.render_observation(s.observation(1))
    assert " 4 " not in view.splitlines()[-2] and "?" in view


def test_narration_covers_a_match() -> None:
    g = SkirmishGame(max_rounds=6)
    s = g.new_initial_state()
    rng = random.Random(3)
    agents = [HeuristicAgent(g, 0), HeuristicAgent(g, 1)]
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else agents[p].choose(s, rng))
    lines = [g.narrate(e) for e in s.events]
    assert sum(1 for line in lines if line) > 20 and any("Round" in (line or "") for line in lines)


# -- agents ------------------------------------------------------------------------------------------
def test_agents_are_registered_and_legal() -> None:
    factories = SkirmishGame.agent_factories()
    assert {"heuristic", "search"} <= set(factories)
    g = SkirmishGame(max_rounds=2)
    s = g.new_initial_state()
    rng = random.Random(5)
    agents = [factories["search"](g, 0), factories["heuristic"](g, 1)]
    while not s.is_terminal():
        p = s.current_player()
        s.apply_action(s.sample_chance(rng) if p == CHANCE else agents[p].choose(s, rng))


def test_search_does_not_peek_at_a_hidden_bid() -> None:
    agent = SearchAgent(None, 1, rollouts=3)
    picks = []
    for hidden in (0, 5):
        s = position(game(), {0: (14, 15, "E"), 1: (17, 15, "W")}, pools=[5, 5], bidding=True)
        s.apply_action(f"bid {hidden}")
        assert s.phase == BID and s.chooser == 1
        picks.append(agent.choose(s, random.Random(9)).name)
    assert picks[0] == picks[1]


def test_search_leaves_a_long_gap_to_the_heuristic() -> None:
    # far apart, the search's one-round horizon sees no value in closing in: it walks in as the
    # heuristic does (it used to bid low, hoard AP and draw against a wandering random opponent)
    from turnbuckle.games.skirmish.agents import heuristic_action

    far = position(game(), {0: (4, 4, "E"), 1: (26, 26, "W")}, pools=[10, 10], bidding=True)
    agent = SearchAgent(None, 0)
    assert not agent._engaged(far, 0)
    for seed in range(5):
        expected = heuristic_action(far, random.Random(random.Random(seed).random()))
        assert agent.choose(far, random.Random(seed)) == expected
    near = position(game(), {0: (14, 15, "E"), 1: (17, 15, "W")}, pools=[5, 5], bidding=True)
    assert agent._engaged(near, 0)


def test_forced_three_count_narrated() -> None:
    s = engaged(left=[2, 0], staggered=(1,), end={1: 1})
    s.apply_action("pin attempt P1 STR")
    for _ in range(3):
        roll(s, "5,1,1")
        roll(s, "1")
    text = [s.game.narrate(e) for e in s.events]
    assert [line for line in text if line and line.startswith("The referee counts")] == [
        "The referee counts one on B!", "The referee counts two on B!", "The referee counts THREE on B!"]


def test_generic_ismcts_plays_through_determinize() -> None:
    from turnbuckle.agents.ismcts import ISMCTSAgent

    s = position(game(), {0: (14, 15, "E"), 1: (17, 15, "W")}, pools=[5, 5], bidding=True)
    s.apply_action("bid 2")
    agent = ISMCTSAgent(s.game, 1, simulations=8, rollout_depth=6)
    action = agent.choose(s, random.Random(1))
    assert action in s.legal_actions() and action.name.startswith("bid ")
    worlds = {s.determinize(1, random.Random(k)).bid[0] for k in range(40)}
    assert worlds <= set(range(6)) and len(worlds) > 1  # P0's hidden bid is re-sampled


def test_a_chosen_move_says_where_it_went() -> None:
    # skirmish Jockey/Hustle: the commentary gives the distance walked and the new spot;
    # a forced move (Whip) keeps its own line
    g = game()
    moved = {"model": 0, "wrestler": "Ace", "x": 20.0, "y": 20.5, "forced": False, "distance": 7.86}
    assert g.narrate(Event("moved", moved)) == "Ace steps 7.9 inches to (20, 20.5)."
    assert g.narrate(Event("moved", {**moved, "forced": True, "via": None})) == "Ace is sent to (20, 20.5)."
