"""``FilsingerGame``: params, cards in the match, the action table and the game-level hooks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, GameOption
from turnbuckle.engine.picks import Pick, Piece
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.filsinger import actions as A
from turnbuckle.games.filsinger.cards import load_roster
from turnbuckle.games.filsinger.charts import TWO_DICE, default_charts
from turnbuckle.games.filsinger.models import Card, ChartRow, PlainChart, RatedChart
from turnbuckle.games.filsinger.options import MATCH_TYPES, game_options, resolve_options
from turnbuckle.games.filsinger.state import FilsingerState

if TYPE_CHECKING:
    pass

REGULAR_PARTNERS = 6
"""TAGGING OUT ON DEFENSE: regular tag partners tag on 2d6 <= 6."""
SAME_GROUP = 4
"""... members of the same group on 2d6 <= 4."""
DEFAULT_DISTRACTOR = 5
"""DISTRACTOR RATINGS: 5 when the card shows none."""
INJURY_PIN = 2
"""THE FEUD TABLE: an injured wrestler's PIN rating goes up by two."""


def _relation(a: Card, b: Card) -> int:
    """The 2d6 number a defensive tag from ``a`` to ``b`` needs (0: no tag allowed)."""
    if b.name in a.partners or a.name in b.partners:
        return REGULAR_PARTNERS
    if a.group and a.group == b.group:
        return SAME_GROUP
    return 0


def _listify(value: Any) -> Any:
    """``"A|B"`` (string-only front ends such as OpenSpiel params) -> ``["A", "B"]``."""
    if isinstance(value, str):
        return [part.strip() for part in value.split("|") if part.strip()] or None
    return value


