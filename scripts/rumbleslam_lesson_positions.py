"""Write the RUMBLESLAM lessons' start positions (``games/rumbleslam/lessons/positions/*.json``): the
rule text's Troll and Halfling example situations, set on the mat in round 1 with the shipped roster
and small inline teams. Run from the repository root:
``PYTHONPATH=src python scripts/rumbleslam_lesson_positions.py``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import turnbuckle
from turnbuckle.engine.datafiles import inline_source
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.core import place
from turnbuckle.games.rumbleslam.grapple import lift
from turnbuckle.games.rumbleslam.rules import RumbleslamGame
from turnbuckle.games.rumbleslam.state import FLOOR, TB, RumbleslamState, Wrestler
from turnbuckle.games.rumbleslam.steps import run

OUT = Path("src/turnbuckle/games/rumbleslam/lessons/positions")


def team(name: str, wrestlers: list[str]) -> str:
    """A team as inline data (no Endorsements: no re-roll questions in a lesson)."""
    listed = ", ".join(f'"{w}"' for w in wrestlers)
    return inline_source(f'name = "{name}"\nwrestlers = [{listed}]\nendorsements = 0\n', name)


def find(s: RumbleslamState, label: str) -> Wrestler:
    for e in s.game.entrants:
        if e.label == label:
            return s.ws[e.index]
    raise KeyError(label)


def stage(team0: tuple[str, list[str]], team1: tuple[str, list[str]], squares: dict[str, str], active: str,
          prepare: Callable[[RumbleslamState], None] | None = None) -> RumbleslamState:
    """Round 1 with the wrestlers on ``squares`` (the rest on the sidelines) and ``active``'s
    activation begun; ``prepare`` sets damage, counters or a Lift first."""
    game = turnbuckle.load_game("rumbleslam", team0=team(*team0), team1=team(*team1))
    assert isinstance(game, RumbleslamGame)
    s = game.new_initial_state()
    assert isinstance(s, RumbleslamState)
    s.clear_events()
    s.stack.clear()
    s.buf = []
    s.round = 1
    s.holder = 0
    s.corners = [mat.NW, mat.SE]
    for label, square in squares.items():
        cell = mat.parse_square(square)
        place(s, find(s, label), TB if mat.is_turnbuckle(cell) else FLOOR, cell)
    if prepare is not None:
        prepare(s)
    w = find(s, active)
    s.turn_order = [0, 1]
    s.turn = (w.player + 1) % 2
    s.stack.append(("next_act",))
    s.stack.append(("start_act", w.index))
    run(s)
    return s


TROLLS = ("Gilded Tusk", ["Troll", "Orc Brawler"])
HALFLINGS = ("Copperpot", ["Halfling Grappler", "Halfling Brawler"])


def hurt(label: str, sta: int) -> Callable[[RumbleslamState], None]:
    def prepare(s: RumbleslamState) -> None:
        find(s, label).sta = sta
    return prepare


def new_match() -> RumbleslamState:
    """A new match of the Trolls against the Halflings, before the set-up rolls."""
    game = turnbuckle.load_game("rumbleslam", team0=team(*TROLLS), team1=team(*HALFLINGS))
    assert isinstance(game, RumbleslamGame)
    state = game.new_initial_state()
    assert isinstance(state, RumbleslamState)
    return state


def knocked_down(label: str, sta: int) -> Callable[[RumbleslamState], None]:
    def prepare(s: RumbleslamState) -> None:
        w = find(s, label)
        w.sta, w.kd = sta, 1
    return prepare


def lifted(lifter: str, label: str) -> Callable[[RumbleslamState], None]:
    def prepare(s: RumbleslamState) -> None:
        lift(s, find(s, lifter), find(s, label))
    return prepare


POSITIONS: dict[str, Callable[[], RumbleslamState]] = {
    # SETTING UP THE GAME: two small teams, nothing rolled yet
    "new-match": new_match,
    # MOVEMENT POINTS: the Halfling Brawler goes round its friends to reach the Troll
    "brawler-round-the-crowd": lambda: stage(
        ("Gilded Tusk", ["Troll"]),
        ("Copperpot", ["Halfling Brawler", "Pip Underhill", "Dodo Underhill", "Halfling Grappler"]),
        {"Halfling Brawler": "A5", "Pip Underhill": "B4", "Dodo Underhill": "B5", "Halfling Grappler": "B6",
         "Troll": "E4"}, active="Halfling Brawler"),
    # BOUNCED FROM THE ROPES / ROPE ATTACK: the Halfling Grappler's Rope Attack on the Orc Brawler
    "grappler-rope-attack": lambda: stage(
        TROLLS, HALFLINGS, {"Halfling Grappler": "G4", "Orc Brawler": "E6", "Troll": "H8", "Halfling Brawler": "A2"},
        active="Halfling Grappler"),
    # TURNBUCKLE ABILITIES: the Halfling Grappler's Pantry Dive from TB-NW onto the Orc Brawler
    "grappler-pantry-dive": lambda: stage(
        TROLLS, HALFLINGS, {"Halfling Grappler": "A1", "Orc Brawler": "F5", "Troll": "H8", "Halfling Brawler": "A4"},
        active="Halfling Grappler"),
    # LIFT / THROWING AGAINST THE ROPES OR TURNBUCKLE: the Troll lifts the Halfling Grappler
    "troll-lifts-grappler": lambda: stage(
        TROLLS, HALFLINGS, {"Troll": "D4", "Halfling Grappler": "C4", "Orc Brawler": "H8", "Halfling Brawler": "H5"},
        active="Troll"),
    # TRIP / PIN: the Orc Brawler against the last Halfling in the ring
    "orc-pins-halfling": lambda: stage(
        ("Gilded Tusk", ["Orc Brawler", "Troll"]), ("Copperpot", ["Halfling Brawler"]),
        {"Orc Brawler": "E5", "Halfling Brawler": "F5", "Troll": "I9"}, active="Orc Brawler",
        prepare=hurt("Halfling Brawler", 1)),
    # KNOCKED DOWN: the Orc Brawler, knocked down by the Pantry Dive, gets up and butts the Grappler
    "orc-gets-up": lambda: stage(
        TROLLS, HALFLINGS, {"Orc Brawler": "F5", "Halfling Grappler": "E5", "Troll": "H8", "Halfling Brawler": "A4"},
        active="Orc Brawler", prepare=knocked_down("Orc Brawler", 5)),
    # THROWING A WRESTLER OUT THE RING: the Human Grappler has Lifted the Troll
    "grappler-lifted-troll": lambda: stage(
        ("Marble Minotaur", ["Human Grappler", "Human Brawler"]), TROLLS,
        {"Human Grappler": "C5", "Troll": "E5", "Orc Brawler": "H8", "Human Brawler": "J1"},
        active="Human Grappler", prepare=lifted("Human Grappler", "Troll")),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, build in POSITIONS.items():
        (OUT / f"{name}.json").write_text(json.dumps(build().to_position(), indent=1) + "\n", encoding="utf-8")
        print(f"{OUT / name}.json")


if __name__ == "__main__":
    main()
