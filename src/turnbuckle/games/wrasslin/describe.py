"""Plain-words effects of WRASSLIN' cards, Specialties and actions, for the table and the move list."""

from __future__ import annotations

from turnbuckle.games.wrasslin.cards import CardType, HoldSpec, Specialty, Wrestler

CARD_EFFECTS = {
    "Block": "red: voids the Hold just played on you (8.2)",
    "Reverse": "red: turns the Hold back on its attacker; not a Pin, Continuing Hold or Specialty (8.3)",
    "Power Surge": "Strength + your Power Surge rating until your next turn; one a turn, with another card (8.4)",
    "Interference/Block": "green, illegal: your manager or partner voids a Hold on your side (9.3)",
    "Interference/Reverse": "green, illegal: your manager or partner turns a Hold back on its attacker (9.3)",
    "Long/Short Count": "green: in an opponent's turn, restart every running count or make it short (9.2)",
    "Distraction": "green: voids a Referee aimed at your side, or an opponent's Tag (9.5, 12.41)",
    "Referee": "green: voids an Illegal Hold, Double Team or Interference; the offender is penalized (9.4)",
    "Combination": "play two Holds this turn (11.1)",
    "Recovery 1": "removes your oldest Damage card (6.2)",
    "Recovery 2": "removes your two oldest Damage cards, as your Recovery rating allows (6.2)",
    "Specialty": "your Wrestler's own move (11.4)",
    "Tag": "your mobile partner on the apron takes your place in the ring (12.3)",
    "Wild Card": "becomes any card you could play (11.2)",
    "Double Team": "from the apron, put a Hold on without a Tag; only a Referee stops it (12.4)",
}


def hold_effect(spec: HoldSpec) -> str:
    """'2 damage, needs Strength 1, Agility 2, Skill 2' and its special marks."""
    if spec.pin:
        what = "Pin: wins if it stays on for three of his turns (10.2)"
    elif spec.continuous:
        what = "1 damage a turn until broken (10.1)"
    elif spec.out_of_ring:
        what = "throws him out of the ring, his Weight in damage; or your own way out (11.3)"
    elif spec.damage_w:
        what = "damage = his Weight"
    else:
        what = f"{spec.damage} damage"
        if spec.reaches_outside and spec.damage_outside:
            what += f" ({spec.damage_outside} on a Wrestler outside the ring)"
    marks = []
    if spec.illegal and spec.specialty:
        marks.append("illegal (blue)")
    if spec.battle_royal:
        marks.append("BR")
    if spec.specialty and spec.reversible:
        marks.append("can be Reversed (11.41)")
    needs = spec.req.describe()
    text = what + ("" if needs == "none" else f"; needs {needs}")
    return text + (f"; {', '.join(marks)}" if marks else "")


HOLD_KINDS = {"standard": "Hold", "lifting": "lifting Hold", "strength": "gray Strength Hold",
              "agility": "Agility Hold", "illegal": "blue Illegal Hold"}


def card_effect(card: CardType, short: bool = False) -> str:
    """What the card does; ``short``: without its requirements and rule numbers (a discard)."""
    if card.hold is not None:
        if short:
            return f"{HOLD_KINDS.get(card.category, 'Hold')}, {hold_effect(card.hold).split(';')[0].split(' (')[0]}"
        return f"{HOLD_KINDS.get(card.category, 'Hold')}: {hold_effect(card.hold)}"
    text = CARD_EFFECTS.get(card.name, card.category)
    return text.split(" (")[0].split(";")[0] if short else text


def specialty_effect(sp: Specialty) -> str:
    if sp.hold is not None:
        return f"{sp.name}: {hold_effect(sp.hold)}"
    if sp.effect == "recovery":
        extra = ", even while pinned" if sp.while_pinned else ""
        return f"{sp.name}: removes {sp.recover} Damage cards{extra}"
    return f"{sp.name}: acts as a {sp.effect.replace('_', ' ').title()} card"


def wrestler_summary(w: Wrestler) -> str:
    manager = f", manager {w.manager}" if w.manager else ""
    specs = "; ".join(specialty_effect(sp) for sp in w.specialties)
    return (f"{'dirty' if w.dirty else 'good'}{manager}: S{w.strength} A{w.agility} Sk{w.skill} "
            f"PS{w.power_surge} W{w.weight} R{w.recovery}; Specialty {specs}")


FIXED = {
    "pass": "let it stand and answer nothing",
    "end turn": "end your turn",
    "serve penalty": "miss this turn under the Referee's penalty (9.41)",
    "ignore warning": "play on; another Referee in these turns disqualifies you (9.42)",
    "release hold": "let go of your Continuing Hold or Pin (8.41)",
    "exit ring with Out of Ring": "leave the ring; counted out after five turns outside (11.3, 11.33)",
    "exit ring with Wild Card": "the Wild Card as Out of Ring: leave the ring (11.3, 11.33)",
    "re-enter ring": "climb back in; it takes your turn (11.32)",
    "enter ring": "join your partner: a free-for-all, no more Referees or Pins (12.42)",
    "stay in ring": "stay in illegally: a count of five or a Referee disqualifies your team (12.41)",
    "return to apron": "go back to the apron, legal again (12.41)",
    "challenge": "refuse the opponent's illegal play: it is taken back (11.5)",
    "concede": "this Wrestler gives up; the next from your stack comes in (14.3)",
    "discard Power Surge in addition": "throw a Power Surge away besides your play (8.4)",
    "react Long Count": "every running count starts again (9.2)",
    "react Short Count": "a Pin falls at two, a count-out at four (9.2)",
    "react Wild Card as Long Count": "the Wild Card as a Long Count: every running count starts again (9.2)",
    "react Wild Card as Short Count": "the Wild Card as a Short Count: a Pin falls at two (9.2)",
}
