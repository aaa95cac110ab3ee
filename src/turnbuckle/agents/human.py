"""A person at the terminal: sees their observation and picks a legal action by number or name."""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Callable
from decimal import Decimal
from typing import Final, TextIO

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt
from rich.text import Text

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent


class QuitMatch(Exception):
    """The person typed ``quit``."""


WIPE: Final = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen, and clear the scrollback (``3J``, as ``clear`` does): the last hand
must not be one scroll away from the next player."""


class HotSeat:
    """Shared by the human agents of one screen: asks to pass the screen when hands are secret."""

    def __init__(self, console: Console, hidden_information: bool, stream: TextIO | None = None) -> None:
        self.console = console
        self.hidden_information = hidden_information
        self.stream = stream
        self.last_player: int | None = None

    def hand_over(self, player: int, label: str) -> None:
        if self.hidden_information and self.last_player is not None and self.last_player != player:
            self.wipe()
            Prompt.ask(f"[bold]Pass the screen to {escape(label)}[/] and press Enter", console=self.console,
                       default="", show_default=False, stream=self.stream)
            self.wipe()
        self.last_player = player

    def wipe(self) -> None:
        """Clear the screen and its scrollback (on a terminal; a pipe gets nothing)."""
        if self.console.is_terminal:
            self.console.file.write(WIPE)
            self.console.file.flush()


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
        whole = not self.console.is_terminal  # a terminal: long lines break between words; a pipe keeps them whole
        self.console.print(self.render(state, self.player), markup=False, highlight=False, soft_wrap=whole)
        for line in menu_lines(state, legal, self.player):
            self.console.print(line, highlight=False, soft_wrap=whole)
        hint = ", 'auto' for the computer" if self.advisor is not None else ""
        hint += ", 'hint' for advice" if self.hinter is not None else ""
        while True:
            question = f"{escape(label)}, your move (number, name or its start{hint}, 'quit' to stop)"
            if not whole:  # in a terminal the question too breaks between words (": " follows it)
                question = "\n".join(textwrap.wrap(question, width=max(20, self.console.width - 2)))
            answer = self.ask(question).strip()
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
            problem = state.game.refusal(state, answer) or problem  # the game may say why (too far: how far)
            self.console.print(Text(problem, style="red"))


MAX_LISTED = 40
"""Longer menus (a miniatures game's hundreds of destinations) are shown grouped by their first word."""
GROUP_EXAMPLES = 4


def menu_lines(state: State, legal: list[Action], player: int | None = None) -> list[Text]:
    """The numbered menu; past ``MAX_LISTED`` moves, small groups stay numbered and each large group
    of moves sharing a first word (``move ...``) becomes one line with its count and examples.

    Each move listed carries the words the browser shows beside it (``Game.action_labels`` for the
    deciding seat: they may depend on the position); a move the game flags (``Game.action_flags``:
    a WRASSLIN' play only the errors rule allows) carries its flag on its own line."""
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(legal):
        groups.setdefault(action.name.split(" ", 1)[0], []).append(index)
    big = {word for word, members in groups.items() if len(members) > 8} if len(legal) > MAX_LISTED else set()
    listed = [a.name for a in legal if a.name.split(" ", 1)[0] not in big]
    seat = state.current_player() if player is None else player
    seen = state.observation(seat) if seat >= 0 else None
    flags = state.game.action_flags(seen, listed) if seen is not None else {}
    labels = (state.game.action_labels(seen, [n for n in listed if n not in flags]) if seen is not None
              else {n: state.game.describe_action(n) for n in listed})
    labels.update({n: state.game.describe_action(n) for n in flags})  # the flag and the list above say why
    lines: list[Text] = []
    for index, action in enumerate(legal):
        word = action.name.split(" ", 1)[0]
        if word in big:
            continue
        line = Text.assemble((f"  {index + 1:>3}  ", "bold cyan"), action.name)
        if action.name in flags:
            line.append(f"  [{flags[action.name]}]", style="bold yellow")
        what = labels.get(action.name)
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
    """The action a person means by ``answer``: its number, its full name or a unique start of it
    (case-insensitive). Names are compared word by word: numbers by value (``move 22 22`` is
    ``move 22.0 22.0``), and only the last word typed may be cut short, never into a word with a
    digit (``h1`` is not the start of ``h10``, ``C1`` not of ``C10``). Otherwise ``None`` and a one-line
    reason listing the candidates."""
    text = answer.strip()
    shown = _shown(text)
    if text.isdecimal() and text.isascii():
        number = int(text) if len(text) <= MAX_NUMBER_LENGTH else 0  # int() refuses thousands of digits
        if 1 <= number <= len(legal):
            return legal[number - 1], ""
        number_shown = text if len(text) <= MAX_NUMBER_LENGTH else text[:MAX_NUMBER_LENGTH - 3] + "..."
        return None, f"{number_shown} is not a move number now; choose 1-{len(legal)}"
    typed = text.split()
    if not typed:
        return None, f"type a move: 1-{len(legal)} or its name"
    named = [(action, action.name.split()) for action in legal]
    exact = [a for a, words in named if len(words) == len(typed) and all(map(_same_word, typed, words))]
    if exact:
        return exact[0], ""
    starts = [a for a, words in named if _starts(typed, words)]
    if len(starts) == 1:
        return starts[0], ""
    if starts:
        listed = ", ".join(a.name for a in starts[:8]) + (", ..." if len(starts) > 8 else "")
        return None, f"{shown} could be {len(starts)} moves: {listed}; type more of the name"
    names = ", ".join(a.name for a in legal[:12]) + (", ..." if len(legal) > 12 else "")
    return None, f"{shown} is not a legal move now; choose 1-{len(legal)} or one of: {names}"


_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
MAX_NUMBER_LENGTH = 40
"""Longer digit strings are compared as text, never converted."""


def _same_word(typed: str, word: str) -> bool:
    """Case-insensitive, and numbers by value: ``22`` is ``22.0``."""
    if typed.casefold() == word.casefold():
        return True
    if max(len(typed), len(word)) > MAX_NUMBER_LENGTH or not (_NUMBER.fullmatch(typed) and _NUMBER.fullmatch(word)):
        return False
    return Decimal(typed) == Decimal(word)


def _starts(typed: list[str], words: list[str]) -> bool:
    """``typed`` is the start of ``words``: whole words, the last maybe cut short unless the word
    has a digit (a square, a coordinate or a number is never completed: ``h1`` must not become
    ``h10``, nor ``F`` become ``F1``)."""
    if len(typed) > len(words) or not all(map(_same_word, typed[:-1], words)):
        return False
    last, word = typed[-1], words[len(typed) - 1]
    if _same_word(last, word):
        return True
    return not any(ch.isdigit() for ch in word) and word.casefold().startswith(last.casefold())


def _shown(text: str, most: int = 40) -> str:
    """What the person typed, quoted and cut short: a pasted novel is not echoed back whole."""
    return repr(text) if len(text) <= most else repr(text[: most - 3] + "...")
