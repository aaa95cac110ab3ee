"""The attack menu's odds (``odds.py``): exact chances of an opposed roll from the dice faces and the
cards, checked against counting every way the dice can fall."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from support.rumbleslam import fixture_game, profile
from turnbuckle.games.rumbleslam.dice import load_dice
from turnbuckle.games.rumbleslam.odds import _faces, contest, total_chances

DICE = load_dice()
FACES = _faces(DICE)
RAW = {"C": (0, 0, 1, 1, 2, 3), "S": (0, 1, 1, 2, 3, 4), "G": (0, 1, 2, 3, 4, 5)}
"""The shipped six-sided faces (data/dice.toml, ruling AMB-1), every face listed."""


def counted(attacker: tuple[str, ...], a_flat: int, defender: tuple[str, ...], d_flat: int) -> tuple[Fraction, ...]:
    """(success, Beatdown, Reversal) by listing every way the dice fall."""
    win = beat = rev = Fraction(0)
    rolls = [RAW[k] for k in attacker + defender]
    each = Fraction(1, 6 ** len(rolls))
    for faces in itertools.product(*rolls):
        a = sum(faces[: len(attacker)]) + a_flat
        d = sum(faces[len(attacker):]) + d_flat
        win += each if a > d else 0
        beat += each if a - d >= 4 else 0
        rev += each if d - a >= 4 else 0
    return win, beat, rev


pools = st.lists(st.sampled_from("CSG"), max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(pools, st.integers(-1, 2), pools, st.integers(-1, 2))
def test_contest_matches_counting_every_roll(attacker: tuple[str, ...], a_flat: int, defender: tuple[str, ...],
                                             d_flat: int) -> None:
    # rumbleslam ACTION POINTS: the attack succeeds on a higher total; BEATDOWNS / REVERSALS by 4+
    found = contest(total_chances(attacker, a_flat, FACES), total_chances(defender, d_flat, FACES))
    expected = counted(attacker, a_flat, defender, d_flat)
    assert all(abs(f - float(e)) < 1e-9 for f, e in zip(found, expected, strict=True))


def test_the_attack_menu_says_the_dice_and_the_chances(tmp_path: Path) -> None:
    game = fixture_game(tmp_path, [profile("A", att="1S+1", grp="2S"), profile("B"), profile("C")], ["A", "C"], ["B"])
    win, beat, rev = counted(("S",), 1, ("C",), 0)
    said = game.describe_action("brawl A->B")
    assert said is not None and said.startswith("Brawl, 1AP")  # the rulebook's words first
    assert (f"ATT 1S+1 against DEF 1C: succeeds {round(float(win) * 100)}% (Beatdown {round(float(beat) * 100)}%, "
            f"Reversal {round(float(rev) * 100)}%)") in said
    trip = game.describe_action("trip A->B") or ""
    assert "against DEF 1C" in trip and "against DEX 1C" in trip and "the defender chooses" in trip
    lift = game.describe_action("lift A->C") or ""  # a friend: GRP against its WEIGHT (1)
    lifts = sum(Fraction(1, 36) for a, b in itertools.product(RAW["S"], RAW["S"]) if a + b >= 1)
    assert f"GRP 2S against WEIGHT 1: lifts {round(float(lifts) * 100)}%" in lift
    pin = game.describe_action("pin A->B") or ""  # rumbleslam PIN: 1C per WEIGHT; +1C/+2C for STA left
    below = counted(("C",), 0, ("C",), 0)[0]
    assert f"Pins {round(float(below) * 100)}% of the time below half STA" in pin
    assert game.describe_action("move A C4") is not None and "%" not in (game.describe_action("move A C4") or "")
