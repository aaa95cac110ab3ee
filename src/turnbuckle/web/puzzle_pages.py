"""The puzzle pages (``/puzzles``, ``/puzzles/GAME``, ``/puzzles/GAME/N``) and the puzzle's API.

A puzzle in the browser answers a match's paths under ``/api/puzzles/GAME/N`` (the match's facts,
``/seats/SIDE``, ``/seats/SIDE/actions``, ``/hints``), so the table page's script (``table.js``) draws
the position and plays its picks unchanged, as a lesson's does; ``puzzle.js`` adds the prompt, the
verdict and progress. Nothing is kept on the server: the move posted to ``/seats/SIDE/actions`` *is*
the answer, and its reply carries the verdict (right or not, and every option's value, worded as the
review words them). Before that reply nothing sent to the browser depends on the answer or the values:
the page and the views are built from the position alone (the test compares them with a puzzle whose
answer is another move).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.analysis.review.compare import graded
from turnbuckle.analysis.review.values import OptionValue
from turnbuckle.engine.errors import TurnbuckleError, quoted
from turnbuckle.engine.game import State
from turnbuckle.engine.registry import game_class, list_games
from turnbuckle.learn.puzzles import Puzzle, answer_gaps, is_answer, puzzle_state, puzzles
from turnbuckle.store import StoreError
from turnbuckle.web import puzzle_marks
from turnbuckle.web.account_pages import current_player
from turnbuckle.web.api import Narrow, limited
from turnbuckle.web.daily import daily
from turnbuckle.web.errors import ApiError, BadRequest, Conflict, NotFound
from turnbuckle.web.league_common import database
from turnbuckle.web.pages import templates
from turnbuckle.web.setup import unknown_game
from turnbuckle.web.views import legal_action_list, mover_label, pick_list, picture

router = APIRouter(include_in_schema=False)
api_router = APIRouter(prefix="/api")


class NotAMove(ApiError):
    """An answer that is not one of the position's legal moves."""

    status = 422


# -- finding puzzles ------------------------------------------------------------------------------
def _game_or_404(game: str) -> str:
    try:
        game_class(game)
    except TurnbuckleError:
        raise unknown_game(game) from None
    return game


def puzzle_or_404(game: str, number: int) -> Puzzle:
    """The puzzle, or a 404 naming the game (unknown) or how many puzzles it has."""
    found = {p.number: p for p in puzzles(_game_or_404(game))}
    if number not in found:
        raise NotFound(f"{game} has no puzzle {number} (it has {len(found)})")
    return found[number]


@lru_cache(maxsize=256)
def _state(game: str, number: int) -> State:
    """The position at the puzzle's decision, built once (each request works on a clone)."""
    return puzzle_state(puzzle_or_404(game, number))


def state_of(p: Puzzle) -> State:
    return _state(p.game, p.number).clone()


def next_number(p: Puzzle) -> int:
    """The game's next puzzle (after the last, the first again)."""
    numbers = sorted(q.number for q in puzzles(p.game))
    later = [n for n in numbers if n > p.number]
    return later[0] if later else numbers[0]


# -- the verdict: every option's value, as the review words it -------------------------------------
def verdict(p: Puzzle, chosen: str) -> dict[str, Any]:
    """Right or not, and every option best first with the review's figures and words
    (``compare.graded``: the gap to the best with its paired error, "clearly best", "clearly worse"...)."""
    ordered = sorted(p.options, key=lambda o: (o.action != p.answer, -o.value))
    best = ordered[0]
    exact = p.method == "exact"
    values = [OptionValue(o.action, o.value, (), stderr=None if exact else o.se) for o in ordered]
    gaps = answer_gaps([(0.0, None)] + [(best.value - o.value, None if exact else o.gap_se) for o in ordered[1:]])
    labels = {o.action: o.label if o.label != o.action else "" for o in ordered}  # a label may repeat the name
    options = [{**o.to_dict(), "label": labels[o.action] or None, "chosen": o.action == chosen,
                "answer": o.action == p.answer} for o in graded(values, gaps)]
    return {
        "correct": is_answer(p, chosen), "chosen": chosen, "answer": p.answer, "options": options,
        "exact": exact, "method": p.method, "budget": p.budget, "margin": p.margin,
        "difficulty": p.difficulty, "difficulty_label": p.difficulty_label, "rules": list(p.rules),
        "source": p.source.model_dump(),
    }


# -- pages ----------------------------------------------------------------------------------------
def _listing(game: str) -> dict[str, Any]:
    return {"id": game, "title": game_class(game).title,
            "puzzles": [{"number": p.number, "title": p.title, "difficulty": p.difficulty_label}
                        for p in puzzles(game)]}


def _account_marks(request: Request) -> dict[str, dict[str, str]] | None:
    """A logged-in player's marks from the account (``None`` for a guest): the lists show them with
    this browser's."""
    player = current_player(request)
    return None if player is None else puzzle_marks.marks(database(request), player.id)


@router.get("/puzzles", response_class=HTMLResponse)
def puzzle_index(request: Request) -> Response:
    return templates.TemplateResponse(request, "puzzles.html", {
        "games": [_listing(game) for game in list_games()], "one": None, "daily": daily(),
        "account": _account_marks(request),
    })


@router.get("/puzzles/{game}", response_class=HTMLResponse)
def game_puzzles(request: Request, game: str) -> Response:
    listing = _listing(_game_or_404(game))
    return templates.TemplateResponse(request, "puzzles.html", {
        "games": [listing], "one": listing, "daily": None, "account": _account_marks(request),
    })


