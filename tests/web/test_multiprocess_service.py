"""Two match services on one PostgreSQL database, as two server processes would run them: a change
through one reaches the other's copy by notice, racing moves apply exactly one, each computer
decision is made once by the lease holder, an expired lease is taken over, and seat secrets follow
what is stored (an invite opened or replaced through the other process)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
from sqlalchemy import update

from turnbuckle.engine.game import CHANCE
from turnbuckle.engine.registry import load_game
from turnbuckle.store import open_database, utcnow
from turnbuckle.store.live_models import LiveMatchRow
from turnbuckle.web.errors import Conflict, Forbidden
from turnbuckle.web.livematch import LiveMatch
from turnbuckle.web.service import MatchService
from turnbuckle.web.sql_repository import SqlRepository

pytestmark = pytest.mark.postgres

Services = Callable[..., MatchService]


@pytest.fixture
def service_on(pg_url: str) -> Iterator[Services]:
    """Makes services on the test's database, each with its own connections (a 'process'); every
    one is stopped and closed at the end."""
    made: list[MatchService] = []

    def make(*, start: bool = True, **options: float) -> MatchService:
        service = MatchService(SqlRepository(open_database(pg_url)), think_cap=float(options.pop("think_cap", 1.0)),
                               lease_seconds=float(options.pop("lease_seconds", 2.0)))
        assert not options
        made.append(service)
        if start:
            service.start()
        return service

    yield make
    for service in made:
        service.stop()
        service.repository.db.close()  # type: ignore[attr-defined]


def wait_for(check: Callable[[], bool], timeout: float = 20.0) -> float:
    """Seconds until ``check()`` held (fails after ``timeout``)."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < timeout, "timed out"
        time.sleep(0.005)
    return time.monotonic() - started


def names(match: LiveMatch) -> list[str]:
    with match.lock:
        return [a.name for a in match.state.history]


def decisions_of(game_name: str, actions: list[str]) -> list[int]:
    """Positions of the log where a seat (not the dice) decided."""
    state = load_game(game_name).new_initial_state()
    positions = []
    for i, name in enumerate(actions):
        if state.current_player() != CHANCE:
            positions.append(i)
        state.apply_action(state.action_from_string(name))
    return positions


def test_a_move_through_one_process_reaches_the_others_copy_by_notice(service_on: Services) -> None:
    a, b = service_on(), service_on()
    created = a.create("powerhouses", {}, ["hot-seat", "hot-seat"], seed=3)
    mine, theirs = created.match, b.get(created.match.id)
    seen = theirs.version
    seat = mine.state.current_player()
    a.act(mine, seat, mine.state.legal_actions()[0].name)
    # b makes no request: only the notice can bring the move (and wake its event streams)
    wait_for(lambda: names(theirs) == names(mine), timeout=10)
    assert theirs.version > seen and theirs.record.revision == mine.record.revision


def test_racing_moves_through_two_processes_apply_exactly_one(service_on: Services) -> None:
    a, b = service_on(), service_on()
    created = a.create("powerhouses", {}, ["hot-seat", "hot-seat"], seed=11)
    match_id = created.match.id
    copies = {"a": created.match, "b": b.get(match_id)}
    services = {"a": a, "b": b}
    for _ in range(8):
        stored = a.repository.get(match_id)
        assert stored is not None
        if stored.finished:
            break
        state = load_game("powerhouses").state_from_actions(stored.actions)
        seat, position = state.current_player(), len(stored.actions)
        legal = [x.name for x in state.legal_actions()]
        choice = {"a": legal[0], "b": legal[-1]}
        outcome: dict[str, str] = {}
        gate = threading.Barrier(2)

        def move(who: str, seat: int = seat, position: int = position, choice: dict[str, str] = choice,
                 outcome: dict[str, str] = outcome, gate: threading.Barrier = gate) -> None:
            gate.wait()
            try:
                services[who].act(copies[who], seat, choice[who], expect=position)
                outcome[who] = "applied"
            except Conflict:
                outcome[who] = "refused"

        threads = [threading.Thread(target=move, args=(who,)) for who in ("a", "b")]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcome.values()) == ["applied", "refused"], outcome
        winner = next(who for who, said in outcome.items() if said == "applied")
        after = a.repository.get(match_id)
        assert after is not None and after.actions[position] == choice[winner]
        assert after.actions[:position] == stored.actions  # nothing before it was touched
        wait_for(lambda after=after: names(copies["a"]) == after.actions == names(copies["b"]), timeout=10)


def test_each_computer_decision_is_made_once_by_the_lease_holder(service_on: Services) -> None:
    a, b = service_on(), service_on()
    made: list[int] = []
    for service in (a, b):  # count the decisions both processes make (each still decides for real)
        decide = service._decide

        def counted(match: LiveMatch, state: object, seat: int, position: int, decide: object = decide) -> object:
            made.append(position)
            return decide(match, state, seat, position)  # type: ignore[operator]

        service._decide = counted  # type: ignore[assignment,method-assign]
    created = a.create("powerhouses", {}, ["computer:heuristic", "computer:heuristic"], seed=5, delay=0.0)
    b.get(created.match.id)  # b holds a copy too: it hears every move and would play if it could
    repository = a.repository
    wait_for(lambda: bool((r := repository.get(created.match.id)) and r.finished), timeout=60)
    stored = repository.get(created.match.id)
    assert stored is not None and not stored.stopped
    assert sorted(made) == decisions_of("powerhouses", stored.actions)


