"""The replay viewer's sessions: a replay file or a finished match, stepped forward and back.

A step is an action after which something new was said (an event); positions are rebuilt from
the action list with a snapshot every few dozen steps, so any step is cheap to show.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any

from turnbuckle.engine.datafiles import is_inline
from turnbuckle.engine.errors import ReplayError, TurnbuckleError
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.replay import Replay, replay_from_data, run_replay
from turnbuckle.engine.shapes import event_message
from turnbuckle.web.errors import BadRequest, NotFound
from turnbuckle.web.setup import WEB_FORBIDDEN_PARAMS, clip
from turnbuckle.web.views import picture, public_observation, result_of

SNAPSHOT_EVERY = 40
FEED = 40
"""Commentary lines sent with a frame (the latest ones up to that step)."""
MAX_SESSIONS = 64
MAX_ACTIONS = 200_000


class ReplaySession:
    """One replay loaded for viewing."""

    def __init__(self, replay: Replay, source: str) -> None:
        if any(replay.params.get(k) is not None and not is_inline(replay.params[k]) for k in WEB_FORBIDDEN_PARAMS):
            raise BadRequest("replays with a 'roster' file param cannot be opened over the web (an embedded one can)")
        if len(replay.actions) > MAX_ACTIONS:
            raise BadRequest(f"replay has more than {MAX_ACTIONS} actions")
        try:
            final = run_replay(replay, source=source)
        except TurnbuckleError as exc:
            raise BadRequest(clip(str(exc))) from None
        except Exception as exc:
            raise BadRequest(clip(f"{source}: cannot be replayed ({type(exc).__name__}: {exc})")) from None
        self.replay = replay
        self.game: Game = final.game
        self.final = final
        events = final.events
        self.events = [event_message(self.game, e, i) for i, e in enumerate(events)]
        # steps: the action counts after which the event log grew (and 0, the opening position)
        counts = _event_counts(self.game, replay.actions, replay.position)
        self.steps = [0] + [i + 1 for i in range(len(replay.actions)) if counts[i + 1] > counts[i]]
        if self.steps[-1] != len(replay.actions):
            self.steps.append(len(replay.actions))
        self.event_counts = [counts[s] for s in self.steps]
        self._snapshots: dict[int, State] = {}
        self._lock = threading.Lock()

    def state_at(self, step: int) -> State:
        actions = self.steps[step]
        with self._lock:
            base = (actions // SNAPSHOT_EVERY) * SNAPSHOT_EVERY
            state = self._snapshots.get(base)
            if state is None:
                state = self.game.state_from_actions(self.replay.actions[:base], self.replay.position)
                state.record_events = False
                self._snapshots[base] = state
            state = state.clone()
        for name in self.replay.actions[base:actions]:
            state.apply_action(name)
        return state

    def frame(self, step: int, seat: int | None, narrow: bool = False) -> dict[str, Any]:
        """One step as the viewer shows it; ``narrow``: the picture laid out for a phone."""
        if not 0 <= step < len(self.steps):
            raise NotFound(f"this replay has steps 0 to {len(self.steps) - 1}, not {step}")
        if seat is not None and not 0 <= seat < self.game.num_players():
            raise NotFound(f"this replay has seats 0 to {self.game.num_players() - 1}, not {seat}")
        state = self.state_at(step)
        obs = public_observation(state) if seat is None else state.observation(seat)
        shown = self.event_counts[step]
        last = step == len(self.steps) - 1
        return {
            "step": step,
            "steps": len(self.steps),
            "actions": self.steps[step],
            "actions_total": len(self.replay.actions),
            "seat": seat,
            "seats": [self.game.player_label(p) for p in range(self.game.num_players())],
            "events_shown": shown,
            "events": self.events[max(0, shown - FEED) : shown],
            "observation": obs,
            "picture": picture(self.game, obs, narrow=narrow),
            "result": result_of(self.game, self.final, self.replay.agents) if last else None,
        }

    def summary(self, replay_id: str) -> dict[str, Any]:
        result = self.final.match_result()
        return {
            "id": replay_id,
            "game": self.game.name,
            "title": self.game.title,
            "steps": len(self.steps),
            "actions": len(self.replay.actions),
            "seats": [self.game.player_label(p) for p in range(self.game.num_players())],
            "hidden_information": self.game.hidden_information,
            "summary": result.describe() if result is not None else "unfinished",
            "viewer": f"/replay/{replay_id}",
        }


def _event_counts(game: Game, actions: list[str], position: dict[str, Any] | None = None) -> list[int]:
    state = game.new_initial_state() if position is None else game.state_from_position(position)
    counts = [len(state.events)]
    for name in actions:
        state.apply_action(name)
        counts.append(len(state.events))
    return counts


class ReplayStore:
    """The sessions in memory, least recently used dropped first."""

    def __init__(self) -> None:
        self._sessions: OrderedDict[str, ReplaySession] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: ReplaySession, replay_id: str | None = None) -> str:
        replay_id = replay_id or "u" + secrets.token_urlsafe(9)
        with self._lock:
            self._sessions[replay_id] = session
            self._sessions.move_to_end(replay_id)
            while len(self._sessions) > MAX_SESSIONS:
                self._sessions.popitem(last=False)
        return replay_id

    def get(self, replay_id: str) -> ReplaySession | None:
        with self._lock:
            session = self._sessions.get(replay_id)
            if session is not None:
                self._sessions.move_to_end(replay_id)
            return session


def parse_replay(data: Any, source: str) -> Replay:
    """A replay file's JSON (``turnbuckle replay`` / ``--save-replay`` format), checked."""
    try:
        return replay_from_data(data, source)
    except ReplayError as exc:
        raise BadRequest(clip(str(exc))) from None
