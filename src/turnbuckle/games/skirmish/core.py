"""Ring skirmish state core: phases, models, fields, clone, the contract's plain parts, chance, observation (SK-3.2)."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Self

import numpy as np
import numpy.typing as npt

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.game import CHANCE, TERMINAL, State
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Method
from turnbuckle.games.skirmish import geometry as geo

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.game import SkirmishGame

FIRST_GAIN: Final = 5
ROUND_GAIN: Final = 3
FLAUNT_CAP: Final = 3
ROPE_END: Final = 2
PIN_COUNT: Final = 3
MAX_AP: Final = 10
"""Pool cap (SK-3.1), held at all times (R-SK-21)."""
PUSH_MAX: Final = 60
FLAUNT_EFFECTS: Final = ("end", "pin", "gain")

# phases: what the state waits for
SETUP_ORDER, STARTER, CORNER, BID, BID_ORDER, TURN = 0, 1, 2, 3, 4, 5
MOVE_ROLL, DEST, FACE, BOOST, ROLL, COUNTER, PUSH, WHIP_ROLL, PLACE, FLAUNT_EFFECT, OVER = range(6, 17)
ROUTE: Final = 17
"""Whip: ``direct`` or ``via rope N|E|S|W`` before the destination (R-SK-11); after OVER so the
older phase numbers stay put."""
CHANCE_PHASES: Final = frozenset({SETUP_ORDER, BID_ORDER, MOVE_ROLL, ROLL, WHIP_ROLL})
PHASE_NAMES: Final = (
    "roll-off", "choose starter", "choose corner", "bid", "bid roll-off", "turn", "move roll",
    "destination", "facing", "boost", "attack roll", "counter", "push", "whip roll", "placement",
    "flaunt effect", "over", "whip route",
)


@dataclass(slots=True)
class Model:
    """One wrestler model: where it stands and what it has left (per match)."""

    wrestler: int
    """Index into the game's wrestlers."""
    player: int
    x: int = 0
    y: int = 0
    fx: int = 1
    fy: int = 0
    r: int = 8
    end: int = 1
    staggered: bool = False
    jockeyed: bool = False
    in_ring: bool = False

    @property
    def pos(self) -> geo.Point:
        return (self.x, self.y)

    @property
    def facing(self) -> geo.Point:
        return (self.fx, self.fy)


_OLD_FACING_NAMES: Final = {geo.degree_label(d): point for d, point in zip(geo.FACING_DEGREES, geo.FACING_NAMES,
                                                                           strict=True)}
"""``face 90`` (the name until issue 22.14) is ``face N``."""


