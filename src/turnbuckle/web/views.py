"""What the browser is sent: a seat's view, the public view, the table picture.

A seat's view is built only from ``state.observation(seat)`` and, on that seat's turn,
``state.legal_actions()``; match facts everyone knows (who sits where, whose turn, the result once
the match is over) come with it. The public view is what *every* seat may know: a ruleset may
define ``State.public_observation()``; otherwise it is seat 0's observation less everything
at a path where the seats' views have differed, so no seat's secret can reach a spectator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.picks import pick_message
from turnbuckle.engine.shapes import result_message

Path = tuple[str, ...]
"""Where a value sits in an observation: keys, with ``*`` for any item of a list."""

_PRIVATE: dict[str, set[Path]] = {}
"""Per game: the observation paths seen to differ between seats (learned, never forgotten)."""
_PROBED: set[str] = set()


def differing_paths(values: list[Any], path: Path = (), record: bool = True) -> set[Path]:
    """The paths at which ``values`` (one observation per seat) do not all agree.

    Records (the observation itself, and the items of a list of dicts: wrestlers, holds) are
    compared field by field; any other value (a hand ``{card: count}``, a number) as a whole, since
    its keys are data too.
    """
    first = values[0]
    if all(v == first for v in values[1:]):
        return set()
    if record and all(isinstance(v, dict) for v in values):
        out: set[Path] = set()
        for key in set().union(*values):
            if not all(key in v for v in values):
                out.add((*path, key))
            else:
                out |= differing_paths([v[key] for v in values], (*path, key), record=False)
        return out
    if (all(isinstance(v, list) and len(v) == len(first) for v in values)
            and all(isinstance(item, dict) for v in values for item in v)):
        out = set()
        for i in range(len(first)):
            out |= differing_paths([v[i] for v in values], (*path, "*"), record=True)
        return out
    return {path}


def strip_paths(value: Any, private: set[Path], path: Path = ()) -> Any:
    """``value`` without whatever sits at a private path."""
    if isinstance(value, dict):
        return {k: strip_paths(v, private, (*path, k)) for k, v in value.items() if (*path, k) not in private}
    if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
        return [strip_paths(item, private, (*path, "*")) for item in value]
    return value


def private_paths(state: State, observations: list[dict[str, Any]]) -> set[Path]:
    """The observation paths that carry some seat's own view: they differ between seats now, differed
    once before, or change when what the other seats cannot see is re-dealt (``determinize``)."""
    game = state.game
    private = _PRIVATE.setdefault(game.name, set())
    private |= differing_paths(observations)
    if game.hidden_information and game.name not in _PROBED and len(observations) > 1:
        import random

        rng = random.Random(0)
        try:
            for seat, obs in enumerate(observations):
                other = state.determinize((seat + 1) % len(observations), rng)
                private |= differing_paths([obs, other.observation(seat)])
            _PROBED.add(game.name)
        except Exception:  # a position the ruleset cannot re-deal: learn from the next one
            pass
    return private


def public_observation(state: State) -> dict[str, Any]:
    """The spectators' view (see the module docstring); a ruleset's ``public_observation`` wins.

    Without the hook: seat 0's observation less everything at a path where some seat's view has
    differed from another's (a hand, a face-down card), so only what all seats see alike remains.
    """
    hook = getattr(state, "public_observation", None)
    if callable(hook):
        found: dict[str, Any] = hook()
        return found
    observations = [state.observation(p) for p in range(state.game.num_players())]
    private = private_paths(state, observations)
    stripped: dict[str, Any] = strip_paths(observations[0], private)
    return stripped


def picture(game: Game, observation: dict[str, Any], actions: Sequence[str] = (),
            narrow: bool = False) -> dict[str, str | None]:
    """The game's SVG of the observation, and the text view as a fallback (always present).

    ``actions`` are the viewer's legal action names when the viewer is to move (empty otherwise):
    the game may draw those that name a place as targets to click (``Game.render_svg``).
    ``narrow``: the page is a phone's, and the game lays the picture out for it where it can.
    """
    try:
        svg = _svg(game, observation, actions, narrow)
    except Exception:  # a partial (public) observation the renderer does not expect
        svg = None
    try:
        text = game.render_observation(observation)
    except Exception:
        text = Game.render_observation(game, observation)
    return {"svg": svg, "text": text}


def _svg(game: Game, observation: dict[str, Any], actions: Sequence[str], narrow: bool = False) -> str | None:
    if narrow:
        try:
            return game.render_svg(observation, tuple(actions), narrow=True)
        except TypeError:  # an override written before the narrow layout: the wide picture
            pass
    if not actions:
        return game.render_svg(observation)
    try:
        return game.render_svg(observation, tuple(actions))
    except TypeError:  # an override written before the hook took actions: the picture, without targets
        return game.render_svg(observation)


def mover_label(game: Game, state: State) -> str | None:
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "the next roll or draw"
    return game.player_label(player)


def result_of(game: Game, state: State, agents: list[str]) -> dict[str, Any] | None:
    """The shared ``result`` message (``engine.shapes``) once the match is over."""
    result = state.match_result()
    if result is None:
        return None
    return result_message(game, result, seed=None, agents=agents, actions=len(state.history))


def legal_action_list(game: Game, state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions on its turn, each with what it does (``Game.action_labels``)."""
    if state.current_player() != seat:
        return []
    names = [a.name for a in state.legal_actions()]
    labels = game.action_labels(state.observation(seat), names)
    return [{"name": name, "label": labels.get(name)} for name in names]


def pick_list(game: Game, observation: dict[str, Any], actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How the seat's legal ``actions`` are chosen on its picture (``Game.picks``): one
    ``{"action", "path", "label"}`` each for those with a place on the table; the rest are buttons."""
    if not actions:
        return []
    labels = {a["name"]: a["label"] for a in actions}
    found = game.picks(observation, list(labels))
    return pick_message((p for p in found if p.action in labels), labels)