@router.get("/puzzles/{game}/{number}", response_class=HTMLResponse)
def puzzle_page(request: Request, game: str, number: int) -> Response:
    p = puzzle_or_404(game, number)
    cls = game_class(game)
    count = len(puzzles(game))
    config = {"game": game, "number": p.number, "count": count, "next": next_number(p)}
    table = {"match": p.id, "api": f"/api/puzzles/{game}/{p.number}", "game": game, "hidden": False}
    return templates.TemplateResponse(request, "puzzle.html", {
        "game": game, "title": cls.title, "puzzle": p, "count": count, "config": config, "table": table,
        "side_label": state_of(p).game.player_label(p.side),
    })


# -- the match-shaped API table.js talks to ---------------------------------------------------------
class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(max_length=500)
    expect: int | None = Field(None, ge=0, description="the number of actions the mover saw")


def puzzle_meta(p: Puzzle, state: State, answered: bool) -> dict[str, Any]:
    """A match's public facts (as ``/api/matches/ID`` gives them) for the puzzle's position: the solver
    plays the side to move; once answered nobody is to move."""
    game = state.game
    return {
        "id": p.id, "game": game.name, "title": game.title, "hidden_information": game.hidden_information,
        "seats": [{"seat": s, "label": game.player_label(s), "kind": "human" if s == p.side else "computer",
                   "agent": None if s == p.side else "puzzle"} for s in range(game.num_players())],
        "watch": False, "invited": [], "paused": False, "delay": 0, "version": int(answered),
        "actions": len(state.history) + int(answered), "events": len(state.events),
        "to_move": None if answered else p.side, "to_move_label": None if answered else mover_label(game, state),
        "thinking": False, "waiting_for_thinker": False, "stopped": None, "finished": answered,
        "summary": "puzzle answered" if answered else "your move",
        "takebacks": False, "takeback_count": 0, "you": {"seats": [p.side], "owner": False},
        "puzzle": {"number": p.number, "title": p.title, "prompt": p.prompt},
    }


def puzzle_view(p: Puzzle, state: State, seat: int, render: bool, answered: bool,
                narrow: bool = False) -> dict[str, Any]:
    """The side's view, shaped as a match's seat view: its legal actions until it has answered."""
    if seat != p.side:
        raise BadRequest(f"in this puzzle you play seat {p.side}")
    game = state.game
    observation = state.observation(seat)
    view = puzzle_meta(p, state, answered)
    view.pop("you")
    actions = [] if answered else legal_action_list(game, state, seat)
    view.update(seat=seat, seat_label=game.player_label(seat), observation=observation, legal_actions=actions,
                result={"summary": "puzzle answered"} if answered else None,
                takeback={"seat": None, "allowed": False, "reason": "a puzzle is answered once"})
    view["picks"] = pick_list(game, observation, actions)
    if render:
        view["picture"] = picture(game, observation, [a["name"] for a in actions], narrow)
    return view


@api_router.get("/puzzles/{game}/{number}", summary="A puzzle's position, shaped as a match's facts")
def get_puzzle(game: str, number: int) -> dict[str, Any]:
    p = puzzle_or_404(game, number)
    return puzzle_meta(p, state_of(p), answered=False)


@api_router.get("/puzzles/{game}/{number}/seats/{seat}", summary="The side to move's view of the puzzle")
def get_puzzle_seat(game: str, number: int, seat: int, render: bool = False, narrow: Narrow = False,
                    ) -> dict[str, Any]:
    p = puzzle_or_404(game, number)
    return puzzle_view(p, state_of(p), seat, render, answered=False, narrow=narrow)


@api_router.post("/puzzles/{game}/{number}/seats/{seat}/actions", dependencies=[limited("act")],
                 summary="Answer the puzzle: the verdict and every option's value")
def answer_puzzle(request: Request, game: str, number: int, seat: int, body: Answer,
                  render: bool = False, narrow: Narrow = False) -> dict[str, Any]:
    """The side's view once answered, with ``verdict``. 422 for a move the position does not allow,
    409 when ``expect`` is not the position's action count (a view of something else). A logged-in
    player's answer is recorded on the account (``verdict.saved``; ``None`` for a guest)."""
    p = puzzle_or_404(game, number)
    state = state_of(p)
    view = puzzle_view(p, state, seat, False, answered=False)
    if body.expect is not None and body.expect != view["actions"]:
        raise Conflict("that was not this puzzle's position; look again")
    if body.action not in {a["name"] for a in view["legal_actions"]}:
        raise NotAMove(f"{quoted(body.action, 60)} is not a move you can make now")
    answered = puzzle_view(p, state, seat, render, answered=True, narrow=narrow)
    answered["verdict"] = found = verdict(p, body.action)
    found["saved"] = _save(request, p, found["correct"])
    return answered


def _save(request: Request, p: Puzzle, solved: bool) -> bool | None:
    """Record the answer on a logged-in player's account: whether it was stored (``None``: a guest).
    A database that fails here costs the mark, not the answer."""
    player = current_player(request)
    if player is None:
        return None
    try:
        puzzle_marks.record(database(request), player.id, p.game, p.number, solved)
    except StoreError:
        return False
    return True


@api_router.get("/puzzles/{game}/{number}/hints")
def puzzle_hints(game: str, number: int) -> dict[str, Any]:
    puzzle_or_404(game, number)
    return {"hints": False, "reason": "a puzzle is solved without hints"}


__all__ = ["api_router", "daily", "puzzle_or_404", "router", "verdict"]