def id_of(by_name: Any, name: str) -> int:
    """The id of the action called ``name`` (``by_name``: the game's ``actions.by_name``)."""
    action: Action = by_name(name)
    return action.id


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: clone's _new_empty (engine.game)
class SkirmishCore(State["SkirmishGame"]):
    """A match's fields and the contract's plain parts; the rule layers build on it."""

    def __init__(self, game: SkirmishGame) -> None:
        super().__init__(game)
        n = game.players
        self.models = [
            Model(wrestler=i, player=i // game.per_side, r=game.radius[i], end=prof.END)
            for i, prof in enumerate(game.profiles)
        ]
        self.active = [p * game.per_side for p in range(n)]
        self.corner: list[str] = [""] * n
        self.pool = [0] * n
        self.bid = [0] * n
        self.left = [0] * n
        self.bid_in = [False] * n
        self.revealed = False
        self.used: list[set[int]] = [set() for _ in range(n)]
        self.flaunt_pin = [0] * n
        self.tag_double = [False] * n
        self.round = 0
        self.setup_order: list[int] = []
        self.order: list[int] = []
        self.turn_index = -1
        self.chooser = 0
        self.phase = SETUP_ORDER
        self.pend: dict[str, Any] = {}
        self.tie_groups: list[list[int]] = []
        self.winner = -1
        self.how = ""
        self._cache: list[Action] | None = None
        self._dest: tuple[dict[int, geo.Point], npt.NDArray[np.int64]] | None = None
        self._named: tuple[dict[int, geo.Point], geo.PathFinder] | None = None
        self._legal_ids_sorted: list[int] = []
        self._opts: tuple[int, list[tuple[int, tuple[int, int, str]]]] | None = None

    def action_from_string(self, text: str) -> Action:
        """Also accepts typed points such as ``move 12.5 8`` (normalised to ``move 12.5 8.0``), and
        the facings' old names (``face 90``, degrees counter-clockwise from east) that stored
        matches and replays from before the compass names hold."""
        parts = text.split()
        if len(parts) == 2 and parts[0] == "face" and parts[1] in _OLD_FACING_NAMES:
            return super().action_from_string(f"face {_OLD_FACING_NAMES[parts[1]]}")
        if len(parts) == 3 and parts[0] == "move":
            try:
                x, y = float(parts[1]), float(parts[2])
            except ValueError:
                return super().action_from_string(text)
            if not (math.isfinite(x) and math.isfinite(y)):  # 'move 1e999 1', 'move nan 2'
                return super().action_from_string(text)
            name = f"move {x:.1f} {y:.1f}"
            if self.game.actions.by_name(name) is None:
                nx = min(29.5, max(0.5, round(x * 2) / 2))
                ny = min(29.5, max(0.5, round(y * 2) / 2))
                raise IllegalActionError(f"{text!r} is not on the 0.5-inch grid; nearest: move {nx:.1f} {ny:.1f}")
            return super().action_from_string(name)
        return super().action_from_string(text)

    def refresh(self) -> None:
        """Forget cached legal decisions (after a test or a scenario edits the state by hand)."""
        self._cache = None
        self._opts = None
        self._dest = None
        self._named = None

    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.chooser

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        n = self.game.players
        if self.winner < 0:
            return [0.0] * n
        lose = -1.0 / (n - 1)
        return [1.0 if p == self.winner else lose for p in range(n)]

    def match_result(self) -> MatchResult | None:
        if self.phase != OVER:
            return None
        if self.winner < 0:
            return MatchResult.from_returns(self.game.sides(), self.returns(), method=Method.TIME_LIMIT,
                                            detail=f"no pinfall in {self.game.max_rounds} rounds")
        return MatchResult.from_returns(self.game.sides(), self.returns(), method=Method.PIN, detail=self.how,
                                        extra={"round": self.round})

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SkirmishCore)
        other.models = [Model(m.wrestler, m.player, m.x, m.y, m.fx, m.fy, m.r, m.end, m.staggered, m.jockeyed,
                              m.in_ring) for m in self.models]
        other.active = self.active.copy()
        other.corner = self.corner.copy()
        other.pool = self.pool.copy()
        other.bid = self.bid.copy()
        other.left = self.left.copy()
        other.bid_in = self.bid_in.copy()
        other.used = [u.copy() for u in self.used]
        other.flaunt_pin = self.flaunt_pin.copy()
        other.tag_double = self.tag_double.copy()
        other.setup_order = self.setup_order.copy()
        other.order = self.order.copy()
        other.pend = dict(self.pend)
        other.tie_groups = [g.copy() for g in self.tie_groups]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        g = self.game
        phase = self.phase
        if phase == ROLL:
            return g.batch_outcomes[self.pend["batch"]]
        if phase in (MOVE_ROLL, WHIP_ROLL):
            return g.total_outcomes[self.pend["dice"]]
        if phase in (SETUP_ORDER, BID_ORDER):
            group = list(range(g.players)) if phase == SETUP_ORDER else self.tie_groups[0]
            perms = list(itertools.permutations(group))
            p = 1.0 / len(perms)
            return [(g.chance_list[g.order_outcomes[perm]], p) for perm in perms]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """The same distribution as ``chance_outcomes``, drawn die by die (faster)."""
        g = self.game
        phase = self.phase
        if phase == ROLL:
            fives = sixes = 0
            for _ in range(self.pend["batch"]):
                face = rng.randrange(6)
                if face == 4:
                    fives += 1
                elif face == 5:
                    sixes += 1
            return g.chance_list[g.batch_id[(fives, sixes)]]
        if phase in (MOVE_ROLL, WHIP_ROLL):
            total = sum(rng.randrange(1, 7) for _ in range(self.pend["dice"]))
            return g.chance_list[g.total_base + total]
        return super().sample_chance(rng)

    def observation(self, player: int) -> dict[str, Any]:
        """Everything is public except a bid before the reveal (SK-3.2)."""
        g = self.game
        pend = self.pend
        players = []
        for p in range(g.players):
            show_bid = self.revealed or p == player
            players.append({
                "player": p,
                "label": g.player_label(p),
                "corner": self.corner[p] or None,
                "pool": self.pool[p],
                "bid": self.bid[p] if show_bid and self.bid_in[p] else None,
                "bid_submitted": self.bid_in[p],
                "bid_left": self.left[p] if self.revealed else None,
                "used": sorted(g.maneuvers[i].name for i in self.used[p]),
                "flaunt_pin_dice": self.flaunt_pin[p],
                "tag_cost_doubled": self.tag_double[p],
            })
        models = []
        for i, m in enumerate(self.models):
            prof = g.profiles[m.wrestler]
            models.append({
                "model": i, "name": prof.name, "player": m.player,
                "x": m.x / geo.UNIT, "y": m.y / geo.UNIT, "facing": [m.fx, m.fy], "base": 2 * m.r / geo.UNIT,
                "end": m.end, "end_start": prof.END, "staggered": m.staggered, "in_ring": m.in_ring,
                "corner": self.corner[m.player] or None,
            })
        obs: dict[str, Any] = {
            "game": g.name, "player": player, "match_type": g.match_type, "round": self.round,
            "max_rounds": g.max_rounds, "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player(), "order": self.order if self.revealed else [],
            "turn_player": self.order[self.turn_index] if self.revealed and 0 <= self.turn_index < len(self.order)
            else None,
            "players": players, "models": models, "winner": self.winner if self.phase == OVER else None,
        }
        if pend:
            shown = ("player", "model", "target", "stat", "a_hits", "d_hits", "count", "limit", "mover", "sdv",
                     "counter", "a_dice", "d_dice", "via")
            public: dict[str, Any] = {k: pend[k] for k in shown if k in pend}
            if "man" in pend:
                public["maneuver"] = g.maneuvers[pend["man"]].name
            if "limit" in public:
                public["limit"] = public["limit"] / geo.UNIT
            obs["pending"] = public
        obs["prompt"] = self._prompt()
        return obs

    def determinize(self, player: int, rng: random.Random) -> Self:
        """Re-sample what ``player`` cannot see: other players' bids submitted but not yet revealed."""
        copy = self.clone()
        if not self.revealed:
            for p in range(self.game.players):
                if p != player and self.bid_in[p]:
                    copy.bid[p] = rng.randint(0, self.pool[p])
        return copy

    def _name_of(self, model: int) -> str:
        return self.game.profiles[self.models[model].wrestler].name

    def _opponents(self, player: int) -> list[int]:
        return [p for p in range(self.game.players) if p != player]

    def _others(self, model: int) -> list[Model]:
        return [m for i, m in enumerate(self.models) if i != model and m.in_ring]

    def _obstacles(self, model: int) -> list[geo.Obstacle]:
        return [(m.x, m.y, m.r) for m in self._others(model)]

    def _prompt(self) -> str | None:
        """The facts the pending decision needs, in words (the prompts layer)."""
        raise NotImplementedError

