"""Random-play soak of RUMBLESLAM for every game size and player count, with random legal teams.

# rumbleslam BUILDING YOUR TEAM (game sizes) and the "additional players" option: 1,000 matches
for each of lightweight, middleweight and madness with 2, 3 and 4 teams, every team hired at
random within the size's Dosh by the hiring rules. Each match must end within its rounds with
zero-sum returns and a final position that keeps every invariant.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import turnbuckle
from games.rumbleslam.test_properties import check_invariants
from turnbuckle.games.rumbleslam.hiring import random_team, team_toml
from turnbuckle.games.rumbleslam.models import Team
from turnbuckle.games.rumbleslam.state import RumbleslamState
from turnbuckle.games.rumbleslam.teams import GAME_SIZES, check_team, load_roster, load_team

SIZES = list(GAME_SIZES)
PLAYERS = [2, 3, 4]
LINEUPS = 20
"""Different random team line-ups per size and player count (matches are spread over them)."""


def final_state(state: RumbleslamState, rng: random.Random) -> RumbleslamState:
    """Play to the end at random on the fast path, returning the terminal state."""
    s = state.clone()
    s.record_events = False
    while not s.over:
        if s.stack[-1][0] == "die":
            s._apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s._apply(legal[int(rng.random() * len(legal))])
    return s


def lineup(tmp: Path, size: str, players: int, rng: random.Random, k: int) -> dict[str, object]:
    roster = load_roster()
    options: dict[str, object] = {"size": size, "players": players}
    for p in range(players):
        path = tmp / f"{size}-{players}-{k}-{p}.toml"
        path.write_text(team_toml(random_team(roster, GAME_SIZES[size], rng, f"Team {p}")), encoding="utf-8")
        options[f"team{p}"] = str(path)
    return options


def test_random_teams_are_legal_and_round_trip(tmp_path: Path) -> None:
    # rumbleslam BUILDING YOUR TEAM: every random team passes the hiring rules and reads back the same
    roster = load_roster()
    rng = random.Random(5)
    for size, budget in GAME_SIZES.items():
        for i in range(50):
            team = random_team(roster, budget, rng)
            assert check_team(team, roster, budget).cost <= budget
            path = tmp_path / f"{size}-{i}.toml"
            path.write_text(team_toml(team), encoding="utf-8")
            assert load_team(path) == team


def test_random_team_refuses_an_impossible_budget() -> None:
    with pytest.raises(ValueError, match="cannot hire anyone"):
        random_team(load_roster(), 10, random.Random(0))


@pytest.mark.soak
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_soak_1000_matches_per_size_and_player_count(size: str, players: int, tmp_path: Path) -> None:
    rng = random.Random(f"soak:{size}:{players}")
    ends = {"win": 0, "draw": 0}
    per_lineup = 1000 // LINEUPS
    for k in range(LINEUPS):
        options = lineup(tmp_path, size, players, rng, k)
        game = turnbuckle.load_game("rumbleslam", **options)
        start = game.new_initial_state()
        assert isinstance(start, RumbleslamState)
        for _ in range(per_lineup):
            end = final_state(start, rng)
            check_invariants(end)
            returns = end.returns()
            assert len(returns) == players and sum(returns) == pytest.approx(0.0)
            assert end.round <= game.rounds  # rumbleslam ROUNDS: over within 5 rounds
            ends["draw" if all(r == 0 for r in returns) else "win"] += 1
    assert sum(ends.values()) == per_lineup * LINEUPS == 1000
    assert ends["win"] > 0


def test_team_type_is_the_file_model() -> None:
    assert random_team(load_roster(), 1000, random.Random(1)).__class__ is Team


@pytest.mark.soak
def test_soak_1000_random_matches() -> None:
    """1,000 random matches of the default game on the fast path (about 40 s on one core)."""
    rng = random.Random(7)
    s = turnbuckle.load_game("rumbleslam").new_initial_state()
    results = {"win": 0, "draw": 0}
    for _ in range(1000):
        returns = s.random_playout_returns(rng)
        assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
        results["draw" if returns == [0.0, 0.0] else "win"] += 1
    assert results["win"] + results["draw"] == 1000 and results["win"] > 100
