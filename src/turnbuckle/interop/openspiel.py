"""Every turnbuckle ruleset as an OpenSpiel (``pyspiel``) game, with explicit chance.

Why: OpenSpiel's algorithms and its consistency checker (``pyspiel.random_sim_test``) then run on
our rules unchanged. The adapter is generic over the engine contract, so a ruleset registered in
``turnbuckle.engine.registry`` becomes ``python_turnbuckle_<name>`` with no code of its own::

    from turnbuckle.interop import openspiel as tb_spiel
    game = tb_spiel.load("powerhouses", dice=3)           # or, once registered:
    game = pyspiel.load_game("python_turnbuckle_powerhouses", {"dice": 3})

Mapping of the contract:

- action ints are ``Action.id``: decision ids for players, chance ids at chance nodes (two id
  spaces, exactly as OpenSpiel keeps them); ``action_to_string`` is ``Action.name``.
- observation strings are ``json.dumps(state.observation(player), sort_keys=True)``; the
  information state adds what a player with perfect recall remembers: the action history in a
  perfect-information game (one whose state does not override ``State.determinize``), else the
  player's whole sequence of observations (built on request by replaying the history, then
  extended step by step: nothing is recorded while nobody asks).
- tensors: a ruleset with ``Game.tensor_view`` provides observation and information-state tensors
  (``State.observation_tensor`` / ``information_state_tensor``, layouts in ``docs/interop.md``)
  through the observer; one without it is served strings only and says so in its ``GameType``.
- speed: Python callers get direct methods for the per-step calls (see ``TurnbuckleSpielState``);
  random playouts cost at most 2x the native contract (``benchmarks/bench_core.py --adapter``).
- params: options whose default is a bool, int, float or str are OpenSpiel params of that type;
  any other option (``None`` or list defaults, e.g. powerhouses ``wrestlers``/``roster``) is
  declared as a string param where ``""`` means the ruleset's default, ``|`` separates list items
  (``{"wrestlers": "Mama Odette|Lady Vesper"}``) and numbers and booleans carry a type prefix
  (``{"players": "int:3"}``, ``{"feud": "bool:true"}``; plain ``"3"``/``"true"`` are read too)
  so that OpenSpiel keeps them strings when it re-reads a game string. ``load`` does all this
  from ordinary Python values. Game strings are ``name(key=value,...)``, so a string value may
  not contain ``,``, ``(``, ``)`` or ``=``.
- serialization: OpenSpiel pickles a Python state's ``__dict__``; ours holds one ``_Inner`` box
  that pickles as the turnbuckle ``to_json`` text (game, params, action names) and deep-copies
  with ``State.clone``, so both stay exact and cheap.

Optional hooks a ``turnbuckle.Game`` may define (read with ``getattr``; nothing requires them):
``utility_sum()`` (``float`` for zero/constant-sum, ``None`` for general-sum), ``min_utility()``
and ``max_utility()``. Without them, a game named in ``_ZERO_SUM_GAMES`` is zero-sum and the
utility range is ``[-1, 1]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pyspiel

import turnbuckle
from turnbuckle.engine.actions import Action
from turnbuckle.engine.errors import IllegalActionError
from turnbuckle.engine.game import CHANCE, Game, GameOption, State, recent_decisions_hot
from turnbuckle.engine.registry import game_class
from turnbuckle.engine.result import MatchResult

PREFIX: Final = "python_turnbuckle_"
"""OpenSpiel short names are ``PREFIX + turnbuckle name`` (``python_`` marks Python games)."""
LIST_SEPARATOR: Final = "|"
"""Joins list-valued params in a string param (commas would break OpenSpiel's game strings)."""

_ZERO_SUM_GAMES: Final = frozenset({"powerhouses"})
"""Rulesets whose returns always sum to 0, for games without a ``utility_sum()`` hook."""
_DEFAULT_UTILITY: Final = (-1.0, 1.0)

_registered: dict[str, pyspiel.GameType] = {}
_registration_errors: dict[str, str] = {}
_game_cache: dict[str, Game] = {}


def short_name(name: str) -> str:
    """The OpenSpiel short name of turnbuckle game ``name`` (idempotent)."""
    return name if name.startswith(PREFIX) else PREFIX + name


def turnbuckle_name(name: str) -> str:
    """The turnbuckle name of an OpenSpiel short name (idempotent)."""
    return name[len(PREFIX) :] if name.startswith(PREFIX) else name


# -- params ------------------------------------------------------------------------------------
def _is_scalar(value: Any) -> bool:
    return isinstance(value, bool | int | float | str)


def parameter_specification(options: list[GameOption]) -> dict[str, Any]:
    """OpenSpiel param defaults: scalars keep their type, everything else is a string."""
    return {o.name: (o.default if _is_scalar(o.default) else "") for o in options}


def _encode_text(value: Any) -> str:
    """A value of a string-declared option as text OpenSpiel keeps a string in game strings.

    OpenSpiel types ``3``, ``0.5`` and ``true`` in a game string as int, float and bool and then
    refuses them for a string param, so numbers and booleans carry a type prefix (``int:3``).
    A list is joined by ``|``, with a trailing ``|`` when it has one item.
    """
    if isinstance(value, bool):
        return f"bool:{'true' if value else 'false'}"
    if isinstance(value, int | float):
        return f"{type(value).__name__}:{value!r}"
    if isinstance(value, list | tuple):
        text = LIST_SEPARATOR.join(str(v) for v in value)
        return text + LIST_SEPARATOR if len(value) == 1 else text
    return str(value)


def _decode_text(option: GameOption, text: str) -> Any:
    """Inverse of ``_encode_text``; also takes plain ``3``/``true`` typed by hand."""
    kind, _, rest = text.partition(":")
    if kind == "bool" and rest in ("true", "false"):
        return rest == "true"
    if kind in ("int", "float"):
        try:
            return int(rest) if kind == "int" else float(rest)
        except ValueError:
            pass
    if LIST_SEPARATOR in text or isinstance(option.default, list | tuple):
        return [v for v in text.split(LIST_SEPARATOR) if v]
    if text in ("True", "true", "False", "false"):
        return text in ("True", "true")
    for number in (int, float):
        try:
            return number(text)
        except ValueError:
            pass
    return text


def encode_params(options: list[GameOption], params: Mapping[str, Any]) -> dict[str, Any]:
    """Turnbuckle params as OpenSpiel params; ``None`` (the ruleset's default) is left out."""
    known = {o.name: o for o in options}
    encoded: dict[str, Any] = {}
    for key, value in params.items():
        option = known.get(key)
        if option is None:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(known)}")
        if value is None:
            continue
        encoded[key] = value if _is_scalar(option.default) else _encode_text(value)
    return encoded


