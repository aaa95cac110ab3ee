"""The JSON API under ``/api`` (OpenAPI at ``/api/openapi.json``, docs at ``/api/docs``).

Tokens travel as ``Authorization: Bearer TOKEN``; only the event stream, which a browser opens
without headers, also takes ``?token=``. Every refusal is a 4xx ``{"error": "...", "status": N}``
naming the problem. Who may see and do what with which token: ``turnbuckle.web.grants``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from turnbuckle.agents.registry import agent_names, strongest_agent
from turnbuckle.engine.errors import TurnbuckleError, quoted
from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.engine.replay import Replay
from turnbuckle.engine.shapes import event_message
from turnbuckle.web import clocks
from turnbuckle.web.errors import BadRequest, Forbidden, NotFound
from turnbuckle.web.grants import PEOPLE, Grant, invited_seats, token_of
from turnbuckle.web.limits import ClientRates
from turnbuckle.web.livematch import LiveMatch
from turnbuckle.web.replays import ReplaySession, ReplayStore, parse_replay
from turnbuckle.web.service import MatchService
from turnbuckle.web.setup import WEB_FORBIDDEN_PARAMS, build_game, unknown_game
from turnbuckle.web.views import legal_action_list, mover_label, pick_list, picture, public_observation, result_of

router = APIRouter(prefix="/api")

MAX_EVENTS = 2000


class ErrorBody(BaseModel):
    error: str
    status: int


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorBody} for code in (400, 401, 403, 404, 409, 413, 422, 429)
}


class CreateMatch(BaseModel):
    """A new match: the game, its options, one seat spec per seat."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="a game id from /api/games", examples=["powerhouses"])
    params: dict[str, Any] = Field(default_factory=dict, description="game options (see /api/games/{game})")
    seats: list[str] | None = Field(
        None,
        description="one per seat: 'human' (you), 'hot-seat' (someone at your screen), 'invite' "
        "(someone with an invite link) or 'computer' / 'computer:AGENT'; default: you against the computer",
        examples=[["human", "computer:expert"]],
    )
    seed: int | None = Field(None, ge=0, lt=2**63, description="seed for the dice and the computer")
    delay: float | None = Field(None, ge=0, le=10, description="seconds between computer steps")
    takebacks: bool = Field(
        False,
        description="people may take back their last decision even with another person playing "
        "(against the computer only, they always may)",
    )
    hints: bool | None = Field(
        None,
        description="hints and reviews (win probabilities) for the people playing: default on against the "
        "computer, off when another person plays unless this is true (both agree by joining)",
    )
    time_control: dict[str, Any] | None = Field(
        None,
        description="a clock per person's seat: {'kind': 'live', 'minutes': 5, 'increment': 3} or "
        "{'kind': 'turn', 'days': 3} (1, 2, 3, 5, 7 or 14); none by default",
        examples=[{"kind": "turn", "days": 3}],
    )


class PostAction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=200, description="the action's name, as listed in legal_actions")
    expect: int | None = Field(None, ge=0, description="the action count you saw; 409 if the match moved on")


class ClockDecision(BaseModel):
    model_config = ConfigDict(extra="forbid")

    decision: str = Field(description="claim (the win over a seat out of time, rated), computer (let the computer "
                          "play that seat; unrated from there) or abort (nobody has moved yet)", examples=["claim"])


class Control(BaseModel):
    model_config = ConfigDict(extra="forbid")

    command: str = Field(description="pause, resume, step or delay", examples=["pause"])
    delay: float | None = Field(None, ge=0, le=10)


class SetupQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    params: dict[str, Any] = Field(default_factory=dict)


def service_of(request: Request) -> MatchService:
    service: MatchService = request.app.state.service
    return service


def replays_of(request: Request) -> ReplayStore:
    store: ReplayStore = request.app.state.replays
    return store


def limited(kind: Literal["create", "act"]) -> Any:
    """A route dependency: one of the client address's ``kind`` requests (429 past the rate)."""

    def check(request: Request) -> None:
        rates: ClientRates = request.app.state.rates
        rates.check(kind, request.client.host if request.client else None)

    return Depends(check)


def seat_request(
    request: Request, match_id: str, seat: int, authorization: str | None
) -> tuple[MatchService, LiveMatch, Grant]:
    """The service, the match and the grant of a request that acts for ``seat`` (refused otherwise)."""
    service = service_of(request)
    match = service.get(match_id)
    grant = service.authorize(match, token_of(authorization), seat)
    return service, match, grant


