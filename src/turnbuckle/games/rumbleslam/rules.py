"""RUMBLESLAM: the Game (params, teams, the fixed action table) for the state machine in ``state.py``.

Section names in comments are the headings of ``rumbleslam.txt`` (``# rumbleslam THROW``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.engine.datafiles import is_inline, source_name
from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, GameOption
from turnbuckle.engine.picks import Pick, Piece
from turnbuckle.engine.result import Side
from turnbuckle.engine.review_plan import ReviewPlan
from turnbuckle.games.rumbleslam import mat
from turnbuckle.games.rumbleslam.attack_profiles import (
    A_BRAWL,
    A_GRAPPLE,
    A_LIFT,
    A_ROPE,
    A_TB,
    A_TRIP,
    BASE_ATTACKS,
    GRAPPLE,
    ROPE,
    TURNBUCKLE,
    AttackDef,
)
from turnbuckle.games.rumbleslam.dice import DiceSet, load_dice
from turnbuckle.games.rumbleslam.models import SPONSORSHIPS, Ability, Pool, Profile, Roster, TagTeam, Team
from turnbuckle.games.rumbleslam.state import RumbleslamState
from turnbuckle.games.rumbleslam.teams import (
    GAME_SIZES,
    CheckedTeam,
    check_team,
    default_teams,
    load_roster,
    load_team,
    team_cost,
)

MAX_BUF = 16
"""Most dice in one roll (re-roll actions ``re-roll die 1`` .. ``16``, dice numbered from 1)."""

@dataclass(frozen=True)
class Entrant:
    """One wrestler in this match: who owns it and what it can do."""

    index: int
    player: int
    label: str
    profile: Profile
    size: int
    abilities: tuple[tuple[Ability, int], ...]
    """(ability, attack id or -1) for each card ability."""
    tag_team: TagTeam | None
    tag_style: str
    """``exhibition``, ``traditional`` or '' (no usable Tag Team)."""
    tag_attack: int
    partner: int
    benched: bool
    """A Traditional Tag Team partner that starts On The Sidelines."""


class PairMenu(NamedTuple):
    """One wrestler's decisions against one other (``menu.act_menu``)."""

    brawl: Action
    grapple: Action
    pin: Action
    trip: Action
    lift: Action
    specials: tuple[tuple[Any, Action], ...]
    """(AP cost, decision) for each GRAPPLE or ACTIVE ability that is not DEVASTATING, in card order."""
    tag: Action | None


class EntrantMenu(NamedTuple):
    """One wrestler's menu decisions, found once per game instead of per menu."""

    cp: Action
    climb: Action
    tagout: Action
    vs: tuple[PairMenu | None, ...]
    """By the other wrestler's index (None for itself)."""
    devastate: tuple[tuple[Any, Action], ...]
    bounce: dict[str, tuple[Action, tuple[tuple[Any, Action], ...]]]
    """By rope: the plain bounce and (AP cost, decision) for each ROPE ability."""
    tag_ap: int


def _ability_attack(ability: Ability, kind: str) -> AttackDef:
    stat = "grp" if ability.kind == "grapple" else "att"
    # rumbleslam GRAPPLE ABILITIES "always use the wrestler's GRP stat" (the card's copy is checked at load)
    pool = Pool.parse(ability.stat) if ability.stat and ability.kind != "grapple" else None
    defend = ("grp",) if ability.kind == "grapple" else ("def",)
    rules = ability.parsed_rules()
    if ability.kind == "turnbuckle":
        rules = (*rules, ("JUMP", 1), ("CROWD", 1))
    return AttackDef(ability.name, kind, ability.ap, stat, pool, (), defend, ability.dmg, rules, ability.range or 0)


