"""WRASSLIN' (Avalon Hill, 1990) on the turnbuckle core: the Game and its State machine.

Every pending step is plain data (``phase``, the response ``chain``, queues of seats) so ``clone`` and
JSON replays stay trivial. Rule numbers in comments point at ``shared/rules/wrasslin.txt``; the
interpretations are collected in ``docs/rulings-wrasslin.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import source_name, toml_string
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, GameOption
from turnbuckle.engine.picks import Pick, Piece
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.wrasslin.cards import MAX_SPECIALTIES, CardType, HoldSpec, Wrestler, load_cards, load_roster
from turnbuckle.games.wrasslin.matchtypes import DEFAULT_PLAYERS, MATCH_TYPES, PLAYER_RANGE, deck_counts, seating
from turnbuckle.games.wrasslin.state import WrasslinState
from turnbuckle.text import plural

MAX_SEATS = 8
ERROR_FLAG = "illegal, may be challenged: 11.5"
"""The mark a terminal menu puts on a play only the errors rule (11.5) allows."""

DEFAULT_ORDER = (4, 3, 0, 2, 1, 5, 6, 17, 7, 18, 8, 19, 9, 20, 10, 21, 11, 22, 12, 23, 13, 14, 15, 16)
"""Default Wrestler pick (seed-independent): The Champ vs Baby Face Harpo, then alternating."""


class WrasslinGame(Game):
    """WRASSLIN': 2-8 Wrestlers, a 180-card Action deck, Damage Tracks, Pins and Outside Influences."""

    name = "wrasslin"
    title = "WRASSLIN' (Avalon Hill card game, 1990)"
    agent_targets: ClassVar[Mapping[str, str]] = {
        "heuristic": "turnbuckle.games.wrasslin.heuristic:heuristic_agent",
        "ismcts": "turnbuckle.games.wrasslin.heuristic:make_ismcts",
        "expert": "turnbuckle.games.wrasslin.expert:ExpertAgent",
    }
    """``expert`` is the default opponent: 63.9% against the heuristic over 2,000 matches (95%
    61.8-66.0%), ~158 ms CPU a decision (``benchmarks/winrates_wrasslin.py``)."""
    min_players = 2
    max_players = MAX_SEATS
    hidden_information = True
    deferred_events = True
    """Playouts log nothing; ``events`` rebuilds the log from the action history on first read."""

    def __init__(self, **params: Any) -> None:
        known = {o.name for o in self.options()}
        for key in params:
            if key not in known:
                raise ParamError(f"wrasslin: unknown option {key!r} (known: {', '.join(sorted(known))})")
        match_type = params.get("match_type", "singles")
        if match_type not in MATCH_TYPES:
            raise ParamError(f"wrasslin: match_type must be one of {', '.join(MATCH_TYPES)}, not {match_type!r}")
        players = _int_param(params, "players")
        if players is None:
            players = DEFAULT_PLAYERS[match_type]
        lo, hi = PLAYER_RANGE[match_type]
        if not isinstance(players, int) or isinstance(players, bool) or not lo <= players <= hi:
            raise ParamError(f"wrasslin: a {match_type} match takes {lo}-{hi} players, not {players!r}")
        for flag in ("introductory", "errors_rule", "auto_pass"):
            if flag in params and not isinstance(params[flag], bool):
                raise ParamError(f"wrasslin: option {flag!r} must be true or false")
        draft = params.get("tournament_wrestlers", "deal")
        if draft not in ("deal", "draft"):
            raise ParamError("wrasslin: tournament_wrestlers must be 'deal' or 'draft'")
        if draft == "draft" and match_type != "tournament":
            raise ParamError("wrasslin: tournament_wrestlers=draft is for tournaments (14.6)")
        tag_cards = params.get("tag_cards_in_singles", "remove")
        if tag_cards not in ("remove", "redraw"):
            raise ParamError("wrasslin: tag_cards_in_singles must be 'remove' or 'redraw'")
        roster_path = params.get("roster")
        if roster_path is not None and not isinstance(roster_path, str):
            raise ParamError("wrasslin: roster must be a path to a TOML file")
        self.cards: tuple[CardType, ...] = load_cards()
        self.wrestlers: tuple[Wrestler, ...] = load_roster(roster_path)
        if len(self.wrestlers) < players:
            raise ParamError(
                f"wrasslin: the roster {source_name(roster_path) if roster_path else '(built in)'} has "
                f"{plural(len(self.wrestlers), 'Wrestler')}; "
                f"{players} players need at least {players}"
            )
        self.match_type: str = match_type
        self.players = players
        self.introductory = bool(params.get("introductory", False))
        self.errors_rule = bool(params.get("errors_rule", True))
        self.draft = draft == "draft"
        """14.6: the players draft their Wrestlers in turn instead of having them dealt."""
        self.auto_pass = bool(params.get("auto_pass", True))
        self.tag_cards = tag_cards
        self.royal = match_type == "battle_royal" or (match_type == "tournament" and players > 2)
        """Battle Royal rules (13.x) apply: a battle royal, or a tournament in Battle Royal format (14.6)."""
        size = _int_param(params, "tournament_size")
        most = len(self.wrestlers) // players
        if size is None:
            size = min(12, most)
        if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= most:
            raise ParamError(f"wrasslin: tournament_size must be 1-{most} for {players} players, not {size!r}")
        self.tournament_size = size
        limit = _int_param(params, "pass_limit")
        if limit is None:
            limit = 20 if match_type == "tournament" else 2
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ParamError("wrasslin: pass_limit must be a positive integer")
        self.pass_limit = limit
        self.seats = seating("battle_royal" if self.royal else match_type, players)
        self.stacks: tuple[tuple[int, ...], ...] = ()
        self.pool: tuple[int, ...] = ()
        """A tournament's Wrestlers, in the order they are dealt (or the pool they are drafted from)."""
        self.starting: tuple[int, ...] = self._pick_wrestlers(params.get("wrestlers"))
        self.deck0, self.aside0 = deck_counts(self.cards, "battle_royal" if self.royal else match_type,
                                              self.introductory, tag_cards)
        self.index = {c.name: c.index for c in self.cards}
        self.void: frozenset[int] = frozenset(c.index for c in self.cards if self.deck0[c.index] == 0)
        """Card types this match removes (intro sheet, 5.1, 13.2, 14.2): a Wild Card cannot become them."""
        self.hold_cards: tuple[tuple[int, HoldSpec], ...] = tuple(
            (c.index, c.hold) for c in self.cards if c.hold is not None
        )
        self.hold_memo: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        """Which Holds reach whom, by situation (``options.hold_options``), shared by every state."""
        super().__init__(params, self._action_table())
        self.void_wild: frozenset[int] = self._void_wild_ids()
        """Decisions that would turn a Wild Card into a card this match removed (11.2): never offered."""

    # -- setup ----------------------------------------------------------------------------
    def _pick_wrestlers(self, names: Any) -> tuple[int, ...]:
        by_name = {w.name: w.index for w in self.wrestlers}
        if names is None:
            order = [i for i in DEFAULT_ORDER if i < len(self.wrestlers)]
            order += [i for i in range(len(self.wrestlers)) if i not in order]
            want = self.players * self.tournament_size if self.match_type == "tournament" else self.players
            picked = order[:want]
        else:
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise ParamError("wrasslin: wrestlers must be a list of Wrestler names")
            unknown = [n for n in names if n not in by_name]
            if unknown:
                raise ParamError(f"wrasslin: unknown wrestler {unknown[0]!r} (see `turnbuckle roster wrasslin`)")
            if len(set(names)) != len(names):
                raise ParamError("wrasslin: a Wrestler can appear only once in a match")
            picked = [by_name[n] for n in names]
            want = self.players * self.tournament_size if self.match_type == "tournament" else self.players
            if len(picked) != want:
                raise ParamError(f"wrasslin: a {self.match_type} match needs {want} wrestlers, got {len(picked)}")
        if self.match_type == "tournament":
            # 14.1 / 14.6: the Wrestler cards are divided equally between the players (dealt round the
            # table, or drafted by the players in turn from this pool).
            n = self.players
            self.pool = tuple(picked)
            self.stacks = () if self.draft else tuple(tuple(picked[i::n]) for i in range(n))
            return (-1,) * n
        return tuple(picked)

    def _action_table(self) -> ActionTable:
        decisions: list[Action] = []

        def add(name: str) -> Action:
            action = Action(len(decisions), name)
            decisions.append(action)
            return action

        names = [c.name for c in self.cards]
        self.a_play = [add(f"play {n}") for n in names]
        self.a_wild = [add(f"play Wild Card as {n}") for n in names]
        self.a_discard = [add(f"discard {n}") for n in names]
        self.a_react = [add(f"react {n}") for n in names]
        self.a_react_wild = [add(f"react Wild Card as {n}") for n in names]
        self.a_accumulate = [add(f"accumulate {n}") for n in names]
        self.a_call = [add(f"call {c.initiative} ({c.name})") for c in self.cards]
        self.a_spec = [add(f"play Specialty {i + 1}") for i in range(MAX_SPECIALTIES)]
        self.a_spec_wild = [add(f"play Wild Card as Specialty {i + 1}") for i in range(MAX_SPECIALTIES)]
        self.a_react_spec = [add(f"react Specialty {i + 1}") for i in range(MAX_SPECIALTIES)]
        self.a_long = add("react Long Count")
        self.a_short = add("react Short Count")
        self.a_long_wild = add("react Wild Card as Long Count")
        self.a_short_wild = add("react Wild Card as Short Count")
        self.a_pass = add("pass")
        self.a_end = add("end turn")
        self.a_serve = add("serve penalty")
        self.a_ignore = add("ignore warning")
        self.a_release = add("release hold")
        self.a_exit = add("exit ring with Out of Ring")
        self.a_exit_wild = add("exit ring with Wild Card")
        self.a_reenter = add("re-enter ring")
        self.a_enter = add("enter ring")
        self.a_stay = add("stay in ring")
        self.a_apron = add("return to apron")
        self.a_challenge = add("challenge")
        self.a_concede = add("concede")
        self.a_extra_surge = add("discard Power Surge in addition")
        self.a_target = [add(f"target seat {s}") for s in range(MAX_SEATS)]
        # Wrestler names come from user rosters: they only ever follow a prefix no other action starts
        # with ("draft ", "fresh Wrestler "), so a Wrestler called "ring" or "pass" cannot collide.
        self.a_draft = [add(f"draft {w.name}") for w in self.wrestlers]
        self.a_draw = [Action(i, f"draw {n}") for i, n in enumerate(names)]
        self.a_arrive = [Action(len(names) + w.index, f"fresh Wrestler {w.name}") for w in self.wrestlers]
        self.decode: dict[int, tuple[str, int]] = {}
        for kind, table in (
            ("play", self.a_play), ("wild", self.a_wild), ("discard", self.a_discard),
            ("react", self.a_react), ("react_wild", self.a_react_wild), ("accumulate", self.a_accumulate),
            ("call", self.a_call), ("spec", self.a_spec), ("spec_wild", self.a_spec_wild),
            ("react_spec", self.a_react_spec), ("target", self.a_target), ("draft", self.a_draft),
        ):
            for i, action in enumerate(table):
                self.decode[action.id] = (kind, i)
        for kind, action in (
            ("long", self.a_long), ("short", self.a_short), ("long_wild", self.a_long_wild),
            ("short_wild", self.a_short_wild), ("pass", self.a_pass), ("end", self.a_end),
            ("serve", self.a_serve), ("ignore", self.a_ignore), ("release", self.a_release),
            ("exit", self.a_exit), ("exit_wild", self.a_exit_wild), ("reenter", self.a_reenter),
            ("enter", self.a_enter), ("stay", self.a_stay), ("apron", self.a_apron),
            ("challenge", self.a_challenge), ("concede", self.a_concede), ("extra_surge", self.a_extra_surge),
        ):
            self.decode[action.id] = (kind, 0)
        return ActionTable(decisions, [*self.a_draw, *self.a_arrive])

    def _void_wild_ids(self) -> frozenset[int]:
        """The ids of ``void_wild``: the Wild Card as a removed card, Specialty, Long/Short Count or Out of Ring."""
        c = self.index
        ids = {self.a_wild[i].id for i in self.void} | {self.a_react_wild[i].id for i in self.void}
        if c["Specialty"] in self.void:
            ids |= {a.id for a in self.a_spec_wild}
        if c["Long/Short Count"] in self.void:
            ids |= {self.a_long_wild.id, self.a_short_wild.id}
        if c["Out of Ring"] in self.void:
            ids.add(self.a_exit_wild.id)
        return frozenset(ids)

    # -- the Game contract ------------------------------------------------------------------
    @classmethod
    def options(cls) -> list[GameOption]:
        return [
            GameOption("match_type", "singles", "singles, tag (12), handicap 2-vs-1 (12.5), battle_royal (13), "
                       "tournament (14; with 3-8 players in Battle Royal format, 14.6)", MATCH_TYPES),
            GameOption("players", None, "number of players (singles 2, tag 4, handicap 3, battle royal 5-8, "
                       "tournament 2-8); default by match type", kind="integer", minimum=2, maximum=8),
            GameOption("wrestlers", None, "Wrestler names, one per seat (tournament: players x tournament_size, "
                       "dealt round the table); default a fixed pick", kind="wrestlers"),
            GameOption("roster", None, "path to a TOML roster replacing the 24 built-in Wrestlers", kind="file"),
            GameOption("introductory", False, "the introductory game: remove Combination, Tag, Double Team, "
                       "Bear Hug, Boston Crab, Out of Ring and Specialty", (False, True)),
            GameOption("errors_rule", True, "11.5: a card played without the right to play it (abilities, "
                       "alignment, manager, mobility, one Power Surge a turn, the called card) stands unless an "
                       "opponent challenges before playing a card; off: such plays are refused with the reason "
                       "(agents and simulations may turn it off)", (True, False)),
            GameOption("tag_cards_in_singles", "remove", "5.1: remove Tag/Double Team cards outside tag matches, "
                       "or keep them and redraw when drawn", ("remove", "redraw")),
            GameOption("tournament_wrestlers", "deal", "14.6: the tournament's Wrestlers are dealt round the "
                       "table, or drafted by the players in turn (entry order stays random and secret)",
                       ("deal", "draft")),
            GameOption("tournament_size", None, "14.1: Wrestlers per player in an elimination tournament "
                       "(default 12, or 24 / players in the Battle Royal format of 14.6)", kind="integer", minimum=1,
                       maximum=24),
            GameOption("pass_limit", None, "5.8: passes through the deck before a draw (default 2; "
                       "tournaments 20, a practical bound on 14.5's 'no time limit')", kind="integer", minimum=1),
            GameOption("auto_pass", True, "skip a response window for a player holding no legal response",
                       (True, False)),
        ]

    @classmethod
    def rules_summary(cls) -> str:
        return (
            "WRASSLIN': each player is a Wrestler with six Abilities on a Damage Track. Hands of 7 Action "
            "cards; on your turn play one Hold (black/gray/blue) on an opponent, a Recovery on yourself, an "
            "Out-of-Ring exit, or discard, then refill to 7. Opponents may answer with red Reactions (Block, "
            "Reverse, Power Surge) or green Outside Influences (Interference, Referee, Distraction, "
            "Long/Short Count), which can answer each other. Win by a Pin held for three of the pinned "
            "Wrestler's turns, by submission (Damage reaches the end of the track), or by disqualification. "
            "Two passes through the deck is a draw. Match types: singles, tag, handicap, battle royal, "
            "elimination tournament."
        )

    def num_players(self) -> int:
        return self.players

    def new_initial_state(self) -> WrasslinState:
        return WrasslinState(self)

    def max_game_length(self) -> int:
        return 200_000

    def player_label(self, player: int) -> str:
        if self.match_type == "tournament":
            return f"player {player}"
        if 0 <= player < len(self.starting):
            return self.wrestlers[self.starting[player]].name
        return f"player {player}"

    def sides(self) -> list[Side]:
        """Seats grouped by team (12.x tag and 12.5 handicap); one side per seat otherwise."""
        teams: dict[int, list[int]] = {}
        for seat, team in enumerate(self.seats.teams):
            teams.setdefault(team, []).append(seat)
        sides = []
        for seats in teams.values():
            names = tuple(self.player_label(p) for p in seats)
            sides.append(Side(" & ".join(names), tuple(seats), names))
        return sides

    def position_codec(self) -> Any:
        from turnbuckle.games.wrasslin.position import CODEC

        return CODEC

    def tensor_view(self) -> Any:
        from turnbuckle.games.wrasslin.tensor import WrasslinTensor

        return WrasslinTensor(self)

    def narrate(self, event: Event) -> str | None:
        from turnbuckle.games.wrasslin.narrate import narrate

        return narrate(event, self)

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        roster = load_roster(path)
        least = min(lo for lo, _hi in PLAYER_RANGE.values())
        if len(roster) < least:
            raise DataFileError(
                f"{path}: {len(roster)} Wrestler(s) is too few for any WRASSLIN' match (singles needs {least}); "
                "add more [[wrestler]] cards"
            )
        return [w.name for w in roster]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        partner = "Sparring Partner" if name.strip().casefold() != "sparring partner" else "Sparring Partner II"
        return (
            "# A WRASSLIN' roster (3.x): Wrestler Personality cards. Ratings: strength 1-12, agility, skill,\n"
            "# power_surge 0-12, weight 1-12, recovery 1-6; alignment good or dirty; manager optional.\n"
            "# damage_track (optional) is the printed track and must agree with the ratings.\n"
            "# Specialty effects: hold, recovery, referee, tag, double_team (11.4).\n"
            "# A match needs at least two Wrestlers, so the file brings a sparring partner: keep him,\n"
            "# edit him or replace him with more cards of your own.\n\n"
            f"[[wrestler]]\nname = {toml_string(name)}\n"
            'alignment = "good"\nstrength = 4\nagility = 2\nskill = 2\n'
            'power_surge = 2\nweight = 4\nrecovery = 2\nflavor = ""\n\n'
            '[[wrestler.specialty]]\nname = "Tag"\neffect = "tag"\n\n'
            f"[[wrestler]]\nname = {toml_string(partner)}\n"
            'alignment = "dirty"\nstrength = 4\nagility = 1\nskill = 2\n'
            'power_surge = 2\nweight = 4\nrecovery = 2\nmanager = "Slick Sal"\n'
            'flavor = "Takes the bumps so the new guy can learn."\n\n'
            '[[wrestler.specialty]]\nname = "Knee Drop"\neffect = "hold"\nstrength = 2\ndamage = 2\n'
        )

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The rows, the piles, the play being answered and the viewer's hand as cards to pick."""
        from turnbuckle.games.wrasslin.render_svg import render_svg

        return render_svg(self, observation, list(actions), narrow=narrow)

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        from turnbuckle.games.wrasslin.table import picks

        return picks(self, observation, actions)

    def action_flags(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str]:
        """11.5: the plays only the errors rule allows are marked in the menu (why: listed above it)."""
        errors = observation.get("errors") or {}
        return {action: ERROR_FLAG for action in actions if action in errors}

    def action_labels(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
        from turnbuckle.games.wrasslin.table import labels

        return labels(self, observation, actions)

    def event_pieces(self, event: Event) -> list[Piece]:
        from turnbuckle.games.wrasslin.table import event_pieces

        return event_pieces(self, event)

    def describe_action(self, action_name: str) -> str | None:
        """What a move does, in plain words: a card's effect and needs, a Specialty, a drafted Wrestler."""
        from turnbuckle.games.wrasslin.describe import FIXED, card_effect, wrestler_summary

        action = self.actions.by_name(action_name)
        if action is None:
            return None
        if action_name in FIXED:
            return FIXED[action_name]
        if action in self.actions.chance:
            return None
        kind, arg = self.decode[action.id]
        if kind in ("play", "react", "accumulate", "discard", "wild", "react_wild"):
            card = self.cards[arg]
            if kind == "accumulate":
                return "face down on your Continuing Hold: one more damage (10.11)"
            if kind == "discard":
                return card_effect(card, short=True)
            return card_effect(card)
        if kind == "call":
            return None  # the table explains initiative (5.3) once
        if kind in ("spec", "spec_wild", "react_spec"):
            return f"your Wrestler's Specialty {arg + 1} (listed under him on the table, 11.4)"
        if kind == "target":
            return f"put the Hold on {self.player_label(arg)} (seat {arg})"
        if kind == "draft":
            return wrestler_summary(self.wrestlers[arg])
        return None

    def render_observation(self, observation: dict[str, Any]) -> str:
        from turnbuckle.games.wrasslin.render import render_observation

        return render_observation(observation)

    def roster(self) -> list[dict[str, Any]]:
        return [w.describe() for w in self.wrestlers]

    def review_plan(self) -> ReviewPlan:
        """Sampled: heuristic playouts to the end from re-dealt hands (``review.py``)."""
        from turnbuckle.games.wrasslin.review import review_plan

        return review_plan()

    def utility_sum(self) -> float | None:
        """Zero-sum in every match type: a team's +1/-1 is shared by its members (13.x: the Battle
        Royal winner's +1 against -1/(n-1) for each other Wrestler)."""
        return 0.0

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0


def _int_param(params: Mapping[str, Any], name: str) -> int | None:
    """An integer option; digit strings are accepted (OpenSpiel passes ``None``-default options as text)."""
    value = params.get(name)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParamError(f"wrasslin: option {name!r} must be a whole number, not {value!r}")
    return value

__all__ = ["WrasslinGame", "WrasslinState"]
