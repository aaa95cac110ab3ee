"""The ruleset-agnostic core: the ``Game`` and ``State`` every ruleset implements.

The shape follows OpenSpiel's API (see ``docs/design.md``): a state has a current player (a
player index, ``CHANCE`` or ``TERMINAL``), legal actions, explicit chance outcomes, and changes
only through ``apply_action``. Serialization is the action history, so a saved state and a
replay are the same thing and round-trip exactly. A match may also start from a position
(``State.to_position`` / ``Game.state_from_position``, ``engine.position``): its history is then
the actions since that position.

The compiled build (``turnbuckle.build``) compiles this module and the rule modules listed there
with mypyc; compiled classes are native classes, which have fixed fields and no ``__dict__``. A
ruleset's state class (and every class between it and ``State``) compiles and clones correctly
when it:

* names its game as a type argument, ``class RumbleslamState(State["RumbleslamGame"])``, and does
  not annotate ``game: RumbleslamGame`` in its body: a native subclass may not narrow the type of
  an attribute its base declares (``State[G].game`` is a ``G``; tests/test_build.py checks this);
* carries ``@mypyc_attr(allow_interpreted_subclasses=True)`` (``turnbuckle.engine.native``): only
  then does ``cls.__new__(cls)`` make an instance without running ``__init__``, which ``clone``
  (``_new_empty``) needs; the same holds for any other class whose copies start from ``__new__``;
* copies itself through the engine, never through ``copy.copy``, ``object.__new__`` or
  ``__dict__``: either the default ``clone`` (``_shallow_copy``, which reads ``__mypyc_attrs__``
  on a compiled class, then ``_copy_into`` for the mutable fields) or, faster, its own ``clone``
  that starts with ``other = self._new_empty()`` and ``self._copy_engine_fields(other)`` (or,
  as the rewritten skirmish, Filsinger and WRASSLIN' states do, from a ``blank=True`` constructor)
  and then sets every one of its own fields, copying the mutable ones;
* inherits from one class only (mypyc's native classes allow no mixins) and does not rely on
  ``vars(state)`` (``state_fields`` lists a state's fields in both builds).
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, Protocol, Self

from typing_extensions import TypeVar

from turnbuckle.engine import position as positions
from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import is_inline
from turnbuckle.engine.errors import IllegalActionError, ParamError, PositionError, ReplayError
from turnbuckle.engine.events import Event
from turnbuckle.engine.native import mypyc_attr
from turnbuckle.engine.result import MatchResult, Side
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.engine.targets import load_target

if TYPE_CHECKING:
    from collections.abc import Callable

    from turnbuckle.engine.match import Agent
    from turnbuckle.engine.picks import Pick, Piece

    AgentFactory = Callable[["Game", int], Agent]

CHANCE: Final = -1
"""``current_player()`` at a chance node (OpenSpiel's ``kChancePlayerId``)."""
TERMINAL: Final = -4
"""``current_player()`` once the match is over (OpenSpiel's ``kTerminalPlayerId``)."""
RECENT_DECISIONS: Final = 4
"""The information-state tensor remembers this many of the player's own last decisions."""


class TensorView(Protocol):
    """A ruleset's fixed-shape numeric view of its states (``Game.tensor_view``; layouts in docs/interop.md)."""

    shape: tuple[int, ...]

    def observation(self, state: State, player: int) -> list[float]:
        """What ``player`` may know, ``prod(shape)`` floats in row-major order; never another's secrets."""
        ...


NARROW_WIDTH = 360
"""How many units across a ``narrow`` picture's main area is at most (a 390 px phone shows about 368 px)."""
NARROW_TEXT = 12.5
"""The smallest font size in a ``narrow`` picture (12 CSS px at a 368 px picture is 11.7 units: a margin)."""


@mypyc_attr(native_class=False)  # compiled native, its ``KINDS`` class constant would become a read-only slot
@dataclass(frozen=True, slots=True)
class GameOption:
    """A named parameter of a ruleset, listed by ``turnbuckle rules GAME``.

    ``kind`` says what sort of value it takes, so a form can offer the right widget (the browser's
    new-match page) and never raw JSON; left out, it follows from the default and ``choices``.
    ``minimum``/``maximum`` bound numbers (the ruleset still checks every value it is given).
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    includes: tuple[str, ...] = ()
    """A switch that turns other switches on (Filsinger's "tournament standard": every optional
    rule): a form ticks and locks them while it is on."""

    KINDS: ClassVar[tuple[str, ...]] = (
        "switch", "integer", "number", "choice", "names", "text", "file", "wrestlers", "team", "teams"
    )
    """``switch`` true/false; ``integer``/``number`` a number; ``choice`` one of ``choices``; ``names``
    a list of names from the game's roster; ``text`` free text; ``file`` a data file (not over the web);
    ``wrestlers`` the seats' wrestlers and ``team``/``teams`` a seat's team (both chosen seat by seat)."""

    @property
    def widget(self) -> str:
        """The option's kind, inferred where the ruleset left it out."""
        if self.kind is not None:
            return self.kind
        if self.choices:
            is_switch = len(self.choices) == 2 and all(isinstance(c, bool) for c in self.choices)
            return "switch" if is_switch else "choice"
        if isinstance(self.default, bool):
            return "switch"
        if isinstance(self.default, int):
            return "integer"
        if isinstance(self.default, float):
            return "number"
        if isinstance(self.default, list):
            return "names"
        return "text"


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A ruleset configured by its params (match type, wrestlers, options)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    hidden_information: ClassVar[bool] = False
    """True when players hold secrets (hands): hot-seat play hides the screen between turns."""
    secrets_revealed: ClassVar[str] = "a card was revealed since"
    """A take-back refusal's reason once a later move showed a secret (``hidden_information``)."""
    chance_reveals: ClassVar[bool] = True
    """In a ``hidden_information`` game, chance outcomes show secrets (cards drawn); False where
    they are only dice (the ring skirmish game, whose secrets are the bids)."""
    deferred_events: ClassVar[bool] = False
    """True: states record no events while playing and rebuild them from the action history the
    first time ``events`` is read, then record as they go. Batch simulation never reads events,
    so it pays nothing for them. Only for rulesets whose states change through ``apply_action``
    alone; code that sets up a position by hand calls ``State.materialize_events`` first."""
    _rebuilding_events: bool = False
    _tensor_view: TensorView | None = None
    _tensor_view_built: bool = False

    agent_targets: ClassVar[Mapping[str, str]] = {}
    """The ruleset's own agents (heuristic, expert, ...) by name, each a factory taking the game and
    a seat, named ``"package.module:attribute"`` (``engine.targets``): a game's agents import its
    rules, so the rules name them and never import them. ``agent_factories`` loads them."""
    bulk_agent: ClassVar[str] = "heuristic"
    """The agent ``turnbuckle analyze GAME`` plays every entrant with unless told otherwise: the
    strongest one cheap enough for tens of thousands of matches (a search agent that thinks for a
    tenth of a second a decision is not: it would turn a balance report into days of CPU)."""
    balance_kind: ClassVar[str] = "wrestlers"
    """What ``analyze GAME`` pits against each other (``balance_entrants``), as the report names it."""
    cost_unit: ClassVar[str] = ""
    """The unit of ``entrant_cost`` (RUMBLESLAM: ``K Dosh``), for the report's labels."""

    data_file_params: ClassVar[frozenset[str]] = frozenset({"roster"})
    """Params whose value is a data file's path or inline text."""
    data_file_list_params: ClassVar[frozenset[str]] = frozenset()
    """Params whose value may also be a list of those."""

    def __init__(self, params: Mapping[str, Any], actions: ActionTable) -> None:
        self.params: dict[str, Any] = dict(params)
        self.actions = actions
        self.caches: dict[str, Any] = {}
        """What agents and solvers work out once per game (odds, action groups), kept as long as the
        game is. On the game itself rather than in a weak-keyed dictionary: weak references to a
        compiled base class's instances are what crashed the compiled build's garbage collection."""

    @classmethod
    def names_a_file(cls, param: str, value: str) -> bool:
        """Whether ``value`` of a data-file param is a path (a ruleset whose data params also take
        ready-made names, like RUMBLESLAM's teams, tells the two apart here)."""
        return True

    @classmethod
    def local_data_files(cls, params: Mapping[str, Any]) -> list[tuple[str, str]]:
        """``(param, path)`` for every param value naming a file on this machine (not inline data,
        not a name): the CLI embeds these, a replay and the web app refuse them."""
        found: list[tuple[str, str]] = []
        for key in sorted(cls.data_file_params & set(params)):
            value = params[key]
            listed = isinstance(value, list | tuple) and key in cls.data_file_list_params
            items = list(enumerate(value)) if listed else [(None, value)]
            for index, item in items:
                if isinstance(item, str) and item and not is_inline(item) and cls.names_a_file(key, item):
                    found.append((key if index is None else f"{key}[{index}]", item))
        return found

    @classmethod
    @abstractmethod
    def options(cls) -> list[GameOption]:
        """Every parameter this ruleset accepts, with defaults."""

    @classmethod
    @abstractmethod
    def rules_summary(cls) -> str:
        """A short plain-text summary of the rules, for ``turnbuckle rules``."""

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def new_initial_state(self) -> State: ...

    def max_game_length(self) -> int:
        """An upper bound on actions in a match (needed by OpenSpiel; generous by design)."""
        return 100_000

    def num_distinct_actions(self) -> int:
        return self.actions.num_decisions

    def max_chance_outcomes(self) -> int:
        return self.actions.num_chance

    def tensor_view(self) -> TensorView | None:
        """Hook: the ruleset's numeric observation (``None``: strings only; adapters then say so)."""
        return None

    def observation_tensor_shape(self) -> tuple[int, ...] | None:
        """Shape of ``State.observation_tensor`` for this configuration, or ``None`` without a tensor view."""
        view = self._tensors()
        return None if view is None else view.shape

    def information_state_tensor_shape(self) -> tuple[int, ...] | None:
        """Shape of ``State.information_state_tensor``: the flattened observation tensor followed by the
        player's own last ``RECENT_DECISIONS`` decisions, one-hot over ``num_distinct_actions`` each."""
        view = self._tensors()
        if view is None:
            return None
        size = 1
        for dim in view.shape:
            size *= dim
        return (size + RECENT_DECISIONS * self.num_distinct_actions(),)

    def _tensors(self) -> TensorView | None:
        """``tensor_view()``, built once per game."""
        if not self._tensor_view_built:
            self._tensor_view = self.tensor_view()
            self._tensor_view_built = True
        return self._tensor_view

    def player_label(self, player: int) -> str:
        """Who player ``player`` is, for tables and commentary."""
        return f"player {player}"

    def sides(self) -> list[Side]:
        """Who competes: one side per player by default; team games group their seats."""
        return [Side(self.player_label(p), (p,), (self.player_label(p),)) for p in range(self.num_players())]

    # -- hooks the CLI, web app and agents use; rulesets override what they have ---------
    def describe_action(self, action_name: str) -> str | None:
        """What an action does, in the rulebook's words, shown beside it when offered (None: nothing to add)."""
        return None

    def action_flags(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str]:
        """Short warnings a terminal menu shows on the moves they concern, for the seat whose
        ``observation`` this is (WRASSLIN': a play only its errors rule allows); most games have none."""
        return {}

    def refusal(self, state: State, typed: str) -> str | None:
        """Why a move a person typed is not on offer now, where the game can say more than "not a
        legal move" (skirmish: a ``move X Y`` too far says how far the wrestler can go); ``None``:
        nothing to add."""
        return None

    def decision_options(self, form: bool = False) -> str | None:
        """A note when this configuration leaves players nothing to decide (``play`` shows it),
        naming the options that would (``form``: as the browser's new-match form names them, not as
        ``-o`` options); ``None`` when there are decisions to make."""
        return None

    @classmethod
    def first_match(cls, params: Mapping[str, Any]) -> dict[str, Any]:
        """Options a person's match starts with besides ``params`` (``play`` and the web's new-match
        form; never ``watch``, ``sim`` or ``analyze``, which keep the game's defaults): where the
        default game leaves people nothing to decide, the options that give them decisions
        (Filsinger's chart choices). Empty for most games, and once ``params`` choose those options."""
        return {}

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The table as an SVG picture of ``observation(player)`` for the browser (None: text only).

        ``narrow``: the picture is for a phone (a page under 700 CSS px wide): laid out about
        ``NARROW_WIDTH`` units across (side panels may stay beside the main area: the page stacks
        them, scaled to read) with no text under ``NARROW_TEXT`` units, so that at a 390 px phone's
        width every text in it is at least 12 CSS px without zooming. The same parts and picks.

        ``actions`` are the names of the legal actions of the player the picture is for (empty when
        it is not their turn, for spectators and replays). Every part that some action's pick path
        (``picks``) passes through is drawn with ``data-pick`` and an ``aria-label``
        (``engine.picks.pick_attrs``); the browser makes the ones that lead somewhere clickable.
        """
        return None

    def action_labels(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
        """What each of the viewer's legal ``actions`` does, shown beside it (a button, a menu item,
        a pick's tooltip). The default is ``describe_action``; a ruleset whose choices' odds depend
        on the position (Filsinger's "works on 2-5") words them from the observation."""
        return {a: self.describe_action(a) for a in actions}

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        """How each of ``actions`` (the viewer's legal action names) is chosen on the picture that
        ``render_svg(observation, actions)`` draws: the ``data-pick`` ids clicked in turn
        (``engine.picks``). Actions left out have no place on the table and stay buttons."""
        return []

    def team_builder(self) -> dict[str, Any] | None:
        """What a form needs to hire a seat's team where the game has hiring (RUMBLESLAM's Dosh
        budget: the wrestlers and their prices, the ready-made teams); None for games without."""
        return None

    def check_built_team(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """A team from the builder form: ``{"cost", "budget", "error", "value"}``, where ``value`` is
        the option value that seats it when ``error`` is None."""
        raise ParamError(f"{self.name} has no team builder")

    def event_pieces(self, event: Event) -> list[Piece]:
        """The dice and cards ``event`` shows, drawn in the browser's move log (``engine.picks.Piece``)."""
        return []

    def narrate(self, event: Event) -> str | None:
        """One line of commentary for ``event``, or ``None`` to stay quiet about it."""
        return None

    def render_observation(self, observation: dict[str, Any]) -> str:
        """A person-readable view of ``observation(player)`` for the terminal.

        The default lists the fields that say something (no empty or false ones), one table row
        per line; rulesets with a better picture of the table override it.
        """
        lines: list[str] = []
        for key, value in observation.items():
            if not _says_something(value) or key in ("game", "player", "current_player"):
                continue
            label = key.replace("_", " ")
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
                lines.append(f"{label}:")
                lines.extend("  " + _compact(v) for v in value)
            elif isinstance(value, dict):
                lines.append(f"{label}: {_compact(value)}")
            else:
                lines.append(f"{label}: {value}")
        return "\n".join(lines)

    def roster(self) -> list[dict[str, Any]]:
        """The wrestlers this game can field (one JSON-safe dict each), for ``turnbuckle roster``."""
        return []

    def balance_entrants(self) -> list[str]:
        """Who ``analyze GAME`` pits against each other by default: every roster wrestler."""
        return [str(entry.get("name")) for entry in self.roster()]

    def balance_params(self, entrants: Sequence[str]) -> dict[str, Any]:
        """The params, laid over the game's own, that seat these entrants (side 0 first)."""
        return {"wrestlers": list(entrants)}

    def entrant_cost(self, entrant: str) -> float | None:
        """What an entrant costs where the game prices them (RUMBLESLAM's Dosh); None elsewhere."""
        return None

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        """Check a user's roster/card file; the names it defines, or a one-line ``DataFileError``."""
        return [str(entry.get("name", "?")) for entry in cls(roster=path).roster()]  # type: ignore[call-arg]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        """TOML text of a new, valid entry called ``name`` for users to edit (None: not offered)."""
        return None

    @classmethod
    def agent_factories(cls) -> dict[str, AgentFactory]:
        """Ruleset-specific agents (heuristic, expert) by name, imported now from their
        ``agent_targets``; generic ones live in ``agents``."""
        return {name: load_target(target) for name, target in cls.agent_targets.items()}

    # -- positions ----------------------------------------------------------------------
    def position_codec(self) -> positions.PositionCodec | None:
        """Hook: the ruleset's position format (``games/<id>/position.py``); ``None``: it has none."""
        return None

    def state_from_position(self, position: Mapping[str, Any]) -> State:
        """The state a position (``State.to_position``) describes, for this game and its params.

        Its history and event log start empty: the position is where its match begins, so a replay
        from it is the position plus the actions since (``state_from_actions(names, position=...)``).
        A bad position is a one-line ``PositionError`` naming the field.
        """
        codec = self.position_codec()
        if codec is None:
            raise PositionError(f"game: {self.name} has no position format")
        body = positions.open_envelope(self, position)
        state = codec.load(self, body)
        state._history = []
        state._events = []
        state._event_cache = []
        state._origin = positions.plain(dict(position))
        positions.settle_check(state)
        return state

    def review_plan(self) -> ReviewPlan:
        """Hook: how reviews and hints value this game's decisions (exact values where the ruleset
        has them, else how to play positions out); the default plays out uniformly at random."""
        return ReviewPlan()

    def state_from_json(self, text: str) -> State:
        """Rebuild a state saved by ``State.to_json`` by replaying its actions."""
        try:
            payload = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"saved state is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        if not isinstance(payload, dict):
            raise ReplayError("saved state must be a JSON object")
        if payload.get("game") != self.name:
            raise ReplayError(f"saved state is for game {payload.get('game')!r}, not {self.name!r}")
        if payload.get("params", {}) != _jsonable(self.params):
            raise ReplayError("saved state was made with different game params")
        names = payload.get("actions")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ReplayError("saved state field 'actions' must be a list of action names")
        position = payload.get("position")
        if position is not None and not isinstance(position, dict):
            raise ReplayError("saved state field 'position' must be a position object")
        return self.state_from_actions(names, position=position)

    def state_from_actions(self, names: Sequence[str], position: Mapping[str, Any] | None = None) -> State:
        """Replay action names from the initial state (or from ``position``); names the first one
        that is illegal."""
        state = self.new_initial_state() if position is None else self.state_from_position(position)
        for index, name in enumerate(names):
            try:
                state.apply_action(state.action_from_string(name))
            except IllegalActionError as exc:
                raise ReplayError(f"action #{index} {name!r} does not replay: {exc}") from None
        return state


G = TypeVar("G", bound=Game, default=Game, covariant=True)
"""The game a state belongs to: a ruleset's state class names its own (``State[PowerhousesGame]``)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[G]):
    """One moment of a match. Mutated only by ``apply_action``; ``clone`` copies it."""

    game: G

    def __init__(self, game: G) -> None:
        self.game = game
        self._history: list[Action] = []
        self._events: list[RawEvent] = []
        """The event log as recorded: cheap tuples, turned into ``Event``s only when read."""
        self._event_cache: list[Event] = []
        self._events_deferred = game.deferred_events and not game._rebuilding_events
        self.record_events = not self._events_deferred
        self._origin: dict[str, Any] | None = None
        """The position this state's match started from (``Game.state_from_position``); ``None``:
        the initial state. Replays of the history (events, decisions) start there."""

    # -- the contract -------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A player index, ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current player's decisions (empty at chance and terminal nodes)."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, every outcome with its probability (summing to 1)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per player; zero until the match is over."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """JSON-safe view of what ``player`` may know, and nothing more."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Change the state by a legal action (already validated)."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def match_result(self) -> MatchResult | None:
        """How the finished match ended (``None`` while it goes on).

        The default reads the returns against ``Game.sides()``; rulesets that know how a match was
        won (pin, submission, DQ) or rank their entrants override it.
        """
        if not self.is_terminal():
            return None
        return MatchResult.from_returns(self.game.sides(), self.returns())

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def apply_action(self, action: Action | str) -> None:
        """Apply a decision or chance outcome; raises ``IllegalActionError`` if not allowed."""
        if isinstance(action, str):
            action = self.action_from_string(action)
        elif not isinstance(action, Action):
            raise TypeError(f"apply_action expects an Action or str, not {type(action).__name__}: {action!r:.80}")
        if not self._is_allowed(action):
            raise IllegalActionError(self._illegal_message(action))
        self._apply(action)
        self._history.append(action)

    def action_from_string(self, text: str) -> Action:
        action = self.game.actions.by_name(text)
        if action is None:
            raise IllegalActionError(f"unknown action {text!r} in {self.game.name}")
        return action

    def clone(self) -> Self:
        """An independent copy: ``_shallow_copy``, then the engine's lists and, through
        ``_copy_into``, the ruleset's mutable fields unshared."""
        other = self._shallow_copy()
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._event_cache = self._event_cache.copy()
        self._copy_into(other)
        return other

    def _new_empty(self) -> Self:
        """An instance of this state's class with no field set (no ``__init__`` run): where a
        field-by-field clone starts. A compiled class allows it only when it is open to
        interpreted subclasses (see the module docstring)."""
        cls = type(self)
        return cls.__new__(cls)

    def _shallow_copy(self) -> Self:
        """What ``copy.copy`` makes of a state (the same class, every field bound to the same
        value), for interpreted and compiled classes alike and without ``copy``'s generic
        dispatch: the instance ``__dict__``, and every field kept outside it (the native
        attributes mypyc lists in ``__mypyc_attrs__``, or ``__slots__``)."""
        cls = type(self)
        other = cls.__new__(cls)
        source: Any = self
        target: Any = other
        fields = getattr(source, "__dict__", None)
        if fields is not None:
            try:
                target.__dict__.update(fields)
            except AttributeError:  # a compiled base's fresh instance has no dict until one is set
                target.__dict__ = fields.copy()
        native = _NATIVE_FIELDS.get(cls)
        if native is None:
            native = _NATIVE_FIELDS[cls] = _native_fields(cls)
        for name in native:
            try:
                value = getattr(source, name)
            except AttributeError:  # a native attribute never set
                continue
            setattr(target, name, value)
        return other

    def _copy_engine_fields(self, other: State[Any]) -> None:
        """Set the engine's fields of ``other`` (fresh from ``_new_empty``) to this state's, its
        lists unshared: the start of a ruleset's field-by-field ``clone``."""
        other.game = self.game
        other._history = self._history.copy()
        other._events = self._events.copy()
        other._event_cache = self._event_cache.copy()
        other._events_deferred = self._events_deferred
        other.record_events = self.record_events
        other._origin = self._origin

    @property
    def events(self) -> list[Event]:
        """Everything that has happened so far, in order (built from the log on first read)."""
        if self._events_deferred:
            self.materialize_events()
        cache = self._event_cache
        log = self._events
        if len(cache) != len(log):
            if len(cache) > len(log):
                cache.clear()
            cache.extend(_materialize(raw) for raw in log[len(cache) :])
        return cache

    @property
    def raw_events(self) -> list[RawEvent]:
        """The event log as recorded: ``(kind, field names or None, values)`` tuples, no ``Event``
        built, for a pass over a whole log that must stay cheap (the league counts a played match's
        quality from it). A deferred log is empty until ``materialize_events``."""
        return self._events

    def clear_events(self) -> None:
        """Forget the events so far (test scenarios that set up a position, then watch what follows)."""
        self._events.clear()
        self._event_cache.clear()
        self._events_deferred = False
        self.record_events = True

    def materialize_events(self) -> None:
        """Make a deferred event log current (replaying the history) and record as play goes on."""
        if not self._events_deferred:
            return
        game = self.game
        game._rebuilding_events = True
        try:
            replay = self.starting_state()
            for action in self._history:
                replay.apply_action(action)
        finally:
            game._rebuilding_events = False
        self._events = replay._events
        self._event_cache = []
        self._events_deferred = False
        self.record_events = True

    @property
    def history(self) -> list[Action]:
        """Every applied action, chance outcomes included (a copy), since the initial state or the
        position the match started from (``starting_position``)."""
        return self._history.copy()

    @property
    def starting_position(self) -> dict[str, Any] | None:
        """The position this match started from (a copy), or ``None`` when it started at the beginning."""
        return None if self._origin is None else copy.deepcopy(self._origin)

    def starting_state(self) -> State:
        """A fresh state where this match started: the initial state, or its starting position."""
        if self._origin is None:
            return self.game.new_initial_state()
        return self.game.state_from_position(self._origin)

    def to_json(self) -> str:
        """The game, its params and the action history (and the position it started from, if any):
        enough to rebuild the state exactly."""
        payload: dict[str, Any] = {
            "game": self.game.name,
            "params": _jsonable(self.game.params),
            "actions": [a.name for a in self._history],
        }
        if self._origin is not None:
            payload["position"] = self._origin
        return json.dumps(payload)

    def to_position(self) -> dict[str, Any]:
        """This moment as a position (``engine.position``): JSON-safe, every seat's secrets and the
        pending steps included, so ``game.state_from_position`` builds a state with the same
        observations, legal actions, chance outcomes and future. Not the history: see
        ``Game.state_from_position``. A ruleset without a position format raises ``PositionError``."""
        codec = self.game.position_codec()
        if codec is None:
            raise PositionError(f"game: {self.game.name} has no position format")
        return positions.envelope(self, codec.dump(self))

    # -- hooks for rulesets -------------------------------------------------------------
    def _copy_into(self, other: State) -> None:
        """Give ``other`` its own copies of this state's mutable fields."""

    def _is_allowed(self, action: Action) -> bool:
        player = self.current_player()
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions()

    def _illegal_message(self, action: Action) -> str:
        player = self.current_player()
        if player == TERMINAL:
            return f"action {action.name!r} after the match is over"
        if player == CHANCE:
            return f"{action.name!r} is not a possible chance outcome here"
        legal = ", ".join(a.name for a in self.legal_actions())
        return f"{action.name!r} is not legal for {self.game.player_label(player)} now (legal: {legal})"

    def emit(self, _event_kind: str, _event_data: dict[str, Any] | None = None, /, **fields: Any) -> None:
        """Record a structured event (skipped in search copies with ``record_events`` off).

        Pass the data as one dict (cheapest, for hot paths) or as keyword fields. (The positional
        names are unlikely field names: compiled by mypyc, a field named like one collides.)
        """
        if self.record_events:
            self._events.append((_event_kind, None, fields if _event_data is None else _event_data))

    def emit_fields(self, kind: str, names: tuple[str, ...], values: tuple[Any, ...]) -> None:
        """Record an event as field names plus values: the cheapest form, for hot paths."""
        if self.record_events:
            self._events.append((kind, names, values))

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome with its listed probability; rulesets may add a faster path."""
        return outcome_at(self.chance_outcomes(), rng.random())

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy in which everything ``player`` cannot see is re-sampled consistently with what
        they have seen (for IS-MCTS / determinized search). Perfect-information games: a clone."""
        return self.clone()

    def observation_tensor(self, player: int) -> list[float]:
        """``observation(player)`` as ``Game.observation_tensor_shape`` floats (row-major); hidden
        information stays hidden. Raises ``NotImplementedError`` for rulesets without a tensor view."""
        view = self.game._tensors()
        if view is None:
            raise NotImplementedError(f"{self.game.name} has no observation tensor (Game.tensor_view)")
        return view.observation(self, player)

    def information_state_tensor(self, player: int, own_decisions: Sequence[int] | None = None) -> list[float]:
        """The observation tensor plus ``player``'s last ``RECENT_DECISIONS`` decision ids one-hot (most
        recent first, zeros where there are fewer). ``own_decisions`` (his decision ids in order) saves
        the replay that otherwise finds them."""
        values = self.observation_tensor(player)
        if own_decisions is None:
            own_decisions = self.decisions_of(player)
        return values + recent_decisions_one_hot(own_decisions, self.game.num_distinct_actions())

    def decisions_of(self, player: int) -> list[int]:
        """The ids of the decisions ``player`` made so far, in order (replays the history)."""
        replay = self.starting_state()
        replay.record_events = False
        mine = []
        for action in self._history:
            if replay.current_player() == player:
                mine.append(action.id)
            replay.apply_action(action)
        return mine

    def random_playout_returns(self, rng: random.Random) -> list[float]:
        """Returns of a uniformly random playout from here (MCTS rollouts); does not mutate."""
        state = self.clone()
        state.record_events = False
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state._apply(state.sample_chance(rng))
            else:
                state._apply(rng.choice(state.legal_actions()))

    def __str__(self) -> str:
        return json.dumps(self.observation(0), sort_keys=True)


_NATIVE_FIELDS: Final[dict[type, tuple[str, ...]]] = {}
"""Per state class, ``_native_fields`` (asked once per class, not per copy)."""


def _native_fields(cls: type) -> tuple[str, ...]:
    """The fields a class keeps outside its instance ``__dict__``: a compiled class's native
    attributes (mypyc's ``__mypyc_attrs__``), else the ``__slots__`` along its MRO."""
    native = getattr(cls, "__mypyc_attrs__", None)
    if native is None:
        native = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            native.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(dict.fromkeys(name for name in native if name not in ("__dict__", "__weakref__")))


def state_fields(state: State[Any]) -> dict[str, Any]:
    """Every field a state has set, by name: ``vars(state)`` for an interpreted class, plus the
    native attributes of a compiled one (``__mypyc_attrs__``), for tests that compare states field by field."""
    source: Any = state
    fields: dict[str, Any] = dict(getattr(source, "__dict__", {}))
    for name in _native_fields(type(source)):
        try:
            fields[name] = getattr(source, name)
        except AttributeError:  # a native attribute never set
            continue
    return fields


def outcome_at(outcomes: Sequence[tuple[Action, float]], point: float) -> Action:
    """The outcome whose cumulative probability first passes ``point`` (in [0, 1)): one uniform draw
    picks a chance outcome (the last absorbs rounding)."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]


def recent_decisions_one_hot(decisions: Sequence[int], num_actions: int) -> list[float]:
    """The last ``RECENT_DECISIONS`` of ``decisions``, most recent first, one-hot over ``num_actions`` each."""
    values = [0.0] * (RECENT_DECISIONS * num_actions)
    for index in recent_decisions_hot(decisions, num_actions):
        values[index] = 1.0
    return values


def recent_decisions_hot(decisions: Sequence[int], num_actions: int) -> list[int]:
    """Where ``recent_decisions_one_hot`` holds its ones (so a caller can fill an array in place)."""
    return [slot * num_actions + action for slot, action in enumerate(reversed(decisions[-RECENT_DECISIONS:]))]


RawEvent = tuple[str, tuple[str, ...] | None, Any]
"""How the log stores an event: (kind, None, data dict) or (kind, field names, values)."""


def _materialize(raw: RawEvent) -> Event:
    kind, names, payload = raw
    return Event(kind, payload if names is None else dict(zip(names, payload, strict=True)))


def _compact(mapping: dict[str, Any]) -> str:
    """``a=1, b=x`` with empty and false entries left out."""
    return ", ".join(f"{k}={v}" for k, v in mapping.items() if _says_something(v))


def _says_something(value: Any) -> bool:
    """False for None, False and empty containers; zero is information and stays."""
    if value is None or value is False:
        return False
    return not (isinstance(value, list | dict | str) and not value)


def _jsonable(value: Any) -> Any:
    """Params as JSON would store them (tuples become lists), so comparisons are exact."""
    return json.loads(json.dumps(value))