def decode_params(options: list[GameOption], params: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel params back to turnbuckle params; defaults are left to the ruleset."""
    unknown = set(params) - {o.name for o in options}
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}")
    decoded: dict[str, Any] = {}
    for option in options:
        if option.name not in params:
            continue
        value = params[option.name]
        if _is_scalar(option.default):
            if isinstance(option.default, float) and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if value != option.default:
                decoded[option.name] = value
        elif value != "":
            decoded[option.name] = _decode_text(option, value) if isinstance(value, str) else value
    return decoded


def canonical_params(options: list[GameOption], params: Mapping[str, Any]) -> dict[str, Any]:
    """Every param as the game string should carry it: defaults filled, values re-encoded, so
    ``pyspiel.load_game(str(game))`` rebuilds the same game however it was first written."""
    spec = parameter_specification(options)
    return {**spec, **encode_params(options, decode_params(options, params))}


def _cached_game(name: str, params: Mapping[str, Any]) -> Game:
    """One turnbuckle game per (name, params): deserialized states share their game's tables."""
    key = json.dumps([name, params], sort_keys=True, default=str)
    game = _game_cache.get(key)
    if game is None:
        game = _game_cache[key] = turnbuckle.load_game(name, **params)
    return game


# -- the state box -----------------------------------------------------------------------------
def _restore_inner(text: str, players: list[int], synced: int) -> _Inner:
    """Unpickle a state from its ``to_json`` text by replaying its actions."""
    payload = json.loads(text)
    game = _cached_game(payload["game"], payload["params"])
    return _Inner(_tables(game), game.state_from_json(text), players, synced)


class _Tables:
    """What every state of one game looks up: actions by id, remembered chance lists, the kind of game."""

    __slots__ = ("chance", "decisions", "game", "last_ids", "last_outcomes", "outcomes", "perfect_information")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.decisions: dict[int, Action] = {a.id: a for a in game.actions.decisions}
        self.chance: dict[int, Action] = {a.id: a for a in game.actions.chance}
        self.outcomes: dict[int, tuple[list[tuple[Action, float]], list[tuple[int, float]]]] = {}
        self.last_outcomes: list[tuple[Action, float]] | None = None
        self.last_ids: list[tuple[int, float]] = []
        self.perfect_information = _is_perfect_information(game)

    def outcome_ids(self, outcomes: list[tuple[Action, float]]) -> list[tuple[int, float]]:
        """``(id, probability)`` sorted by id; remembered for the outcome lists a ruleset reuses
        (a die's six faces), found by identity, so the common case costs one comparison. A ruleset
        must therefore not change a list it has returned from ``chance_outcomes``."""
        cached = self.outcomes.get(id(outcomes))
        if cached is not None and cached[0] is outcomes:
            self.last_outcomes, self.last_ids = cached
            return cached[1].copy()
        ids = [(a.id, p) for a, p in outcomes]
        ids.sort()
        if len(self.outcomes) < _OUTCOME_CACHE_SIZE:
            self.outcomes[id(outcomes)] = (outcomes, ids)  # holds the list: its id stays its own
            self.last_outcomes, self.last_ids = outcomes, ids
        return ids.copy()

    def engine_action(self, player: int, action: int) -> Action:
        found = (self.chance if player == CHANCE else self.decisions).get(action)
        if found is None:
            kind = "chance outcome" if player == CHANCE else "decision"
            raise IllegalActionError(f"no {kind} with id {action!r} in {self.game.name}")
        return found


_OUTCOME_CACHE_SIZE: Final = 64
_tables_by_game: dict[int, tuple[Game, _Tables]] = {}


def _tables(game: Game) -> _Tables:
    found = _tables_by_game.get(id(game))
    if found is None or found[0] is not game:
        found = _tables_by_game[id(game)] = (game, _Tables(game))
    return found[1]


class _Trail:
    """Each player's observation strings after every action (perfect recall in a hidden-information
    game), built only when an information-state string is asked for, by replaying the history; kept
    and extended as play goes on, so asking at every step costs one replayed step each."""

    __slots__ = ("done", "replay", "seen")

    def __init__(self, game: Game) -> None:
        self.replay = game.new_initial_state()
        self.replay.record_events = False
        self.seen = [[_observation_string(self.replay, p)] for p in range(game.num_players())]
        self.done = 0

    def catch_up(self, history: list[Action]) -> None:
        replay, seen = self.replay, self.seen
        for action in history[self.done :]:
            replay.apply_action(action)
            for player, strings in enumerate(seen):
                strings.append(_observation_string(replay, player))
        self.done = len(history)


class _Inner:
    """Holds the turnbuckle state inside the pyspiel state, with who made each action.

    OpenSpiel clones a Python state by deep-copying its ``__dict__`` and serializes it by
    pickling that dict; this box makes the first a ``State.clone`` and the second the exact
    action-history JSON, instead of copying or pickling the whole game with every state.

    ``synced`` counts the actions pyspiel's C++ history holds: actions applied through the Python
    fast path (``TurnbuckleSpielState.apply_action``) are added there lazily (``_sync``).
    """

    __slots__ = ("flush_player", "players", "state", "synced", "tables", "trail")

    def __init__(self, tables: _Tables, state: State, players: list[int], synced: int) -> None:
        self.tables = tables
        self.state = state
        self.players = players
        self.synced = synced
        self.flush_player: int | None = None
        self.trail: _Trail | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.tables, self.state.clone(), self.players.copy(), self.synced)

    def __reduce__(self) -> tuple[Any, tuple[str, list[int], int]]:
        return (_restore_inner, (self.state.to_json(), self.players, self.synced))