def _labels(teams: list[CheckedTeam]) -> list[list[str]]:
    bases: list[list[str]] = []
    for checked in teams:
        names = [p.name for p in checked.profiles]
        seen: dict[str, int] = {}
        out = []
        for n in names:
            seen[n] = seen.get(n, 0) + 1
            out.append(n if names.count(n) == 1 else f"{n} #{seen[n]}")
        bases.append(out)
    flat = [b for team in bases for b in team]
    return [[b if flat.count(b) == 1 else f"{b} (P{p})" for b in team] for p, team in enumerate(bases)]


def _resolve_team(spec: str) -> tuple[Team, str]:
    """A team given as a ready-made team's name, inline data or a ``.toml`` file, and its source."""
    defaults = default_teams().team
    named = next((t for t in defaults if t.name.casefold() == spec.casefold()), None)
    if named is not None:
        return named, "teams.toml"
    if is_inline(spec):  # a team carried as data (league matches, replays)
        return load_team(spec), source_name(spec)
    if spec.endswith(".toml"):
        return load_team(spec), spec
    known = "; ".join(t.name for t in defaults)
    raise ParamError(f"team {spec!r} is neither a .toml file nor a ready-made team ({known})")


class RumbleslamGame(Game):
    """Team miniatures wrestling on a 10x10 ring: throw them out or pin them in 5 rounds."""

    name = "rumbleslam"
    title = "RUMBLESLAM"
    agent_targets: ClassVar[Mapping[str, str]] = {
        "heuristic": "turnbuckle.games.rumbleslam.agents:HeuristicAgent",
        "mcts": "turnbuckle.games.rumbleslam.agents:SearchAgent",
    }
    min_players = 2
    max_players = 4
    deferred_events = True
    """Batch play logs nothing; the event log is rebuilt from the action history when read."""
    data_file_params = frozenset({"roster", "dice", "teams", "team0", "team1", "team2", "team3"})
    data_file_list_params = frozenset({"teams"})
    balance_kind = "teams"
    cost_unit = "K Dosh"

    @classmethod
    def names_a_file(cls, param: str, value: str) -> bool:
        """A team is a ready-made team's name or a ``.toml`` file (as ``_choose_teams`` reads it)."""
        return param in ("roster", "dice") or value.casefold().endswith(".toml")

    def __init__(
        self,
        players: int = 2,
        teams: list[str] | tuple[str, ...] | str | None = None,
        team0: str | None = None,
        team1: str | None = None,
        team2: str | None = None,
        team3: str | None = None,
        roster: str | None = None,
        dice: str | None = None,
        size: str = "lightweight",
        budget: int | None = None,
        turnbuckle_attack_damage: int = 1,
        turnbuckle_throw_dex_bonus: int = 0,
        reroll_prompts: str = "useful",
        knocked_down_can_move: bool = False,
        rounds: int = 5,
    ) -> None:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ParamError(f"option players must be 2, 3 or 4, got {players!r}")
        if size not in GAME_SIZES:
            raise ParamError(f"option size must be one of {', '.join(GAME_SIZES)}, got {size!r}")
        if budget is not None and (not isinstance(budget, int) or isinstance(budget, bool) or budget <= 0):
            raise ParamError(f"option budget must be a positive whole number of K Dosh, got {budget!r}")
        if turnbuckle_attack_damage not in (1, 2) or isinstance(turnbuckle_attack_damage, bool):
            raise ParamError("option turnbuckle_attack_damage must be 1 (body text) or 2 (Quick Reference)")
        if turnbuckle_throw_dex_bonus not in (0, 1) or isinstance(turnbuckle_throw_dex_bonus, bool):
            raise ParamError("option turnbuckle_throw_dex_bonus must be 0 (body text) or 1 (Quick Reference)")
        if reroll_prompts not in ("useful", "never"):
            raise ParamError("option reroll_prompts must be 'useful' or 'never'")
        if not isinstance(knocked_down_can_move, bool):
            raise ParamError("option knocked_down_can_move must be true or false")
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 10:
            raise ParamError("option rounds must be 1..10 (the text plays 5)")
        for label, value in (("roster", roster), ("dice", dice)):
            if value is not None and not isinstance(value, str):
                raise ParamError(f"option {label} must be a file path")
        self.roster_file: Roster = load_roster(roster)
        self.dice: DiceSet = load_dice(dice)
        self.budget = budget if budget is not None else GAME_SIZES[size]
        self.team_files = self._choose_teams(players, teams, (team0, team1, team2, team3))
        self.teams: list[CheckedTeam] = [
            check_team(team, self.roster_file, self.budget, source) for team, source in self.team_files
        ]
        params = {
            "players": players, "teams": list(teams) if isinstance(teams, list | tuple) else teams,
            "team0": team0, "team1": team1, "team2": team2, "team3": team3, "roster": roster, "dice": dice,
            "size": size, "budget": budget, "turnbuckle_attack_damage": turnbuckle_attack_damage,
            "turnbuckle_throw_dex_bonus": turnbuckle_throw_dex_bonus, "reroll_prompts": reroll_prompts,
            "knocked_down_can_move": knocked_down_can_move, "rounds": rounds,
        }
        self.players = players
        self.tb_damage = turnbuckle_attack_damage
        self.tb_throw_bonus = turnbuckle_throw_dex_bonus
        self.reroll_prompts = reroll_prompts
        self.kd_can_move = knocked_down_can_move
        self.rounds = rounds
        self.attacks: list[AttackDef] = list(BASE_ATTACKS)
        self.entrants: list[Entrant] = self._build_entrants()
        self.meaning: dict[int, tuple[Any, ...]] = {}
        self.lookup: dict[tuple[Any, ...], Action] = {}
        """Each decision by its meaning tuple (``("move", w, cell)``), for fast menus."""
        super().__init__(params, self._build_actions())

    # -- teams -----------------------------------------------------------------------------
    def _choose_teams(
        self, players: int, teams: Any, slots: tuple[str | None, ...]
    ) -> list[tuple[Team, str]]:
        defaults = default_teams().team
        chosen: list[tuple[Team, str]] = []
        given: list[str | None] = [None] * players
        if teams is not None:
            if not isinstance(teams, str | list | tuple):
                raise ParamError("option teams must be team names or file paths")
            listed = [teams] if isinstance(teams, str) else list(teams)
            if not all(isinstance(t, str) for t in listed):
                raise ParamError("option teams must be team names or file paths")
            for i, t in enumerate(listed[:players]):
                given[i] = t
        for i in range(players):
            if slots[i] is not None:
                if not isinstance(slots[i], str):
                    raise ParamError(f"option team{i} must be a team file path or a team name")
                given[i] = slots[i]
        for extra in range(players, 4):
            if slots[extra] is not None:
                raise ParamError(f"option team{extra} given but only {players} players")
        for i, spec in enumerate(given):
            if spec is None:
                chosen.append((defaults[i % len(defaults)], "teams.toml"))
            else:
                chosen.append(_resolve_team(spec))
        return chosen

    # -- balance reports (analyze) ---------------------------------------------------------
    def team_builder(self) -> dict[str, Any] | None:
        from turnbuckle.games.rumbleslam.builder import builder_info

        return builder_info(self)

    def check_built_team(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        from turnbuckle.games.rumbleslam.builder import check_built_team

        return check_built_team(self, spec)

    def balance_entrants(self) -> list[str]:
        """rumbleslam TEAMS: the ready-made teams (a team, not a wrestler, is what takes a side)."""
        return [t.name for t in default_teams().team]

    def balance_params(self, entrants: Sequence[str]) -> dict[str, Any]:
        return {"teams": list(entrants), "team0": None, "team1": None, "team2": None, "team3": None}

    def entrant_cost(self, entrant: str) -> float | None:
        """rumbleslam HIRING: the team's Dosh (wrestlers, Endorsements, a Sponsorship, Tag Teams)."""
        return float(team_cost(_resolve_team(entrant)[0], self.roster_file))

    def _build_entrants(self) -> list[Entrant]:
        labels = _labels(self.teams)
        out: list[Entrant] = []
        for p, checked in enumerate(self.teams):
            start = len(out)
            names = [pr.name for pr in checked.profiles]
            for i, profile in enumerate(checked.profiles):
                abilities = []
                for ability in profile.abilities:
                    attack = -1
                    if ability.kind in ("grapple", "rope", "turnbuckle", "active"):
                        kind = {"grapple": GRAPPLE, "rope": ROPE, "turnbuckle": TURNBUCKLE}.get(
                            ability.kind, f"active:{ability.name}"
                        )
                        self.attacks.append(_ability_attack(ability, kind))
                        attack = len(self.attacks) - 1
                    abilities.append((ability, attack))
                tag, style, tag_attack, partner, benched = None, "", -1, -1, False
                if profile.tag_team is not None:
                    tag = self.roster_file.tag_team_named(profile.tag_team)
                    if tag is not None:
                        other = next(m for m in tag.members if m != profile.name) if profile.name in tag.members else ""
                        if other in names and profile.name in tag.members:
                            style = "traditional" if tag in checked.traditional else "exhibition"
                            partner = start + names.index(other)
                            self.attacks.append(_ability_attack(tag.ability, f"tag:{tag.name}"))
                            tag_attack = len(self.attacks) - 1
                            benched = style == "traditional" and names.index(profile.name) > names.index(other)
                        else:
                            tag = None
                out.append(Entrant(len(out), p, labels[p][i], profile, 2 if profile.weight == 3 else 1,
                                   tuple(abilities), tag, style, tag_attack, partner, benched))
        return out

    # -- actions -----------------------------------------------------------------------------
    def _build_actions(self) -> ActionTable:
        names: list[str] = []
        meaning: dict[int, tuple[Any, ...]] = {}

        def add(name: str, *what: Any) -> None:
            meaning[len(names)] = what
            names.append(name)

        add("end", "end")
        add("keep dice", "keep")
        add("no sponsor", "no_sponsor")
        add("no entry", "no_entry")
        add("smash", "smash")
        for corner, cname in zip(mat.TURNBUCKLES, mat.CORNER_NAMES, strict=True):
            add(f"corner {cname}", "corner", corner)
        for stat in ("DEF", "DEX", "GRP"):
            add(f"defend {stat}", "defend", stat.lower())
        for d in mat.DIRECTION_NAMES:
            add(f"shove {d}", "shove", d)
        for r in mat.ROPES:
            add(f"rebound {r}", "rebound", r)
        for i in range(MAX_BUF):
            add(f"re-roll die {i + 1}", "reroll", i)  # people count dice from 1
        for cell in mat.FLOOR:
            add(f"place {mat.SQUARE_NAMES[cell]}", "place", cell)
        for cell in mat.FLOOR:
            add(f"land {mat.SQUARE_NAMES[cell]}", "land", cell)
        for cell in range(mat.CELLS):
            add(f"throw {mat.SQUARE_NAMES[cell]}", "throw", cell)
        for s in SPONSORSHIPS:
            add(f"sponsor {s}", "sponsor", s)
        options: list[str] = []
        for e in self.entrants:
            for ability, _ in e.abilities:
                for opt in ability.options:
                    if opt.name not in options:
                        options.append(opt.name)
        for opt_name in options:
            add(f"choose {opt_name}", "choose", opt_name)
        for e in self.entrants:
            w, lab = e.index, e.label
            add(f"nominate {lab}", "nominate", w)
            add(f"activate {lab}", "activate", w)
            add(f"enter {lab}", "enter", w)
            add(f"recipient {lab}", "recipient", w)
            add(f"climb {lab}", "climb", w)
            add(f"dismount {lab}", "dismount", w)
            add(f"crowd pleaser {lab}", "cp", w)
            add(f"stand up {lab}", "stand", w)
            add(f"tag out {lab}", "tagout", w)
            for r in mat.ROPES:
                add(f"bounce {lab} off {r}", "bounce", w, r, A_ROPE)
            for ability, attack in e.abilities:
                if ability.kind == "rope":
                    for r in mat.ROPES:
                        add(f"use {ability.name}: {lab} off {r}", "bounce", w, r, attack)
                if ability.kind == "active" and self.attacks[attack].has("DEVASTATING"):
                    add(f"use {ability.name}: {lab}", "devastate", w, attack)
            for cell in mat.FLOOR:
                add(f"move {lab} {mat.SQUARE_NAMES[cell]}", "move", w, cell)
            for t in self.entrants:
                if t.index == w:
                    continue
                tl = t.label
                for verb, attack in (("brawl", A_BRAWL), ("grapple", A_GRAPPLE), ("trip", A_TRIP), ("lift", A_LIFT)):
                    add(f"{verb} {lab}->{tl}", "attack", w, t.index, attack)
                add(f"pin {lab}->{tl}", "pin", w, t.index)
                add(f"turnbuckle {lab}->{tl}", "tbattack", w, t.index, A_TB)
                for ability, attack in e.abilities:
                    if ability.kind in ("grapple", "active") and not self.attacks[attack].has("DEVASTATING"):
                        add(f"use {ability.name}: {lab}->{tl}", "attack", w, t.index, attack)
                    elif ability.kind == "turnbuckle":
                        add(f"use {ability.name}: {lab}->{tl}", "tbattack", w, t.index, attack)
                if e.tag_attack >= 0 and t.player != e.player:
                    add(f"use {self.attacks[e.tag_attack].name}: {lab}->{tl}", "tag", w, t.index, e.tag_attack)
        for e in self.entrants:  # after every older action: their ids (and saved replays) stay the same
            add(f"hit {e.label}", "hit", e.index)
        self.meaning = meaning
        table = ActionTable((Action(i, n) for i, n in enumerate(names)), self.dice.all_actions)
        self.lookup = {what: table.decision(i) for i, what in meaning.items()}
        lookup = self.lookup
        self.move_acts: list[dict[int, Action]] = [
            {c: lookup[("move", e.index, c)] for c in mat.FLOOR} for e in self.entrants]
        """Per wrestler, its ``move`` decision by anchor (menus build a move per reachable square)."""
        self.throw_acts: tuple[Action, ...] = tuple(lookup[("throw", c)] for c in range(mat.CELLS))
        self.die_face: dict[int, tuple[str, int]] = {a.id: self.dice.value_of(a) for a in self.dice.all_actions}
        """Each chance outcome's (kind, face) by id: dice are applied without parsing their names."""
        self.menus: list[EntrantMenu] = [self._entrant_menu(e) for e in self.entrants]
        """Per entrant, the decisions its standing menu may offer, found once (``menu.act_menu``)."""
        self.pools: list[dict[str, Pool]] = [
            {stat: e.profile.pool(stat) for stat in ("att", "def", "grp", "dex")} for e in self.entrants]
        """Each entrant's stat pools, parsed once (rolls read them on every attack)."""
        return table

    def _entrant_menu(self, e: Entrant) -> EntrantMenu:
        L = self.lookup
        i = e.index
        vs: list[PairMenu | None] = []
        for t in self.entrants:
            if t.index == i:
                vs.append(None)
                continue
            ti = t.index
            specials = tuple((ability.ap, L[("attack", i, ti, attack)]) for ability, attack in e.abilities
                             if ability.kind in ("grapple", "active") and not self.attacks[attack].has("DEVASTATING"))
            tag = L.get(("tag", i, ti, e.tag_attack)) if e.tag_attack >= 0 else None
            vs.append(PairMenu(L[("attack", i, ti, A_BRAWL)], L[("attack", i, ti, A_GRAPPLE)], L[("pin", i, ti)],
                               L[("attack", i, ti, A_TRIP)], L[("attack", i, ti, A_LIFT)], specials, tag))
        devastate = tuple((ability.ap, L[("devastate", i, attack)]) for ability, attack in e.abilities
                          if ability.kind == "active" and self.attacks[attack].has("DEVASTATING"))
        bounce = {r: (L[("bounce", i, r, A_ROPE)],
                      tuple((ability.ap, L[("bounce", i, r, attack)]) for ability, attack in e.abilities
                            if ability.kind == "rope"))
                  for r in mat.ROPES}
        tag_ap = self.attacks[e.tag_attack].ap if e.tag_attack >= 0 else 0
        return EntrantMenu(L[("cp", i)], L[("climb", i)], L[("tagout", i)], tuple(vs), devastate, bounce, tag_ap)

    def action_id(self, name: str) -> Action:
        action = self.actions.by_name(name)
        if action is None:
            raise KeyError(name)
        return action

    # -- the Game contract -----------------------------------------------------------------
    @classmethod
    def options(cls) -> list[GameOption]:
        return [
            GameOption("players", 2, "number of teams (the text's game sizes are for 2; 3-4 also work)", (2, 3, 4)),
            GameOption("teams", None, "ready-made team names or team .toml files, one per player", kind="teams"),
            GameOption("team0", None, "team file, ready-made team name or inline team TOML for player 0", kind="team"),
            GameOption("team1", None, "team file (or ready-made team name) for player 1", kind="team"),
            GameOption("team2", None, "team file for player 2 (3-4 players)", kind="team"),
            GameOption("team3", None, "team file for player 3 (4 players)", kind="team"),
            GameOption("roster", None, "roster TOML file (default: turnbuckle's original roster)", kind="file"),
            GameOption("dice", None, "dice TOML file (default: the assumed six-sided faces)", kind="file"),
            GameOption("size", "lightweight", "game size: lightweight 1000K, middleweight 1500K, madness 2500K",
                       tuple(GAME_SIZES)),
            GameOption("budget", None, "Dosh budget in K (overrides size)", kind="integer", minimum=1),
            GameOption("turnbuckle_attack_damage", 1, "Turnbuckle Attack DMG: 1 body text, 2 Quick Reference", (1, 2)),
            GameOption("turnbuckle_throw_dex_bonus", 0, "+1 DEX when thrown onto a turnbuckle (Quick Reference)",
                       (0, 1)),
            GameOption("reroll_prompts", "useful", "offer Endorsement re-rolls when losing a roll, or never",
                       ("useful", "never")),
            GameOption("knocked_down_can_move", False, "a Knocked Down wrestler may spend MP", (True, False)),
            GameOption("rounds", 5, "rounds before the Dosh count (the text plays 5)", minimum=1, maximum=10),
        ]

    @classmethod
    def rules_summary(cls) -> str:
        from turnbuckle.games.rumbleslam.narrate import RULES_SUMMARY

        return RULES_SUMMARY

    def num_players(self) -> int:
        return self.players

    def max_game_length(self) -> int:
        return 40_000

    def utility_sum(self) -> float:
        return 0.0

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def new_initial_state(self) -> RumbleslamState:
        return RumbleslamState(self)

    def player_label(self, player: int) -> str:
        return self.teams[player].team.name

    def sides(self) -> list[Side]:
        return [
            Side(self.player_label(p), (p,), tuple(e.label for e in self.entrants if e.player == p))
            for p in range(self.players)
        ]

    def position_codec(self) -> Any:
        from turnbuckle.games.rumbleslam.position import CODEC

        return CODEC

    def tensor_view(self) -> Any:
        """Board planes, wrestler rows and team features (``tensor.py``): lets OpenSpiel and PettingZoo
        serve numbers instead of JSON strings."""
        from turnbuckle.games.rumbleslam.tensor import RumbleslamTensor

        return RumbleslamTensor(self)

    def narrate(self, event: Event) -> str | None:
        from turnbuckle.games.rumbleslam.narrate import narrate

        return narrate(self, event)

    def render_observation(self, observation: dict[str, Any]) -> str:
        from turnbuckle.games.rumbleslam.narrate import render_observation

        return render_observation(observation)

    def render_svg(self, observation: dict[str, Any], actions: Sequence[str] = (), *,
                   narrow: bool = False) -> str | None:
        """The mat and its panel; every part a legal action is chosen by is drawn to be clicked."""
        from turnbuckle.games.rumbleslam.render import render_svg

        return render_svg(observation, actions, narrow=narrow)

    def picks(self, observation: dict[str, Any], actions: Sequence[str]) -> list[Pick]:
        """Wrestlers, squares, ropes and shove arrows clicked in turn (``picks.py``)."""
        from turnbuckle.games.rumbleslam.picks import picks

        return picks(observation, actions)

    def event_pieces(self, event: Event) -> list[Piece]:
        """A roll's Copper, Silver, Gold and Crowd dice for the move log (``render.py``)."""
        from turnbuckle.games.rumbleslam.render import event_pieces

        return event_pieces(event)

    def action_labels(self, observation: dict[str, Any], actions: Sequence[str]) -> dict[str, str | None]:
        """``describe_action``'s words; a move of a wrestler with a 2x2 base says to name its
        north-west square (said to no one else: a 1x1 wrestler simply names its square)."""
        from turnbuckle.games.rumbleslam.narrate import BIG_MOVE

        labels = {a: self.describe_action(a) for a in actions}
        if any(w.get("active") and w.get("size", 1) > 1 for w in observation.get("wrestlers", ())):
            for a in actions:
                if a.startswith("move ") and labels[a]:
                    labels[a] = f"{labels[a]} ({BIG_MOVE})"
        return labels

    def describe_action(self, action_name: str) -> str | None:
        """The rulebook's words, and for an attack on a wrestler the dice and odds (``odds.py``)."""
        text = self._card_words(action_name)
        if "->" in action_name:
            from turnbuckle.games.rumbleslam.odds import attack_odds

            odds = attack_odds(self, action_name)
            return f"{text} {odds}" if text and odds else text or odds
        return text

    def _card_words(self, action_name: str) -> str | None:
        """The rulebook's words, and for an ability, a Crowd Pleaser or a Choice option what the
        wrestler's card says (the bare name says nothing of its dice, DMG or special rules)."""
        from turnbuckle.games.rumbleslam.narrate import describe_action

        verb, _, rest = action_name.partition(" ")
        if verb == "use":
            attack = next((a for a in self.attacks if a.name == rest.split(":", 1)[0]), None)
            if attack is not None:
                return _attack_text(attack)
        if action_name.startswith("crowd pleaser "):
            entrant = next((e for e in self.entrants if e.label == action_name[14:]), None)
            if entrant is not None:
                cp = entrant.profile.crowd_pleaser
                text = f": {cp.text}" if cp.text else ""
                return (f"Crowd Pleaser {cp.name}, AP equal to POP ({entrant.profile.pop}){text}; roll the Crowd "
                        f"die: a Cheer works{', a HEEL needs a Boo' if entrant.profile.heel else ''}, a Boo gives -AP.")
        if verb == "choose":
            for e in self.entrants:
                for ability, _ in e.abilities:
                    for option in ability.options:
                        if option.name == rest:
                            return (f"{ability.name}: {option.amount:+d} {option.stat.upper()} until its next "
                                    "activation.")
        return describe_action(action_name)

    def roster(self) -> list[dict[str, Any]]:
        out = []
        for p in self.roster_file.wrestler:
            out.append({
                "name": p.name, "rank": p.rank, "casino": p.casino, "dosh": f"{p.dosh}K",
                "ATT": p.att, "DEF": p.def_, "GRP": p.grp, "DEX": p.dex, "WEIGHT": p.weight, "POP": p.pop,
                "THROW": p.throw, "STA": p.sta, "AP": p.ap, "MP": p.mp, "heel": p.heel,
                "tag_team": p.tag_team or "",
                "abilities": [f"{a.name} ({a.kind})" for a in p.abilities],
                "crowd_pleaser": p.crowd_pleaser.name,
            })
        return out

    @classmethod
    def validate_roster_file(cls, path: str) -> list[str]:
        return [w.name for w in load_roster(path).wrestler]

    @classmethod
    def roster_template(cls, name: str) -> str | None:
        from turnbuckle.engine.datafiles import toml_string

        return (
            "# A RUMBLESLAM character profile. Pools: C/S/G dice plus a bonus, e.g. \"1S+1C+1\".\n"
            "# Ability kinds: grapple, rope, turnbuckle (needs range), active, passive (bonus), choice (options).\n"
            "# Special rules: +AP -AP +MP -MP (e.g. -2AP), BLEEDING, BOUNCEBACK X, CROWD, DAZED, DEVASTATING,\n"
            "# DIRTY, FURY, JUMP, KNOCKDOWN, LIFTED, ROCKET, SHOVE X, THROW X.\n\n"
            f"[[wrestler]]\nname = {toml_string(name)}\nrank = \"rookie\"\ncasino = \"Free Agent\"\ndosh = 120\n"
            'att = "1S"\ndef = "1S"\ngrp = "1S"\ndex = "1C"\nweight = 2\npop = 2\nthrow = 2\nsta = 5\nap = 3\nmp = 4\n'
            "abilities = [\n"
            '  { name = "Big Boot", kind = "active", ap = 2, stat = "1S+1C", dmg = 1, rules = ["SHOVE 1"] },\n]\n'
            'crowd_pleaser = { name = "Pose", effect = "heal", amount = 1 }\n'
        )

    def review_plan(self) -> ReviewPlan:
        """Sampled: greedy playouts over two activations, then the evaluation (``review.py``)."""
        from turnbuckle.games.rumbleslam.review import review_plan

        return review_plan()


def validate_team_file(path: str, budget: int = 1000, roster: str | None = None) -> CheckedTeam:
    """Check a team file against the roster and the budget (one-line ``DataFileError``)."""
    return check_team(load_team(path), load_roster(roster), budget, path)


__all__ = ["AttackDef", "DataFileError", "Entrant", "RumbleslamGame", "validate_team_file"]


def _attack_text(attack: AttackDef) -> str:
    """An ability's attack as its card reads: AP, the dice rolled against which stat, DMG, special rules."""
    stat = attack.stat.upper()
    if attack.pool is not None:
        dice = attack.pool.dice
        parts = [f"{dice.count(k)}{k}" for k in ("G", "S", "C") if k in dice]
        stat = "+".join(parts + ([str(attack.pool.bonus)] if attack.pool.bonus else [])) or stat
    extra = "".join(f"+1{k}" for k in attack.extra)
    def rule(name: str, n: int) -> str:  # as the card writes it: (SHOVE 2), (-2AP), (DAZED)
        if name in ("BOUNCEBACK", "SHOVE", "THROW"):
            return f"({name} {n})"
        if name[1:] in ("AP", "MP"):
            return f"({name[0]}{n if n > 1 else ''}{name[1:]})"
        return f"({name})"

    rules = " ".join(rule(r, n) for r, n in attack.rules)
    return (f"{attack.name}, {attack.ap}AP: {stat}{extra} vs {' or '.join(d.upper() for d in attack.defend)}, "
            f"{attack.dmg} DMG{' ' + rules if rules else ''}.")
