"""A person at the terminal: sees their observation and picks a legal action by number or name."""

from __future__ import annotations

import random
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.text import Text

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
            Prompt.ask(f"[bold]Pass the screen to {escape(label)}[/] and press Enter", console=self.console, default="")
            self.console.clear()
        self.last_player = player


class HumanAgent:
    """Prompts for a choice; an unknown or illegal entry is refused with the reason and asked again.

    With an ``advisor`` (a computer agent), typing ``auto`` leaves this one decision to it: the
    solitaire way of playing, where a person makes the choices they care about. With a ``hinter``,
    typing ``hint`` prints what it says about this decision (the review's ranked options).
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
        hinter: Callable[[State], list[Text]] | None = None,
    ) -> None:
        self.player = player
        self.console = console
        self.render = render
        self.hot_seat = hot_seat
        self.ask = ask or (lambda prompt: Prompt.ask(prompt, console=console))
        self.advisor = advisor
        self.hinter = hinter

    def choose(self, state: State, rng: random.Random) -> Action:
        label = state.game.player_label(self.player)
        if self.hot_seat is not None:
            self.hot_seat.hand_over(self.player, label)
        legal = state.legal_actions()
        self.console.print(self.render(state, self.player), markup=False, highlight=False)
        for line in menu_lines(state, legal):
            self.console.print(line, highlight=False)
        hint = ", 'auto' for the computer" if self.advisor is not None else ""
        hint += ", 'hint' for advice" if self.hinter is not None else ""
        while True:
            answer = self.ask(f"{escape(label)}, your move (number, name or its start{hint}, 'quit' to stop)").strip()
            if answer.lower() in {"q", "quit", "exit"}:
                raise QuitMatch
            if self.advisor is not None and answer.lower() == "auto":
                advised = self.advisor.choose(state, rng)
                self.console.print(Text(f"The computer chooses: {advised.name}"))
                return advised
            if self.hinter is not None and answer.lower() == "hint":
                for line in self.hinter(state):
                    self.console.print(line)
                continue
            chosen, problem = pick_action(legal, answer)
            if chosen is not None:
                return chosen
            self.console.print(Text(problem, style="red"))


MAX_LISTED = 40
"""Longer menus (a miniatures game's hundreds of destinations) are shown grouped by their first word."""
GROUP_EXAMPLES = 4


def menu_lines(state: State, legal: list[Action]) -> list[Text]:
    """The numbered menu; past ``MAX_LISTED`` moves, small groups stay numbered and each large group
    of moves sharing a first word (``move ...``) becomes one line with its count and examples."""
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        groups.setdefault(action.name.split(" ", 1)[0], []).append(index)
    big = {word for word, members in groups.items() if len(members) > 8} if len(legal) > MAX_LISTED else set()
    lines: list[Text] = []
    for index, action in enumerate(legal):
        word = action.name.split(" ", 1)[0]
        if word in big:
            continue
        line = Text.assemble((f"  {index + 1:>3}  ", "bold cyan"), action.name)
        what = state.game.describe_action(action.name)
        if what:
            line.append(f"  ({what})", style="dim")
        lines.append(line)
    for word in sorted(big):
        members = groups[word]
        examples = ", ".join(legal[i].name for i in members[:GROUP_EXAMPLES])
        lines.append(Text.assemble(
            ("  ...  ", "bold cyan"), f"{word}: {len(members)} choices, e.g. {examples}",
            (f"  (type '{word} ' and the rest, or a number {members[0] + 1}-{members[-1] + 1})", "dim"),
        ))
    return lines


def pick_action(legal: list[Action], answer: str) -> tuple[Action | None, str]:
    """The action a person means by ``answer``: its number, its full name or a unique prefix
    of it (case-insensitive). Otherwise ``None`` and a one-line reason listing the candidates."""
    text = answer.strip()
    if text.isdecimal() and text.isascii():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        return None, f"{text} is not a move number now; choose 1-{len(legal)}"
    folded = text.casefold()
    if not folded:
        return None, f"type a move: 1-{len(legal)} or its name"
    exact = [a for a in legal if a.name.casefold() == folded]
    if exact:
        return exact[0], ""
    starts = [a for a in legal if a.name.casefold().startswith(folded)]
    if len(starts) == 1:
        return starts[0], ""
    if starts:
        shown = ", ".join(a.name for a in starts[:8]) + (", ..." if len(starts) > 8 else "")
        return None, f"{text!r} could be {len(starts)} moves: {shown}; type more of the name"
    names = ", ".join(a.name for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
    return None, f"{text!r} is not a legal move now; choose 1-{len(legal)} or one of: {names}"
