"""RUMBLESLAM re-rolls: Endorsement windows after rolls (rumbleslam RE-ROLLS / ENDORSEMENTS).

Offers Endorsement re-rolls when they can help, the Initiative card holder first.

Reads: buf, endorsements, holder, nominee, ws
Writes: -
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from turnbuckle.games.rumbleslam.core import Wrestler, clockwise, crowd, decide_step, dice_total, passive, push

if TYPE_CHECKING:
    from turnbuckle.games.rumbleslam.state import RumbleslamState


def step_reroll_window(
    st: RumbleslamState, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
) -> None:
    # rumbleslam RE-ROLLS / ENDORSEMENTS: each Endorsement re-rolls one of your own dice, once.
    if st.endorsements[player] <= 0 or st.game.reroll_prompts == "never":
        return
    if reroll_candidates(st, player, owners, mode, thr) and losing(st, player, mode, flats, thr, owners):
        push(st, decide_step(st, "reroll", player, mode, flats, thr, owners))


def reroll_candidates(
    st: RumbleslamState, player: int, owners: tuple[int, ...], mode: str = "opp", thr: int = 0
) -> list[int]:
    """Own dice not yet re-rolled that could come up better (Crowd dice: a face in the ``thr``
    bit mask of faces that hurt)."""
    if mode == "crowd":
        return [i for i, (side, _kind, face, rerolled) in enumerate(st.buf)
                if owners[side] == player and not rerolled and (thr >> face) & 1 and i < 16]
    dice = st.game.dice
    if mode == "guard":  # a friend's DEF dice against its own side's (DEVASTATING) attack
        return [i for i, (side, kind, face, rerolled) in enumerate(st.buf)
                if side == 1 and owners[side] == player and not rerolled and face < dice.max_face(kind) and i < 16]
    if mode == "setup":  # the lowest roll wins: a die that could come up lower
        return [i for i, (side, kind, face, rerolled) in enumerate(st.buf)
                if owners[side] == player and not rerolled and face > dice.min_face(kind) and i < 16]
    return [i for i, (side, kind, face, rerolled) in enumerate(st.buf)
            if owners[side] == player and not rerolled and face < dice.max_face(kind) and i < 16]


def crowd_roll(st: RumbleslamState, player: int, n: int, bad: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """rumbleslam ENDORSEMENTS: Crowd dice too may be re-rolled "at any time" (offered when a
    die shows one of the ``bad`` faces)."""
    mask = sum(1 << f for f in bad)
    steps: list[tuple[Any, ...]] = [("roll", crowd(st, n))]
    if mask:
        steps.append(("reroll_window", player, "crowd", (0, 0), mask, (player, player)))
    return steps


def losing(
    st: RumbleslamState, player: int, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
) -> bool:
    if mode == "crowd":
        return any(owners[side] == player and (thr >> face) & 1 for side, _, face, _ in st.buf)
    if mode == "init":
        return initiative_order(st)[0] != player
    if mode == "setup":  # rumbleslam SETTING UP THE GAME: not (yet) the one lowest roller
        faces = [face for side, _, face, _ in st.buf]
        low = min(faces)
        return faces[player] > low or faces.count(low) > 1
    a = dice_total(st, 0) + flats[0]
    if mode == "test":
        return a < thr
    d = dice_total(st, 1) + flats[1]
    if mode == "guard":
        return a > d
    if owners[0] == owners[1]:
        return False
    return a <= d if player == owners[0] else a > d


def reroll_steps(
    st: RumbleslamState, mode: str, flats: tuple[int, int], thr: int, owners: tuple[int, ...]
) -> list[tuple[Any, ...]]:
    """One re-roll window per player owning dice in the roll, the Initiative card holder first
    and then clockwise (rumbleslam RE-ROLLS); before the card is dealt, seat order."""
    players = []
    for p in clockwise(st, st.holder):
        if p in owners and p not in players:
            players.append(p)
    return [("reroll_window", p, mode, flats, thr, owners) for p in players]


def initiative_pool(st: RumbleslamState, w: Wrestler) -> tuple[tuple[str, ...], int]:
    """rumbleslam TAKING THE INITIATIVE: "roll on the DEX stat of that wrestler", with every bonus
    any other DEX roll has: passive and Choice abilities ("always active", PASSIVE ABILITIES), this
    round's Sponsorship and Crowd Pleaser bonuses. A KO'd nominee rolls its real DEX (rumbleslam
    KO'D: "except when taking the Initiative"); its Knockdown counter still turns its passives off."""
    pool = st.game.pools[w.index]["dex"]
    return pool.dice, pool.bonus + w.bonus[3] + passive(st, w, "dex")


def initiative_totals(st: RumbleslamState) -> dict[int, int]:
    totals = {}
    for p in range(st.game.players):
        if st.nominee[p] >= 0:
            totals[p] = dice_total(st, p) + initiative_pool(st, st.ws[st.nominee[p]])[1]
    return totals


def initiative_order(st: RumbleslamState) -> list[int]:
    """Highest DEX first; ties to the card holder, then clockwise from it."""
    totals = initiative_totals(st)
    seat = {p: i for i, p in enumerate(clockwise(st, st.holder))}
    return sorted(totals, key=lambda p: (-totals[p], seat[p]))
