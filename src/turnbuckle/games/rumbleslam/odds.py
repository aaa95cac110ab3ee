"""RUMBLESLAM attack odds from the cards, for the attack menu beside an enemy on the mat.

An attack is an opposed roll (rumbleslam ACTION POINTS): it succeeds when the attacker's total beats
the defender's, a win by 4 or more is a Beatdown and a loss by 4 or more a Reversal (rumbleslam
BEATDOWNS, REVERSALS). The chances here are exact for the dice faces in play (``dice.toml`` or
``-o dice=``) and the two cards' stats with their passive abilities; an action's name carries no
state, so Sponsorship bonuses, Choice options and a Knocked Down or KO'd target (who rolls nothing
for DEF) are left out, and the words say "on the cards".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from turnbuckle.games.rumbleslam.attack_profiles import A_LIFT, AttackDef
from turnbuckle.games.rumbleslam.dice import DiceSet
from turnbuckle.games.rumbleslam.models import Pool

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.rules import RumbleslamGame

Faces = tuple[tuple[str, tuple[tuple[int, float], ...]], ...]
"""Each numbered die's (kind, ((face, chance), ...)): a hashable copy of a ``DiceSet``."""


def _faces(dice: DiceSet) -> Faces:
    return tuple((k, tuple(zip(dice.faces[k], dice.probs[k], strict=True))) for k in ("C", "S", "G"))


@functools.lru_cache(maxsize=512)
def total_chances(kinds: tuple[str, ...], flat: int, faces: Faces) -> tuple[tuple[int, float], ...]:
    """The chance of each total of rolling ``kinds`` (``("S", "C")``) and adding ``flat``."""
    table = dict(faces)
    totals = {flat: 1.0}
    for kind in kinds:
        step: dict[int, float] = {}
        for total, p in totals.items():
            for face, q in table[kind]:
                step[total + face] = step.get(total + face, 0.0) + p * q
        totals = step
    return tuple(sorted(totals.items()))


def contest(attack: Iterable[tuple[int, float]], defence: Iterable[tuple[int, float]]) -> tuple[float, float, float]:
    """(success, Beatdown, Reversal): the attacker's total beats the defender's; by 4 or more; loses by 4+."""
    defence = tuple(defence)
    win = beat = rev = 0.0
    for a, p in attack:
        for d, q in defence:
            if a > d:
                win += p * q
                beat += p * q if a - d >= 4 else 0.0
            elif d - a >= 4:
                rev += p * q
    return win, beat, rev


def _pool(game: RumbleslamGame, index: int, stat: str, attack: AttackDef | None = None) -> tuple[tuple[str, ...], int]:
    """A stat's dice and flat bonus as the card reads (an ability's own pool, passive abilities)."""
    pool = attack.pool if attack is not None and attack.pool is not None else game.pools[index][stat]
    passive = sum(ability.bonus.get(stat, 0) for ability, _ in game.entrants[index].abilities  # type: ignore[call-overload]
                  if ability.kind == "passive")
    kinds = pool.dice + (attack.extra if attack is not None else ())
    return kinds, pool.bonus + passive


def _percent(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def attack_odds(game: RumbleslamGame, action_name: str) -> str | None:
    """The dice each side rolls and the chances, for an attack action on one wrestler (None otherwise)."""
    action = game.actions.by_name(action_name)
    what = game.meaning.get(action.id) if action is not None else None
    if what is None or what[0] not in ("attack", "tbattack", "tag", "pin"):
        return None
    faces = _faces(game.dice)
    a, t = what[1], what[2]
    if what[0] == "pin":  # rumbleslam PIN: 1C per WEIGHT each; the defender +1C at half STA, +2C at full
        mine = total_chances(("C",) * game.entrants[a].profile.weight, 0, faces)
        base = game.entrants[t].profile.weight
        odds = [contest(mine, total_chances(("C",) * (base + extra), 0, faces))[0] for extra in (0, 1, 2)]
        return (f"Pins {_percent(odds[0])} of the time below half STA, {_percent(odds[1])} at half or more, "
                f"{_percent(odds[2])} at full STA (on the cards).")
    attack = game.attacks[what[3]]
    kinds, flat = _pool(game, a, attack.stat, attack)
    mine = total_chances(kinds, flat, faces)
    written = Pool(dice=kinds, bonus=flat).text()  # as the cards write it (``1S+1C+1``)
    if what[3] == A_LIFT and game.entrants[a].player == game.entrants[t].player:  # Lift a friend: GRP vs WEIGHT
        weight = game.entrants[t].profile.weight
        lifts = sum(p for total, p in mine if total >= weight)
        return f"GRP {written} against WEIGHT {weight}: lifts {_percent(lifts)} of the time."
    said = []
    for stat in attack.defend:
        their_kinds, their_flat = _pool(game, t, stat)
        win, beat, rev = contest(mine, total_chances(their_kinds, their_flat, faces))
        theirs = Pool(dice=their_kinds, bonus=their_flat).text()
        said.append(f"against {stat.upper()} {theirs}: succeeds {_percent(win)} (Beatdown "
                    f"{_percent(beat)}, Reversal {_percent(rev)})")
    chooser = " (the defender chooses)" if len(said) > 1 else ""
    return f"{attack.stat.upper()} {written} " + "; ".join(said) + f"{chooser}, on the cards."
