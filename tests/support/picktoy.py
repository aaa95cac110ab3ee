"""A tiny game for testing the table page's picking, apart from any real ruleset.

Two tokens on a 3x3 grid. On your turn: move your token to an empty neighbouring square (select
the token, then the square), or, next to the other token, ``punch`` or ``kick`` it (select your
token, then the other: a menu of two), or ``pass`` (a button). A kick lands only on a die roll of
4+ (a chance node, so the move log shows a die). Three hits win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, GameOption, State
from turnbuckle.engine.picks import Pick, Piece, pick_attrs, pick_id

SQUARES = [f"{c}{r}" for r in (1, 2, 3) for c in "ABC"]
MOVES = [Action(i, f"move {sq}") for i, sq in enumerate(SQUARES)]
PUNCH, KICK, PASS = Action(9, "punch"), Action(10, "kick"), Action(11, "pass")
ROLLS = [Action(i, f"roll {i + 1}") for i in range(6)]
TABLE = ActionTable([*MOVES, PUNCH, KICK, PASS], ROLLS)


def _xy(square: str) -> tuple[int, int]:
    return "ABC".index(square[0]), int(square[1]) - 1


def _adjacent(a: str, b: str) -> bool:
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


class PickToyGame(Game):
    name = "picktoy"
    title = "Pick toy"

    def __init__(self, **params: Any) -> None:
        super().__init__(params, TABLE)

    @classmethod
    def options(cls) -> list[GameOption]:
        return []

    @classmethod
    def rules_summary(cls) -> str:
        return "Move, punch or kick on a 3x3 grid; three hits win."

    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> PickToyState:
        return PickToyState(self)

    def player_label(self, player: int) -> str:
        return ("Red", "Blue")[player]

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        me, other = observation["at"][observation["player"]], observation["at"][1 - observation["player"]]
        found = []
        for name in actions:
            if name.startswith("move "):
                found.append(Pick(name, (pick_id("pc", me), pick_id("sq", name[5:]))))
            elif name in ("punch", "kick"):
                found.append(Pick(name, (pick_id("pc", me), pick_id("pc", other))))
        return found

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = ()) -> str | None:
        parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">']
        for square in SQUARES:
            x, y = _xy(square)
            parts.append(f'<g {pick_attrs(pick_id("sq", square), f"square {square}")}>'
                         f'<rect class="hit" x="{x * 100 + 2}" y="{y * 100 + 2}" width="96" height="96" '
                         f'fill="#eee" stroke="#999"/></g>')
        for player, square in enumerate(observation["at"]):
            x, y = _xy(square)
            label = f"{self.player_label(player)} token on {square}"
            parts.append(f'<g {pick_attrs(pick_id("pc", square), label)}>'
                         f'<circle class="hit" cx="{x * 100 + 50}" cy="{y * 100 + 50}" r="30" '
                         f'fill="{("#c0392b", "#2471a3")[player]}" stroke="#000"/></g>')
        parts.append("</svg>")
        return "".join(parts)

    def event_pieces(self, event: Event) -> list[Piece]:
        if event.kind == "kick":
            return [{"kind": "die", "value": event.data["roll"], "faces": "d6"}]
        return []

    def narrate(self, event: Event) -> str | None:
        who = self.player_label(event.data["player"])
        if event.kind == "kick":
            return f"{who} kicks: {'hit' if event.data['roll'] >= 4 else 'miss'}"
        return f"{who} {event.kind}s"


class PickToyState(State):
    def __init__(self, game: PickToyGame) -> None:
        super().__init__(game)
        self.at = ["A1", "C3"]
        self.hits = [0, 0]
        self.turn = 0
        self.kicking = False

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, PickToyState)
        other.at = list(self.at)
        other.hits = list(self.hits)

    def current_player(self) -> int:
        if max(self.hits) >= 3:
            return TERMINAL
        return CHANCE if self.kicking else self.turn

    def legal_actions(self) -> list[Action]:
        if self.current_player() < 0:
            return []
        me, other = self.at[self.turn], self.at[1 - self.turn]
        found = [MOVES[SQUARES.index(sq)] for sq in SQUARES if sq != other and _adjacent(me, sq)]
        if _adjacent(me, other):
            found += [PUNCH, KICK]
        return [*found, PASS]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(a, 1 / 6) for a in ROLLS] if self.kicking else []

    def returns(self) -> list[float]:
        if max(self.hits) < 3:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.hits[0] >= 3 else [-1.0, 1.0]

    def observation(self, player: int) -> dict[str, Any]:
        return {"player": player, "at": list(self.at), "hits": list(self.hits)}

    def _apply(self, action: Action) -> None:
        if self.kicking:
            roll = action.id + 1
            self.emit("kick", player=self.turn, roll=roll)
            self.hits[self.turn] += 2 if roll >= 4 else 0
            self.kicking = False
        elif action.name.startswith("move "):
            self.at[self.turn] = action.name[5:]
            self.emit("move", player=self.turn)
        elif action is KICK:
            self.kicking = True
            return
        elif action is PUNCH:
            self.hits[self.turn] += 1
            self.emit("punch", player=self.turn)
        else:
            self.emit("pass", player=self.turn)
        self.turn = 1 - self.turn