def test_a_take_back_through_one_process_rewinds_the_others_copy(service_on: Services) -> None:
    a, b = service_on(), service_on()
    created = a.create("powerhouses", {}, ["hot-seat", "hot-seat"], seed=8, takebacks=True)
    mine = created.match
    theirs = b.get(mine.id)
    takers: list[int] = []
    for _ in range(300):  # play until a decision can be taken back (a 'pursue' with no die after it)
        takers = [s for s in (0, 1) if a.takeback_status(mine, s).allowed]
        if takers or mine.state.is_terminal():
            break
        seat = mine.state.current_player()
        legal = [x.name for x in mine.state.legal_actions()]
        a.act(mine, seat, next((n for n in legal if n.startswith("pursue")), "stop" if "stop" in legal else legal[0]))
    assert takers, "no decision could be taken back in this match"
    taker = takers[0]
    wait_for(lambda: names(theirs) == names(mine))
    rewinds = theirs.takeback_count
    index = a.take_back(mine, taker)
    wait_for(lambda: theirs.takeback_count == rewinds + 1, timeout=10)
    assert names(theirs) == names(mine) and len(names(theirs)) == index


def test_an_expired_lease_is_taken_over_and_a_running_one_is_left_alone(service_on: Services) -> None:
    ghost = service_on(start=False)  # stores like a process, then 'dies' holding the computer's lease
    created = ghost.create("powerhouses", {}, ["human", "computer:heuristic"], seed=2)
    match_id = created.match.id
    ghost.act(created.match, 0, created.match.state.legal_actions()[-1].name)
    moved_to = len(created.match.state.history)
    assert created.match.state.current_player() == 1  # the computer is due
    db = ghost.repository.db  # type: ignore[attr-defined]
    with db.write() as session:
        session.execute(update(LiveMatchRow).where(LiveMatchRow.id == match_id).values(
            lease_holder="gone:1:0", lease_expires=utcnow() + timedelta(seconds=3)))
    heir = service_on(lease_seconds=1.0)
    copy = heir.get(match_id)
    time.sleep(1.5)  # past several heartbeats of heir, but the holder's lease still runs
    assert len(names(copy)) == moved_to, "another process's running lease was not respected"
    waited = wait_for(lambda: len(names(copy)) > moved_to, timeout=20)
    assert waited < 15
    stored = heir.repository.get(match_id)
    assert stored is not None and stored.actions[: len(names(copy))] == names(copy)
    with db.read() as session:
        holder = session.get(LiveMatchRow, match_id)
        assert holder is not None and holder.lease_holder in (None, heir.holder)


def test_seat_secrets_follow_the_store_across_processes(service_on: Services) -> None:
    a, b = service_on(), service_on()
    created = a.create("wrasslin", {}, ["human", "invite"], seed=4)
    owner, first_link = created.owner_token, created.invites[1]
    on_a, on_b = created.match, b.get(created.match.id)  # b's copy knows the first link, unopened
    # the owner replaces the link through a: at once (no notice awaited) b refuses the old one
    fresh = a.regenerate_invite(on_a, owner, 1)
    with pytest.raises(Forbidden):
        b.identify(on_b, first_link)
    # the guest opens the new link through b: at once a shows the owner no link, and cannot replace it
    assert b.identify(on_b, fresh).seats == frozenset({1})
    assert [(link.seat, link.opened, link.token) for link in a.invites(on_a, owner)] == [(1, True, None)]
    with pytest.raises(Conflict):
        a.regenerate_invite(on_a, owner, 1)
    assert a.identify(on_a, fresh).opened and b.identify(on_b, fresh).opened


def test_a_paused_watch_match_steps_once_in_the_process_that_plays_it(service_on: Services) -> None:
    a, b = service_on(), service_on()
    created = a.create("powerhouses", {}, ["computer:heuristic", "computer:heuristic"], seed=7, delay=0.2)
    mine = created.match
    theirs = b.get(mine.id)
    wait_for(lambda: len(names(mine)) > 3)
    b.control(theirs, created.owner_token, "pause")  # the owner paces it through b; a plays it
    wait_for(lambda: mine.record.paused)
    time.sleep(0.6)  # a step under way when the pause arrived ends
    paused_at = len(names(mine))
    time.sleep(0.6)
    assert len(names(mine)) == paused_at and len(names(theirs)) == paused_at
    b.control(theirs, created.owner_token, "step")
    wait_for(lambda: len(names(theirs)) > paused_at, timeout=10)
    time.sleep(0.8)  # one step, and no more
    stepped = len(names(theirs))
    assert names(mine) == names(theirs) and mine.record.steps == 0
    time.sleep(0.5)
    assert len(names(mine)) == stepped
    b.control(theirs, created.owner_token, "resume")
    wait_for(lambda: mine.state.is_terminal() and theirs.state.is_terminal(), timeout=60)
