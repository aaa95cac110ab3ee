"""The table as a WRASSLIN' player sees it in the terminal: who is where and how hurt, the Holds in
place, the play on the table and its answers, your hand, and the illegal plays you could still try."""

from __future__ import annotations

from typing import Any

RATINGS_KEY = ("Ratings are current, after damage: S Strength (with any Power Surge), A Agility, Sk Skill, "
               "PS Power Surge, W Weight, R Recovery; damage N/M: M is where he submits.")
WHERE = {"ring": "in the ring", "apron": "on the apron", "floor": "outside the ring", "out": "out of the match"}
PLAY_KINDS = {"hold": "goes for", "reapply": "keeps on", "exit": "tries to leave the ring", "tag": "reaches to tag",
              "refcall": "calls the Referee on the illegal man", "play": "has played"}
ANSWERS = {"block": "Block", "reverse": "Reverse", "surge": "Power Surge", "iblock": "Interference/Block",
           "ireverse": "Interference/Reverse", "referee": "Referee", "distraction": "Distraction",
           "long": "Long Count", "short": "Short Count"}


def _cards(counts: dict[str, int]) -> str:
    return ", ".join(name if n == 1 else f"{name} x{n}" for name, n in counts.items()) or "(none)"


def _who(obs: dict[str, Any], seat: Any) -> str:
    wrestlers = obs["wrestlers"]
    if isinstance(seat, int) and 0 <= seat < len(wrestlers):
        return str(wrestlers[seat].get("wrestler") or f"seat {seat}")
    return "-"


def _header(obs: dict[str, Any]) -> str:
    kind = obs["match_type"]
    phase = {"main": "to play", "respond": "answers", "initiative": "initiative calls", "draft": "the draft",
             "penalty": "penalty", "upkeep": "holding on", "accumulate": "Continuing Hold damage",
             "target": "choosing a target", "stay": "stay in or not", "dt_hold": "Double Team Hold",
             "over": "match over"}.get(obs["phase"], obs["phase"])
    wrestlers = obs["wrestlers"]
    teams: dict[int, list[str]] = {}
    for w in wrestlers:
        teams.setdefault(w["team"], []).append(w.get("wrestler") or f"seat {w['seat']}")
    if kind in ("tag", "handicap"):
        sides = " vs ".join(" & ".join(names) for names in teams.values())
        title = f"{'Tag Team' if kind == 'tag' else 'Handicap'} match: {sides}"
    elif kind == "tournament":
        title = f"Elimination tournament, {len(wrestlers)} players"
    elif kind == "battle_royal":
        title = f"Battle Royal, {len(wrestlers)} Wrestlers: last one mobile in the ring wins"
    else:
        title = "Singles: " + " vs ".join(" & ".join(names) for names in teams.values())
    return f"{title} -- turn {obs['turn_number']}, {phase}"


def _wrestler_lines(obs: dict[str, Any], w: dict[str, Any]) -> list[str]:
    me = obs["player"]
    who = "you" if w.get("seat") == me else f"seat {w.get('seat')}"
    if w.get("wrestler") is None or "damage" not in w:  # a seat between bouts (tournament)
        return [f"  seat {w.get('seat')} ({who}): waiting for a fresh Wrestler"]
    status = [WHERE.get(w.get("position", ""), w.get("position", ""))]
    held = any(h["defender"] == w.get("seat") for h in obs.get("holds", []))
    if held:
        status.append("held (10.12)")
    elif not w.get("mobile", True):
        status.append("IMMOBILE")
    if w.get("penalty"):
        status.append(f"penalized {w['penalty']} turn(s)")
    if w.get("ignoring_warning"):
        status.append(f"ignoring the Referee's warning {w['ignoring_warning']} turn(s)")
    if w.get("ring_count"):
        status.append(f"outside count {w['ring_count']}")
    if w.get("surge_bonus"):
        status.append(f"Power Surge +{w['surge_bonus']}")
    if w.get("wrestlers_left") is not None:
        status.append(f"{w['wrestlers_left']} more in his player's stack")
    manager = f", manager {w['manager']}" if w.get("manager") else ""
    submits = f"/{w['submits_at']}" if w.get("submits_at") else ""
    lines = [
        f"  {w['wrestler']} ({who}, team {w['team']}, {w['alignment']}{manager}): damage {w['damage']}{submits}, "
        f"S{w['strength']} A{w['agility']} Sk{w['skill']} PS{w['power_surge']} W{w['weight']} R{w['recovery']}; "
        f"{', '.join(status)}; {w['hand_size']} card{'' if w['hand_size'] == 1 else 's'} in hand"
    ]
    specs = w.get("specialties") or []
    if specs:
        lines.append("      Specialt" + ("y: " if len(specs) == 1 else "ies: ")
                     + "; ".join(f"{i}. {text}" for i, text in enumerate(specs, start=1)))
    in_play = [c for c in w.get("cards_in_play", [])]
    if in_play:
        shown = []
        for c in in_play:
            if c["kind"] == "exit":
                shown.append(f"{c['card']} (Exit)")
            else:
                shown.append(f"{c['card']} ({c['damage']})")
        lines.append("      Damage cards: " + ", ".join(shown))
    return lines


