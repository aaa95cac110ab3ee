"""RUMBLESLAM commentary and the terminal view of the mat (the SVG picture is in ``render``)."""

from __future__ import annotations

from typing import Any

from turnbuckle.engine.events import Event
from turnbuckle.games.rumbleslam import mat
from turnbuckle.text import plural

RULES_SUMMARY = """\
RUMBLESLAM: team miniatures wrestling on a 10x10 ring (104 squares with the 4 turnbuckles).
Throw every enemy wrestler out of the ring or pin them; after 5 rounds the most Dosh still in the
ring wins (KO'd wrestlers count half, the sidelines nothing).

Each round: the Initiative card holder and then each opponent nominate a wrestler; the best DEX
roll activates first; players then alternate single activations. A wrestler spends MP to move
(8 directions, never through wrestlers) and AP on actions:
  Brawl 1AP (ATT vs DEF, 1 DMG)   Grapple 1AP (GRP vs GRP, 1 DMG)   Trip 2AP (Dirty, Knockdown)
  Pin 1AP (a Knocked Down enemy; 1C per WEIGHT each, the defender +1C/+2C at half/full STA)
  Bounce off the Rope 1AP (5 squares; a Rope Attack ATT+1C if an enemy stops you)
  Climb 1AP, Turnbuckle Attack 2AP (ATT+1G, JUMP, CROWD), Dismount 1AP
  Lift 1AP (Dirty; GRP vs GRP or DEX) then Throw 1AP (out of the ring: DEX 3+ to stay in)
  Crowd Pleaser (AP = POP; Cheer works, Boo gives -AP; HEELs need a Boo)
Beatdowns (win by 4+) add DMG, shoves, Dazed, Knockdowns or an instant KO; Reversals (lose by
4+) end the activation and can turn the attack around. Dirty actions and a third identical
action (No Class) need Crowd dice: a Boo ends the activation with a -AP counter.
Dice: Copper < Silver < Gold (faces assumed: see docs/rulings.md), the Crowd die Cheer/Boo/blank.
Endorsements re-roll your own dice; Sponsorships from round 2; Tag Teams tag out or team up.
"""

_PLAIN = {
    "match_begins": "The bell rings: {teams}!",
    "corner": "{team} take the {corner} corner.",
    "deploy": "{wrestler} climbs into the ring at {square}.",
    "enter": "{wrestler} charges in from the sidelines to {square}!",
    "sidelines": "{wrestler} waits on the sidelines ({why}).",
    "round": "Round {round}! The Initiative card is with {initiative_card}.",
    "nominate": "{team} put {wrestler} forward.",
    "initiative": "{team} take the initiative with {wrestler}.",
    "activate": "{wrestler} is up ({ap} AP, {mp} MP).",
    "move": "{wrestler} moves to {to}.",
    "damage": "{wrestler} takes {amount} DMG ({why}) and is down to {sta} STA.",
    "ko": "{wrestler} is KO'd!",
    "recover": "{wrestler} is back on their feet with {sta} STA!",
    "knockdown": "{wrestler} hits the canvas!",
    "stand": "{wrestler} gets back up.",
    "bleeding": "{wrestler} is bleeding!",
    "beatdown": "BEATDOWN! {attacker} batters {target} (row {row}).",
    "reversal": "REVERSAL! {defender} turns the tables on {attacker} (row {row}).",
    "lift": "{lifter} hoists {wrestler} overhead!",
    "drop": "{wrestler} slips free to {square}.",
    "escape": "{wrestler} wriggles free to {square}.",
    "throw": "{thrower} hurls {wrestler} towards {square}!",
    "land": "{wrestler} lands at {square}.",
    "live_ammo": "{wrestler} is hurled into {target}: LIVE AMMUNITION!",
    "smash": "{wrestler} is SMASHED against the turnbuckle!",
    "bounce": "{wrestler} comes off the ropes to {to}.",
    "climb": "{wrestler} climbs {turnbuckle}!",
    "dismount": "{wrestler} climbs down to {square}.",
    "leap": "{wrestler} leaps off the top rope at {target}, landing on {square}!",
    "impact_push": "IMPACT! {wrestler} is bowled aside to {to}.",
    "dodge": "{wrestler} sidesteps to {square}.",
    "dirty": "{wrestler} fights dirty (the ref is looking the other way).",
    "dirty_fail": "The crowd boos {wrestler} for fighting dirty: activation over!",
    "pinned": "{attacker} pins {wrestler}: YOU'RE OUTTA THERE!",
    "removed": "{wrestler} is out of the match ({how}).",
    "tag_out": "{wrestler} tags out: {partner} is in!",
    "sponsorship": "{team} cash in {sponsorship}!",
    "sponsored": "{wrestler} gets the {sponsorship} treatment.",
    "endorsement": "{team} spend an Endorsement to re-roll a {die} die.",
}


