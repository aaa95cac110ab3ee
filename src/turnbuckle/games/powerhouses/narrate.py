"""Commentary for Powerhouses events, using turnbuckle's own Maneuver Table (data/maneuvers.toml)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from turnbuckle.engine.datafiles import load_model, packaged_data
from turnbuckle.engine.events import Event
from turnbuckle.games.powerhouses.models import Ability

if TYPE_CHECKING:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

RULES_SUMMARY = """\
Powerhouses of Wrestling! (Lester Smith, 2009): two wrestlers, five dice each.
Sheet: specialty on 1-2, three different abilities (never the weakness) on 3-5, Fan Support on 6
(Fan Support counts as any ability).
Rolling: find matching abilities. With a match you are On a Roll: set the matched dice aside and
reroll the rest, adding every die that matches your ability. First roll: go with the largest
match (choose between equal ones). Over the Top: when every die matches, one stays aside and the
rest are rerolled, the count goes on. Going Bust: a roll with no match ends the roll, minus one.
Calling It Quits: stop whenever you like.
Take-Down: both roll until they go bust; the higher total attacks first (ties roll again).
Turn: the attacker rolls, then the defender (any ability). Attacker higher: Wear Down (the
defender loses a die, same attacker). Equal: Resistance (same attacker). Defender higher:
Reversal (the defender attacks next).
Come-Back: reduced to two dice, roll them; a match regains a die.
End: a wrestler reduced to one die loses."""


class ManeuverStep(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    min_total: int = Field(ge=0)
    name: str


class AbilityManeuvers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: Ability
    attacks: list[ManeuverStep] = Field(min_length=1)
    defenses: list[str] = Field(min_length=1)


class ManeuverTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    ability: list[AbilityManeuvers]

    def attack(self, ability: str | None, total: int) -> str:
        entry = self._entry(ability)
        if entry is None:
            return "a desperate flurry"
        best = entry.attacks[0].name
        for step in entry.attacks:
            if total >= step.min_total:
                best = step.name
        return best

    def defense(self, ability: str | None, total: int) -> str:
        entry = self._entry(ability)
        if entry is None:
            return "hangs on"
        return entry.defenses[total % len(entry.defenses)]

    def _entry(self, ability: str | None) -> AbilityManeuvers | None:
        return next((e for e in self.ability if e.name.value == ability), None)


@cache
def maneuver_table() -> ManeuverTable:
    return load_model(ManeuverTable, packaged_data("turnbuckle.games.powerhouses", "maneuvers.toml"))


def narrate(game: PowerhousesGame, event: Event) -> str | None:
    """One line of ringside commentary for an event, or None for events too small to call."""
    d = event.data
    name = game.player_label(d["player"]) if "player" in d else ""
    table = maneuver_table()
    match event.kind:
        case "takedown_begins":
            return f"The bell rings: {d['wrestlers'][0]} versus {d['wrestlers'][1]}! They lock up for the take-down."
        case "throw":
            faces = " ".join(str(f) for f in d["faces"])
            if d["ability"] is None:
                if "tied" in d:
                    return f"{name} rolls {faces}: equal matches of {d['total']} in {_and(d['tied'])}."
                return f"{name} rolls {faces}: no match!"
            if d["hits"] == d["total"]:
                return f"{name} rolls {faces}: On a Roll with {d['ability']}, {d['total']} matched."
            if d["hits"] == 0:
                return f"{name} rolls {faces}: nothing for {d['ability']}."
            return f"{name} rolls {faces}: {d['hits']} more for {d['ability']}, {d['total']} in all."
        case "pursue":
            return f"{name} goes with {d['ability']}: {d['total']} matched."
        case "over_the_top":
            return f"{name} goes Over the Top! Every die matches at {d['total']}."
        case "takedown_roll":
            return f"{name} {_ended(d)} for the take-down."
        case "takedown_tie":
            return f"Dead even at {d['totals'][0]}: they go for the take-down again."
        case "takedown":
            winner = d["winner"]
            return (f"{game.player_label(winner)} wins the take-down, {d['totals'][winner]} to "
                    f"{d['totals'][1 - winner]}!")
        case "attack":
            return f"{name} {_ended(d)}, and attacks with {table.attack(d['ability'], d['total'])}!"
        case "defense":
            return _defense(name, d, table.defense(d["ability"], d["total"]))
        case "wear_down":
            return f"{name} is worn down to {_dice(d['dice'])}."
        case "resistance":
            return f"{name} resists! No damage."
        case "reversal":
            return f"Reversal! {name} takes over the attack."
        case "comeback":
            verdict = "fights back and regains a die" if d["success"] else "can't find a second wind"
            return f"Come-Back roll for {name}: {' '.join(map(str, d['faces']))}, {verdict}."
        case "result":
            return _result(game, d)
    return None


def _and(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _defense(name: str, d: dict[str, Any], move: str) -> str:
    """The defender's total against the attack it answers: he escapes only if it is enough."""
    against = d.get("against")
    if against is None:  # an event from before defenses recorded the attack total
        return f"{name} {_ended(d)}."
    total = d["total"]
    if total > against:
        return f"{name} {_ended(d)} against {against}, and {move}!"
    if total == against:
        return f"{name} {_ended(d)}, matching the {against}, and {move}."
    return f"{name} {_ended(d)} against {against}: not enough."


def _result(game: PowerhousesGame, d: dict[str, Any]) -> str:
    """Ending the Game: the deciding exchange, then who won and with what left."""
    winner, loser = d["winner"], d["loser"]
    dice = d["dice"]
    deciding = "."
    if "attack_total" in d:
        deciding = (f": {d['attack_total']} to {d['defense_total']} in the deciding exchange puts "
                    f"{game.player_label(loser)} down to {_dice(dice[loser])}.")
    return f"It's over! {game.player_label(winner)} wins with {_dice(dice[winner])} left{deciding}"


def _ended(d: dict[str, Any]) -> str:
    if d["ended"] == "bust":
        return f"goes bust and settles for {d['total']}"
    return f"calls it quits at {d['total']}"


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def render_observation(obs: dict[str, Any]) -> str:
    """The table as a person sees it: dice left, who attacks, and the roll in progress."""
    names = obs["wrestlers"]
    lines = []
    for player, name in enumerate(names):
        role = " (attacking)" if obs["attacker"] == player else ""
        lines.append(f"{name}: {_dice(obs['dice'][player])}{role}")
    lines.append(f"Phase: {obs['phase']}")
    if obs["attack_total"] is not None:
        lines.append(f"Attack total to answer: {obs['attack_total']}")
    roller = names[obs["roller"]]
    if obs["tied_abilities"]:
        lines.append(f"{roller} rolled {' '.join(map(str, obs['throw']['landed']))}: equal matches in "
                     f"{', '.join(obs['tied_abilities'])} ({obs['matches']} each); pick one to pursue.")
    elif obs["ability"] is not None:
        lines.append(f"{roller}: {obs['matches']} {obs['ability']} matched, {_dice(obs['unmatched_dice'])} unmatched.")
    return "\n".join(lines)