AuthHeader = Annotated[str | None, Header(description="Bearer TOKEN (a seat or owner token)")]
Narrow = Annotated[bool, Query(description="with render: the picture laid out for a phone's width (under 700 px)")]
StreamToken = Annotated[
    str | None, Query(max_length=200, description="the token (only here: an EventSource cannot send headers)")
]


# -- games --------------------------------------------------------------------------------------
def _game_info(name: str) -> dict[str, Any]:
    cls = game_class(name)
    summary = cls.rules_summary()
    return {
        "id": name,
        "title": cls.title,
        "players": [cls.min_players, cls.max_players],
        "hidden_information": cls.hidden_information,
        "summary": summary,
        "rules": f"/games/{name}",
    }


@router.get("/games", summary="The games that can be played")
def games() -> list[dict[str, Any]]:
    return [_game_info(name) for name in list_games()]


@router.get("/games/{game}", summary="A game's rules summary, options and agents", responses=ERRORS)
def game_detail(game: str) -> dict[str, Any]:
    try:
        info = _game_info(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    cls = game_class(game)
    loaded = build_game(game, {})
    info["options"] = [
        {"name": o.name, "default": o.default, "help": o.help, "choices": list(o.choices) if o.choices else None,
         "kind": o.widget, "min": o.minimum, "max": o.maximum, "includes": list(o.includes)}
        for o in cls.options()
        if o.name not in WEB_FORBIDDEN_PARAMS and o.widget != "file"
    ]
    info["first_match"] = cls.first_match({})  # what the new-match form starts with (Filsinger: rules with choices)
    info["team_builder"] = loaded.team_builder()
    info["agents"] = agent_names(loaded)
    info["default_agent"] = strongest_agent(loaded)
    info["roster"] = [str(w.get("name", "?")) for w in loaded.roster()]
    return info


@router.post("/games/{game}/setup", summary="Seats and wrestlers for these options", responses=ERRORS)
def game_setup(game: str, body: SetupQuery) -> dict[str, Any]:
    loaded = build_game(game, body.params)
    n = loaded.num_players()
    labels = [loaded.player_label(p) for p in range(n)]
    roster = {str(w.get("name")) for w in loaded.roster()}
    wrestlers = list(loaded.params.get("wrestlers") or [])
    if not wrestlers and roster and all(label in roster for label in labels):
        wrestlers = labels  # one wrestler per seat, named by the seat (the game's default pick)
    sides = loaded.sides()
    side_of = {p: side.name for side in sides for p in side.players if len(side.players) > 1}
    return {
        "game": game,
        "params": json.loads(json.dumps(loaded.params)),
        "seats": [{"seat": p, "label": label, "side": side_of.get(p)} for p, label in enumerate(labels)],
        "wrestlers": wrestlers,
        "agents": agent_names(loaded),
        "default_agent": strongest_agent(loaded),
        "decision_note": loaded.decision_options(form=True),
    }


class TeamQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    params: dict[str, Any] = Field(default_factory=dict, description="the match's options (the budget follows them)")
    team: dict[str, Any] = Field(description="the team as a team file's fields: name, wrestlers, endorsements, ...")


@router.post("/games/{game}/team", summary="Check a team from the team builder", responses=ERRORS)
def check_team(game: str, body: TeamQuery) -> dict[str, Any]:
    """The team's cost, the budget, the validator's message (``error``, naming the field) or, for a
    legal team, ``value``: what to send as the seat's ``teamN`` option."""
    loaded = build_game(game, body.params)
    if loaded.team_builder() is None:
        raise BadRequest(f"{game} has no team builder")
    try:
        return loaded.check_built_team(body.team)
    except TurnbuckleError as exc:
        raise BadRequest(str(exc)) from None


# -- matches ------------------------------------------------------------------------------------
def match_meta(match: LiveMatch, seats: frozenset[int] = frozenset(), owner: bool = False) -> dict[str, Any]:
    """The public facts of a match (lock held); ``you``: what the asking token covers."""
    game = match.game
    state = match.state
    record = match.record
    player = state.current_player()
    return {
        "id": match.id,
        "game": game.name,
        "title": game.title,
        "hidden_information": game.hidden_information,
        "seats": [
            {"seat": p, "label": game.player_label(p), "kind": spec.partition(":")[0],
             "agent": spec.partition(":")[2] or None}
            for p, spec in enumerate(record.seats)
        ],
        "watch": match.watch,
        "invited": invited_seats(record.tokens),
        "paused": record.paused,
        "delay": record.delay,
        "version": match.version,
        "actions": len(state.history),
        "events": len(state.events),
        "to_move": player if player >= 0 else None,
        "to_move_label": mover_label(game, state),
        "thinking": match.thinking is not None,
        "waiting_for_thinker": match.waiting and match.thinking is None,
        "stopped": match.stopped,
        "finished": player == TERMINAL or record.finished,
        "summary": _summary(match, player),
        "takebacks": match.takebacks,
        "takeback_count": match.takeback_count,
        "you": {"seats": sorted(seats), "owner": owner},
        "clock": clocks.view(record.clock, time.time()),
    }


def _summary(match: LiveMatch, player: int) -> str:
    if player == TERMINAL or match.record.finished:
        return match.record.summary
    if match.stopped:
        return f"stopped: {match.stopped}"
    return "chance" if player == CHANCE else "in progress"


def seat_view(
    match: LiveMatch, seat: int, render: bool, service: MatchService | None = None, seats: frozenset[int] = frozenset(),
    narrow: bool = False,
) -> dict[str, Any]:
    """A seat's view: its observation, its legal actions on its turn, the public match facts; with
    the token's ``seats``, ``takeback``: whether the latest decision among them can be taken back;
    ``narrow``: the picture laid out for a phone (``Game.render_svg``)."""
    game = match.game
    with match.lock:
        state = match.state
        observation = state.observation(seat)
        view = match_meta(match)
        view.pop("you")
        view.update(
            seat=seat,
            seat_label=game.player_label(seat),
            observation=observation,
            legal_actions=[] if _held(match, seat) else legal_action_list(game, state, seat),
            result=result_of(game, state, match.agent_names()),
        )
        view["picks"] = pick_list(game, observation, view["legal_actions"])
        if service is not None:
            view["takeback"] = takeback_offer(service, match, seats or frozenset({seat}))
    if render:  # the seat's legal moves (only on its turn) may be drawn as targets on the picture
        view["picture"] = picture(game, observation, [a["name"] for a in view["legal_actions"]], narrow)
    return view


def _held(match: LiveMatch, seat: int) -> bool:
    """No move is offered: the match ended off the board, or the seat's time ran out."""
    clock = match.record.clock
    return match.record.finished or bool(clock and seat in clock["pending"])


def takeback_offer(service: MatchService, match: LiveMatch, seats: frozenset[int]) -> dict[str, Any]:
    """Of the people's seats a token plays, the one whose last decision is the latest, and whether it
    can be taken back now (lock held)."""
    people = [s for s in sorted(seats) if not match.computer_seat(s)]
    statuses = [service.takeback_status(match, s) for s in people]
    if not statuses:
        return {"seat": None, "allowed": False, "reason": "nothing to take back"}
    latest = max(statuses, key=lambda t: -1 if t.index is None else t.index)
    return latest.as_json()


def public_view(match: LiveMatch, render: bool, narrow: bool = False) -> dict[str, Any]:
    game = match.game
    with match.lock:
        state = match.state
        observation = public_observation(state)
        view = match_meta(match)
        view.pop("you")
        view.update(seat=None, observation=observation, legal_actions=[], picks=[],
                    result=result_of(game, state, match.agent_names()))
    if render:
        view["picture"] = picture(game, observation, narrow=narrow)
    return view


@router.post("/matches", status_code=201, summary="Create a match", responses=ERRORS,
             dependencies=[limited("create")])
def create_match(request: Request, body: CreateMatch) -> dict[str, Any]:
    created = service_of(request).create(body.game, body.params, body.seats, seed=body.seed, delay=body.delay,
                                         takebacks=body.takebacks, hints=body.hints, time_control=body.time_control)
    match = created.match
    owned = [i for i, s in enumerate(match.record.seats) if s in PEOPLE]
    with match.lock:
        meta = match_meta(match, frozenset(owned), True)
    meta.update(
        owner_token=created.owner_token,
        table_url=table_url(request, match.id, created.owner_token),
        invites=[{"seat": s, "token": t, "url": table_url(request, match.id, t)} for s, t in created.invites.items()],
    )
    return meta


@router.get("/matches", summary="Recent matches")
def list_matches(request: Request, limit: Annotated[int, Query(ge=1, le=100)] = 20) -> list[dict[str, Any]]:
    return [
        {"id": s.id, "game": s.game, "finished": s.finished, "summary": s.summary, "updated": s.updated}
        for s in service_of(request).repository.recent(limit)
    ]


@router.get("/matches/{match_id}", summary="A match: seats, whose turn, what your token covers", responses=ERRORS)
def get_match(request: Request, match_id: str, authorization: AuthHeader = None) -> dict[str, Any]:
    service = service_of(request)
    match = service.get(match_id)
    grant = service.identify(match, token_of(authorization))
    with match.lock:
        return match_meta(match, grant.seats, grant.owner)


@router.get("/matches/{match_id}/seats/{seat}", summary="A seat's observation and legal actions", responses=ERRORS)
def get_seat(
    request: Request,
    match_id: str,
    seat: int,
    render: bool = False,
    narrow: Narrow = False,
    authorization: AuthHeader = None,
) -> dict[str, Any]:
    service, match, grant = seat_request(request, match_id, seat, authorization)
    return seat_view(match, seat, render, service, grant.seats, narrow)


class PickOut(BaseModel):
    action: str = Field(description="the legal action this pick chooses (post it to .../actions)")
    path: list[str] = Field(description="the data-pick ids of the picture's parts clicked in turn")
    label: str | None = Field(None, description="what the action does, in the rulebook's words")


class PicksOut(BaseModel):
    seat: int
    version: int = Field(description="the match version these picks belong to")
    actions: int = Field(description="the action count (send it as 'expect' with the move)")
    picks: list[PickOut] = Field(description="the legal actions with a place on the table")
    buttons: list[str] = Field(description="the legal actions with no place on the table")


@router.get("/matches/{match_id}/seats/{seat}/picks", response_model=PicksOut,
            summary="How the seat's legal actions are chosen on its picture", responses=ERRORS)
def get_picks(
    request: Request, match_id: str, seat: int, authorization: AuthHeader = None
) -> dict[str, Any]:
    """Each legal action that has a place on the seat's table (``render=true`` pictures mark the parts
    with ``data-pick``) with its path of part ids; the rest are ``buttons``. Empty when it is not the
    seat's turn."""
    _, match, _ = seat_request(request, match_id, seat, authorization)
    with match.lock:
        state = match.state
        actions = legal_action_list(match.game, state, seat)
        picks = pick_list(match.game, state.observation(seat), actions)
        placed = {p["action"] for p in picks}
        return {"seat": seat, "version": match.version, "actions": len(state.history), "picks": picks,
                "buttons": [a["name"] for a in actions if a["name"] not in placed]}


@router.post("/matches/{match_id}/seats/{seat}/actions", summary="Play an action by its name", responses=ERRORS,
             dependencies=[limited("act")])
def post_action(
    request: Request,
    match_id: str,
    seat: int,
    body: PostAction,
    render: bool = False,
    narrow: Narrow = False,
    authorization: AuthHeader = None,
) -> dict[str, Any]:
    service, match, grant = seat_request(request, match_id, seat, authorization)
    service.act(match, seat, body.action, body.expect)
    return seat_view(match, seat, render, service, grant.seats, narrow)


@router.post("/matches/{match_id}/seats/{seat}/clock", summary="Decide about a clock: claim, computer or abort",
             responses=ERRORS, dependencies=[limited("act")])
def post_clock(
    request: Request,
    match_id: str,
    seat: int,
    body: ClockDecision,
    render: bool = False,
    narrow: Narrow = False,
    authorization: AuthHeader = None,
) -> dict[str, Any]:
    """409 when there is nothing to decide (nobody's time ran out; someone has moved, for abort)."""
    service, match, grant = seat_request(request, match_id, seat, authorization)
    service.clock_decision(match, seat, body.decision)
    return seat_view(match, seat, render, service, grant.seats, narrow)


@router.post(
    "/matches/{match_id}/seats/{seat}/takeback",
    summary="Take back the seat's last decision (while nothing was rolled or revealed since)",
    responses=ERRORS,
    dependencies=[limited("act")],
)
def post_takeback(
    request: Request,
    match_id: str,
    seat: int,
    render: bool = False,
    narrow: Narrow = False,
    authorization: AuthHeader = None,
) -> dict[str, Any]:
    """409 naming the reason when it cannot be: "a die was rolled since", "a card was revealed since",
    "another person is playing", "another person has moved since", "nothing to take back",
    "the match is over"."""
    service, match, grant = seat_request(request, match_id, seat, authorization)
    service.take_back(match, seat)
    return seat_view(match, seat, render, service, grant.seats, narrow)


@router.get("/matches/{match_id}/public", summary="The spectators' view (no seat's secrets)", responses=ERRORS)
def get_public(request: Request, match_id: str, render: bool = False, narrow: Narrow = False) -> dict[str, Any]:
    return public_view(service_of(request).get(match_id), render, narrow)


@router.get("/matches/{match_id}/events", summary="Events (commentary) from index `since`", responses=ERRORS)
def get_events(
    request: Request,
    match_id: str,
    since: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_EVENTS)] = MAX_EVENTS,
) -> dict[str, Any]:
    match = service_of(request).get(match_id)
    with match.lock:
        return _events_payload(match, since, limit)


