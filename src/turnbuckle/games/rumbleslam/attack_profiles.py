"""RUMBLESLAM's attack profiles: the kinds an attack can be, ``AttackDef``, and the base attacks
every wrestler has (rumbleslam BRAWL, GRAPPLE, TRIP, ROPE ATTACK, TURNBUCKLE ATTACK, LIFT).

Below the game and the state machine: the rules build each match's attacks from these, the
rule families and the odds read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnbuckle.games.rumbleslam.models import Pool

# attack kinds (for No Class: an ability counts as the action it resembles)
BRAWL, GRAPPLE, TRIP, ROPE = "brawl", "grapple", "trip", "rope"
TURNBUCKLE, LIFT, ACTIVE, TAG = "turnbuckle", "lift", "active", "tag"


@dataclass(frozen=True)
class AttackDef:
    """One attack profile: which stat (or listed pool) it rolls, against which stat, DMG, rules."""

    name: str
    kind: str
    ap: int
    stat: str
    """The attacker's stat rolled (``att`` or ``grp``)."""
    pool: Pool | None
    """A listed pool that replaces the stat's dice (abilities), or None."""
    extra: tuple[str, ...]
    """Extra dice (Rope Attack +1C, Turnbuckle Attack +1G)."""
    defend: tuple[str, ...]
    """The defender's stat, or the choices it has (Trip: DEF/DEX, Lift: GRP/DEX)."""
    dmg: int
    rules: tuple[tuple[str, int], ...]
    range: int = 0
    counted: bool = True
    """False for free (0AP) attacks: FURY's Brawl, never counted for No Class."""

    def has(self, rule: str) -> bool:
        return any(r == rule for r, _ in self.rules)

    def value(self, rule: str) -> int:
        return next((n for r, n in self.rules if r == rule), 0)


BASE_ATTACKS = (
    AttackDef("Brawl", BRAWL, 1, "att", None, (), ("def",), 1, ()),
    AttackDef("Grapple", GRAPPLE, 1, "grp", None, (), ("grp",), 1, ()),
    AttackDef("Trip", TRIP, 2, "att", None, (), ("def", "dex"), 0, (("DIRTY", 1), ("KNOCKDOWN", 1))),
    AttackDef("Rope Attack", ROPE, 1, "att", None, ("C",), ("def",), 1, ()),
    AttackDef("Turnbuckle Attack", TURNBUCKLE, 2, "att", None, ("G",), ("def",), 1, (("JUMP", 1), ("CROWD", 1))),
    AttackDef("Lift", LIFT, 1, "grp", None, (), ("grp", "dex"), 0, (("DIRTY", 1), ("LIFTED", 1))),
    AttackDef("Brawl (FURY)", BRAWL, 0, "att", None, (), ("def",), 1, (), counted=False),
)
A_BRAWL, A_GRAPPLE, A_TRIP, A_ROPE, A_TB, A_LIFT, A_FURY = range(7)
