"""Commentary: one line per event, in the rulebook's words, naming the moves."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.events import Event
from turnbuckle.games.filsinger.models import Card, Finisher

RULES_SUMMARY = """\
Filsinger chart game. Each side's wrestler card has LEVEL 1-3 OFFENSE and DEFENSE (one die).
The roll-off winner starts on LEVEL 1 OFFENSE. A move followed by N sends the opponent to his
LEVEL N DEFENSE; dazed/hurt/down N keeps the attacker on LEVEL N OFFENSE; the defender's own name
N is a counter (he takes over on LEVEL N OFFENSE); PIN means he rolls two dice and is pinned on
his PIN rating or lower (else the opponent rolls LEVEL 3 OFFENSE). Finishers (CAPITALS on
LEVEL 3) force a PIN roll. Into the Ropes / Turnbuckle, Out of the Ring and Deathjump send the
opponent to a chart (two dice, his rating A/B/C). Disqualification and count-out rolls lose on
the rating or lower. Tag: tag out on offense; the partner rolls the same level.
Optional rules (each a named option; tournament_standard = all on): fatigue, finisher_ratings,
roll_finishers, agility_power, chart_choices, leaving_ring, choice_situations, add_one,
dis_moves, feud_table, double_team, tag_out_defense, pin_saves, ringside_ally, distractor,
interference. Special matches: tag/six_man/eight_man..., no_dq, cage."""


def _offense_line(d: dict[str, Any]) -> str:
    return f"{d['wrestler']} rolls {d['roll']} on LEVEL {d['level']} OFFENSE: {d['text']}."


def narrate(event: Event) -> str | None:
    """One line for ``event``, or ``None`` for bookkeeping events."""
    d = event.data
    k = event.kind
    lines: dict[str, Any] = {
        "start": lambda: f"{d['sides'][0]} vs {d['sides'][1]} ({d['match']}).",
        "first": lambda: f"{d['wrestler']} wins the roll-off and starts on LEVEL 1 OFFENSE.",
        "offense": lambda: _offense_line(d),
        "defense": lambda: f"{d['wrestler']} rolls {d['roll']} on LEVEL {d['level']} DEFENSE: {d['text']}.",
        "chart": lambda: f"{d['wrestler']} rolls on the {d['title']} chart"
        + ("." if d["rating"] == "-" else f" (rating {d['rating']})."),
        "chart_result": lambda: f"{d['roll']}: {d['text']}",
        "pin": lambda: (
            f"{d['by']} {'hits the finisher and ' if d['finisher'] else ''}covers {d['wrestler']}: "
            f"{'CAGE' if d['cage'] else 'PIN'} {d['rating']}."
        ),
        "kick_out": lambda: f"{d['wrestler']} rolls {d['roll']} and kicks out (needed over {d['rating']})!",
        "fatigue": lambda: f"{d['wrestler']} tires: PIN rating now {d['pin']}."
        + (" He is busted open and bleeding!" if d.get("tokens") == 4 else ""),
        "add_one": lambda: f"Add 1! {d['wrestler']}'s PIN rating goes up to {d['pin']}.",
        "countered": lambda: f"{d['wrestler']} has the better {d['stat']} and counters the {d['move']}!",
        "reroll": lambda: f"{d['wrestler']} cannot use a ({d['why']}) move here and rolls again.",
        "roll_again": lambda: f"{d['wrestler']} thinks better of it and rolls LEVEL {d['level']} OFFENSE.",
        "choice": lambda: f"{d['wrestler']} goes for the {d['move']} (ch {d['letter']}: works on 2-{d['target']}).",
        "choice_roll": lambda: f"{d['roll']}: the {d['move']} {'connects' if d['success'] else 'misses'}!",
        "finisher_miss": lambda: f"{d['wrestler']} rolls {d['roll']}: the {d['move']} misses!",
        "finisher_rating": lambda: f"The {d['move']} lands with a finisher rating of +{d['rating']}.",
        "dq_threat": lambda: f"{d['wrestler']} may be disqualified: DISQUALIFICATION {d['rating']}.",
        "countout_threat": lambda: f"{d['wrestler']} may be counted out: COUNT OUT {d['rating']}.",
        "survives": lambda: f"{d['roll']}: {d['wrestler']} escapes the {d['what']}.",
        "tag": lambda: f"{d['out']} tags in {d['wrestler']}, who rolls LEVEL {d['level']} OFFENSE.",
        "tag_try": lambda: f"{d['wrestler']} reaches for {d['partner']}"
        + (" (needs 2-" + str(d["need"]) + ")." if d["need"] else ", who is no tag partner."),
        "tag_failed": lambda: f"{d['roll']}: {d['wrestler']} cannot make the tag.",
        "leave_ring": lambda: f"{d['wrestler']} rolls out of the ring to regroup.",
        "face_into_cage": lambda: f"{d['wrestler']} rams {d['opponent']} face first into the cage!",
        "pin_save": lambda: f"{d['wrestler']}'s partner dives in for a pin save ({d['left']} left).",
        "pin_broken": lambda: "The pin is broken up!",
        "distraction": lambda: f"{d['by']} tries to distract the referee (rating {d['rating']}).",
        "distraction_works": lambda: f"{d['roll']}: the referee is distracted; no count on {d['wrestler']}!",
        "distraction_fails": lambda: f"{d['roll']}: the referee ignores the distraction.",
        "interference": lambda: f"Someone storms the ring to help {d['wrestler']}!",
        "ally_ringside": lambda: f"{d['ally']} accompanies {d['wrestler']} to ringside.",
        "ally_attack": lambda: f"{d['ally']} goes after the opponent on the floor!",
        "no_dq_ignored": lambda: f"No disqualifications here: the {d['what']} is ignored.",
        "result": lambda: _result(d),
        "feud": lambda: f"The match ended on doubles ({d['doubles']}): the feud boils over!",
        "feud_reroll": lambda: f"{d['roll']}: no ally to get involved; roll again on the Feud Table.",
        "injury": lambda: f"{d['wrestler']} is injured for {d['cards']} fight card(s).",
    }
    make = lines.get(k)
    return None if make is None else str(make())


def _result(d: dict[str, Any]) -> str:
    if d["winner"] is None:
        return f"Double {d['how']}! Nobody wins."
    how = {"pin": "by pinfall", "escape": "by escaping the cage"}.get(d["how"], f"by {d['how']}")
    return f"{d['winners']} win {how} over {d['loser']}!"


def describe_card(card: Card) -> dict[str, Any]:
    """A JSON-safe summary of a card for ``turnbuckle roster filsinger``."""
    r = card.ratings
    finishers = [f.text for f in card.finishers() if isinstance(f, Finisher)]
    return {
        "name": card.name,
        "group": card.group or None,
        "partners": list(card.partners),
        "allies": list(card.allies),
        "finisher": ", ".join(finishers),
        "ropes": r.ropes,
        "turnbuckle": r.turnbuckle,
        "ring": r.ring,
        "deathjump": r.deathjump,
        "disqualification": r.disqualification,
        "pin": f"{r.pin} ({r.pin_advanced})",
        "agility": r.agility,
        "power": r.power,
        "cage": r.cage,
        "distractor": r.distractor,
        "offense": {f"level{n}": [e.text for e in card.offense.level(n)] for n in (1, 2, 3)},
        "defense": {f"level{n}": [e.text for e in card.defense.level(n)] for n in (1, 2, 3)},
    }