def _events_payload(match: LiveMatch, since: int, limit: int = MAX_EVENTS) -> dict[str, Any]:
    events = match.state.events
    chunk = events[since : since + limit]
    return {
        "since": since,
        "total": len(events),
        "version": match.version,
        "takeback_count": match.takeback_count,
        "events": [event_message(match.game, e, since + i) for i, e in enumerate(chunk)],
    }


@router.get("/matches/{match_id}/stream", include_in_schema=False)
async def stream(
    request: Request,
    match_id: str,
    since: Annotated[int, Query(ge=0)] = 0,
    seconds: Annotated[float, Query(gt=0, le=3600)] = 600,
    authorization: AuthHeader = None,
    token: StreamToken = None,
) -> StreamingResponse:
    """Server-sent events: an ``update`` (status and new events) whenever the match changes. The
    updates are public; a token (here also ``?token=``) is checked and adds ``you``."""
    service = service_of(request)
    match = await run_in_threadpool(service.get, match_id)  # may read (and, for a guest, write) the store
    grant = await run_in_threadpool(service.identify, match, token_of(authorization, token))
    you = {"seats": sorted(grant.seats), "owner": grant.owner}
    loop = asyncio.get_running_loop()

    async def updates() -> AsyncIterator[str]:
        wake = asyncio.Event()
        waiter = (loop, wake)
        match.waiters.append(waiter)
        sent = since
        seen_version = -1
        seen_takebacks: int | None = None
        deadline = loop.time() + seconds
        try:
            while loop.time() < deadline:
                wake.clear()
                with match.lock:
                    version = match.version
                    payload: dict[str, Any] | None = None
                    if version != seen_version:
                        # after a take-back (or a 'since' past the end) the commentary starts again from 0
                        reset = (seen_takebacks is not None and seen_takebacks != match.takeback_count) or (
                            sent > len(match.state.events)
                        )
                        if reset:
                            sent = 0
                        seen_takebacks = match.takeback_count
                        payload = match_meta(match)
                        payload.update(_events_payload(match, sent, 200), reset=reset, you=you)
                        sent += len(payload["events"])
                        seen_version = version
                        more = sent < payload["total"]
                if payload is not None:
                    yield f"event: update\ndata: {json.dumps(payload)}\n\n"
                    if payload["finished"] and not more:
                        return
                    if more:
                        seen_version = -1
                        continue
                if await request.is_disconnected():
                    return
                try:
                    await asyncio.wait_for(wake.wait(), timeout=15)
                except TimeoutError:
                    yield ": keep-alive\n\n"
        finally:
            match.waiters.remove(waiter)

    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return StreamingResponse(updates(), media_type="text/event-stream", headers=headers)