def _observation_string(state: State, player: int) -> str:
    return json.dumps(state.observation(player), sort_keys=True)


def _is_perfect_information(game: Game) -> bool:
    """Perfect-information rulesets keep ``State.determinize`` as the base class's clone."""
    return type(game.new_initial_state()).determinize is State.determinize


# -- pyspiel Game / State / Observer -----------------------------------------------------------
class TurnbuckleSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A turnbuckle game seen through ``pyspiel.Game``."""

    GAME_TYPE: pyspiel.GameType
    """Set on the per-ruleset subclass that ``register`` makes."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game_type = self.GAME_TYPE
        params = dict(params or {})
        name = turnbuckle_name(game_type.short_name)
        options = game_class(name).options()
        tb = _cached_game(name, decode_params(options, params))
        low, high = _utility_range(tb)
        info = pyspiel.GameInfo(
            num_distinct_actions=tb.num_distinct_actions(),
            max_chance_outcomes=tb.max_chance_outcomes(),
            num_players=tb.num_players(),
            min_utility=low,
            max_utility=high,
            utility_sum=_utility_sum(tb),
            max_game_length=tb.max_game_length(),
        )
        super().__init__(game_type, info, canonical_params(options, params))
        self.turnbuckle_game: Game = tb
        self.perfect_information = game_type.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        self.observation_shape = tb.observation_tensor_shape() if game_type.provides_observation_tensor else None
        self.information_state_shape = (
            tb.information_state_tensor_shape() if game_type.provides_information_state_tensor else None
        )

    def new_initial_state(self) -> TurnbuckleSpielState:
        return TurnbuckleSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> TurnbuckleObserver:
        """Observation strings and tensors (``perfect_recall`` off) or information-state ones (on)."""
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        if iig_obs_type is not None and not self.perfect_information:
            if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ValueError("turnbuckle observers give one player's view (private_info=SINGLE_PLAYER)")
            if not iig_obs_type.public_info:
                raise ValueError("turnbuckle observers always include public information")
        shape = self.information_state_shape if perfect_recall else self.observation_shape
        return TurnbuckleObserver(perfect_recall, shape)


