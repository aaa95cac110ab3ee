"""Ringside commentary for WRASSLIN' events: names the Holds, Reactions and Outside Influences."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from turnbuckle.engine.events import Event

if TYPE_CHECKING:
    from turnbuckle.games.wrasslin.rules import WrasslinGame


def _a(noun: str) -> str:
    """English article: 'an Out of Ring', 'a Pin'."""
    return ("an " if noun[:1].upper() in "AEIOU" else "a ") + noun


def _hold(d: dict[str, Any]) -> str:
    how = f" ({_a(d['card'])})" if d.get("card") and d.get("card") != d.get("hold") else ""
    team = " with a Double Team" if d.get("double_team") else ""
    dirty = " -- that's illegal!" if d.get("illegal") else ""
    return f"{d['wrestler']} goes for {_a(d['hold'])}{how} on {d['victim']}{team}{dirty}"


_LINES: dict[str, Callable[[dict[str, Any]], str]] = {
    "initiative_call": lambda d: f"{d['wrestler']} calls initiative {d['number']}.",
    "first_turn": lambda d: f"{d['wrestler']} wins the initiative with a {d['number']} and leads off.",
    "hold": lambda d: _hold(d) + ("" if d.get("illegal") else "."),
    "reaction": lambda d: f"{d['wrestler']} answers with {_a(d['card'])}!",
    "blocked": lambda d: f"{d['wrestler']} blocks the {d['hold']}; {d['attacker']} comes up empty.",
    "reversed": lambda d: f"Reversal! {d['wrestler']} turns the {d['hold']} back on {d['attacker']}!",
    "outside_influence": lambda d: f"Outside influence: {d['wrestler']} plays {d['card']}.",
    "power_surge": lambda d: f"{d['wrestler']} powers up: Strength {d['strength']} "
    f"({'+' + str(d['amount'])}){' in reaction' if d.get('reaction') else ''}!",
    "damage": lambda d: f"The {d['hold']} lands for {d['points']}: {d['wrestler']} is at {d['damage']} damage.",
    "penalty": lambda d: f"The Referee catches {d['wrestler']}'s {d['hold']}: "
    f"{d['turns']} turn{'' if d['turns'] == 1 else 's'} penalty.",
    "ignores_warning": lambda d: f"{d['wrestler']} ignores the Referee's warning -- one more call and he's gone!",
    "penalty_turn": lambda d: f"{d['wrestler']} is still being admonished by the Referee.",
    "recovery": lambda d: f"{d['wrestler']} plays {d['card']} and shakes off "
    f"{', '.join(d['removed']) or 'nothing'} (damage {d['damage']}).",
    "pin": lambda d: f"{d['wrestler']} covers {d['victim']} for the Pin!",
    "pin_count": lambda d: f"The Referee counts... {d['count']}!",
    "fall": lambda d: f"THREE! {d['by']} pins {d['wrestler']}!",
    "submit": lambda d: f"{d['wrestler']} can't take any more and submits!",
    "continuous_hold": lambda d: f"{d['wrestler']} locks the {d['hold']} on {d['victim']}.",
    "hold_continues": lambda d: f"{d['wrestler']} keeps cranking the {d['hold']}: {d['victim']} at {d['damage']}.",
    "hold_broken": lambda d: f"{d['wrestler']} is free of {d['attacker']}'s {d['hold']} ({d['why']}).",
    "exit_attempt": lambda d: f"{d['wrestler']} heads for the ropes.",
    "exit": lambda d: f"{d['wrestler']} rolls out of the ring.",
    "dragged_back": lambda d: f"{d['wrestler']} is dragged back into the ring!",
    "thrown_out": lambda d: f"{d['wrestler']} goes flying over the top rope!",
    "reenter": lambda d: f"{d['wrestler']} climbs back into the ring.",
    "ring_count": lambda d: f"The Referee counts {d['wrestler']} outside: {d['count']}.",
    "tag_attempt": lambda d: f"{d['wrestler']} reaches for {d['partner']}...",
    "tag": lambda d: f"Tag! {d['partner']} is in.",
    "tag_voided": lambda d: f"The Referee was distracted and missed {d['wrestler']}'s tag!",
    "returns_to_apron": lambda d: f"{d['wrestler']} steps back onto the apron.",
    "referee_call": lambda d: f"{d['wrestler']} points the Referee at the illegal man: "
    f"{', '.join(d['caught'])}!",
    "referee_distracted": lambda d: f"The Referee is distracted and never sees {d['wrestler']}!",
    "stays_in": lambda d: f"{d['wrestler']} stays in the ring illegally!",
    "free_for_all": lambda d: f"{d['wrestler']} charges in: it's a free-for-all!",
    "count_call": lambda d: f"{d['wrestler']} works the Referee: a {d['call']} count!"
    + (" (cancelling the last call)" if d.get("counter") else ""),
    "count_changed": lambda d: f"The count changes: {d['call']} count.",
    "challenge": lambda d: f"{d['wrestler']} objects: {d['offender']} can't do that ({d['reason']}).",
    "discard": lambda d: f"{d['wrestler']} discards {_a(d['card'])}.",
    "combination": lambda d: f"{d['wrestler']} strings together a Combination!",
    "disqualification": lambda d: f"{d['wrestler']} is disqualified: {d['reason']}.",
    "eliminated": lambda d: f"{d['wrestler']} is eliminated ({d['reason']}).",
    "drafted": lambda d: f"Pick {d['pick']}: {d['wrestler']} joins player {d['seat']}'s team.",
    "enters": lambda d: f"A fresh Wrestler enters: {d['wrestler']}!",
    "concede": lambda d: f"{d['wrestler']} concedes the bout.",
    "reshuffle": lambda d: f"The deck is reshuffled (pass {d['passes'] + 1}).",
    "time_limit": lambda _d: "Time limit! Two passes through the deck: the match is a draw.",
    "loses": lambda d: f"{_names(d['wrestlers'])} {_verb(d['wrestlers'], 'loses', 'lose')} {_loss(d['reason'])}.",
    "br_hold": lambda d: f"{d['wrestler']} gets {d['victim']} up for the {d['hold']}, needs help to toss him!",
}


def _names(names: list[str]) -> str:
    return " and ".join(names)


def _verb(names: list[str], one: str, many: str) -> str:
    return one if len(names) == 1 else many


_LOSSES = {"submitted": "by submission", "pinned": "by pinfall", "counted out": "by count-out",
           "conceded": "by concession", "double disqualification": "by double disqualification"}


def _loss(reason: str) -> str:
    """How a wrestler lost, as the end of "X loses ...": ``by submission``, ``by disqualification (9.42)``."""
    if reason in _LOSSES:
        return _LOSSES[reason]
    if reason.startswith("disqualified"):
        return "by disqualification" + reason.removeprefix("disqualified")
    return f"({reason})"


def _result(d: dict[str, Any], game: WrasslinGame | None) -> str | None:
    """The end of the match, said once: a loss was already announced ("The Champ loses by
    submission"), and so was a draw on time; what is left is who outlasted everyone."""
    reason = str(d["reason"])
    winners = set(d.get("winners") or [])
    if reason in _LOSSES or reason.startswith(("disqualified", "draw")):
        return None
    if not winners:
        return f"Nobody is left: the match is a draw ({reason})."
    if game is None:
        return f"The match is over: {reason}."
    names = [game.player_label(s) for s, team in enumerate(game.seats.teams) if team in winners]
    if reason == "last wrestler standing":
        return f"{_names(names)} {_verb(names, 'is', 'are')} the last wrestler standing!"
    return f"{_names(names)} {_verb(names, 'wins', 'win')}: {reason}!"


def _opening(d: dict[str, Any], game: WrasslinGame | None) -> str:
    """The bell: teams as "A & B vs C & D" (12.x tag, 12.5 handicap), else every wrestler."""
    sides = game.sides() if game is not None else []
    if any(len(side.players) > 1 for side in sides):
        return "The bell rings: " + " vs ".join(side.name for side in sides) + "!"
    return "The bell rings: " + " vs ".join(d["wrestlers"]) + "!"


def narrate(event: Event, game: WrasslinGame | None = None) -> str | None:
    """One line of commentary, or None for bookkeeping events (turn starts, draws)."""
    if event.kind == "result":
        return _result(event.data, game)
    if event.kind == "deal":
        return _opening(event.data, game)
    line = _LINES.get(event.kind)
    return line(event.data) if line is not None else None
