"""Commentary for the ring skirmish game: one line per event, in the ring announcer's voice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.engine.events import Event
from turnbuckle.text import plural

if TYPE_CHECKING:
    from turnbuckle.games.skirmish.game import SkirmishGame

RULES_SUMMARY = """\
Ring skirmish: miniatures on a 30" x 30" ring whose edges are electrified ropes.
Setup: roll off; the winner picks a corner and sets up 6" out along its diagonal, the other
player the opposite corner (fatal four-way: the third picks one of the two left).
Each round: gain 5 AP (round 1) or 3 AP, pool at most 10. Bid secretly; bids are revealed
together, the LOWEST bid takes the first turn (ties: roll-off). Only bid APs pay for your own
maneuvers and for boosts (+1 die on an attack, defence, pin roll-off or Flaunt roll); unspent bid
APs go back to the pool at the end of the round. Each maneuver at most once per round.
Attacks: the defender within 2" and in the attacker's front arc; 5 = hit, 6 = critical hit that
explodes (roll another die, no limit). More hits succeeds; the difference is the Smash Down
Value (SDV), usually END lost. END never drops below 1: what the floor prevents is paid to the
attacker as pool AP. More hits for the defender blocks, and the defender may counter at once
with bid and pool APs (a counter is never countered). An enemy maneuver putting a model into the
ropes (a Whip may send it off one on the way) costs it 2 END (once per maneuver).
Pin Attempt (staggered defender only): STR or TECH against END; win three roll-offs in a row to
win by pinfall; losing one is a kick-out (and the defender may counter).
Basic maneuvers: Jockey 1 (move SPD d6), Hustle 2 (after Jockey), Strike 2 (STR, push 2 x SDV),
Clothesline 2 (after Jockey, STR+1, stagger), Body Slam 3 (TECH, stagger), Suplex 3 (TECH+1,
placed behind you), Whip 1 (STR or TECH, move the defender SDV d6), Pin Attempt 2, Flaunt 2
(SHOW, up to 3 effects: +1 END, +1 pin die, opponent -1 pool AP, +1 AP), Shake the Cobwebs 2.
Match types: singles, fatal_four_way (first pinfall wins), tag (Tag and Doubleteam within 10"
of the starting corner). Every ruling: docs/rulings.md (R-SK-n).
"""


def _name(game: SkirmishGame, player: Any) -> str:
    return game.player_label(int(player)) if isinstance(player, int) and player >= 0 else "?"


def _verb(game: SkirmishGame, one: str, many: str) -> str:
    """A side is one wrestler, or a tag team ("A & B win")."""
    return many if game.per_side > 1 else one


def _who(game: SkirmishGame, d: dict[str, Any], key: str = "wrestler") -> str:
    """The wrestler an event is about (older logs without the name: the seat's label)."""
    return str(d.get(key) or _name(game, d.get("player")))


def narrate(game: SkirmishGame, event: Event) -> str | None:
    d = event.data
    kind = event.kind
    if kind == "roll_off":
        first = _name(game, d["order"][0])
        bell = "The bell rings: " + " vs ".join(_name(game, p) for p in range(game.players)) + "! "
        return f"{bell}{first} {_verb(game, 'wins', 'win')} the roll-off and {_verb(game, 'picks', 'pick')} a corner."
    if kind == "starter":
        return f"{d['wrestler']} will start in the ring for {_name(game, d['player'])}."
    if kind == "placed":
        return f"{d['wrestler']} steps out of the {d['corner']} corner."
    if kind == "round":
        pools = ", ".join(f"{_name(game, p)} {ap}" for p, ap in enumerate(d["pools"]))
        return f"— Round {d['round']} — AP pools: {pools}."
    if kind == "bids_revealed":
        return "Bids revealed: " + ", ".join(f"{_name(game, p)} {b}" for p, b in enumerate(d["bids"])) + "."
    if kind == "bid_roll_off":
        return f"Tied bids: {_name(game, d['order'][0])} {_verb(game, 'wins', 'win')} the roll-off."
    if kind == "turn_order":  # the lowest bid has the first turn, but may have nothing it can do with it
        return "Turn order: " + ", then ".join(_name(game, p) for p in d["order"]) + "."
    if kind == "turn" and d.get("bid_left"):
        return f"The turn goes to {_name(game, d['player'])} ({d['bid_left']} bid AP)."
    if kind == "end_turn" and d.get("unspent"):
        return f"{_name(game, d['player'])} {_verb(game, 'holds', 'hold')} back {d['unspent']} AP for the pool."
    if kind == "maneuver":
        what = d["maneuver"] + (f" ({d['stat']})" if d.get("stat") else "")
        on = f" on {d['target']}" if d.get("target") else ""
        lead = "counters with" if d.get("counter") else "goes for"
        return f"{d['wrestler']} {lead} a {what}{on}!"
    if kind == "move_roll":
        return f"{_who(game, d)} may move up to {plural(d['total'], 'inch')}." if d["dice"] \
            else f"{_who(game, d)} can only turn on the spot."
    if kind == "whip_roll":
        target = d.get("target", "the opponent")
        return f"{_who(game, d)} can whip {target} up to {plural(d['total'], 'inch')}!"
    if kind == "whip_route":
        return f"{d.get('by', _name(game, d['player']))} sends {d['wrestler']} off the {d['via']} ropes!" \
            if d["via"] else None
    if kind == "moved" and d.get("forced"):
        back = " on the rebound" if d.get("via") else ""
        return f"{d['wrestler']} is sent to ({d['x']:g}, {d['y']:g}){back}."
    if kind == "moved" and d.get("distance"):
        return f"{d['wrestler']} steps {d['distance']:.1f} inches to ({d['x']:g}, {d['y']:g})."
    if kind == "attack_result":
        move = f"The {d['maneuver']}" if d.get("maneuver") else "It"
        if d["outcome"] == "success":
            return (f"{move} connects! {plural(d['attacker_hits'], 'hit')} to {d['defender_hits']}: "
                    f"Smash Down Value {d['sdv']}.")
        if d["outcome"] == "blocked":
            return f"{move} is blocked, {plural(d['defender_hits'], 'hit')} to {d['attacker_hits']}."
        return f"{move} stalls at {plural(d['attacker_hits'], 'hit')} apiece; nothing gives."
    if kind == "end_loss":
        extra = f" (the floor holds: {d['ap']} AP to the attacker)" if d.get("prevented") else ""
        return f"{d['wrestler']} drops to {d['end']} END{extra}."
    if kind == "ropes":
        return f"{d['wrestler']} hits the electrified ropes! Sparks fly!"
    if kind == "staggered":
        return f"{d['wrestler']} is staggered!"
    if kind == "recovered":
        return f"{d['wrestler']} shakes the cobwebs loose."
    if kind == "pin_count":
        count = {1: "one", 2: "two"}.get(d["count"], "THREE")
        return f"The referee counts {count} on {d['victim']}!" if d.get("victim") else f"{count.title()}!"
    if kind == "kick_out":
        when = {0: "before the count", 1: "after one"}.get(d.get("count", 2), "after two")
        return f"Kick-out {when}: {_name(game, d['player'])} {_verb(game, 'is', 'are')} still in it!"
    if kind == "pinfall":
        return f"{d['wrestler']} pins {d['victim']}! The match is over!"
    if kind == "flaunt_result":
        return f"The crowd responds to {_name(game, d['player'])}: {plural(d['hits'], 'hit')}."
    if kind == "flaunt_effect":
        what = {"end": "feeds off the crowd: +1 END", "pin": "is fired up: +1 die on pins this round",
                "drain": "plays mind games: the opponent loses an AP", "gain": "has the momentum: +1 AP"}
        return f"{_name(game, d['player'])} {what[d['effect']]}."
    if kind == "tagged":
        return f"{d['out']} tags out; {d['incoming']} is in!"
    if kind == "tag_cost_doubled":
        return f"{_name(game, d['player'])}'s next Tag this round costs double."
    if kind == "pushed" and d["distance"]:
        return f"{d['wrestler']} is driven back {d['distance']:g} inches."
    if kind == "placed_b2b":
        return f"{d['wrestler']} is dumped behind!"
    if kind == "displaced":
        return f"{d['wrestler']} is knocked aside."
    if kind == "drained":
        return f"{_name(game, d['player'])} loses a pool AP."
    if kind == "round_limit":
        return f"Time! No pinfall after {d['rounds']} rounds: a draw."
    return None


_DECISIONS = {
    "end turn": "End your turn; bid AP you did not spend go back to your pool at the end of the round.",
    "boost": "Add 1 die to this roll for 1 bid AP (SK-5).",
    "no boost": "Roll the dice as they are.",
    "no counter": "Let the block stand; no counter.",
    "keep facing": "Keep the current facing.",
    "stay": "Stay where it is (a via-rope Whip: back where it started, after the rope).",
    "direct": "Whip it straight to its destination.",
    "push max": "Push as far as the Smash Down Value allows (or until a model or the ropes stop it).",
    "effect end": "Flaunt: +1 END (never above the starting END).",
    "effect pin": "Flaunt: +1 die on your Pin Attempts this round.",
    "effect gain": "Flaunt: +1 pool AP.",
}


_COMPASS_WORDS = {
    "E": "east", "ENE": "east-north-east", "NE": "north-east", "NNE": "north-north-east", "N": "north",
    "NNW": "north-north-west", "NW": "north-west", "WNW": "west-north-west", "W": "west",
    "WSW": "west-south-west", "SW": "south-west", "SSW": "south-south-west", "S": "south",
    "SSE": "south-south-east", "SE": "south-east", "ESE": "east-south-east",
}


def describe_decision(name: str) -> str | None:
    """Words beside a decision name that is not a maneuver (bids, boosts, facings, destinations ...)."""
    if name in _DECISIONS:
        return _DECISIONS[name]
    parts = name.split()
    head = parts[0]
    if head == "bid":
        return None  # the bid prompt says it once; the same words beside every amount were noise
    if head == "face" and len(parts) == 2:
        if parts[1].startswith("P"):
            return f"Turn to face seat {parts[1][1:]}'s model."
        return f"Face {_COMPASS_WORDS.get(parts[1], parts[1])} (N is the top of the ring)."
    if head == "push" and len(parts) == 2:
        return f"Push the defender {plural(int(parts[1]), 'inch')} straight away from the attacker."
    if head == "place" and len(parts) == 3:
        return f"Place the defender behind you, {parts[2]} degrees clockwise from straight behind."
    if head == "via" and len(parts) == 3:
        return f"Whip it off the {parts[2]} rope on the way (2 END), then to the destination chosen next."
    if head == "drain" and len(parts) == 2:
        return f"Flaunt: seat {parts[1][1:]} loses 1 pool AP."
    if head == "starter" and len(parts) == 2:
        return f"Your wrestler number {parts[1]} (as listed) starts in the ring; the other waits for a Tag."
    if head == "corner" and len(parts) == 2:
        return f"Set up in the {parts[1]} corner, 6 inches out along its diagonal."
    if head == "rope" and len(parts) == 2:
        return f"Move straight to the {parts[1]} rope."
    if head == "move" and len(parts) == 3:
        return f"Move to ({parts[1]}, {parts[2]}): inches east and north of the SW corner."
    if head == "to" and len(parts) == 4:
        how = "into base contact with" if parts[2] == "b2b" else "2 inches from"
        where = {"0": "in front", "180": "straight behind"}.get(parts[3],
                                                                f"{parts[3]} degrees clockwise from its front")
        return f"Move {how} seat {parts[1][1:]}'s model, {where}."
    return None
