"""Time controls (live and turn-based), on a fake clock injected into the match service: a side's
clock runs only while it has the decision; a time-out hands a casual seat to the computer, waits
for the others' word in a rated match (claim the win or let the computer finish, unrated), and a
match nobody has moved in can be aborted. Each deadline is handled once."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.web import clocks
from turnbuckle.web.app import create_app
from turnbuckle.web.errors import BadRequest, Conflict, Forbidden
from turnbuckle.web.limits import Limits
from turnbuckle.web.livematch import LiveMatch
from turnbuckle.web.repository import MemoryRepository
from turnbuckle.web.service import MatchService
from turnbuckle.web.setup import build_game

LIVE = {"kind": "live", "minutes": 1, "increment": 2}
TURN = {"kind": "turn", "days": 1}


class FakeNow:
    """The clocks' time, moved by the test."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def now() -> FakeNow:
    return FakeNow()


@pytest.fixture
def service(now: FakeNow) -> Iterator[MatchService]:
    """A service on the fake clock; its computer seats and clock watch are not started (a test
    starts them when it wants the computer to play)."""
    made = MatchService(MemoryRepository(), think_cap=0.5, now=now, clock_look=0.05)
    yield made
    made.stop()


def first_move(match: LiveMatch) -> str:
    return match.state.legal_actions()[-1].name