def narrate(game: Any, event: Event) -> str | None:
    kind, d = event.kind, event.data
    if kind == "roll":
        return _roll_line(game, d)
    if kind == "crowd_pleaser":
        result = {"success": "the crowd goes wild!", "boo": "the crowd boos (-AP)!", "nothing": "the crowd shrugs."}
        return f"{d['wrestler']} plays to the crowd with {d['name']}: {result.get(d['result'], d['result'])}"
    if kind == "result":
        winners = d.get("winners") or []
        dosh = d.get("dosh") or []
        tally = (f" (Dosh in the ring: {', '.join(f'{game.player_label(p)} {x:g}K' for p, x in enumerate(dosh))})"
                 if dosh else "")
        if not winners:
            return f"It's a draw: {d.get('how')}{tally}."
        return f"{' & '.join(winners)} win: {d.get('how')}{tally}!"
    if kind == "decision":
        return None
    if kind == "counter":
        return f"{d['wrestler']} now holds {plural(d['count'], d['counter'] + ' counter')}."
    if kind == "shove":
        if not d["squares"]:
            return f"{d['wrestler']} has nowhere to be shoved and stays at {d['to']}."
        return f"{d['wrestler']} is shoved {plural(d['squares'], 'square')} to {d['to']}."
    template = _PLAIN.get(kind)
    if template is None:
        return None
    data = dict(d)
    if kind == "match_begins":
        data["teams"] = " vs ".join(d.get("teams", []))
    try:
        return template.format(**data)
    except (KeyError, IndexError):
        return None


def _roll_line(game: Any, d: dict[str, Any]) -> str:
    """One roll, each side's dice beside its name: ``Brawl: Troll rolls S=1 C=1 -> 2, Nix rolls
    S=0 -> 0: success!``. Teams (the set-up roll-off, the Initiative, a Sponsorship) roll; a
    wrestler rolls."""
    what = str(d.get("what"))
    dice: list[str] = list(d.get("dice", []))
    totals = d.get("totals")
    verdict = "" if "success" not in d else (": success!" if d["success"] else ": no good.")
    if what == "escape" and isinstance(totals, list) and len(totals) == 2:  # a tie escapes
        verdict = f": {d.get('wrestler')} escapes!" if totals[1] >= totals[0] else ": the Lift holds."
    sides: list[int] | None = d.get("sides")
    first = d.get("attacker") or d.get("lifter") or d.get("wrestler") or d.get("team")
    second = d.get("defender") or (d.get("wrestler") if d.get("lifter") else None)
    if sides is not None:  # several sides rolled together: each says its own dice
        order = list(dict.fromkeys(sides))
        parts = []
        for side in order:
            mine = " ".join(die for die, s in zip(dice, sides, strict=True) if s == side)
            if isinstance(d.get("players"), list):
                name, verb = str(d["players"][side]), "roll"
            elif isinstance(totals, dict):
                name, verb = str(game.player_label(side)), "roll"
            else:
                name, verb = str((first, second)[side] if side < 2 else side), "rolls"
            total = _side_total(totals, side, name)
            parts.append(f"{name} {verb} {mine}{'' if total is None else f' -> {total}'}")
        return f"  {what[:1].upper() + what[1:]}: {', '.join(parts)}{verdict}"
    if isinstance(d.get("players"), list):
        first = " and ".join(str(p) for p in d["players"])
    verb = "roll" if d.get("team") or isinstance(d.get("players"), list) else "rolls"
    tail = ""
    if isinstance(totals, list) and totals:
        tail = f" -> {totals[0]}"
        if len(totals) > 1:
            against = (f"{second}'s " if second else "") + ("WEIGHT " if what == "lift" else "")
            tail += f" against {against}{totals[1]}"
    return f"  {first or 'The dice'} {verb} {' '.join(dice) or 'no dice'} ({what}){tail}{verdict}"


def _side_total(totals: Any, side: int, name: str) -> int | None:
    if isinstance(totals, dict):
        value = totals.get(name)
        return int(value) if value is not None else None
    if isinstance(totals, list) and side < len(totals):
        return int(totals[side])
    return None


