"""Time controls of web matches: a chess-style clock per seat (*live*: minutes plus seconds per
decision) or days per move (*turn-based*), as lichess and Board Game Arena offer them.

A clock is plain JSON kept in the match's stored row (``live_match.clock``) and changed in the same
write as the move that changes whose decision it is, so a clock can never disagree with the log.
Only a person's seat has a running clock, and only while that seat has the decision: the dice and
the computer's thinking cost nobody anything. The moment a running clock runs out is stored too
(``live_match.deadline``, indexed), so any server process finds the matches whose time is up; the
match service handles each one under the match's row lock after checking again that it is still
due, so a deadline is acted on exactly once whichever process sees it first (or after a restart).

Nothing here stores or reads anything: these functions take a clock and return a new one.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from turnbuckle.engine.errors import quoted
from turnbuckle.web.errors import BadRequest

LIVE = "live"
TURN = "turn"
TURN_DAYS = (1, 2, 3, 5, 7, 14)
"""Turn-based choices, in days per move (lichess's correspondence choices)."""
MAX_LIVE_MINUTES = 180
MAX_INCREMENT = 180
DAY = 86400.0

Clock = dict[str, Any]
"""A stored clock: ``kind``, ``base`` (seconds to start with; per move when turn-based), ``increment``,
``rated``, ``left`` (seconds per seat), ``seat`` / ``since`` / ``position`` (the running decision),
``moved`` (a person has decided at least once), ``flagged`` (seats whose time ran out),
``pending`` (flagged seats the others have not decided about yet: a rated match),
``takeover`` (seat -> the action index from which the computer played it), ``ended``
("aborted" or "claimed" when the match ended off the board), ``unrated`` (a computer took a
rated match's seat over)."""


def time_control(spec: Any) -> dict[str, Any] | None:
    """A checked time control from a request: ``{"kind": "live", "minutes": M, "increment": S}``,
    ``{"kind": "turn", "days": D}`` or None/``{}``/``{"kind": "none"}`` for no clock."""
    if spec is None or spec == {} or (isinstance(spec, dict) and spec.get("kind") in (None, "", "none")):
        return None
    if not isinstance(spec, dict):
        raise BadRequest("a time control is an object with a kind: live or turn")
    kind = spec.get("kind")
    if kind == LIVE:
        minutes = _number(spec.get("minutes", 5), "minutes", 0, MAX_LIVE_MINUTES)
        increment = _number(spec.get("increment", 0), "increment", 0, MAX_INCREMENT)
        if minutes == 0 and increment == 0:
            raise BadRequest("a live clock needs minutes or seconds per decision")
        return {"kind": LIVE, "minutes": minutes, "increment": increment}
    if kind == TURN:
        days = spec.get("days", 3)
        if isinstance(days, bool) or days not in TURN_DAYS:
            raise BadRequest(f"days per move must be one of {', '.join(map(str, TURN_DAYS))}")
        return {"kind": TURN, "days": int(days)}
    raise BadRequest(f"unknown time control {quoted(str(kind))}: use live or turn")


def _number(value: Any, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise BadRequest(f"{name} must be a number from {low:g} to {high:g}")
    return float(value)


def describe(control: dict[str, Any] | None) -> str:
    """``"5+3"`` (minutes + seconds per decision), ``"3 days per move"`` or ``"no clock"``."""
    if not control:
        return "no clock"
    if control["kind"] == LIVE:
        return f"{control['minutes']:g}+{control['increment']:g}"
    days = control["days"]
    return f"{days} day{'s' if days != 1 else ''} per move"


def new_clock(control: dict[str, Any], seats: int, *, rated: bool, scale: float = 1.0) -> Clock:
    """A clock for a new match; ``scale`` shortens every duration (the operator's sped-up clocks of
    tests and benchmarks, ``serve --clock-scale``)."""
    if control["kind"] == LIVE:
        base, increment = control["minutes"] * 60.0 * scale, control["increment"] * scale
    else:
        base, increment = control["days"] * DAY * scale, 0.0
    return {"kind": control["kind"], "control": dict(control), "base": base, "increment": increment,
            "rated": rated, "left": [base] * seats, "seat": None, "since": None, "position": 0, "moved": False,
            "flagged": [], "pending": [], "takeover": {}, "ended": "", "unrated": False}


def deadline(clock: Clock) -> float | None:
    """When the running clock runs out (None: no clock runs)."""
    seat = clock.get("seat")
    if seat is None or clock.get("since") is None:
        return None
    return float(clock["since"]) + float(clock["left"][seat])


def follow(clock: Clock, current: int, position: int, person: Callable[[int], bool], now: float) -> Clock | None:
    """The clock after a change of the match (``current``: whose decision it is now, negative for
    the dice or the end; ``position``: actions so far): the seat whose decision ended is charged
    the time it took (plus the increment), and the seat to decide now starts. None when nothing
    changed (the same decision still runs, or no clock ran and none starts)."""
    running = current if current >= 0 and person(current) and not clock["ended"] else None
    if running is not None and running in clock["pending"]:
        running = None  # a rated match waits for the others' word on a seat out of time
    if clock["seat"] == running and (running is None or clock["position"] == position):
        return None
    new = copy.deepcopy(clock)
    old = new["seat"]
    if old is not None:
        spent = max(0.0, now - float(new["since"]))
        if new["kind"] == LIVE:
            new["left"][old] = max(0.0, new["left"][old] - spent) + new["increment"]
        if position > new["position"]:
            new["moved"] = True
    new["seat"], new["since"], new["position"] = running, (now if running is not None else None), position
    if running is not None and new["kind"] == TURN:
        new["left"][running] = new["base"]
    return new


def expired(clock: Clock | None, now: float) -> bool:
    end = deadline(clock) if clock else None
    return end is not None and now >= end


def flag(clock: Clock, now: float) -> tuple[Clock, int]:
    """The running seat has run out of time: it is flagged and its clock stops. In a rated match
    (not yet unrated) the seat waits for the others' choice (``pending``); otherwise the caller
    hands it to the computer."""
    new = copy.deepcopy(clock)
    seat = int(new["seat"])
    new["left"][seat] = 0.0
    new["flagged"].append(seat)
    new["seat"], new["since"] = None, None
    if new["rated"] and not new["unrated"]:
        new["pending"].append(seat)
    return new, seat


def taken_over(clock: Clock, seats: list[int], position: int, *, unrated: bool) -> Clock:
    """The computer plays these seats from action ``position`` on (its moves are marked by it)."""
    new = copy.deepcopy(clock)
    for seat in seats:
        new["takeover"][str(seat)] = position
    new["pending"] = [s for s in new["pending"] if s not in seats]
    new["unrated"] = new["unrated"] or unrated
    return new


def view(clock: Clock | None, now: float) -> dict[str, Any] | None:
    """What the table shows: each seat's time left now, the running seat, and the deadline."""
    if not clock:
        return None
    left = list(clock["left"])
    seat = clock["seat"]
    if seat is not None:
        left[seat] = max(0.0, left[seat] - (now - float(clock["since"])))
    return {"kind": clock["kind"], "control": describe(clock.get("control")), "left": left, "running": seat,
            "deadline": deadline(clock), "now": now, "flagged": list(clock["flagged"]),
            "pending": list(clock["pending"]), "takeover": dict(clock["takeover"]), "moved": clock["moved"],
            "ended": clock["ended"], "rated": clock["rated"] and not clock["unrated"]}


__all__ = ["LIVE", "TURN", "TURN_DAYS", "Clock", "deadline", "describe", "expired", "flag", "follow", "new_clock",
           "taken_over", "time_control", "view"]
