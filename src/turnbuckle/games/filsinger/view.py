"""The terminal table: both sides' cards side by side in plain text, and the moment in words.

``render(game, observation)`` backs ``FilsingerGame.render_observation``; ``decision_note(game)``
backs ``FilsingerGame.decision_options`` (a match whose options leave players nothing to decide).
Everything here reads the observation plus the game's fixed data (cards, teams, options).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.engine.game import CHANCE, TERMINAL
from turnbuckle.games.filsinger.models import Card, ChartMove, Move, Stunned
from turnbuckle.games.filsinger.table import card_named, on
from turnbuckle.text import plural

if TYPE_CHECKING:
    from turnbuckle.games.filsinger.rules import FilsingerGame

LABEL = 18
"""Width of the row labels."""
COLUMN = 30
"""Width of one side's column (two columns and the labels fit 80 characters)."""


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _cut(text: str, width: int = COLUMN - 2) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _row(label: str, cells: list[str]) -> str:
    return (label.ljust(LABEL) + "".join(_cut(c).ljust(COLUMN) for c in cells)).rstrip()


def _level_phrase(phase: str, level: int) -> str:
    return f"LEVEL {level} {'DEFENSE' if phase == 'defense_roll' else 'OFFENSE'}"


def render(game: FilsingerGame, obs: dict[str, Any]) -> str:
    """A plain-text table of ``obs`` (``FilsingerState.observation``) for the terminal."""
    opts = game.opts
    in_ring: list[str] = obs["in_ring"]
    tokens: dict[str, int] = obs.get("tokens", {})
    match = game.match_type.replace("_", "-")
    special = " CAGE" if game.cage else " NO DQ" if game.no_dq else ""
    you = obs.get("you")
    lines = [f"{obs['sides'][0]} vs {obs['sides'][1]}", f"{match}{special} match"]
    if isinstance(you, int) and you in (0, 1):
        lines[1] += f"; you are {obs['sides'][you]}"
    lines.append("")
    cards: list[Card] = []
    for name in in_ring:
        card = card_named(game, name)
        if card is None:
            raise KeyError(f"no card in this match is called {name!r}")
        cards.append(card)
    attacker = obs["attacker"]
    started = obs["phase"] not in ("first", "ally_setup")
    heads = []
    for side, card in enumerate(cards):
        role = ""
        if started and obs["result"] is None:
            role = " (offense)" if side == attacker else " (defense)"
        heads.append(card.name + role)
    lines.append(_row("in the ring", heads))
    if game.size > 1:
        apron = [[game.cards[i].name for i in game.teams[s] if game.cards[i].name != in_ring[s]] for s in (0, 1)]
        for k in range(game.size - 1):
            cells = [f"{t[k]} ({plural(tokens[t[k]], 'token')})" if tokens.get(t[k]) else t[k] for t in apron]
            lines.append(_row("on the apron" if k == 0 else "", cells))
    pins = [f"{'CAGE' if game.cage else 'PIN'} {pin} (pinned {on(pin)})" for pin in obs["pin_ratings"]]
    lines.append(_row("PIN rating", pins))
    if opts.fatigue or opts.add_one or tokens:
        cells = []
        for card in cards:
            n = tokens.get(card.name, 0)
            bleeding = " - bleeding" if opts.fatigue and n >= 4 else ""
            cells.append(f"{plural(n, 'token')}{bleeding}")
        lines.append(_row("fatigue", cells))
    r = [c.ratings for c in cards]
    lines.append(_row("Ropes/Turnbuckle", [f"{x.ropes} / {x.turnbuckle}" for x in r]))
    lines.append(_row("Ring/Deathjump", [f"{x.ring} / {x.deathjump}" for x in r]))
    if not game.no_dq:
        lines.append(_row("Disqualification", [f"{x.disqualification} (out {on(x.disqualification)})" for x in r]))
    if opts.agility_power or opts.choice_situations:
        lines.append(_row("Agility/Power", [f"{_signed(x.agility)} / {_signed(x.power)} (-5 best)" for x in r]))
    if opts.pin_saves and game.size > 1:
        lines.append(_row("pin saves left", [str(n) for n in obs["pin_saves_left"]]))
    if opts.distractor:
        lines.append(_row("distraction", ["used" if u else f"available ({game.distractor_rating(c)})"
                                          for u, c in zip(obs["distraction_used"], cards, strict=True)]))
    if opts.interference:
        lines.append(_row("interference", ["used" if u else "available" for u in obs["interference_used"]]))
    if opts.ringside_ally and game.size == 1:
        lines.append(_row("ringside ally", [c.allies[0] if at and c.allies else "none"
                                            for at, c in zip(obs["ally_ringside"], cards, strict=True)]))
    lines.append("")
    lines.extend(_table_for_next_roll(game, obs, cards))
    lines.append(_moment(game, obs, cards))
    return "\n".join(lines)


