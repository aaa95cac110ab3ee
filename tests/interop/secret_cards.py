"""A tiny hidden-information ruleset for the interop tests: the adapters must not lean on a real game.

It has no tensor view (``Game.tensor_view`` is the base class's ``None``), so it is also the case of a
ruleset the adapters serve with strings only (OpenSpiel) or the JSON-bytes fallback (PettingZoo).
"""

from __future__ import annotations

import random
from typing import Any

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.game import CHANCE, TERMINAL, Game, GameOption, State

CARD_ACTIONS = ActionTable((Action(0, "check"), Action(1, "bet")), (Action(0, "card=1"), Action(1, "card=2")))


class SecretCardsGame(Game):
    """Each player is dealt a card only he sees, then each checks or bets; general-sum."""

    name = "test_secret_cards"
    title = "Secret Cards (test)"

    def __init__(self, stake: int = 1) -> None:
        super().__init__({"stake": stake}, CARD_ACTIONS)
        self.stake = stake

    @classmethod
    def options(cls) -> list[GameOption]:
        return [GameOption("stake", 1, "what a bet wins or loses")]

    @classmethod
    def rules_summary(cls) -> str:
        return "Deal one hidden card each; bet to win the stake with the higher card."

    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> SecretCardsState:
        return SecretCardsState(self)

    def min_utility(self) -> float:
        return -float(self.stake)

    def max_utility(self) -> float:
        return float(self.stake)


class SecretCardsState(State):
    game: SecretCardsGame

    def __init__(self, game: SecretCardsGame) -> None:
        super().__init__(game)
        self.cards: list[int] = []
        self.bets: list[bool] = []

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return len(self.bets) if len(self.bets) < 2 else TERMINAL

    def legal_actions(self) -> list[Action]:
        return list(CARD_ACTIONS.decisions) if self.current_player() >= 0 else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(a, 0.5) for a in CARD_ACTIONS.chance] if self.current_player() == CHANCE else []

    def returns(self) -> list[float]:
        if self.current_player() != TERMINAL:
            return [0.0, 0.0]
        result = []
        for player, bet in enumerate(self.bets):
            mine, theirs = self.cards[player], self.cards[1 - player]
            result.append(0.0 if not bet or mine == theirs else float(self.game.stake if mine > theirs else -1))
        return result

    def observation(self, player: int) -> dict[str, Any]:
        return {"card": self.cards[player] if len(self.cards) > player else None, "bets": list(self.bets)}

    def _apply(self, action: Action) -> None:
        if self.current_player() == CHANCE:
            self.cards.append(action.id + 1)
        else:
            self.bets.append(action.id == 1)

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SecretCardsState)
        other.cards = self.cards.copy()
        other.bets = self.bets.copy()

    def determinize(self, player: int, rng: random.Random) -> State:
        copy = self.clone()
        assert isinstance(copy, SecretCardsState)
        if len(copy.cards) == 2:
            copy.cards[1 - player] = rng.choice((1, 2))
        return copy
