"""Game parameters: match types, special matches and one named boolean per optional rule."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.game import GameOption

MATCH_TYPES: dict[str, int] = {
    "singles": 1,
    "tag": 2,
    "six_man": 3,
    "eight_man": 4,
    "ten_man": 5,
    "twelve_man": 6,
}
"""Match type -> wrestlers per side (SIX OR EIGHT MAN (OR MORE) TAG MATCHES)."""

OPTIONAL_RULES: dict[str, str] = {
    "fatigue": "1. Taking fatigue into account: PIN rating in parenthesis, +1 after each failed pin",
    "finisher_ratings": "2. Finisher ratings: the (+N) after a finisher is added to the PIN rating",
    "roll_finishers": "3. Roll finishers: roll for the rating; risky ones can miss",
    "agility_power": "4. Agility and power: (ag)/(pw) moves fail against a better-rated opponent",
    "chart_choices": "5. Basic chart choices: (c) lets you roll again at the previous level",
    "leaving_ring": "6. Leaving the ring: down 3 (lv) lets the wrestler roll Out of the Ring",
    "choice_situations": "7. Choice Situations chart: (ch X) offers two moves with rated odds",
    "add_one": "8. Add 1 moves add one to the opponent's PIN rating",
    "dis_moves": "9. Disqualification moves: (dis) rolls for DQ or rolls again",
    "feud_table": "10. Feud Table after a feud match ends on doubles; injured wrestlers +2 PIN",
    "double_team": "11. Double team (tag) and (singles) moves",
    "tag_out_defense": "12. Tagging out on defense: (tag) 6 or less for partners, 4 for a group",
    "pin_saves": "13. Pin saves in tag matches (two per match)",
    "ringside_ally": "14. Ringside ally in singles (may interfere when you are thrown out)",
    "distractor": "15. Distractor ratings (5 by default, once per match)",
    "interference": "16. Outside interference (once per match, while being pinned)",
}


FIRST_MATCH_RULES: tuple[str, ...] = ("chart_choices", "choice_situations", "dis_moves", "distractor")
"""OPTIONAL 5, 7, 9 and 15: the rules a person's match starts with (``play``, the new-match form),
because the basic game gives players nothing to decide; ``watch``, ``sim`` and ``analyze`` keep the
basic rules."""


def first_match(params: Any) -> dict[str, Any]:
    """``FIRST_MATCH_RULES`` on, unless ``params`` choose the optional rules themselves (any of them,
    or ``tournament_standard``: ``tournament_standard=false`` alone is the basic game)."""
    if any(name in params for name in (*OPTIONAL_RULES, "tournament_standard")):
        return {}
    return dict.fromkeys(FIRST_MATCH_RULES, True)


@dataclass(frozen=True, slots=True)
class Options:
    """Resolved options; the rules read these flags, never the raw params."""

    fatigue: bool = False
    finisher_ratings: bool = False
    roll_finishers: bool = False
    agility_power: bool = False
    chart_choices: bool = False
    leaving_ring: bool = False
    choice_situations: bool = False
    add_one: bool = False
    dis_moves: bool = False
    feud_table: bool = False
    double_team: bool = False
    tag_out_defense: bool = False
    pin_saves: bool = False
    ringside_ally: bool = False
    distractor: bool = False
    interference: bool = False

    @property
    def advanced_pin(self) -> bool:
        """The PIN rating in parenthesis is used once fatigue or finisher ratings are on."""
        return self.fatigue or self.finisher_ratings


def game_options() -> list[GameOption]:
    """Everything ``FilsingerGame`` accepts, for ``turnbuckle rules filsinger``."""
    out = [
        GameOption("match_type", "singles", "singles, tag, six_man, eight_man, ...", tuple(MATCH_TYPES)),
        GameOption("wrestlers", None, "wrestler names, side 0 first (default: a fixed pick)", kind="wrestlers"),
        GameOption("roster", None, "path of your own TOML roster (added to the built-in cards)", kind="file"),
        GameOption("no_dq", False, "NO DQ MATCH: no disqualifications or count outs"),
        GameOption("cage", False, "CAGE MATCH: Cage rating for PIN, face into cage 3, no (lv)"),
        GameOption("feud", None, "a feud match (default: the cards list each other as rivals)", (None, True, False)),
        GameOption("injured", [], "wrestlers carrying a Feud Table injury (+2 PIN)", kind="names"),
        GameOption("tournament_standard", False, "every optional rule on (the tournament standard)",
                   includes=tuple(OPTIONAL_RULES)),
    ]
    out += [GameOption(name, False, text) for name, text in OPTIONAL_RULES.items()]
    return out


def _flag(params: dict[str, Any], name: str, default: bool) -> bool:
    value = params.get(name, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise ParamError(f"filsinger: option {name!r} must be true or false, got {value!r}")
    return value


def resolve_options(params: dict[str, Any]) -> Options:
    """Flags from params: ``tournament_standard`` turns all on; a named flag overrides it."""
    known = {o.name for o in game_options()}
    for key in params:
        if key not in known:
            raise ParamError(f"filsinger: unknown option {key!r}; known: {', '.join(sorted(known))}")
    standard = _flag(params, "tournament_standard", False)
    values = {f.name: _flag(params, f.name, standard) for f in fields(Options)}
    return Options(**values)
