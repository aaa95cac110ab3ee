"""The computer's seats: each one's agent, built once, asked for a move within the think cap.

A decision runs on a thinker (``turnbuckle.web.thinkers``) under a deadline of ``think_cap``
seconds (``turnbuckle.agents.deadline``): a search answers with what it has found by then, and
nothing keeps running after it answers. Building an agent counts as thinking (some solve the match
first). The agent's RNG is derived from the match seed, the seat and the position, so a match
replays the same way whenever it is resumed.
"""

from __future__ import annotations

import logging
import random
import time

from turnbuckle.agents.deadline import thinking_until
from turnbuckle.agents.registry import make_agent
from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent
from turnbuckle.web.livematch import LiveMatch

log = logging.getLogger("turnbuckle.web")

OVERRUN = 1.1
"""A decision past ``think_cap * OVERRUN`` is logged: some agent does not honour its deadline."""


class ComputerMoveError(Exception):
    """A computer seat could not move: its agent could not be built, or it failed or chose badly."""

    def __init__(self, seat: int, agent: str, cause: BaseException) -> None:
        super().__init__(f"the computer ({agent}) playing seat {seat} could not move: {one_line(cause)}")
        self.seat = seat


def one_line(error: BaseException) -> str:
    """An exception as one line: its type and its message with every run of whitespace one space."""
    detail = " ".join(str(error).split())
    return f"{type(error).__name__}: {detail}" if detail else type(error).__name__


class ComputerPlayer:
    """Plays a match's computer seats: one agent per seat, one decision at a time per match."""

    def __init__(self, think_cap: float) -> None:
        self.think_cap = think_cap

    @staticmethod
    def agent(match: LiveMatch, seat: int) -> Agent:
        """The seat's agent, built on first use from its stored spec (``computer:AGENT``)."""
        with match.agent_lock:
            agent = match.agents.get(seat)
            if agent is None:
                agent = make_agent(match.record.seats[seat].partition(":")[2], match.game, seat)
                match.agents[seat] = agent
            return agent

    def decide(self, match: LiveMatch, state: State, seat: int, position: int) -> Action:
        """The seat's move in ``state`` (a copy the caller does not touch meanwhile)."""
        rng = random.Random(f"turnbuckle:{match.record.seed}:agent:{seat}:{position}")
        started = time.monotonic()
        with thinking_until(started + self.think_cap):
            action = self.agent(match, seat).choose(state, random.Random(rng.random()))
        took = time.monotonic() - started
        if took > self.think_cap * OVERRUN:
            log.warning("match %s: seat %d thought %.2fs, past its %.2fs deadline", match.id, seat, took,
                        self.think_cap)
        return action


__all__ = ["ComputerMoveError", "ComputerPlayer", "one_line"]
