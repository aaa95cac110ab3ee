"""Powerhouses of Wrestling!: the game (its options, roster and hooks) on the engine's contract.

The match itself, its actions and phases are ``state.py``; section names in comments are the
headings of ``powerhouses.txt``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from turnbuckle.engine.datafiles import toml_string
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, GameOption
from turnbuckle.engine.picks import Pick, Piece, pick_id
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.powerhouses.models import ABILITIES, WrestlerSheet
from turnbuckle.games.powerhouses.state import (
    ACTIONS,
    FAN_SUPPORT,
    NO_ABILITY,
    PowerhousesState,
    hit_faces,
    largest_match,
    load_roster,
)


class PowerhousesGame(Game):
    """Two wrestlers, five dice each; reduce the opponent to one die."""

    name = "powerhouses"
    title = "Powerhouses of Wrestling!"
    agent_targets: ClassVar[Mapping[str, str]] = {
        "heuristic": "turnbuckle.games.powerhouses.agents:HeuristicAgent",
        "expert": "turnbuckle.games.powerhouses.agents:ExpertAgent",
    }
    bulk_agent = "expert"
    """Exact (the solver) and as cheap as the heuristic, so balance reports use it."""
    deferred_events = True

    def __init__(
        self,
        wrestlers: list[str] | tuple[str, ...] | None = None,
        roster: str | None = None,
        dice: int = 5,
        comeback: bool = True,
    ) -> None:
        self.roster_file = load_roster(roster)
        if wrestlers is None:
            wrestlers = [s.name for s in self.roster_file.wrestler[:2]]
        wrestlers = list(wrestlers)
        if len(wrestlers) != 2:
            raise ParamError(f"powerhouses needs exactly 2 wrestlers, got {len(wrestlers)}")
        sheets: list[WrestlerSheet] = []
        for name in wrestlers:
            sheet = self.roster_file.find(name)
            if sheet is None:
                known = "; ".join(s.name for s in self.roster_file.wrestler)
                raise ParamError(f"unknown wrestler {name!r} (roster has: {known})")
            sheets.append(sheet)
        if not isinstance(dice, int) or isinstance(dice, bool) or not 2 <= dice <= 12:
            raise ParamError(f"option dice must be a whole number from 2 to 12, got {dice!r}")
        if not isinstance(comeback, bool):
            raise ParamError(f"option comeback must be true or false, got {comeback!r}")
        super().__init__(
            {"wrestlers": [s.name for s in sheets], "roster": roster, "dice": dice, "comeback": comeback},
            ACTIONS,
        )
        self.sheets: tuple[WrestlerSheet, ...] = tuple(sheets)
        self.starting_dice = dice
        self.comeback_rule = comeback
        # face (1-6) -> ability index, per player; Fan Support is FAN_SUPPORT
        self.face_maps: tuple[tuple[int, ...], ...] = tuple(
            (NO_ABILITY, *(ABILITIES.index(s.face_ability(f)) for f in range(1, 6)), FAN_SUPPORT)
            for s in sheets
        )
        self.sheet_abilities: tuple[tuple[int, ...], ...] = tuple(
            tuple(ABILITIES.index(a) for a in s.sheet_abilities()) for s in sheets
        )
        # per player, per ability: 1 for each face (index 1-6) that matches it, Fan Support included
        self.hit_tables: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(hit_faces(face_map, a) for a in range(len(ABILITIES))) for face_map in self.face_maps
        )
        self._first_roll_memo: dict[tuple[int, ...], tuple[int, tuple[int, ...]]] = {}

    @classmethod
    def options(cls) -> list[GameOption]:
        return [
            GameOption("wrestlers", None, "two wrestler names from the roster (default: its first two)",
                       kind="wrestlers"),
            GameOption("roster", None, "path of a roster TOML file (default: the starter roster)", kind="file"),
            GameOption("dice", 5, "dice each wrestler starts with (the text uses five)", minimum=2, maximum=12),
            GameOption("comeback", True, "the Come-Back roll at two dice", (True, False)),
        ]

    @classmethod
    def rules_summary(cls) -> str:
        from turnbuckle.games.powerhouses.narrate import RULES_SUMMARY

        return RULES_SUMMARY

    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> PowerhousesState:
        return PowerhousesState(self)

    def player_label(self, player: int) -> str:
        return self.sheets[player].name

    def first_roll_matches(self, player: int, faces: list[int]) -> tuple[int, tuple[int, ...]]:
        """(largest match, abilities tied for it) of a first roll; memoized per roll."""
        key = (player, *faces)
        found = self._first_roll_memo.get(key)
        if found is None:
            found = largest_match(self.face_maps[player], self.sheet_abilities[player], faces)
            self._first_roll_memo[key] = found
        return found

    def position_codec(self) -> Any:
        from turnbuckle.games.powerhouses.position import CODEC

        return CODEC

    def tensor_view(self) -> Any:
        from turnbuckle.games.powerhouses.tensor import PowerhousesTensor

        return PowerhousesTensor(self)

    def narrate(self, event: Event) -> str | None:
        from turnbuckle.games.powerhouses.narrate import narrate

        return narrate(self, event)

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The table; ``actions`` is ignored (no move names a place on this table: moves stay buttons)."""
        from turnbuckle.games.powerhouses.render import render_svg

        return render_svg(self, observation, narrow=narrow)

    def event_pieces(self, event: Event) -> list[Piece]:
        from turnbuckle.games.powerhouses.render import event_pieces

        return event_pieces(self, event)

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        """A tie between abilities is broken on the roller's sheet; roll and stop stay buttons."""
        return [Pick(a, (pick_id("ab", a.removeprefix("pursue ")),)) for a in actions if a.startswith("pursue ")]

    def render_observation(self, observation: dict[str, Any]) -> str:
        from turnbuckle.games.powerhouses.narrate import render_observation

        return render_observation(observation)

    def roster(self) -> list[dict[str, Any]]:
        return [
            {
                "name": s.name,
                "specialty": s.specialty.value,
                "weakness": s.weakness.value,
                "sheet": s.sheet_lines(),
                "style": s.style,
                "hometown": s.hometown,
            }
            for s in self.roster_file.wrestler
        ]

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        return [s.name for s in load_roster(path).wrestler]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        return (
            "# A Powerhouses of Wrestling! sheet: specialty on faces 1-2, three different abilities\n"
            "# (never the weakness) on faces 3-5, Fan Support on 6. Abilities: Agility, Brawling,\n"
            "# Martial Arts, Strength, Technical Ability.\n\n"
            f"[[wrestler]]\nname = {toml_string(name)}\n"
            f'specialty = "Strength"\nweakness = "Agility"\n'
            'abilities = ["Brawling", "Martial Arts", "Technical Ability"]\n'
        )

    def review_plan(self) -> ReviewPlan:
        """Exact: the match solver values every option (``games/powerhouses/review.py``)."""
        from turnbuckle.games.powerhouses.review import review_plan

        return review_plan()
