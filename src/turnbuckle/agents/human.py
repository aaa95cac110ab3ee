"""A person at the terminal: sees their observation and picks a legal action by number or name."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Console
from rich.prompt import Prompt

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent


class QuitMatch(Exception):
    """The person typed ``quit``."""


class HotSeat:
    """Shared by the human agents of one screen: asks to pass the screen when hands are secret."""

    def __init__(self, console: Console, hidden_information: bool) -> None:
        self.console = console
        self.hidden_information = hidden_information
        self.last_player: int | None = None

    def hand_over(self, player: int, label: str) -> None:
        if self.hidden_information and self.last_player is not None and self.last_player != player:
            self.console.clear()
            Prompt.ask(f"[bold]Pass the screen to {label}[/] and press Enter", console=self.console, default="")
            self.console.clear()
        self.last_player = player


class HumanAgent:
    """Prompts for a choice; an unknown or illegal entry is refused with the reason and asked again.

    With an ``advisor`` (a computer agent), typing ``auto`` leaves this one decision to it: the
    solitaire way of playing, where a person makes the choices they care about.
    """

    name = "human"

    def __init__(
        self,
        player: int,
        console: Console,
        render: Callable[[State, int], str],
        hot_seat: HotSeat | None = None,
        ask: Callable[[str], str] | None = None,
        advisor: Agent | None = None,
    ) -> None:
        self.player = player
        self.console = console
        self.render = render
        self.hot_seat = hot_seat
        self.ask = ask or (lambda prompt: Prompt.ask(prompt, console=console))
        self.advisor = advisor

    def choose(self, state: State, rng: random.Random) -> Action:
        label = state.game.player_label(self.player)
        if self.hot_seat is not None:
            self.hot_seat.hand_over(self.player, label)
        legal = state.legal_actions()
        self.console.print(self.render(state, self.player))
        for index, action in enumerate(legal, start=1):
            self.console.print(f"  [bold cyan]{index}[/]  {action.name}")
        hint = ", 'auto' for the computer" if self.advisor is not None else ""
        while True:
            answer = self.ask(f"{label}, your move (number or name{hint}, 'quit' to stop)").strip()
            if answer.lower() in {"q", "quit", "exit"}:
                raise QuitMatch
            if self.advisor is not None and answer.lower() == "auto":
                advised = self.advisor.choose(state, rng)
                self.console.print(f"The computer chooses: {advised.name}")
                return advised
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            chosen = next((a for a in legal if a.name.lower() == answer.lower()), None)
            if chosen is not None:
                return chosen
            names = ", ".join(a.name for a in legal)
            self.console.print(f"[red]{answer!r} is not a legal move now; choose 1-{len(legal)} or one of: {names}[/]")
