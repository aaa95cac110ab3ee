"""Reviews and hints over the API (docs/review.md, docs/web.md).

- ``GET /api/replays/{id}/review``: the ``review`` message of a replay in the viewer, with the viewer
  step of each decision. A review takes seconds to a minute, so it runs in the background: 202 with
  its progress until it is ready, then 200.
- ``GET /api/matches/{id}/hints``: whether this match allows hints and reviews, and why.
- ``GET /api/matches/{id}/seats/{seat}/hint``: the seat's options at its decision, ranked, valued
  only from what the seat can see (seat token required, like the other seat endpoints).

Hints and reviews are on against the computer and off when another person plays, unless the
match was created with ``"hints": true`` (everyone who joins it has agreed); ``"hints": false``
turns them off against the computer too.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from turnbuckle.analysis.review import Budget, ReviewSettings, hint, hint_message, review_message, review_replay
from turnbuckle.engine.errors import TurnbuckleError, quoted
from turnbuckle.web.api import (
    ERRORS,
    AuthHeader,
    replay_session,
    seat_request,
    service_of,
)
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden, NotFound
from turnbuckle.web.live import LiveMatch
from turnbuckle.web.replays import ReplaySession

router = APIRouter(prefix="/api")

MAX_WEB_PLAYOUTS = 256
MAX_WEB_SECONDS = 3.0
"""A request may ask for at most this much sampling per decision (the server is shared)."""
KEEP_REVIEWS = 32
MAX_WEB_DECISIONS = 2000
"""A longer match is reviewed on the command line (``turnbuckle review``), not on the shared server."""


# -- who may have hints ---------------------------------------------------------------------------
def hints_allowed(match: LiveMatch) -> tuple[bool, str]:
    """Whether the people of ``match`` may see hints and reviews, and why (in words)."""
    return hints_allowed_by(match.record.tokens, match.record.seats)


def hints_allowed_by(tokens: dict[str, dict[str, Any]], seats: list[str]) -> tuple[bool, str]:
    """``hints_allowed`` from a match's stored grants and seat specs (the player pages' lists)."""
    agreed = [bool(grant["hints"]) for grant in tokens.values() if "hints" in grant]
    if agreed:
        if agreed[0]:
            return True, "hints were agreed when the match was created"
        return False, "hints were turned off when the match was created"
    people = sum(1 for spec in seats if not spec.startswith("computer"))
    if people <= 1:
        return True, "a person against the computer"
    return False, "another person is playing and hints were not agreed when the match was created"


def review_allowed(match: LiveMatch) -> tuple[bool, str]:
    """Whether the match's review may be seen: whenever its hints may, and by anyone once it is over
    (a review after the last move helps nobody win it; a rated match's review waits for its end)."""
    allowed, reason = hints_allowed(match)
    if allowed:
        return allowed, reason
    with match.lock:
        over = match.record.finished or match.state.is_terminal()
    return (True, "the match is over") if over else (False, reason)


def _budget(text: str | None) -> Budget | None:
    if text is None or not text.strip():
        return None
    budget = Budget.parse(text)
    if (budget.playouts or 0) > MAX_WEB_PLAYOUTS or (budget.seconds or 0.0) > MAX_WEB_SECONDS:
        raise BadRequest(f"budget {text!r:.40}: the server allows at most {MAX_WEB_PLAYOUTS} playouts "
                         f"or {MAX_WEB_SECONDS:g} s per decision")
    return budget


BudgetQuery = Annotated[str | None, Query(max_length=20, description="playouts per option (64) or seconds (2s)")]


@router.get("/matches/{match_id}/hints", summary="Whether the match allows hints and reviews", responses=ERRORS)
def match_hints(request: Request, match_id: str) -> dict[str, Any]:
    allowed, reason = hints_allowed(service_of(request).get(match_id))
    return {"hints": allowed, "reason": reason}


@router.get("/matches/{match_id}/seats/{seat}/hint", summary="The seat's options ranked by win probability",
            responses=ERRORS)
def seat_hint(
    request: Request, match_id: str, seat: int, budget: BudgetQuery = None, authorization: AuthHeader = None,
) -> dict[str, Any]:
    """403 when the match does not allow hints; 409 when the seat has no decision to make now."""
    _, match, _ = seat_request(request, match_id, seat, authorization)
    allowed, reason = hints_allowed(match)
    if not allowed:
        raise Forbidden(f"no hints in this match: {reason}")
    chosen = _budget(budget)
    with match.lock:
        state = match.state.clone()
    if state.current_player() != seat:
        raise Conflict("the seat has no decision to make now" if not state.is_terminal() else "the match is over")
    values = hint(state, budget=chosen)  # from the seat's information set: its own cards, never another's
    return hint_message(values, seat=seat, label=match.game.player_label(seat), actions=len(state.history))


# -- reviews in the background ---------------------------------------------------------------------
class _Stopped(Exception):
    """The server is shutting down (or the match is too long for it): the review gives up."""


@dataclass
class ReviewJob:
    session: ReplaySession
    settings: ReviewSettings
    done: int = 0
    total: int | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    finished: threading.Event = field(default_factory=threading.Event)


class ReviewJobs:
    """Reviews being computed or kept (one at a time, a few dozen kept), keyed by replay and settings."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[tuple[Any, ...], ReviewJob] = OrderedDict()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="turnbuckle-review")

    def get(self, key: tuple[Any, ...], session: ReplaySession, settings: ReviewSettings) -> ReviewJob:
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job.session is session:
                self._jobs.move_to_end(key)
                return job
            job = self._jobs[key] = ReviewJob(session, settings)
            while len(self._jobs) > KEEP_REVIEWS:
                self._jobs.popitem(last=False)
        self._pool.submit(self._run, job)
        return job

    def _run(self, job: ReviewJob) -> None:
        def progress(done: int, total: int) -> None:
            if self._stopping.is_set():
                raise _Stopped("the server stopped before the review was done")
            if total > MAX_WEB_DECISIONS:
                raise _Stopped(f"this match has {total} decisions, more than the {MAX_WEB_DECISIONS} the server "
                               "reviews; review it with 'turnbuckle review'")
            job.done, job.total = done, total

        try:
            review = review_replay(job.session.replay, job.settings, source="replay", progress=progress)
            steps = job.session.steps
            job.result = {
                "status": "done",
                "review": review_message(review),
                "steps": [bisect.bisect_right(steps, d.action_index) - 1 for d in review.decisions],
                "final_step": len(steps) - 1,
            }
        except _Stopped as exc:
            job.error = str(exc)
        except TurnbuckleError as exc:
            job.error = str(exc)
        except Exception as exc:  # a bug: the request still gets a JSON answer, not a hang
            job.error = f"the review failed ({type(exc).__name__}: {exc})"
        finally:
            job.finished.set()

    def stop(self) -> None:
        self._stopping.set()
        self._pool.shutdown(wait=False, cancel_futures=True)


def jobs_of(request: Request) -> ReviewJobs:
    jobs: ReviewJobs = request.app.state.reviews
    return jobs


def _session(request: Request, replay_id: str) -> ReplaySession:
    """The viewer session of ``replay_id``; a live match's only when it allows reviews."""
    if replay_id.startswith("m"):
        try:
            match = service_of(request).get(replay_id[1:])
        except NotFound:
            raise NotFound(f"no replay {quoted(replay_id)}") from None
        allowed, reason = review_allowed(match)
        if not allowed:
            raise Forbidden(f"no reviews of this match until it is over: {reason}")
    return replay_session(request, replay_id)


@router.get("/replays/{replay_id}/review", summary="A replay's review (202 with progress until it is ready)",
            responses={**ERRORS, 202: {"description": "still being computed: its progress"}})
def replay_review(
    request: Request, replay_id: str, budget: BudgetQuery = None,
    seed: Annotated[int, Query(ge=0, lt=2**63)] = 0, omniscient: bool = False,
) -> JSONResponse:
    session = _session(request, replay_id)
    settings = ReviewSettings(budget=_budget(budget), seed=seed, omniscient=omniscient, jobs=1)
    key = (replay_id, len(session.replay.actions), settings)
    job = jobs_of(request).get(key, session, settings)
    job.finished.wait(timeout=0.5)  # a quick review (Powerhouses) is answered at once
    if job.error is not None:
        raise BadRequest(job.error)
    if job.result is not None:
        return JSONResponse(job.result)
    return JSONResponse({"status": "running", "done": job.done, "total": job.total}, status_code=202)
