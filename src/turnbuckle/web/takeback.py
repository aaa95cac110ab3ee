"""Take-backs: may a seat undo its own last decision, and where in the history does it sit?

A decision can be taken back while nothing was learned since: every action after it is a decision
(no die rolled, no card drawn or dealt), nobody else who is a person has moved since, and, in a
hidden-information game, every later decision is a computer seat's whose action name shows no card
(a name that mentions a card in any way is refused: when unsure, refuse). The match then goes back
to the position just before that decision: ``game.state_from_actions(names[:index])``.

Who may ask (a seat against the computer only, or any seat when the match was created with
``"takebacks": true``) is ``permission``; ``MatchService.take_back`` applies it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import CHANCE, Game, State

DIE_ROLLED = "a die was rolled since"
CARD_REVEALED = "a card was revealed since"
ANOTHER_PERSON = "another person is playing"
PERSON_MOVED = "another person has moved since"
NOTHING = "nothing to take back"
OVER = "the match is over"


@dataclass(frozen=True)
class TakeBack:
    """The answer for one seat: the index of its last decision (``None``: none yet) and, when it
    cannot be taken back, why (one of the reasons above)."""

    seat: int
    index: int | None
    reason: str | None

    @property
    def allowed(self) -> bool:
        return self.index is not None and self.reason is None

    def as_json(self) -> dict[str, object]:
        return {"seat": self.seat, "allowed": self.allowed, "reason": self.reason}


def card_names(game: Game) -> list[str]:
    """What a hidden-information game's chance outcomes bring out (``draw Arm Bar`` -> ``arm bar``),
    lower-cased: the words a decision must not contain to count as revealing nothing."""
    names = set()
    for outcome in game.actions.chance:
        _, sep, rest = outcome.name.partition(" ")
        if not sep:
            _, sep, rest = outcome.name.partition("=")
        rest = rest.strip().lower()
        if rest:
            names.add(rest)
    return sorted(names)


def reveals_card(name: str, cards: Sequence[str]) -> bool:
    """Does a decision's name show a card? Any mention counts; a game without named cards: always."""
    if not cards:
        return True
    lowered = name.lower()
    return any(card in lowered for card in cards)


def find_takeback(
    game: Game,
    history: Sequence[Action],
    movers: Sequence[int],
    seat: int,
    computer_seats: Collection[int],
    *,
    terminal: bool = False,
) -> TakeBack:
    """Can ``seat`` take back its last decision? ``movers[i]`` is who played ``history[i]``
    (``CHANCE`` for a chance outcome; see ``MoverLog``)."""
    if terminal:
        return TakeBack(seat, None, OVER)
    index = next((i for i in range(len(history) - 1, -1, -1) if movers[i] == seat), None)
    if index is None:
        return TakeBack(seat, None, NOTHING)
    hidden = game.hidden_information
    cards = card_names(game) if hidden else []
    for i in range(index + 1, len(history)):
        mover = movers[i]
        if mover == CHANCE:
            return TakeBack(seat, index, game.secrets_revealed if hidden and game.chance_reveals else DIE_ROLLED)
        if mover not in computer_seats:
            return TakeBack(seat, index, PERSON_MOVED)
        if hidden and reveals_card(history[i].name, cards):
            return TakeBack(seat, index, game.secrets_revealed)  # a card, or the bids (skirmish)
    return TakeBack(seat, index, None)


def permission(seats: Sequence[str], seat: int, takebacks: bool) -> str | None:
    """Why ``seat`` may not take back at all (``None``: it may). Against computers only, always;
    with another person at the table (hot-seat or invite), only in a match created with take-backs."""
    if takebacks:
        return None
    others = [spec for i, spec in enumerate(seats) if i != seat]
    if all(spec.startswith("computer") for spec in others):
        return None
    return ANOTHER_PERSON


class MoverLog:
    """Who played each action of a live state's history (``CHANCE`` for chance outcomes).

    A history holds only action names; the movers come from replaying it, once, on a private copy
    that then follows the live history action by action. A history that no longer starts with what
    was replayed (a take-back) is replayed again from the start.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._state: State | None = None
        self._history: list[Action] = []
        self._movers: list[int] = []

    def movers(self, history: Sequence[Action]) -> list[int]:
        known = len(self._history)
        if self._state is None or known > len(history) or any(history[i] != self._history[i] for i in range(known)):
            self._state = self.game.new_initial_state()
            self._state.record_events = False
            self._history = []
            self._movers = []
        state = self._state
        for action in history[len(self._history) :]:
            self._movers.append(state.current_player())
            state.apply_action(action)
            self._history.append(action)
        return list(self._movers)