@router.get("/matches/{match_id}/replay", summary="The replay file of a match", responses=ERRORS)
def export_replay(request: Request, match_id: str) -> JSONResponse:
    match = service_of(request).get(match_id)
    with match.lock:
        state = match.state
        if match.game.hidden_information and not state.is_terminal():
            raise Forbidden(
                "a hidden-information match's replay holds every hand: it is available once the match is over"
            )
        replay = Replay(
            game=match.game.name,
            params=match.record.params,
            seed=match.record.seed,
            agents=match.agent_names(),
            actions=[a.name for a in state.history],
            returns=state.returns() if state.is_terminal() else None,
        )
    headers = {"Content-Disposition": f'attachment; filename="{match.game.name}-{match.id}.json"'}
    return JSONResponse(json.loads(replay.model_dump_json()), headers=headers)


def table_url(request: Request, match_id: str, token: str) -> str:
    """A table link: the host is the request's, which the allowed-hosts guard has checked."""
    base = str(request.base_url).rstrip("/")
    return f"{base}/m/{match_id}#t={token}"


@router.get("/matches/{match_id}/invites", summary="Invite links (owner token only)", responses=ERRORS)
def invites(request: Request, match_id: str, authorization: AuthHeader = None) -> list[dict[str, Any]]:
    """Every invited seat: its link while nobody has opened it; once the guest has, ``opened`` and no
    link (the seat is theirs alone)."""
    service = service_of(request)
    match = service.get(match_id)
    return [
        {"seat": link.seat, "label": match.game.player_label(link.seat), "opened": link.opened,
         "url": table_url(request, match.id, link.token) if link.token else None}
        for link in service.invites(match, token_of(authorization))
    ]


