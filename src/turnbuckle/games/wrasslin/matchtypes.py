"""Match types (singles, tag 12.x, handicap 12.5, battle royal 13.x, tournament 14.x): who sits where,
on which team, who starts in the ring, and which cards leave the deck (5.1, 13.2, 14.2, intro sheet)."""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.games.wrasslin.cards import (
    BATTLE_ROYAL_VOID,
    INTRODUCTORY_REMOVED,
    TAG_ONLY,
    CardType,
)

RING, APRON, FLOOR, OUT = 0, 1, 2, 3
"""Where a Wrestler is: in the ring, on the apron (a legal Tag partner), on the floor (counted, 11.33),
or out of the match (eliminated, retired or submitted in a free-for-all)."""
POSITION_NAMES = ("ring", "apron", "floor", "out")

MATCH_TYPES = ("singles", "tag", "handicap", "battle_royal", "tournament")
DEFAULT_PLAYERS = {"singles": 2, "tag": 4, "handicap": 3, "battle_royal": 5, "tournament": 2}
PLAYER_RANGE = {"singles": (2, 2), "tag": (4, 4), "handicap": (3, 3), "battle_royal": (5, 8),
                "tournament": (2, 8)}


@dataclass(frozen=True, slots=True)
class Seating:
    """Seats in turn order (clockwise), each seat's team, and where each Wrestler starts."""

    teams: tuple[int, ...]
    start: tuple[int, ...]

    def partners(self, seat: int) -> tuple[int, ...]:
        return tuple(s for s, t in enumerate(self.teams) if t == self.teams[seat] and s != seat)


def seating(match_type: str, players: int) -> Seating:
    if match_type == "tag":
        # 12.1: partners alternate seats with their opponents; one of each team starts in the ring.
        return Seating((0, 1, 0, 1), (RING, RING, APRON, APRON))
    if match_type == "handicap":
        # 12.5: the solo Wrestler (seat 0) against a team of two.
        return Seating((0, 1, 1), (RING, RING, APRON))
    if match_type == "battle_royal":
        return Seating(tuple(range(players)), (RING,) * players)
    return Seating((0, 1), (RING, RING))


def deck_counts(cards: tuple[CardType, ...], match_type: str, introductory: bool,
                tag_cards_in_singles: str) -> tuple[list[int], list[int]]:
    """(cards in the deck, cards set aside) per card type for this match."""
    removed: set[str] = set()
    if introductory:
        removed |= set(INTRODUCTORY_REMOVED)
    if match_type == "battle_royal":
        removed |= set(BATTLE_ROYAL_VOID)
    elif match_type in ("singles", "tournament") and tag_cards_in_singles == "remove":
        removed |= set(TAG_ONLY)
    deck = [0 if c.name in removed else c.number for c in cards]
    aside = [c.number - d for c, d in zip(cards, deck, strict=True)]
    return deck, aside