def wait_until(check: Callable[[], bool], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


# -- the time control itself ----------------------------------------------------------------------
@pytest.mark.parametrize("spec", [
    {"kind": "turn", "days": 4}, {"kind": "turn", "days": True}, {"kind": "live", "minutes": -1},
    {"kind": "live", "minutes": 0, "increment": 0}, {"kind": "live", "minutes": "5"}, {"kind": "blitz"}, "5+3",
    {"kind": "live", "minutes": 181},
])
def test_bad_time_controls_are_refused(spec: Any) -> None:
    with pytest.raises(BadRequest):
        clocks.time_control(spec)


def test_time_controls_read_and_described() -> None:
    assert clocks.time_control(None) is None
    assert clocks.time_control({"kind": "none"}) is None
    assert clocks.describe(clocks.time_control({"kind": "live", "minutes": 5, "increment": 3})) == "5+3"
    for days in clocks.TURN_DAYS:
        control = clocks.time_control({"kind": "turn", "days": days})
        assert control is not None and control["days"] == days
    assert clocks.describe({"kind": "turn", "days": 1}) == "1 day per move"


# -- clocks running -------------------------------------------------------------------------------
def test_live_clock_charges_the_decision_and_adds_the_increment(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=1, time_control=LIVE).match
    clock = match.record.clock
    assert clock is not None
    mover = match.state.current_player()
    assert clock["seat"] == mover and clock["left"] == [60.0, 60.0]
    assert match.record.deadline == now.t + 60.0
    for spent in (10.0, 7.5, 3.0):
        mover = match.state.current_player()
        before = list(match.record.clock["left"])  # type: ignore[index]
        now.advance(spent)
        service.act(match, mover, first_move(match))
        clock = match.record.clock
        assert clock is not None
        assert clock["left"][mover] == pytest.approx(before[mover] - spent + 2.0)
        other = 1 - mover
        assert clock["left"][other] == pytest.approx(before[other])  # the side not deciding paid nothing
        assert clock["seat"] == match.state.current_player()
        assert match.record.deadline == pytest.approx(now.t + clock["left"][clock["seat"]])


def test_turn_based_clock_gives_each_move_its_days(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=1, time_control=TURN).match
    assert match.record.deadline == now.t + clocks.DAY
    now.advance(20 * 3600)
    mover = match.state.current_player()
    service.act(match, mover, first_move(match))
    clock = match.record.clock
    assert clock is not None and clock["seat"] is not None
    assert clock["left"][clock["seat"]] == clocks.DAY  # a fresh day for the next decision
    assert match.record.deadline == now.t + clocks.DAY
    assert clock["moved"]


def test_no_clock_runs_while_the_computer_thinks_or_the_dice_roll(service: MatchService, now: FakeNow) -> None:
    """Against the computer: once the person has moved and the computer is to move, no clock runs and
    no deadline is stored, however long the computer takes (the dice are rolled in the same write)."""
    match = service.create("powerhouses", {}, ["human", "computer:random"], seed=3, time_control=LIVE).match
    for _ in range(200):
        player = match.state.current_player()
        if player == 1:
            break
        assert player == 0
        service.act(match, 0, first_move(match))
    assert match.state.current_player() == 1
    clock = match.record.clock
    assert clock is not None and clock["seat"] is None and match.record.deadline is None
    left = clock["left"][0]
    now.advance(10_000)
    assert service.check_clocks() == 0
    service.start()
    wait_until(lambda: match.state.current_player() in (0, TERMINAL))
    clock = match.record.clock
    assert clock is not None
    assert clock["left"][0] == left  # the computer's thinking cost the person nothing
    assert match.state.current_player() != CHANCE


# -- running out ----------------------------------------------------------------------------------
def test_casual_time_out_hands_the_seat_to_the_computer_once(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=1, time_control=LIVE).match
    service.act(match, match.state.current_player(), first_move(match))  # someone has moved
    late = match.state.current_player()
    now.advance(59.0)
    assert service.check_clocks() == 0
    now.advance(5.0)
    assert service.check_clocks() == 1
    assert service.check_clocks() == 0  # handled once
    assert not service.time_out(match)
    clock = match.record.clock
    assert clock is not None
    assert clock["flagged"] == [late] and clock["pending"] == []
    assert match.record.seats[late].startswith("computer:")
    assert clock["takeover"] == {str(late): len(match.state.history)}
    with pytest.raises(Conflict):
        service.act(match, late, "stop")  # the person's seat is the computer's now


def test_a_move_after_the_deadline_is_refused_and_the_time_out_counts(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=1, time_control=LIVE).match
    mover = match.state.current_player()
    now.advance(61.0)
    with pytest.raises(Conflict, match="time ran out"):
        service.act(match, mover, first_move(match))
    clock = match.record.clock
    assert clock is not None and clock["flagged"] == [mover]
    assert service.check_clocks() == 0


def test_the_computer_finishes_when_both_sides_stop(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=2, time_control=LIVE).match
    service.start()
    now.advance(61.0)
    wait_until(lambda: bool(match.record.clock and match.record.clock["flagged"]))
    wait_until(lambda: match.state.current_player() == TERMINAL or bool(match.record.deadline
                                                                        and match.record.deadline <= now.t + 60))
    now.advance(200.0)
    wait_until(lambda: match.record.finished)
    clock = match.record.clock
    assert clock is not None
    assert all(spec.startswith("computer:") for spec in match.record.seats)
    assert sorted(clock["flagged"]) == [0, 1]


def rated_out_of_time(service: MatchService, now: FakeNow) -> tuple[LiveMatch, int, int]:
    match = service.create_for_game(build_game("powerhouses", {}), ["invite", "invite"], seed=1,
                                    time_control=clocks.time_control(TURN), rated=True).match
    service.act(match, match.state.current_player(), first_move(match))
    late = match.state.current_player()
    now.advance(clocks.DAY + 1)
    assert service.check_clocks() == 1
    return match, late, 1 - late


def test_rated_time_out_waits_and_the_other_claims_the_win(service: MatchService, now: FakeNow) -> None:
    match, late, other = rated_out_of_time(service, now)
    clock = match.record.clock
    assert clock is not None and clock["pending"] == [late] and match.record.deadline is None
    assert match.record.seats[late] == "invite"  # nobody plays it until the others decide
    with pytest.raises(Conflict, match="time ran out"):
        service.act(match, late, first_move(match))
    with pytest.raises(Forbidden):
        service.clock_decision(match, late, "claim")
    with pytest.raises(Conflict, match="moved already"):
        service.clock_decision(match, other, "abort")
    service.clock_decision(match, other, "claim")
    assert match.record.finished and "ran out of time" in match.record.summary
    assert match.record.clock is not None and match.record.clock["ended"] == "claimed"
    with pytest.raises(Conflict, match="over"):
        service.clock_decision(match, other, "claim")


def test_rated_time_out_the_computer_finishes_unrated(service: MatchService, now: FakeNow) -> None:
    match, late, other = rated_out_of_time(service, now)
    service.clock_decision(match, other, "computer")
    clock = match.record.clock
    assert clock is not None and clock["unrated"] and clock["pending"] == []
    assert match.record.seats[late].startswith("computer:")
    assert clocks.view(clock, now.t)["rated"] is False  # type: ignore[index]


def test_abort_before_anyone_moved(service: MatchService, now: FakeNow) -> None:
    match = service.create("powerhouses", {}, ["human", "invite"], seed=1, time_control=TURN).match
    with pytest.raises(Conflict, match="nobody's time"):
        service.clock_decision(match, 0, "claim")
    service.clock_decision(match, 1, "abort")
    assert match.record.finished and match.record.summary == "aborted before anyone moved"
    assert match.record.deadline is None
    now.advance(10 * clocks.DAY)
    assert service.check_clocks() == 0
    plain = service.create("powerhouses", {}, ["human", "invite"], seed=1).match
    with pytest.raises(Conflict, match="no clock"):
        service.clock_decision(plain, 0, "abort")


# -- through the API ------------------------------------------------------------------------------
@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(MemoryRepository(), think_cap=1.0, limits=Limits(exempt_loopback=True))
    with TestClient(app, client=("127.0.0.1", 50000)) as test_client:
        yield test_client


def test_api_creates_a_clocked_match_and_shows_the_clock(client: TestClient) -> None:
    made = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "invite"], "seed": 1,
                                             "time_control": {"kind": "turn", "days": 3}})
    assert made.status_code == 201, made.text
    body = made.json()
    clock = body["clock"]
    assert clock["kind"] == "turn" and clock["control"] == "3 days per move"
    assert clock["running"] == body["to_move"]
    assert clock["deadline"] == pytest.approx(time.time() + 3 * clocks.DAY, abs=60)
    token = body["owner_token"]
    answer = client.post(f"/api/matches/{body['id']}/seats/0/clock", json={"decision": "claim"},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 409 and "nobody's time" in answer.json()["error"]
    answer = client.post(f"/api/matches/{body['id']}/seats/0/clock", json={"decision": "abort"},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200 and answer.json()["finished"]
    public = client.get(f"/api/matches/{body['id']}/public").json()
    assert public["finished"] and public["summary"] == "aborted before anyone moved"


@pytest.mark.parametrize("control", [{"kind": "turn", "days": 4}, {"kind": "live", "minutes": "x"}, [1]])
def test_api_refuses_a_bad_time_control(client: TestClient, control: Any) -> None:
    made = client.post("/api/matches", json={"game": "powerhouses", "time_control": control})
    assert made.status_code in (400, 422), made.text


def test_api_refuses_an_unknown_clock_decision(client: TestClient) -> None:
    body = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", "invite"],
                                             "time_control": {"kind": "turn", "days": 1}}).json()
    answer = client.post(f"/api/matches/{body['id']}/seats/0/clock", json={"decision": "resign"},
                         headers={"Authorization": f"Bearer {body['owner_token']}"})
    assert answer.status_code == 400
