"""What the browser is sent: a seat's view, the public view, the table picture.

A seat's view is built only from ``state.observation(seat)`` and, on that seat's turn,
``state.legal_actions()``; match facts everyone knows (who sits where, whose turn, the result once
the match is over) come with it. The public view is what *every* seat may know: a ruleset may
define ``State.public_observation()``; otherwise it is seat 0's observation less every key
that is some seat's own view, so no seat's secret can reach a spectator.
"""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.game import CHANCE, TERMINAL, Game, State
from turnbuckle.engine.shapes import result_message

_PRIVATE_KEYS: dict[str, set[str]] = {}
"""Per game: the observation keys seen to differ between seats (learned, never forgotten)."""
_PROBED: set[str] = set()


def private_keys(state: State, observations: list[dict[str, Any]]) -> set[str]:
    """Top-level observation keys that carry some seat's own view: they differ between seats now,
    differed once before, or change when what the others cannot see is re-dealt (determinize)."""
    game = state.game
    private = _PRIVATE_KEYS.setdefault(game.name, set())
    first = observations[0]
    for obs in observations[1:]:
        for key in first.keys() | obs.keys():
            if key not in first or key not in obs or first[key] != obs[key]:
                private.add(key)
    if game.hidden_information and game.name not in _PROBED and len(observations) > 1:
        import random

        rng = random.Random(0)
        try:
            for seat, obs in enumerate(observations):
                other = state.determinize((seat + 1) % len(observations), rng)
                again = other.observation(seat)
                private.update(k for k in obs.keys() | again.keys() if obs.get(k) != again.get(k))
            _PROBED.add(game.name)
        except Exception:  # a position the ruleset cannot re-deal: learn from the next one
            pass
    return private


def public_observation(state: State) -> dict[str, Any]:
    """The spectators' view (see the module docstring); a ruleset's ``public_observation`` wins.

    Without the hook: seat 0's observation less every key that is some seat's own view, so only
    what all seats see alike remains (a whole key goes, never a part of one).
    """
    hook = getattr(state, "public_observation", None)
    if callable(hook):
        found: dict[str, Any] = hook()
        return found
    observations = [state.observation(p) for p in range(state.game.num_players())]
    private = private_keys(state, observations)
    return {k: v for k, v in observations[0].items() if k not in private}


def picture(game: Game, observation: dict[str, Any]) -> dict[str, str | None]:
    """The game's SVG of the observation, and the text view as a fallback (always present)."""
    try:
        svg = game.render_svg(observation)
    except Exception:  # a partial (public) observation the renderer does not expect
        svg = None
    try:
        text = game.render_observation(observation)
    except Exception:
        text = Game.render_observation(game, observation)
    return {"svg": svg, "text": text}


def mover_label(game: Game, state: State) -> str | None:
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "the dice and the deck"
    return game.player_label(player)


def result_of(game: Game, state: State, agents: list[str]) -> dict[str, Any] | None:
    """The shared ``result`` message (``engine.shapes``) once the match is over."""
    result = state.match_result()
    if result is None:
        return None
    return result_message(game, result, seed=None, agents=agents, actions=len(state.history))


def legal_action_list(game: Game, state: State, seat: int) -> list[dict[str, Any]]:
    if state.current_player() != seat:
        return []
    return [{"name": a.name, "label": game.describe_action(a.name)} for a in state.legal_actions()]