def _numbers(observation: dict[str, Any]) -> dict[str, str]:
    """Each wrestler's token: its place in the list plus one, as on the browser's mat (a number never
    reads as one of the column letters A-J)."""
    return {w["name"]: str(i + 1) for i, w in enumerate(observation["wrestlers"])}


DOWN = "_"
"""After a wrestler's number on the mat: Knocked Down or KO'd (lying on the mat)."""


def render_observation(observation: dict[str, Any]) -> str:
    """The mat (columns A-J, rows 1-10, ropes as a border, turnbuckles as #) with each wrestler's
    number on its squares, and a table."""
    numbers = _numbers(observation)
    grid = [["" for _ in range(mat.SIZE)] for _ in range(mat.SIZE)]
    for c in range(mat.CELLS):
        x, y = mat.xy(c)
        if mat.is_turnbuckle(c):
            grid[y][x] = "#"
        elif mat.is_rope(c):
            grid[y][x] = "=" if y in (0, 11) else "|"
        else:
            grid[y][x] = "."
    for w in observation["wrestlers"]:
        if w["square"] is None or w["where"] not in ("ring", "turnbuckle"):
            continue
        anchor = mat.parse_square(w["square"])
        down = DOWN if w["ko"] or "Knockdown" in w["counters"] else " "
        for c in mat.footprint(anchor, w["size"]):
            x, y = mat.xy(c)
            grid[y][x] = f"{numbers[w['name']]:>2}{down}"  # three characters, like every square
    lines = [f"RUMBLESLAM round {observation['round']}/{observation['rounds']}   Initiative card: "
             f"{observation['initiative_card']}", " " * 7 + "".join(f"{col:<3}" for col in mat.COLUMNS).rstrip()]
    for y in range(mat.SIZE):
        label = f"{y:>2}" if 1 <= y <= 10 else "  "
        lines.append((f"{label} " + "".join(f"{cell:>2} " if len(cell) == 1 else cell for cell in grid[y])).rstrip())
    lines.append(f"(numbers: the wrestlers listed below; 9{DOWN}: number 9 is Knocked Down or KO'd;")
    lines.append(" # a turnbuckle; = and | the ropes)")
    lines.append("")
    lines.append(f"{'':3} {'wrestler':<26} {'team':<4} {'where':<11} {'STA':>5} {'AP':>3} {'MP':>3}  counters")
    for w in observation["wrestlers"]:
        where = w["square"] if w["where"] in ("ring", "turnbuckle") else w["where"]
        if w["lifted_by"]:
            where = f"held by {w['lifted_by']}"
        elif w["where"] == "lifted":
            where = "in the air"  # being placed (a drop, Live Ammunition, an IMPACT push)
        counters = ", ".join(f"{k}{'' if v == 1 else ' x' + str(v)}" for k, v in w["counters"].items())
        if w["ko"]:
            counters = ("KO'd, " + counters).rstrip(", ")
        mark = ">" if w["active"] else ("*" if w["activated"] else " ")
        lines.append(f"{numbers[w['name']]:>2}{mark} {w['name'][:26]:<26} P{w['team']:<3} {str(where)[:11]:<11} "
                     f"{w['sta']:>2}/{w['sta_max']:<2} {w['ap']:>3} {w['mp']:>3}  {counters}")
    for p, team in enumerate(observation["teams"]):
        corner = f", corner {team['corner']}" if team.get("corner") else ""
        lines.append(f"P{p} {team['name']}: {plural(team['endorsements'], 'Endorsement')}, "
                     f"sponsorships {', '.join(team['sponsorships']) or 'none'}{corner}")
    if observation.get("prompt"):
        lines.append(f"Now: {observation['prompt']}")
    if observation.get("over"):
        lines.append(f"Match over: {observation.get('result')}")
    return "\n".join(lines)


