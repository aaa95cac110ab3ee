"""Playing a lesson: the learner's attempts checked against its steps, the forced chance outcomes and
the other side's scripted replies played between them. The terminal and the web app both drive a
``LessonRun``; a test plays every lesson along its path with ``verify``."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.engine.errors import TurnbuckleError
from turnbuckle.engine.game import CHANCE, State
from turnbuckle.learn.lessons import LessonError, LessonFile, Step, start_state


@dataclass(frozen=True)
class Attempt:
    """The answer to a learner's action: accepted, or refused with why."""

    accepted: bool
    message: str


class LessonRun:
    """One learner's way through one lesson (a small, plain object: cheap to keep per session)."""

    def __init__(self, file: LessonFile) -> None:
        self.file = file
        self.lesson = file.lesson
        self.seat = self.lesson.seat
        try:
            self.state: State = start_state(file.game, self.lesson.start)
        except TurnbuckleError as exc:
            raise self._broken(f"start: {exc}") from None
        self.chance = list(self.lesson.chance)
        self.index = 0
        self.said = ""  # what the last accepted step said once done (``Step.after``)
        self._settle([])

    @property
    def step(self) -> Step | None:
        """The step the learner is at (``None`` once the lesson is done)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def legal_names(self) -> list[str]:
        """The learner's legal action names now (empty once the lesson is done)."""
        if self.finished or self.state.current_player() != self.seat:
            return []
        return [a.name for a in self.state.legal_actions()]

    def attempt(self, name: str) -> Attempt:
        """Play ``name`` if it is the step's action; otherwise refuse it with the step's reason."""
        step = self.step
        if step is None:
            return Attempt(False, "This lesson is over.")
        legal = self.legal_names()
        if name not in legal:
            return Attempt(False, f"{name!r} is not a move you can make now; you can: {', '.join(legal)}.")
        if name != step.action:
            return Attempt(False, step.refusals.get(name, step.refusal))
        self.state.apply_action(name)
        self.index += 1
        self._settle(list(step.replies))
        self.said = step.after or "Right."
        return Attempt(True, self.said)

    def _settle(self, replies: list[str]) -> None:
        """Play the forced chance outcomes and the other side's scripted ``replies`` until the learner
        is to decide again (or the match is over); a lesson that does not fit is a ``LessonError``."""
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            if self.finished and not (self.chance if state.current_player() == CHANCE else replies):
                return  # the lesson is over: what would come next is a match of its own
            if state.current_player() == CHANCE:
                if not self.chance:
                    raise self._broken("the forced chance outcomes ran out")
                self._apply(self.chance.pop(0))
            else:
                if not replies:
                    raise self._broken(f"{state.game.player_label(state.current_player())} is to decide "
                                       "and the step scripts no reply")
                self._apply(replies.pop(0))
        if replies:
            raise self._broken(f"scripted replies left unplayed: {', '.join(replies)}")
        if state.is_terminal() and not self.finished:
            raise self._broken("the match ended before the last step")
        if not self.finished and self.step is not None and self.step.action not in self.legal_names():
            raise self._broken(f"the expected action {self.step.action!r} is not legal "
                               f"(legal: {', '.join(self.legal_names())})")

    def _apply(self, name: str) -> None:
        try:
            self.state.apply_action(name)
        except TurnbuckleError as exc:
            raise self._broken(f"{name!r}: {exc}") from None

    def _broken(self, reason: str) -> LessonError:
        where = f"step {self.index + 1}" if hasattr(self, "index") else "start"
        return LessonError(f"{self.file.game}/lessons/{self.file.name}.toml: {where}: {reason}")


def verify(file: LessonFile) -> list[tuple[int, str, str]]:
    """Play ``file`` along its path, trying every wrong legal action at every step first: each
    ``(step, wrong action, refusal)``. A lesson whose path does not play raises ``LessonError``."""
    run = LessonRun(file)
    refused: list[tuple[int, str, str]] = []
    while not run.finished:
        step = run.step
        assert step is not None
        for name in run.legal_names():
            if name != step.action:
                answer = run.attempt(name)
                if answer.accepted:
                    raise run._broken(f"wrong action {name!r} was accepted")
                refused.append((run.index + 1, name, answer.message))
        if not run.attempt(step.action).accepted:
            raise run._broken(f"the expected action {step.action!r} was refused")
    return refused


__all__ = ["Attempt", "LessonRun", "verify"]
