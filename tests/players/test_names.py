"""Player names: unique whatever the case, separators and look-alike letters; offensive ones refused."""

from __future__ import annotations

import pytest

from turnbuckle.players import names, passwords


@pytest.mark.parametrize(("one", "other"), [
    ("Rex", "REX"), ("Rex", "r-e-x"), ("Rex", "R_ex"), ("Rex", "Ｒｅｘ"),  # fullwidth, NFKC
    ("Big_l", "Big_I"), ("Big_l", "big_1"), ("Bob", "B0B"), ("modern", "rnodern"),
    ("rex", "rех"),  # Cyrillic е and х
])
def test_names_that_look_the_same_have_one_skeleton(one: str, other: str) -> None:
    assert names.skeleton(one) == names.skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("Rex", "Rey"), ("Sam", "Fat"), ("Classic", "Glassic"), ("Ünal", "Unal")])
def test_different_names_differ(one: str, other: str) -> None:
    assert names.skeleton(one) != names.skeleton(other)


@pytest.mark.parametrize("name", ["раураl", "Rех", "Ωmega"])
def test_a_name_mixing_alphabets_with_look_alikes_is_refused(name: str) -> None:
    with pytest.raises(names.BadName, match="alphabets"):
        names.check(name)


@pytest.mark.parametrize("name", ["Hitler99", "Sh1t_Kicker", "FUCKER", "n1gger"])
def test_offensive_names_are_refused_even_spelt_with_look_alikes(name: str) -> None:
    with pytest.raises(names.BadName, match="not allowed"):
        names.check(name)


@pytest.mark.parametrize("name", ["ab", "x" * 25, "a b", "_rex", "rex!", "<script>"])
def test_malformed_names_are_refused_with_the_rule(name: str) -> None:
    with pytest.raises(names.BadName):
        names.check(name)


@pytest.mark.parametrize("name", ["Françoise", "日本語名", "El_Santo-2", "Grape", "Classic"])
def test_ordinary_names_of_any_alphabet_pass(name: str) -> None:
    assert names.check(name) == name


def test_passwords_are_argon2id_salted_and_checked() -> None:
    first = passwords.hash_password("correct horse")
    second = passwords.hash_password("correct horse")
    assert first.startswith("$argon2id$") and first != second
    assert passwords.verify(first, "correct horse")
    assert not passwords.verify(first, "Correct horse")
    assert not passwords.verify(None, "correct horse")  # no account: false, after the same work
    assert not passwords.verify("not a hash", "correct horse")
    with pytest.raises(passwords.BadPassword):
        passwords.hash_password("short")
