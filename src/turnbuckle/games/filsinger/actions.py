"""The fixed action table: decision names and chance outcome names, with stable ids."""

from __future__ import annotations

from turnbuckle.engine.actions import Action, ActionTable
from turnbuckle.games.filsinger.models import Charts

ROLL_OFFENSE = "roll offense"
TRY_MOVE = "try move"
ROLL_AGAIN = "roll again"
RISK_DQ = "risk disqualification"
LEAVE_RING = "leave ring"
TRY_TAG = "try tag"
STAY = "stay"
ROLL_PIN = "roll pin"
PIN_SAVE = "pin save"
DISTRACT = "distract referee"
INTERFERE = "interfere"
ALLY_IN = "ally interferes"
ALLY_OUT = "ally stays back"
BRING_ALLY = "bring ally"
NO_ALLY = "no ally"

FIXED_DECISIONS = (
    ROLL_OFFENSE,
    TRY_MOVE,
    ROLL_AGAIN,
    RISK_DQ,
    LEAVE_RING,
    TRY_TAG,
    STAY,
    ROLL_PIN,
    PIN_SAVE,
    DISTRACT,
    INTERFERE,
    ALLY_IN,
    ALLY_OUT,
    BRING_ALLY,
    NO_ALLY,
)
MAX_PARTNERS = 5
"""Random defensive-tag targets ``partner=1..5`` (teams of up to six)."""


def choose_name(move: str) -> str:
    return f"choose {move}"


def tag_name(wrestler: str) -> str:
    return f"tag out to {wrestler}"


def d6_name(face: int) -> str:
    return f"d6={face}"


def sum_name(total: int) -> str:
    return f"2d6={total}"


def pair_name(a: int, b: int) -> str:
    return f"2d6={a}+{b}"


def build_table(charts: Charts, wrestlers: list[str]) -> ActionTable:
    """Decisions: fixed ones, then one ``choose`` per Choice Situations move, then one
    ``tag out to`` per wrestler. Chance: d6 faces, 2d6 sums, 2d6 ordered pairs, the roll-off
    for the first move, and defensive-tag targets."""
    names = list(FIXED_DECISIONS)
    for letter in sorted(charts.choice):
        for move in charts.choice[letter].moves:
            if choose_name(move.name) not in names:
                names.append(choose_name(move.name))
    names += [tag_name(w) for w in wrestlers]
    decisions = [Action(i, n) for i, n in enumerate(names)]
    chance_names = [d6_name(f) for f in range(1, 7)]
    chance_names += [sum_name(t) for t in range(2, 13)]
    chance_names += [pair_name(a, b) for a in range(1, 7) for b in range(1, 7)]
    chance_names += ["first=0", "first=1"]
    chance_names += [f"partner={k}" for k in range(1, MAX_PARTNERS + 1)]
    chance = [Action(i, n) for i, n in enumerate(chance_names)]
    return ActionTable(decisions, chance)