class FilsingerGame(Game):
    """The Filsinger Games chart system: singles, tag (any size), No DQ and Cage matches."""

    name: ClassVar[str] = "filsinger"
    title: ClassVar[str] = "Filsinger Games (Champions of the Galaxy / Legends of Wrestling)"
    agent_targets: ClassVar[Mapping[str, str]] = {
        "expert": "turnbuckle.games.filsinger.expert:ExpertAgent",
        "heuristic": "turnbuckle.games.filsinger.expert:HeuristicAgent",
    }
    bulk_agent: ClassVar[str] = "expert"
    """A few ms a match, so balance reports can afford the strongest agent."""
    deferred_events = True
    """Playouts record nothing; ``events`` replays the history on first read (positions set up by
    hand call ``State.materialize_events`` first, as ``forcing.force`` does)."""

    def __init__(self, **params: Any) -> None:
        self.opts = resolve_options(params)
        match_type = params.get("match_type", "singles")
        if match_type not in MATCH_TYPES:
            raise ParamError(f"filsinger: match_type {match_type!r} is not one of {', '.join(MATCH_TYPES)}")
        self.match_type: str = match_type
        self.size = MATCH_TYPES[match_type]
        params = {k: _listify(v) if k in ("wrestlers", "injured") else v for k, v in params.items()}
        if params.get("roster") == "":
            params.pop("roster")
        roster_path = params.get("roster")
        if roster_path is not None and not isinstance(roster_path, str):
            raise ParamError("filsinger: roster must be a file path")
        self.roster_cards = load_roster(roster_path)
        self.cards: tuple[Card, ...] = self._pick(params.get("wrestlers"))
        self.teams = [list(range(0, self.size)), list(range(self.size, 2 * self.size))]
        for key in ("no_dq", "cage"):
            if not isinstance(params.get(key, False), bool):
                raise ParamError(f"filsinger: {key} must be true or false")
        self.cage: bool = params.get("cage", False)
        self.no_dq: bool = params.get("no_dq", False) or self.cage
        feud = params.get("feud")
        if isinstance(feud, str):  # "true"/"false"/"auto" from string-only front ends
            words = {"true": True, "false": False, "auto": None, "": None}
            if feud.strip().lower() not in words:
                raise ParamError(f"filsinger: feud must be true, false or auto, got {feud!r}")
            feud = words[feud.strip().lower()]
        if feud is not None and not isinstance(feud, bool):
            raise ParamError("filsinger: feud must be true, false or left out")
        if feud is None:
            feud = any(
                self.cards[i].name in self.cards[j].rivals or self.cards[j].name in self.cards[i].rivals
                for i in self.teams[0]
                for j in self.teams[1]
            )
        self.feud: bool = feud
        self.feud_active = self.opts.feud_table and feud
        injured = params.get("injured") or []
        if not isinstance(injured, list) or not all(isinstance(n, str) for n in injured):
            raise ParamError("filsinger: injured must be a list of wrestler names")
        names = {c.name.lower() for c in self.cards}
        for n in injured:
            if n.lower() not in names:
                raise ParamError(f"filsinger: injured wrestler {n!r} is not in this match")
        self.injured = [c.name for c in self.cards if c.name.lower() in {n.lower() for n in injured}]
        self.charts = default_charts()
        self.relation = [[_relation(a, b) if a is not b else 0 for b in self.cards] for a in self.cards]
        self.pin_save_allowance = [self._saves(t) for t in self.teams]
        self.base_pin = [self._base_pin(c) for c in self.cards]
        normalized: dict[str, Any] = {
            "match_type": self.match_type,
            "wrestlers": [c.name for c in self.cards],
            "no_dq": params.get("no_dq", False),
            "cage": self.cage,
        }
        for key in ("roster", "feud", "tournament_standard"):
            if key in params:
                normalized[key] = params[key]
        if injured:
            normalized["injured"] = list(injured)
        for option in game_options():
            if option.name in params and option.name not in normalized:
                normalized[option.name] = params[option.name]
        super().__init__(normalized, A.build_table(self.charts, [c.name for c in self.cards]))
        chance = self.actions.chance
        self.d6_outcomes = [(chance[i], 1 / 6) for i in range(6)]
        self.sum_outcomes = [(chance[6 + t - 2], TWO_DICE[t]) for t in range(2, 13)]
        self.pair_outcomes = [(chance[17 + i], 1 / 36) for i in range(36)]
        self.first_outcomes = [(chance[53], 0.5), (chance[54], 0.5)]
        self.partner_base = 55
        # lookups for the state machine's hot path: entries by [card][level][face - 1], names by card
        self.offense: list[tuple[Any, ...]] = [
            (None, c.offense.level1, c.offense.level2, c.offense.level3) for c in self.cards
        ]
        self.defense: list[tuple[Any, ...]] = [
            (None, c.defense.level1, c.defense.level2, c.defense.level3) for c in self.cards
        ]
        self.names: list[str] = [c.name for c in self.cards]
        self.chart_rows: dict[str, list[dict[int, ChartRow]]] = {
            key: [self._rows(key, card) for card in self.cards]
            for key in ("ropes", "turnbuckle", "ring", "deathjump", "feud", "pin_saves", "interference", "brawl")
        }
        """Each chart's rows by roll, as the wrestler with that card index reads it (his rating's column)."""
        self.legal_cache: dict[tuple[Any, ...], tuple[tuple[str, ...], tuple[Action, ...]]] = {}
        """The decisions open in a situation (``FilsingerState._legal``), built once per situation."""

    # -- setup helpers ---------------------------------------------------------------------
    def _pick(self, wanted: Any) -> tuple[Card, ...]:
        n = 2 * self.size
        cards = self.roster_cards
        if wanted is None:
            if len(cards) < n:
                raise ParamError(f"filsinger: the roster has {len(cards)} wrestlers; {n} are needed")
            evens, odds = list(cards[0::2]), list(cards[1::2])
            if len(evens) < self.size or len(odds) < self.size:
                return tuple(cards[:n])
            return tuple(evens[: self.size] + odds[: self.size])
        if not isinstance(wanted, list) or not all(isinstance(w, str) for w in wanted):
            raise ParamError("filsinger: wrestlers must be a list of names")
        if len(wanted) != n:
            raise ParamError(f"filsinger: a {self.match_type} match needs {n} wrestlers, got {len(wanted)}")
        by_name = {c.name.lower(): c for c in cards}
        out: list[Card] = []
        for w in wanted:
            card = by_name.get(w.strip().lower())
            if card is None:
                raise ParamError(f"filsinger: unknown wrestler {w!r}; see `turnbuckle roster filsinger`")
            if card in out:
                raise ParamError(f"filsinger: {card.name} cannot wrestle twice in one match")
            out.append(card)
        return tuple(out)

    def _saves(self, team: list[int]) -> int:
        """PIN SAVES: two for regular partners, one for a group (the promoter's call), else none."""
        best = max((self.relation[a][b] for a in team for b in team if a != b), default=0)
        return 2 if best == REGULAR_PARTNERS else 1 if best == SAME_GROUP else 0

    def _base_pin(self, card: Card) -> int:
        """PIN rating in use before tokens: basic or (advanced); Cage rating in a cage match."""
        r = card.ratings
        base = r.pin_advanced if self.opts.advanced_pin else r.pin
        if self.cage:
            base = r.cage - (r.pin - base)
        if self.opts.feud_table and card.name in self.injured:
            base += INJURY_PIN
        return base

    def _rows(self, key: str, card: Card) -> dict[int, ChartRow]:
        chart = self.chart(key)
        if isinstance(chart, RatedChart):
            return {roll: chart.lookup(self.chart_rating(card, key), roll) for roll in range(2, 13)}
        return {roll: chart.lookup(roll) for roll in range(2, 13)}

    # -- lookups the state uses --------------------------------------------------------------
    def chart(self, key: str) -> RatedChart | PlainChart:
        chart: RatedChart | PlainChart = getattr(self.charts, key)
        return chart

    def chart_title(self, key: str) -> str:
        return self.chart(key).title

    @staticmethod
    def chart_rating(card: Card, key: str) -> str:
        return card.ratings.chart(key) if key in ("ropes", "turnbuckle", "ring", "deathjump") else "-"

    @staticmethod
    def distractor_rating(card: Card) -> int:
        return card.ratings.distractor if card.ratings.distractor is not None else DEFAULT_DISTRACTOR

    def side_names(self, side: int) -> str:
        return " & ".join(self.cards[c].name for c in self.teams[side])

    def sides(self) -> list[Side]:
        """Two sides, each one wrestler or a tag team (BASIC 8)."""
        return [Side(self.side_names(s), (s,), tuple(self.cards[c].name for c in self.teams[s])) for s in (0, 1)]

    # -- the Game contract -----------------------------------------------------------------
    @classmethod
    def options(cls) -> list[GameOption]:
        return game_options()

    @classmethod
    def rules_summary(cls) -> str:
        from turnbuckle.games.filsinger.narrate import RULES_SUMMARY

        return RULES_SUMMARY

    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> FilsingerState:
        return FilsingerState(self)

    def max_game_length(self) -> int:
        return 100_000

    def utility_sum(self) -> float:
        """Zero-sum: a win is +1/-1, a double DQ or double count out 0/0 (OpenSpiel hook)."""
        return 0.0

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def player_label(self, player: int) -> str:
        return self.side_names(player)

    def position_codec(self) -> Any:
        from turnbuckle.games.filsinger.position import CODEC

        return CODEC

    def tensor_view(self) -> Any:
        from turnbuckle.games.filsinger.tensor import FilsingerTensor

        return FilsingerTensor(self)

    def narrate(self, event: Event) -> str | None:
        from turnbuckle.games.filsinger.narrate import narrate

        return narrate(event)

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The cards, the LEVEL ladder, a Choice Situation's moves and the partners on the apron."""
        from turnbuckle.games.filsinger.render_svg import render_svg

        return render_svg(self, observation, narrow=narrow)

    def action_labels(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
        from turnbuckle.games.filsinger.table import choice_labels

        return choice_labels(self, observation, actions)

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        from turnbuckle.games.filsinger.table import picks

        return picks(self, observation, actions)

    def event_pieces(self, event: Event) -> list[Piece]:
        from turnbuckle.games.filsinger.table import event_pieces

        return event_pieces(event)

    def render_observation(self, observation: dict[str, Any]) -> str:
        """Both sides' cards side by side (plain text) and the moment in words."""
        from turnbuckle.games.filsinger.view import render

        return render(self, observation)

    def decision_options(self, form: bool = False) -> str | None:
        """A one-line note when this match gives players no decisions (the CLI prints it before
        ``play``, the new-match form under its options), naming the options that would; ``None``
        when there is something to decide."""
        from turnbuckle.games.filsinger.view import decision_note

        return decision_note(self, form=form)

    @classmethod
    def first_match(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        """OPTIONAL 5, 7, 9 and 15 (chart choices, Choice Situations, DQ moves, distractor), unless
        ``params`` choose the optional rules (``options.first_match``)."""
        from turnbuckle.games.filsinger.options import first_match

        return first_match(params)

    def roster(self) -> list[dict[str, Any]]:
        from turnbuckle.games.filsinger.narrate import describe_card

        return [describe_card(c) for c in self.roster_cards]

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        from turnbuckle.games.filsinger.cards import validate_card_file

        return [card.name for card in validate_card_file(path)]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        from turnbuckle.games.filsinger.cards import template_card

        return template_card(name)

    def review_plan(self) -> ReviewPlan:
        """Exact where the expert solves the match, else heuristic playouts (``review.py``)."""
        from turnbuckle.games.filsinger.review import review_plan

        return review_plan(self)

    def action(self, name: str) -> Action:
        """Look an action up by name (tests and agents)."""
        found = self.actions.by_name(name)
        if found is None:
            raise KeyError(name)
        return found