SPONSOR_TEXT = {
    "Mana Mania Muscle Maker": "roll 1G: that many friendly wrestlers get +1ATT this round",
    "Alchemist's Guild Protein Potion": "roll 1G: that many friendly wrestlers get +1GRP this round",
    "Woodland Wonder Sprite Steroids": "roll 1G: that many friendly wrestlers get +1DEX this round",
    "Snori's Stoneskin Supplements": "roll 1S: that many friendly wrestlers get +1DEF this round",
    "Phoenix Fizz": "roll 1S: that many friendly wrestlers regain 1 STA and lose their Knockdown counters",
    "Orka-Cola": "roll 1S: that many friendly wrestlers get a +AP counter",
    "Tauran Tacos": "roll 1G: that many friendly wrestlers get a +MP counter",
    "Eagle Airways": "roll 1S: that many friendly wrestlers fly to any empty square (not a turnbuckle)",
}
"""rumbleslam SPONSORSHIP BONUSES in short (what a player weighs when offered one)."""
_DESCRIPTIONS = {
    "brawl": "Brawl, 1AP: ATT vs DEF, 1 DMG.",
    "grapple": "Grapple, 1AP: GRP vs GRP, 1 DMG.",
    "trip": "Trip, 2AP (DIRTY) (KNOCKDOWN): ATT vs DEF or DEX.",
    "pin": "Pin, 1AP (CROWD): 1C per WEIGHT; the defender adds dice for STA left.",
    "lift": "Lift, 1AP (DIRTY): GRP vs GRP or DEX (a KO'd or friendly wrestler: GRP vs WEIGHT).",
    "throw": "Throw, 1AP: place the Lifted wrestler within THROW; a rope square throws it out.",
    "bounce": "Bounce off the Rope, 1AP: 5 squares away; a Rope Attack (ATT+1C) if an enemy blocks.",
    "climb": "Climb the Turnbuckle, 1AP.",
    "dismount": "Dismount the Turnbuckle, 1AP.",
    "turnbuckle": "Turnbuckle Attack, 2AP (JUMP) (CROWD): ATT+1G vs DEF.",
    "crowd": "Crowd Pleaser: AP equal to POP; roll the Crowd die.",
    "stand": "Remove the Knockdown counter, 1AP.",
    "tag": "Tag Out, 2AP: the partner comes in with full AP and MP.",
    "place": "Put the wrestler being placed on this square (see 'Now:' above the menu).",
    "hit": "(DEVASTATING): this wrestler defends next against the same attack roll.",
    "move": "Move to this square, 1 MP a square.",
    "end": "End this wrestler's activation (AP and MP left are lost).",
    "re-roll": "Spend an Endorsement: re-roll this die once (the dice are numbered under 'Now:').",
    "keep": "Keep the dice as they are (no Endorsement spent).",
    "shove": "Shove in this direction (N: towards row 1, S: row 10, W: column A, E: column J).",
    "smash": "Smash the thrown wrestler against the turnbuckle: 2 DMG.",
    "rebound": "Bounce the thrown wrestler off this rope: 5 squares straight back into the ring.",
    "land": "The Turnbuckle Attack lands on this square (in base contact with the target).",
    "corner": "Take this corner: your wrestlers set up beside its turnbuckle and enter the ring there.",
    "nominate": "This wrestler rolls DEX for the Initiative and is your first activation this round.",
    "activate": "Activate this wrestler next: full AP and MP.",
    "enter": "Bring this wrestler in from the sidelines to your corner.",
    "recipient": "This wrestler receives the Sponsorship's bonus.",
    "choose": "This Choice ability's option until the wrestler's next activation.",
}
_DEFEND = {
    "DEF": "Defend with DEF: if the attack fails, the attacker takes 1 DMG.",
    "GRP": "Defend with GRP: if the attack fails, the attacker takes 1 DMG (escaping a Lift: GRP against GRP).",
    "DEX": "Defend with DEX: if the attack fails, this wrestler dodges 1 square (escaping a Lift: DEX "
           "against GRP).",
}


BIG_MOVE = "a 2x2 base: name its north-west square"
"""Said beside a move only when the wrestler moving fills a 2x2 block (WEIGHT 3)."""


def describe_action(name: str) -> str | None:
    """The rulebook's words for an action name alone (``RumbleslamGame.describe_action`` adds what
    the teams' cards say: abilities, Crowd Pleasers, Choice options)."""
    verb, _, rest = name.partition(" ")
    if verb == "defend":
        return _DEFEND.get(rest)
    if verb == "sponsor":
        text = SPONSOR_TEXT.get(rest)
        return f"{rest}: {text}." if text else None
    if name == "no sponsor":
        return "Keep your Sponsorships for a later round."
    if name == "no entry":
        return "Bring no one in from the sidelines now."
    if name == "keep dice":
        return _DESCRIPTIONS["keep"]
    return _DESCRIPTIONS.get(verb)