def _table_for_next_roll(game: FilsingerGame, obs: dict[str, Any], cards: list[Card]) -> list[str]:
    """The six entries the next one-die roll reads, for the wrestler(s) who might roll it."""
    phase = obs["phase"]
    level = obs["level"]
    attacker = obs["attacker"]
    if phase in ("offense_choice", "offense_roll"):
        team = [cards[attacker]]
        if phase == "offense_choice":
            team += [game.cards[i] for i in game.teams[attacker] if game.cards[i] is not cards[attacker]]
        who = team[:2]  # the legal man and (when he may tag) a partner fit side by side
        rows = [_row(f"LEVEL {level} OFFENSE", [who[0].name] + [f"{c.name} (if tagged in)" for c in who[1:]])]
        rows += [_row(f"  {n}", [c.offense.level(level)[n - 1].text for c in who]) for n in range(1, 7)]
        if len(team) > 2:
            rows.append(_row("", [f"(and {', '.join(c.name for c in team[2:])})"]))
        return [*rows, ""]
    if phase == "defense_roll":
        card = cards[1 - attacker]
        rows = [_row(f"LEVEL {level} DEFENSE", [card.name])]
        rows += [_row(f"  {n}", [card.defense.level(level)[n - 1].text]) for n in range(1, 7)]
        return [*rows, ""]
    return []


def _moment(game: FilsingerGame, obs: dict[str, Any], cards: list[Card]) -> str:
    """What is happening now, in the rulebook's words."""
    phase = obs["phase"]
    level = obs["level"]
    a = obs["attacker"]
    pending: dict[str, Any] = obs.get("pending") or {}
    to_move = obs["to_move"]
    deciding = "" if to_move in (CHANCE, TERMINAL) else f" {obs['sides'][to_move]} to decide."
    attacker, defender = cards[a].name, cards[1 - a].name
    lower = max(1, level - 1)
    if obs["result"] is not None:
        result = obs["result"]
        if result["winner"] in (None, 2):
            return f"The match is over: double {result['how']}, nobody wins."
        return f"The match is over: {obs['sides'][result['winner']]} won by {result['how']}."
    if phase == "first":
        return "Both sides roll off: the highest roll starts on LEVEL 1 OFFENSE."
    if phase == "ally_setup":
        card = cards[to_move]
        return f"{card.name} may bring {card.allies[0]} to ringside (RINGSIDE ALLY).{deciding}"
    if phase == "offense_choice":
        return (f"{attacker} is on offense at LEVEL {level}: roll LEVEL {level} OFFENSE, or tag out "
                f"(the partner rolls LEVEL {level} OFFENSE).{deciding}")
    if phase in ("offense_roll", "defense_roll"):
        roller = attacker if phase == "offense_roll" else defender
        return f"{roller} rolls one die on {_level_phrase(phase, level)}."
    if phase == "chart_choice":
        title = game.chart_title(pending["chart"])
        return (f"{attacker} rolled a (c) move: try it ({pending['wrestler']} rolls the {title} chart, rating "
                f"{pending['rating']}) or roll again on LEVEL {lower} OFFENSE.{deciding}")
    if phase == "dis_choice":
        rating = pending["rating"]
        return (f"{attacker} rolled a (dis) move: risk DISQUALIFICATION {rating} (out {on(rating)}) or roll "
                f"again on LEVEL {lower} OFFENSE.{deciding}")
    if phase == "choice":
        moves = "; ".join(f"{m['move']} {m['level']} works {on(m['works_on'])}" for m in pending["moves"])
        return f"Choice Situation {pending['choice']}: {moves}. A miss gives {defender} LEVEL 2 OFFENSE.{deciding}"
    if phase == "choice_roll":
        return f"{attacker} rolls two dice for the Choice Situation move."
    if phase == "finisher_roll":
        return f"{attacker} rolls for the finisher rating (a miss gives {defender} LEVEL 3 OFFENSE)."
    if phase == "defense_choice":
        options = [f"stay (the opponent rolls LEVEL {pending['level']} OFFENSE)"]
        if "leave ring" in obs["legal"]:
            options.append(f"leave the ring (Out of the Ring chart, his Ring rating {cards[1 - a].ratings.ring})")
        if "try tag" in obs["legal"]:
            options.append("try to tag out (two dice: 2-6 for regular partners, 2-4 for the same group)")
        return f"{defender} is {pending['stunned']}: {' or '.join(options)}.{deciding}"
    if phase in ("chart_roll", "ally_choice"):
        title = game.chart_title(pending["chart"])
        rating = "" if pending["rating"] == "-" else f" (rating {pending['rating']})"
        if phase == "ally_choice":
            ally = cards[to_move].allies[0] if cards[to_move].allies else "the ally"
            return (f"{pending['wrestler']} is out of the ring and {ally} is at ringside: interfere (on 6 or "
                    f"lower the opponent rolls DISQUALIFICATION 6) or stay back.{deciding}")
        return f"{pending['wrestler']} rolls two dice on the {title} chart{rating}."
    if phase in ("dq_roll", "countout_roll"):
        what = "DISQUALIFICATION" if phase == "dq_roll" else "COUNT OUT"
        return f"Two dice for {what} {pending['rating']}: out {on(pending['rating'])}."
    if phase in ("pin_window", "pin_roll", "distract_roll"):
        pin = pending["pin"]
        line = f"{pending['pinned']} is covered: {'CAGE' if game.cage else 'PIN'} {pin} (pinned {on(pin)})."
        if phase == "pin_window":
            line += f" Roll the PIN, or try to stop the count.{deciding}"
        elif phase == "distract_roll":
            line += f" The distraction works {on(pending['distractor'])}."
        return line
    if phase == "tag_target":
        return f"{defender} reaches for a partner (one at random)."
    if phase == "tag_roll":
        return f"{defender} tries to make the tag: two dice."
    if phase == "feud_roll":
        return "The feud boils over after the bell: a roll on the Feud Table."
    return ""


