"""Commentary: one line per event, in the rulebook's words, naming the moves."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.events import Event
from turnbuckle.games.filsinger.models import Card, Finisher
from turnbuckle.text import plural

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


def _on(n: int) -> str:
    """The two-dice rolls that are ``n`` or lower, in words."""
    return "never" if n < 2 else "a 2" if n == 2 else "any roll" if n >= 12 else f"2-{n}"


def _who(name: str) -> str:
    return "Both wrestlers" if name == "both" else name


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


NO_DQ_WHAT = {"dq": "disqualification roll", "countout": "count out", "disqualified": "disqualification"}
WHAT = {"disqualification": "disqualification", "count out": "count out"}


def _chart_result(d: dict[str, Any]) -> str:
    title = d.get("title") or "chart"
    if not d["wrestler"]:
        return f"{title} roll of {d['roll']}: {d['text']}"
    return f"{d['wrestler']} rolls {d['roll']} on the {title} chart: {d['text']}"


def _survives(d: dict[str, Any]) -> str:
    rating = d.get("rating")
    need = f" (needed over {rating})" if rating is not None else ""
    if d["wrestler"] == "both":
        return f"The roll is {d['roll']}: both wrestlers escape the {d['what']}{need}."
    return f"{d['wrestler']} rolls {d['roll']} and escapes the {d['what']}{need}."


def _pin(d: dict[str, Any]) -> str:
    move = "hits the finisher and " if d["finisher"] else ""
    if d["cage"]:
        return (f"{d['by']} {move}climbs for the top of the cage! {d['wrestler']} must roll over "
                f"{d['rating']} to stop him (CAGE {d['rating']}).")
    return f"{d['by']} {move}covers {d['wrestler']}: PIN {d['rating']}, pinned on {_on(d['rating'])}."


def _kick_out(d: dict[str, Any]) -> str:
    if d.get("cage"):
        return (f"{d['wrestler']} rolls {d['roll']} and drags {d.get('by', 'him')} back down "
                f"(needed over {d['rating']})!")
    return f"{d['wrestler']} rolls {d['roll']} and kicks out (needed over {d['rating']})!"


def _finisher_rating(d: dict[str, Any]) -> str:
    roll = f"{d['wrestler']} rolls {d['roll']} for the {d['move']}: " if "roll" in d else f"The {d['move']} "
    landed = "it lands" if "roll" in d else "lands"
    if d.get("added", True):
        return f"{roll}{landed} with a finisher rating of +{d['rating']}."
    return f"{roll}{landed} (finisher rating +{d['rating']}, not added: finisher ratings are off)."


def narrate(event: Event) -> str | None:
    """One line for ``event``, or ``None`` for bookkeeping events."""
    d = event.data
    k = event.kind
    lines: dict[str, Any] = {
        "start": lambda: f"{d['sides'][0]} vs {d['sides'][1]} ({d['match'].replace('_', '-')} match).",
        "first": lambda: f"{d['wrestler']} wins the roll-off and starts on LEVEL 1 OFFENSE.",
        "offense": lambda: _offense_line(d),
        "defense": lambda: f"{d['wrestler']} rolls {d['roll']} on LEVEL {d['level']} DEFENSE: {d['text']}.",
        "chart": lambda: None if d["rating"] == "-" else
        f"{d['wrestler']} checks his {d['chart'].title()} rating: {d['rating']}.",
        "chart_result": lambda: _chart_result(d),
        "pin": lambda: _pin(d),
        "kick_out": lambda: _kick_out(d),
        "fatigue": lambda: f"{d['wrestler']} tires: PIN rating now {d['pin']}."
        + (" He is busted open and bleeding!" if d.get("tokens") == 4 else ""),
        "add_one": lambda: f"Add 1! {d['wrestler']}'s PIN rating goes up to {d['pin']}.",
        "countered": lambda: f"{d['wrestler']} has the better {d['stat']} and counters the {d['move']}!",
        "reroll": lambda: f"{d['wrestler']} cannot use a ({d['why']}) move here and rolls LEVEL {d['level']} "
        "OFFENSE again.",
        "roll_again": lambda: f"{d['wrestler']} thinks better of it and rolls LEVEL {d['level']} OFFENSE instead.",
        "choice": lambda: f"{d['wrestler']} goes for the {d['move']} "
        f"(Choice {d['letter']}: works on {_on(d['target'])}).",
        "choice_roll": lambda: f"{d['wrestler']} rolls {d['roll']}: the {d['move']} "
        + ("connects!" if d["success"] else f"misses (needed {_on(d['target'])})!"),
        "finisher_miss": lambda: f"{d['wrestler']} rolls {d['roll']}: the {d['move']} misses!",
        "finisher_rating": lambda: _finisher_rating(d),
        "dq_threat": lambda: f"{_who(d['wrestler'])} may be disqualified: DISQUALIFICATION {d['rating']}, "
        f"out on {_on(d['rating'])}.",
        "countout_threat": lambda: f"{_who(d['wrestler'])} may be counted out: COUNT OUT {d['rating']}, "
        f"out on {_on(d['rating'])}.",
        "survives": lambda: _survives(d),
        "tag": lambda: f"{d['out']} tags in {d['wrestler']}, who rolls LEVEL {d['level']} OFFENSE.",
        "tag_try": lambda: f"{d['wrestler']} reaches for {d['partner']}"
        + (f": the tag roll needs {_on(d['need'])}." if d["need"] else ", who is no tag partner."),
        "tag_failed": lambda: f"{d['wrestler']} rolls {d['roll']} and cannot make the tag"
        + (f" (the tag roll needed {_on(d['need'])})." if d.get("need") else "."),
        "leave_ring": lambda: f"{d['wrestler']} rolls out of the ring to regroup.",
        "face_into_cage": lambda: f"{d['wrestler']} rams {d['opponent']} face first into the cage!",
        "pin_save": lambda: f"{d['wrestler']}'s partner dives in for a pin save "
        f"({plural(d['left'], 'save')} left).",
        "pin_broken": lambda: "The pin is broken up!",
        "distraction": lambda: f"{_upper_first(d['by'])} tries to distract the referee: works on "
        f"{_on(d['rating'])}.",
        "distraction_works": lambda: f"The distraction roll is {d['roll']}: the referee is distracted; "
        f"no count on {d['wrestler']}!",
        "distraction_fails": lambda: f"The distraction roll is {d['roll']}: the referee ignores it.",
        "interference": lambda: f"Someone storms the ring to help {d['wrestler']}!",
        "ally_ringside": lambda: f"{d['ally']} accompanies {d['wrestler']} to ringside.",
        "ally_attack": lambda: f"{d['ally']} goes after the opponent on the floor!",
        "no_dq_ignored": lambda: f"No disqualifications here: the {NO_DQ_WHAT.get(d['what'], d['what'])} "
        "is ignored.",
        "result": lambda: _result(d),
        "feud": lambda: f"The match ended on doubles ({d['doubles']}): the feud boils over!",
        "feud_reroll": lambda: f"Feud Table roll of {d['roll']}: no ally to get involved; roll again.",
        "injury": lambda: f"{d['wrestler']} is injured for {plural(d['cards'], 'fight card')}.",
    }
    make = lines.get(k)
    text = None if make is None else make()
    return None if text is None else str(text)


def _result(d: dict[str, Any]) -> str:
    """The deciding roll, then who won and how (a team wins, a wrestler wins)."""
    roll, rating = d.get("roll") or 0, d.get("rating") or 0
    deciding = ""
    if roll and d["how"] in ("pin", "escape"):
        held = "stays down" if d["how"] == "pin" else "cannot stop the escape"
        deciding = f"{d['loser']} rolls {roll} and {held} (needed over {rating}). "
    elif roll:
        who = "both wrestlers are" if d["loser"] == "both" else f"{d['loser']} is"
        out = "disqualified" if d["how"] == "disqualification" else "counted out"
        deciding = f"The roll is {roll}, {_on(rating)} is out: {who} {out}. "
    if d["winner"] is None:
        return f"{deciding}Double {d['how']}! Nobody wins."
    how = {"pin": "by pinfall", "escape": "by escaping the cage"}.get(d["how"], f"by {d['how']}")
    verb = "win" if " & " in d["winners"] else "wins"
    return f"{deciding}{d['winners']} {verb} {how} over {_who(d['loser'])}!"


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
