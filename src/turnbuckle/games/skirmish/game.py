"""Ring skirmish game (SK-1): the options, the roster and maneuver chart loaded, the fixed action table."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final

import numpy as np

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import load_model, packaged_data, toml_string
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, GameOption, State
from turnbuckle.engine.picks import Pick
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.skirmish import geometry as geo
from turnbuckle.games.skirmish.core import FLAUNT_EFFECTS, MAX_AP, PUSH_MAX
from turnbuckle.games.skirmish.destinations import move_refusal
from turnbuckle.games.skirmish.dice import BATCHES, MAX_DICE, TOTALS
from turnbuckle.games.skirmish.models import Chart, Maneuver, Roster, Wrestler
from turnbuckle.games.skirmish.state import SkirmishState

PACKAGE: Final = "turnbuckle.games.skirmish"
MATCH_TYPES: Final = ("singles", "fatal_four_way", "tag")
MOVE_TYPED: Final = re.compile(r"move\s+([+-]?[0-9]{1,6}(?:\.[0-9]{0,6})?)\s+([+-]?[0-9]{1,6}(?:\.[0-9]{0,6})?)", re.I)
"""A typed ``move X Y`` (inches), read to say why it is refused."""


def load_roster(path: str | Path | None = None) -> Roster:
    return load_model(Roster, path if path is not None else packaged_data(PACKAGE, "roster.toml"))


def load_chart() -> Chart:
    return load_model(Chart, packaged_data(PACKAGE, "maneuvers.toml"))


class SkirmishGame(Game):
    """Two (or four) players, one wrestler each (two in a tag match), on a 30-inch ring."""

    name = "skirmish"
    title = "Ring skirmish (30-inch ring)"
    agent_targets: ClassVar[Mapping[str, str]] = {
        "heuristic": "turnbuckle.games.skirmish.agents:HeuristicAgent",
        "search": "turnbuckle.games.skirmish.agents:SearchAgent",
        "expert": "turnbuckle.games.skirmish.agents:SearchAgent",
    }
    """``expert`` is the search agent under the name ``turnbuckle play`` picks by default."""
    min_players = 2
    max_players = 4
    hidden_information = True
    secrets_revealed = "the bids were revealed"
    chance_reveals = False

    def __init__(
        self,
        match_type: str = "singles",
        wrestlers: list[str] | tuple[str, ...] | None = None,
        roster: str | None = None,
        base_diameter: float = 1.6,
        max_rounds: int = 40,
        end_floor_ap: str = "per_end",
        whip_rope_route: bool = True,
    ) -> None:
        if match_type not in MATCH_TYPES:
            raise ParamError(f"option match_type must be one of {', '.join(MATCH_TYPES)}, got {match_type!r}")
        if not isinstance(max_rounds, int) or isinstance(max_rounds, bool) or not 1 <= max_rounds <= 200:
            raise ParamError(f"option max_rounds must be a whole number from 1 to 200, got {max_rounds!r}")
        if not isinstance(base_diameter, int | float) or isinstance(base_diameter, bool) \
                or not 0.8 <= base_diameter <= 3.0 or abs(base_diameter * 5 - round(base_diameter * 5)) > 1e-9:
            raise ParamError(f"option base_diameter must be 0.8 to 3.0 inches in steps of 0.2, got {base_diameter!r}")
        if end_floor_ap not in ("per_end", "one"):
            raise ParamError(f"option end_floor_ap must be per_end or one, got {end_floor_ap!r}")
        if not isinstance(whip_rope_route, bool):
            raise ParamError(f"option whip_rope_route must be true or false, got {whip_rope_route!r}")
        self.roster_file = load_roster(roster)
        self.chart = load_chart()
        self.match_type = match_type
        self.players = 4 if match_type == "fatal_four_way" else 2
        per_side = 2 if match_type == "tag" else 1
        need = self.players * per_side
        if wrestlers is None:
            wrestlers = [w.name for w in self.roster_file.wrestler[:need]]
        wrestlers = list(wrestlers)
        if len(wrestlers) != need:
            raise ParamError(f"a {match_type} match needs {need} wrestlers, got {len(wrestlers)}")
        profiles: list[Wrestler] = []
        for name in wrestlers:
            found = self.roster_file.find(name)
            if found is None:
                known = "; ".join(w.name for w in self.roster_file.wrestler)
                raise ParamError(f"unknown wrestler {name!r} (roster has: {known})")
            profiles.append(found)
        if len({p.name for p in profiles}) != len(profiles):
            raise ParamError("a wrestler cannot appear twice in one match")
        super().__init__(
            {"match_type": match_type, "wrestlers": [p.name for p in profiles], "roster": roster,
             "base_diameter": base_diameter, "max_rounds": max_rounds, "end_floor_ap": end_floor_ap,
             "whip_rope_route": whip_rope_route},
            ActionTable(()),
        )
        self.profiles: tuple[Wrestler, ...] = tuple(profiles)
        self.per_side = per_side
        self.max_rounds = max_rounds
        self.end_floor_ap = end_floor_ap
        self.whip_rope_route = whip_rope_route
        self.radius = tuple(round((p.base or base_diameter) * geo.UNIT / 2) for p in profiles)
        basics = list(self.chart.maneuver) + (list(self.chart.tag_maneuver) if match_type == "tag" else [])
        basic_keys = {m.key for m in basics}
        self.maneuvers: list[Maneuver] = list(basics)
        self.basic_count = len(basics)
        self.own: list[set[int]] = []
        """Per wrestler: indices of maneuvers it can perform (basics plus its unique ones)."""
        keys = dict.fromkeys(basic_keys, -1)
        for wi, prof in enumerate(profiles):
            mine = set(range(len(basics)))
            for m in prof.maneuver:
                if m.key in basic_keys:
                    raise ParamError(f"wrestler {prof.name!r}: unique maneuver {m.name!r} repeats a basic maneuver")
                if m.key in keys:
                    raise ParamError(f"maneuver {m.name!r} belongs to two wrestlers in this match")
                keys[m.key] = wi
                mine.add(len(self.maneuvers))
                self.maneuvers.append(m)
            self.own.append(mine)
        self.own_sorted: list[tuple[int, ...]] = [tuple(sorted(mine)) for mine in self.own]
        self.jockey_index = next((i for i, m in enumerate(self.maneuvers) if m.key == "jockey"), -1)
        self._build_actions()

    # -- the action table (fixed per game: OpenSpiel needs a finite, fixed action space) ------
    def _build_actions(self) -> None:
        names: list[str] = ["end turn", "no boost", "boost", "no counter", "keep facing", "stay"]
        names += [f"bid {k}" for k in range(MAX_AP + 1)]
        names += [f"corner {c}" for c in geo.CORNERS]
        names += [f"starter {k}" for k in (1, 2)]
        seats = range(self.players)
        self.maneuver_action: dict[tuple[int, int, str], int] = {}
        self.maneuver_spec: dict[int, tuple[int, int, str]] = {}
        for mi, m in enumerate(self.maneuvers):
            if m.kind in ("attack", "pin"):
                for seat in seats:
                    for stat in m.stats:
                        name = f"{m.key} P{seat}" + (f" {stat}" if len(m.stats) > 1 else "")
                        self.maneuver_action[(mi, seat, stat)] = len(names)
                        self.maneuver_spec[len(names)] = (mi, seat, stat)
                        names.append(name)
            else:
                self.maneuver_action[(mi, -1, "")] = len(names)
                self.maneuver_spec[len(names)] = (mi, -1, "")
                names.append(m.key)
        self.stay_id = names.index("stay")
        self.facing_base = len(names)
        names += [f"face {point}" for point in geo.FACING_NAMES]  # compass points: no clockwise to explain
        self.face_seat_base = len(names)
        names += [f"face P{s}" for s in seats]
        self.anchor_base = len(names)
        self.anchor_spec: list[tuple[int, str, float]] = []
        for seat in seats:
            for kind in ("b2b", "2in"):
                for b in geo.ANCHOR_BEARINGS:
                    self.anchor_spec.append((seat, kind, b))
                    names.append(f"to P{seat} {kind} {geo.degree_label(b)}")
        self.rope_base = len(names)
        names += [f"rope {side}" for side in geo.ROPES]
        self.grid_base = len(names)
        names += [geo.grid_name(p) for p in geo.GRID_POINTS]
        self.push_base = len(names)
        names += [f"push {d}" for d in range(PUSH_MAX + 1)]
        self.push_max = len(names)
        names.append("push max")
        self.place_base = len(names)
        names += [f"place rear {b}" for b in geo.REAR_BEARINGS]
        self.effect_base = len(names)
        names += [f"effect {e}" for e in FLAUNT_EFFECTS]
        self.drain_base = len(names)
        names += [f"drain P{s}" for s in seats]
        self.route_base = len(names)  # appended last: the older ids stay put
        names += ["direct", *(f"via rope {side}" for side in geo.ROPES)]
        decisions = [Action(i, n) for i, n in enumerate(names)]
        self.decision_array = np.empty(len(decisions), dtype=object)
        """The decisions by id, for picking hundreds of destinations with one numpy index."""
        for action in decisions:
            self.decision_array[action.id] = action

        chance: list[str] = []
        self.order_outcomes: dict[tuple[int, ...], int] = {}
        for size in range(2, self.players + 1):
            for perm in itertools.permutations(range(self.players), size):
                self.order_outcomes[perm] = len(chance)
                chance.append("order " + " ".join(f"P{p}" for p in perm))
        self.order_of: dict[int, tuple[int, ...]] = {v: k for k, v in self.order_outcomes.items()}
        self.batch_base = len(chance)
        self.batch_id: dict[tuple[int, int], int] = {}
        for a in range(MAX_DICE + 1):
            for b in range(MAX_DICE + 1 - a):
                self.batch_id[(a, b)] = len(chance)
                chance.append(f"dice 5s={a} 6s={b}")
        self.batch_of: dict[int, tuple[int, int]] = {v: k for k, v in self.batch_id.items()}
        self.total_base = len(chance) - 1  # "total t" has id total_base + t, t >= 1
        chance += [f"total {t}" for t in range(1, 6 * MAX_DICE + 1)]
        self.actions = ActionTable(decisions, [Action(i, n) for i, n in enumerate(chance)])
        self.decision_list = decisions
        self._num_decisions = self.actions.num_decisions
        self._num_chance = self.actions.num_chance
        self.chance_list = self.actions.chance
        self.batch_outcomes = {
            m: [(self.chance_list[self.batch_id[(a, b)]], p) for a, b, p in rows] for m, rows in BATCHES.items()
        }
        self.total_outcomes = {
            n: [(self.chance_list[self.total_base + t], p) for t, p in rows] for n, rows in TOTALS.items()
        }

    # -- Game hooks ------------------------------------------------------------------------------
    @classmethod
    def options(cls) -> list[GameOption]:
        return [
            GameOption("match_type", "singles", "singles, fatal_four_way (4 players) or tag (2 wrestlers a side)",
                       MATCH_TYPES),
            GameOption("wrestlers", None, "wrestler names from the roster, seat by seat (tag: P0's two, then P1's)",
                       kind="wrestlers"),
            GameOption("roster", None, "path of a roster TOML file (default: the starter roster)", kind="file"),
            GameOption("base_diameter", 1.6, "round base diameter in inches (a profile's `base` overrides it)",
                       minimum=0.8, maximum=3.0),
            GameOption("max_rounds", 40, "rounds before the match is called a draw (the text has no limit)",
                       minimum=1, maximum=200),
            GameOption("end_floor_ap", "per_end", "END the floor prevents pays the attacker: per_end AP or one AP",
                       ("per_end", "one")),
            GameOption("whip_rope_route", True, "a Whip may send the defender off a rope on its way (2 END)",
                       (True, False)),
        ]

    @classmethod
    def rules_summary(cls) -> str:
        from turnbuckle.games.skirmish.narrate import RULES_SUMMARY

        return RULES_SUMMARY

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> SkirmishState:
        return SkirmishState(self)

    def num_distinct_actions(self) -> int:
        return self._num_decisions  # cached: the table holds ~3,900 names

    def max_chance_outcomes(self) -> int:
        return self._num_chance

    def max_game_length(self) -> int:
        # every maneuver is at most once per round per player; explosions are unbounded in
        # principle (each chain goes on with probability 1/6), so this is a generous bound
        return self.max_rounds * self.players * 1500 + 200

    def player_label(self, player: int) -> str:
        team = self.profiles[player * self.per_side : (player + 1) * self.per_side]
        return " & ".join(w.name for w in team)

    def sides(self) -> list[Side]:
        return [
            Side(self.player_label(p), (p,),
                 tuple(w.name for w in self.profiles[p * self.per_side : (p + 1) * self.per_side]))
            for p in range(self.players)
        ]

    def refusal(self, state: State, typed: str) -> str | None:
        """A typed ``move X Y`` that is not a destination: why (too far: how far the wrestler can go)."""
        found = MOVE_TYPED.fullmatch(typed.strip())
        if found is None or not isinstance(state, SkirmishState):
            return None
        try:
            x, y = float(found[1]), float(found[2])
        except ValueError:
            return None
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        return move_refusal(state, x, y)

    def describe_action(self, action_name: str) -> str | None:
        stem = action_name.split(" P")[0]
        for m in self.maneuvers:
            if m.key == stem:
                return f"{m.name} ({m.cost} AP, {m.kind}): {m.text}"
        from turnbuckle.games.skirmish.narrate import describe_decision

        return describe_decision(action_name)

    def position_codec(self) -> Any:
        from turnbuckle.games.skirmish.position import CODEC

        return CODEC

    def tensor_view(self) -> Any:
        """Models, AP pools, the bids a player may see and the resolving maneuver as numbers
        (``tensor.py``): lets OpenSpiel and PettingZoo serve them instead of JSON strings."""
        from turnbuckle.games.skirmish.tensor import SkirmishTensor

        return SkirmishTensor(self)

    def narrate(self, event: Event) -> str | None:
        from turnbuckle.games.skirmish.narrate import narrate

        return narrate(self, event)

    def render_observation(self, observation: dict[str, Any]) -> str:
        from turnbuckle.games.skirmish.render import render_text

        return render_text(observation)

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The ring; the legal destinations among ``actions`` are drawn as dots to click."""
        from turnbuckle.games.skirmish.render import render_svg

        return render_svg(observation, actions, narrow=narrow)


    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        from turnbuckle.games.skirmish.render import table_picks

        return table_picks(observation, actions)
    def roster(self) -> list[dict[str, Any]]:
        return [
            {"name": w.name, "STR": w.STR, "TECH": w.TECH, "END": w.END, "SPD": w.SPD, "SHOW": w.SHOW,
             "style": w.style, "hometown": w.hometown,
             "maneuvers": [f"{m.name} ({m.cost} AP {m.kind}): {m.text}" for m in w.maneuver]}
            for w in self.roster_file.wrestler
        ]

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        return [w.name for w in load_roster(path).wrestler]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        return (
            "# A ring skirmish wrestler: stats are dice (END is also the damage track).\n"
            "# Unique maneuvers use the Basic Maneuver Chart's words: cost, kind (move, attack, pin,\n"
            "# special), stats, bonus, defender, arc (front, back, either), requires, effects.\n\n"
            f"[[wrestler]]\nname = {toml_string(name)}\nSTR = 3\nTECH = 3\nEND = 7\nSPD = 2\nSHOW = 2\n"
            "  [[wrestler.maneuver]]\n  name = \"Signature Slam\"\n  cost = 3\n  kind = \"attack\"\n"
            "  stats = [\"STR\"]\n  defender = \"STR\"\n  arc = \"front\"\n  effects = [\"damage\", \"stagger\"]\n"
        )

    def review_plan(self) -> ReviewPlan:
        """Sampled: heuristic playouts to the end of the next round (``review.py``)."""
        from turnbuckle.games.skirmish.review import review_plan

        return review_plan()

    # -- helpers shared by the state ---------------------------------------------------------------
    def team(self, player: int) -> range:
        return range(player * self.per_side, (player + 1) * self.per_side)