class TurnbuckleSpielState(pyspiel.State):  # type: ignore[misc]
    """A turnbuckle state seen through ``pyspiel.State``; action ints are ``Action.id``.

    Two ways in, one state. C++ (``random_sim_test``, C++ bots) drives the pyspiel hooks
    (``current_player``, ``_legal_actions``, ``chance_outcomes``, ``_apply_action``). Python callers
    get direct methods for the per-step calls (``apply_action``, ``legal_actions``,
    ``is_chance_node`` ...), which skip the C++ round trips (each costs about as much as a
    Powerhouses transition). An action applied from Python reaches pyspiel's C++ history lazily:
    the Python ``history``/``move_number``/``history_str`` read the engine's history, and
    ``full_history``, ``serialize`` and the next C++ ``apply_action`` write the missing entries first;
    clones and serialized states carry the pending ones along.
    """

    def __init__(self, game: TurnbuckleSpielGame) -> None:
        super().__init__(game)
        tb = game.turnbuckle_game
        self._inner = _Inner(_tables(tb), tb.new_initial_state(), [], 0)

    @property
    def turnbuckle_state(self) -> State:
        """The wrapped engine state (read it; change it only through ``apply_action``)."""
        return self._inner.state

    # -- the per-step calls, straight to the engine ------------------------------------------
    def current_player(self) -> int:
        inner = self._inner
        if inner.flush_player is not None:
            return inner.flush_player  # replaying a pending action into the C++ history
        return inner.state.current_player()

    def is_terminal(self) -> bool:
        return self._inner.state.is_terminal()

    def is_chance_node(self) -> bool:
        return self._inner.state.is_chance_node()

    def is_player_node(self) -> bool:
        return self._inner.state.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal ids of the player to move (``player``: someone else gets ``[]``); at a chance
        node the outcome ids, as ``pyspiel.State.legal_actions`` gives them."""
        state = self._inner.state
        current = state.current_player()
        if player is not None and player != current:
            if player < 0:
                raise RuntimeError(f"legal_actions for pseudo-player {player}")
            return []
        if current >= 0:
            ids = [a.id for a in state.legal_actions()]
            ids.sort()
            return ids
        if current == CHANCE:
            return [a for a, _ in self._inner.tables.outcome_ids(state.chance_outcomes())]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        state = self._inner.state
        if player != state.current_player():
            return []
        ids = [a.id for a in state.legal_actions()]
        ids.sort()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        inner = self._inner
        outcomes = inner.state.chance_outcomes()
        tables = inner.tables
        if outcomes is tables.last_outcomes:  # the same die as last time: the common case, kept cheap
            return tables.last_ids.copy()
        return tables.outcome_ids(outcomes)

    def apply_action(self, action: int) -> None:
        """Apply a decision or chance outcome id (``IllegalActionError`` when not allowed now)."""
        inner = self._inner
        state = inner.state
        player = state.current_player()
        tables = inner.tables
        found = (tables.chance if player == CHANCE else tables.decisions).get(action)
        state.apply_action(found if found is not None else tables.engine_action(player, action))
        inner.players.append(player)

    def _apply_action(self, action: int) -> None:
        """pyspiel's C++ ``ApplyAction`` calls this, then appends the action to its history."""
        inner = self._inner
        if inner.flush_player is not None:
            inner.synced += 1  # a pending action being written into the C++ history: already applied
            return
        if inner.synced < len(inner.players):
            self._sync()
        state = inner.state
        player = state.current_player()
        state.apply_action(inner.tables.engine_action(player, action))
        inner.players.append(player)
        inner.synced = len(inner.players)  # C++ appends this action as soon as we return

    def _sync(self) -> None:
        """Write the actions applied from Python into pyspiel's C++ history (who moved, what)."""
        inner = self._inner
        history = inner.state._history
        try:
            while inner.synced < len(inner.players):
                inner.flush_player = inner.players[inner.synced]
                pyspiel.State.apply_action(self, history[inner.synced].id)
        finally:
            inner.flush_player = None

    # -- history, read from the engine --------------------------------------------------------
    def history(self) -> list[int]:
        return [a.id for a in self._inner.state._history]

    def history_str(self) -> str:
        return ", ".join(str(a.id) for a in self._inner.state._history)

    def move_number(self) -> int:
        return len(self._inner.players)

    def is_initial_state(self) -> bool:
        return not self._inner.players

    def full_history(self) -> list[Any]:
        self._sync()
        return list(pyspiel.State.full_history(self))

    def serialize(self) -> str:
        self._sync()
        return str(pyspiel.State.serialize(self))

    def decisions_of(self, player: int) -> list[int]:
        """The decision ids ``player`` made so far, in order (no replay: the adapter records who moved)."""
        inner = self._inner
        return [a.id for a, p in zip(inner.state._history, inner.players, strict=True) if p == player]

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._inner.state.game.actions
        if player == CHANCE:
            return table.chance_outcome(action).name
        return table.decision(action).name

    def returns(self) -> list[float]:
        """A team shares its win: in a tag or handicap match every member of the winning side
        has a positive return (see ``match_result`` for the side, method and finishing order)."""
        return self._inner.state.returns()

    def match_result(self) -> MatchResult | None:
        """The engine's ``MatchResult``: the winning side (wrestler or team), how, the order."""
        return self._inner.state.match_result()

    # -- what a player sees -------------------------------------------------------------------
    def observation_string_for(self, player: int) -> str:
        """What ``player`` sees now, as sorted-key JSON."""
        return _observation_string(self._inner.state, player)

    def information_state_string_for(self, player: int) -> str:
        """What ``player`` remembers: the action history (perfect information) or his views."""
        inner = self._inner
        if inner.tables.perfect_information:
            return json.dumps(
                {
                    "observation": inner.state.observation(player),
                    "history": [a.name for a in inner.state._history],
                },
                sort_keys=True,
            )
        if inner.trail is None:
            inner.trail = _Trail(inner.tables.game)
        inner.trail.catch_up(inner.state._history)
        return "[" + ",".join(inner.trail.seen[player]) + "]"

    def observation_tensor_for(self, player: int) -> list[float]:
        return self._inner.state.observation_tensor(player)

    def information_state_tensor_for(self, player: int) -> list[float]:
        return self._inner.state.information_state_tensor(player, self.decisions_of(player))

    def __str__(self) -> str:
        state = self._inner.state
        return f"{state}\nhistory: {' '.join(a.name for a in state._history)}"