def render_observation(obs: dict[str, Any]) -> str:
    """Each Wrestler's line (ratings as the Damage Track leaves them), the Holds in place, the play on the
    table with its answers, the deck, your hand and the illegal plays still open to you (11.5)."""
    lines = [_header(obs)]
    if obs["turn_number"] <= 1:
        lines.append(RATINGS_KEY)  # once, at the start of the match
    if obs["phase"] == "initiative":
        lines.append("Call the Initiative Number of a card in your hand: the lowest number plays first and must "
                     "play or discard that card in his first turn (5.3).")
    draft = obs.get("draft")
    if draft and (draft["pool"] or obs["phase"] == "draft"):
        lines.append("Draft (14.6): still to pick: " + (", ".join(draft["pool"]) or "(none)"))
        for seat, names in enumerate(draft["drafted"]):
            lines.append(f"  player {seat} has drafted: {', '.join(names) or '(nobody yet)'}")
    for w in obs["wrestlers"]:
        lines += _wrestler_lines(obs, w)
    for hold in obs.get("holds", []):
        att, dfn = _who(obs, hold["attacker"]), _who(obs, hold["defender"])
        if hold["pin"]:
            lines.append(f"  Pin: {att} pins {dfn}, count {hold['count']} of {hold['limit']} (10.22)")
        else:
            lines.append(f"  Continuing Hold: {att}'s {hold['hold']} on {dfn}, 1 damage a turn (10.1)")
    for br in obs.get("battle_royal_holds", []):
        lines.append(f"  Battle Royal Hold: {_who(obs, br['attacker'])}'s {br['hold']} on {_who(obs, br['victim'])} "
                     "(needs help to throw him, 13.5)")
    play = obs.get("play")
    if play:
        by = _who(obs, play.get("by"))
        verb = PLAY_KINDS.get(play["kind"], play["kind"])
        if play["kind"] in ("hold", "reapply"):
            card = f", with {play['card']}" if play.get("card") not in (None, "-", play.get("hold")) else ""
            effect = f" ({play['effect']}{card})" if play.get("effect") else (f" ({card[2:]})" if card else "")
            text = f"Now: {by} {verb} {play.get('hold')}{effect} on {_who(obs, play.get('on'))}"
        elif play["kind"] == "tag":
            text = f"Now: {by} {verb} {_who(obs, play.get('on'))}"
        elif play["kind"] == "refcall":
            text = f"Now: {by} {verb}, {_who(obs, play.get('on'))}"
        else:
            text = f"Now: {by} {verb}"
        answers = [f"{ANSWERS.get(r['kind'], r['kind'])} by {_who(obs, r['by'])}" for r in play.get("responses", [])]
        if answers:
            text += "; answered with " + ", then ".join(answers)
        lines.append(text)
    pending = obs.get("pending_error")
    if pending:
        lines.append(f"Illegal play on the table by {pending['wrestler']}: {pending['reason']} -- it stands "
                     "unless the other side challenges before playing a card (11.5)")
    passes = f", pass {obs['passes'] + 1} through the deck" if obs.get("passes") else ""
    lines.append(f"Deck {obs['deck_size']} cards, discard pile {sum(obs['discard'].values())}{passes}")
    lines.append(f"Your hand: {_cards(obs['hand'])}")
    errors = obs.get("errors") or {}
    if errors:
        lines.append("Illegal plays you may still make, marked in the menu (11.5: an opponent may challenge them "
                     "before playing a card):")
        grouped: dict[str, list[str]] = {}
        for name, reason in errors.items():
            grouped.setdefault(reason, []).append(name)
        for reason, names in grouped.items():
            lines.append(f"  {', '.join(names)}: {reason}")
    return "\n".join(lines)