def decision_sources(game: FilsingerGame) -> list[str]:
    """What gives players a choice in this match (empty: the dice decide everything)."""
    opts = game.opts
    cards = game.cards
    offense = [e for c in cards for n in (1, 2, 3) for e in c.offense.level(n)]
    defense = [e for c in cards for n in (1, 2, 3) for e in c.defense.level(n)]
    out: list[str] = []
    if game.size > 1:
        out.append("match_type")  # BASIC 8: tag out on offense
    if opts.chart_choices and any(isinstance(e, ChartMove) and e.choice for e in offense):
        out.append("chart_choices")
    if opts.leaving_ring and not game.cage and any(isinstance(e, Stunned) and e.leave for e in defense):
        out.append("leaving_ring")
    if opts.choice_situations and any(isinstance(e, Move) and e.choice for e in offense):
        out.append("choice_situations")
    if opts.dis_moves and not game.no_dq and any(isinstance(e, Move) and e.dis for e in offense):
        out.append("dis_moves")
    if opts.tag_out_defense and game.size > 1:
        out.append("tag_out_defense")
    if opts.pin_saves and game.size > 1 and any(game.pin_save_allowance):
        out.append("pin_saves")
    if opts.ringside_ally and game.size == 1 and any(c.allies for c in cards):
        out.append("ringside_ally")
    out += [name for name in ("distractor", "interference") if getattr(opts, name)]
    return out


SINGLES_CHOICES = ("chart_choices", "dis_moves", "choice_situations", "leaving_ring", "ringside_ally", "distractor",
                   "interference")
"""Optional rules that give a singles match decisions (when the cards and match allow them)."""


def decision_note(game: FilsingerGame, form: bool = False) -> str | None:
    """One line when the match leaves the players nothing to decide, naming what would: as ``-o``
    options for the command line, or (``form``) as the new-match form's boxes and menus."""
    if decision_sources(game):
        return None
    basic = not any(getattr(game.opts, f) for f in SINGLES_CHOICES)
    helpful = [name for name in SINGLES_CHOICES if decision_sources(type(game)(**{**game.params, name: True}))]
    kind = "basic Filsinger" if basic else "this match"
    if form:
        boxes = ", ".join(f"\u201c{name.replace('_', ' ')}\u201d" for name in helpful)
        tries = f"tick {boxes} or \u201ctournament standard\u201d (every optional rule)"
        if game.size == 1:
            tries += ", or choose \u201ctag\u201d as the match type (tag out on offense)"
        return (f"{kind[0].upper()}{kind[1:]} has no decisions for players (the dice decide everything). "
                f"For choices, {tries}.")
    tries_cli = [f"-o {name}=true" for name in helpful] + ["-o tournament_standard=true (every optional rule)"]
    if game.size == 1:
        tries_cli.append("-o match_type=tag (tag out on offense)")
    return f"{kind} has no decisions for players (the dice decide everything); for choices try {', '.join(tries_cli)}"