class TurnbuckleObserver:
    """The PyObserver shape OpenSpiel calls: strings always, a float32 ``tensor`` (and ``dict``
    view of it) when the ruleset has a tensor view, else ``tensor`` is ``None``."""

    def __init__(self, perfect_recall: bool, shape: tuple[int, ...] | None = None) -> None:
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, Any] = {}
        if shape is not None:
            self.tensor = np.zeros(int(np.prod(shape)), np.float32)
            self.dict = {"info_state" if perfect_recall else "observation": self.tensor.reshape(shape)}

    def set_from(self, state: TurnbuckleSpielState, player: int) -> None:
        if self.tensor is None:
            return
        if self.perfect_recall:
            # the observation, then the recent decisions' one-hot tail written in place: that tail
            # is most of a big game's information-state tensor and nearly all zeros
            observed = state.observation_tensor_for(player)
            n = len(observed)
            self.tensor[:n] = observed
            self.tensor[n:] = 0.0
            width = state.turnbuckle_state.game.num_distinct_actions()
            for index in recent_decisions_hot(state.decisions_of(player), width):
                self.tensor[n + index] = 1.0
        else:
            self.tensor[:] = state.observation_tensor_for(player)

    def string_from(self, state: TurnbuckleSpielState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string_for(player)
        return state.observation_string_for(player)


def _utility_sum(game: Game) -> float | None:
    hook = getattr(game, "utility_sum", None)
    if callable(hook):
        value = hook()
        return None if value is None else float(value)
    return 0.0 if game.name in _ZERO_SUM_GAMES else None


def _utility_range(game: Game) -> tuple[float, float]:
    low, high = getattr(game, "min_utility", None), getattr(game, "max_utility", None)
    if callable(low) and callable(high):
        return float(low()), float(high())
    return _DEFAULT_UTILITY


# -- registration ------------------------------------------------------------------------------
def game_type(name: str) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of turnbuckle game ``name`` (loads its default game once)."""
    name = turnbuckle_name(name)
    cls = game_class(name)
    options = cls.options()
    default = _cached_game(name, {})
    zero_sum = _utility_sum(default)
    if zero_sum is None:
        utility = pyspiel.GameType.Utility.GENERAL_SUM
    elif zero_sum == 0.0:
        utility = pyspiel.GameType.Utility.ZERO_SUM
    else:
        utility = pyspiel.GameType.Utility.CONSTANT_SUM
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if _is_perfect_information(default)
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    tensors = default.observation_tensor_shape() is not None  # only rulesets with Game.tensor_view
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"turnbuckle: {getattr(cls, 'title', name)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=parameter_specification(options),
    )


def register(name: str) -> str:
    """Register turnbuckle game ``name`` with pyspiel (idempotent); returns its short name."""
    name = turnbuckle_name(name)
    spiel_name = short_name(name)
    if spiel_name in _registered:
        return spiel_name
    kind = game_type(name)
    # A class, not a closure, is the creator: pyspiel's C++ registry keeps it past interpreter
    # shutdown and frees it then without the GIL, a fatal error for an object whose last
    # reference it holds; a class lives on in its own reference cycle (``__mro__``) instead.
    creator = type(f"TurnbuckleSpielGame_{name}", (TurnbuckleSpielGame,), {"GAME_TYPE": kind})
    pyspiel.register_game(kind, creator)
    _registered[spiel_name] = kind
    _registration_errors.pop(name, None)
    return spiel_name


def register_all() -> list[str]:
    """Register every turnbuckle game that loads; the others are kept in ``registration_errors``."""
    names = []
    for name in turnbuckle.list_games():
        try:
            names.append(register(name))
        except Exception as exc:  # a ruleset still being written must not break the others
            _registration_errors[name] = f"{type(exc).__name__}: {exc}"
    return names


def registration_errors() -> dict[str, str]:
    """Why a game was not registered by ``register_all`` (turnbuckle name -> error)."""
    return dict(_registration_errors)


def load(name: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a turnbuckle game, taking turnbuckle-style params."""
    spiel_name = register(name)
    options = game_class(turnbuckle_name(name)).options()
    return pyspiel.load_game(spiel_name, encode_params(options, params))


register_all()