@router.post("/matches/{match_id}/invites/{seat}", summary="A new invite link for a seat nobody has opened",
             responses=ERRORS, dependencies=[limited("act")])
def regenerate_invite(request: Request, match_id: str, seat: int, authorization: AuthHeader = None) -> dict[str, Any]:
    """The old link stops working. 409 once the guest has opened the seat."""
    service = service_of(request)
    match = service.get(match_id)
    token = service.regenerate_invite(match, token_of(authorization), seat)
    return {"seat": seat, "label": match.game.player_label(seat), "opened": False, "token": token,
            "url": table_url(request, match.id, token)}


@router.post("/matches/{match_id}/control", summary="Pace a watch match: pause, resume, step, delay",
             responses=ERRORS, dependencies=[limited("act")])
def control(request: Request, match_id: str, body: Control, authorization: AuthHeader = None) -> dict[str, Any]:
    service = service_of(request)
    match = service.get(match_id)
    service.control(match, token_of(authorization), body.command, body.delay)
    with match.lock:
        return match_meta(match)


# -- replays ------------------------------------------------------------------------------------
@router.post("/replays", status_code=201, summary="Open a replay file in the viewer", responses=ERRORS,
             dependencies=[limited("act")])
def upload_replay(request: Request, body: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    session = ReplaySession(parse_replay(body, "replay"), "replay")
    replay_id = replays_of(request).add(session)
    return session.summary(replay_id)


def match_replay_session(request: Request, match_id: str) -> tuple[str, ReplaySession]:
    """The viewer session of a live match (finished, or any perfect-information one)."""
    replay_id = "m" + match_id
    store = replays_of(request)
    match = service_of(request).get(match_id)
    with match.lock:
        state = match.state
        if match.game.hidden_information and not state.is_terminal():
            raise Forbidden("a hidden-information match can be replayed once it is over")
        actions = [a.name for a in state.history]
    found = store.get(replay_id)
    if found is not None and len(found.replay.actions) == len(actions):
        return replay_id, found
    replay = Replay(game=match.game.name, params=match.record.params, seed=match.record.seed,
                    agents=match.agent_names(), actions=actions)
    session = ReplaySession(replay, f"match {match_id}")
    store.add(session, replay_id)
    return replay_id, session


def replay_session(request: Request, replay_id: str) -> ReplaySession:
    """The viewer session of a replay id: ``m`` + a live match's id (brought up to date), else an
    uploaded or stored replay."""
    if replay_id.startswith("m"):
        try:
            return match_replay_session(request, replay_id[1:])[1]
        except NotFound:
            raise NotFound(f"no replay {quoted(replay_id)}") from None
    found = replays_of(request).get(replay_id)
    if found is None:
        raise NotFound(f"no replay {quoted(replay_id)} (uploaded replays are kept while the server runs)")
    return found


@router.get("/replays/{replay_id}", summary="A replay step: the table and the commentary so far", responses=ERRORS)
def replay_frame(
    request: Request,
    replay_id: str,
    step: Annotated[int, Query(ge=0)] = 0,
    seat: Annotated[int | None, Query(ge=0)] = None,
    narrow: Narrow = False,
) -> dict[str, Any]:
    session = replay_session(request, replay_id)
    frame = session.frame(step, seat, narrow)
    frame["info"] = session.summary(replay_id)
    return frame


__all__ = ["BadRequest", "router"]
