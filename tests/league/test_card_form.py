"""The card editor's form, generated from each game's roster models (issue 25 item 8): every shipped
card goes into the form and comes back the same card (and the same through TOML), and every
validation message lands beside the field it is about."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from turnbuckle.engine.datafiles import parse_toml
from turnbuckle.league.card_form import (
    Bound,
    FormField,
    bind,
    form_values,
    model_form,
    place_errors,
    place_roster_error,
    read_form,
)
from turnbuckle.league.roster_cards import ROSTER_FORMATS, base_document, entry_text, roster_format
from turnbuckle.league.toml_text import dumps

GAMES = sorted(ROSTER_FORMATS)


def _cards(game: str) -> list[dict[str, Any]]:
    return list(base_document(game, None)["wrestler"])


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_card_goes_through_the_form_and_toml_unchanged(game: str) -> None:
    fmt = roster_format(game)
    form = model_form(fmt.entry_model)
    cards = _cards(game)
    assert cards
    for card in cards:
        original = fmt.entry_model.model_validate(card)
        back = read_form(form, form_values(bind(form, card)))
        assert fmt.entry_model.model_validate(back) == original, card["name"]
        again = parse_toml(entry_text(back), "export")["wrestler"][0]
        assert fmt.entry_model.model_validate(again) == original, card["name"]


def _leaves(bound: Bound) -> list[Bound]:
    return [b for b in bound.walk() if b.spec.kind not in ("model", "list", "tuple", "keyed") and b.name]


def _mistakes(leaf: Bound, in_optional: bool) -> list[tuple[str, str]]:
    """Wrong values for one input: out of its bounds, not a number, not one of its choices, empty
    (not inside an optional table, which an empty input may leave out as a whole)."""
    f: FormField = leaf.spec
    out: list[tuple[str, str]] = []
    if f.kind in ("int", "float"):
        if f.high is not None:
            out.append((str(int(f.high) + 1), "less than or equal"))
        if f.low is not None:
            out.append((str(int(f.low) - 1), "greater than"))
        out.append(("many", "valid"))
    elif f.kind == "choice":
        out.append(("no such choice", "Input should be"))
    if f.needed and f.kind in ("text", "int", "float", "choice") and leaf.index is None and not in_optional:
        out.append(("", "Field required"))
    return out


def _errors(game: str, values: dict[str, str]) -> Bound:
    fmt = roster_format(game)
    form = model_form(fmt.entry_model)
    data = read_form(form, values)
    bound = bind(form, data)
    with pytest.raises(ValidationError) as caught:
        fmt.entry_model.model_validate(data)
    assert place_errors(bound, caught.value) == []
    return bound


@pytest.mark.parametrize("game", GAMES)
def test_each_field_mistake_is_reported_beside_that_field(game: str) -> None:
    fmt = roster_format(game)
    form = model_form(fmt.entry_model)
    card = _cards(game)[0]
    checked = 0
    bound = bind(form, card)
    shown = form_values(bound)
    optional = [b.name + "." for b in bound.walk() if b.spec.kind == "model" and b.name and not b.spec.needed]
    absent = [p for p in optional if not any(k.startswith(p) and v and v != "false" for k, v in shown.items())]
    for leaf in _leaves(bound):
        if any(leaf.name.startswith(p) for p in absent):
            continue  # filling in one field of a table the card leaves out brings the table's other fields in
        for wrong, said in _mistakes(leaf, any(leaf.name.startswith(p) for p in optional)):
            values = form_values(bind(form, card))
            values[leaf.name] = wrong
            bound = _errors(game, values)
            where = {b.name: b.errors for b in bound.walk() if b.errors}
            assert list(where) == [leaf.name], (leaf.name, wrong, where)
            assert any(said in message for message in where[leaf.name]), (leaf.name, where)
            checked += 1
    assert checked >= 6


RULE_MISTAKES = [
    # (game, field changes, the field the rule text's message belongs to, words of the message)
    ("powerhouses", {"weakness": "=specialty"}, "specialty", "specialty and weakness are both"),  # Preparing to Play
    ("powerhouses", {"abilities.1": "=abilities.0"}, "abilities", "twice"),
    ("wrasslin", {"alignment": "good", "manager": "Slick Sal"}, "manager", "don't need managers (3.5)"),
    ("wrasslin", {"specialty.0.effect": "hold", "specialty.0.damage": ""}, "specialty.0.damage", "needs a damage"),
    ("filsinger", {"offense.level1.0": ""}, "offense.level1", "needs exactly 6 entries"),
    ("filsinger", {"defense.level1.0": "ZORRO 2"}, "defense.level1.0", "own name in capitals"),
    ("filsinger", {"ratings.pin": "3", "ratings.pin_advanced": "9"}, "ratings.pin_advanced", "exceeds the basic"),
    ("rumbleslam", {"def": "9X"}, "def", "is not a dice pool"),
    ("rumbleslam", {"abilities.0.kind": "turnbuckle", "abilities.0.range": ""}, "abilities.0.range", "needs a range"),
    ("skirmish", {"maneuver.0.kind": "attack", "maneuver.0.stats.0": "", "maneuver.0.defender": "STR"},
     "maneuver.0.stats", "needs stats"),
]


@pytest.mark.parametrize(("game", "changes", "field", "words"), RULE_MISTAKES)
def test_a_rule_broken_across_fields_is_reported_beside_the_field_it_names(
    game: str, changes: dict[str, str], field: str, words: str
) -> None:
    form = model_form(roster_format(game).entry_model)
    card = _cards(game)[0]
    values = form_values(bind(form, card))
    for key, value in changes.items():
        values[key] = values[value[1:]] if value.startswith("=") else value
    bound = _errors(game, values)
    where = {b.name: b.errors for b in bound.walk() if b.errors}
    assert field in where, where
    assert any(words in message for message in where[field]), where


def test_a_roster_message_names_the_field_of_the_card() -> None:
    form = model_form(roster_format("wrasslin").entry_model)
    bound = bind(form, _cards("wrasslin")[0])
    place_roster_error(bound, "G roster (embedded): wrestler[3] (Nova).name: wrestler name 'Nova' appears twice",
                       "G roster (embedded)")
    place_roster_error(bound, "G roster (embedded): 1 Wrestler(s) is too few", "G roster (embedded)")
    assert {b.name: b.errors for b in bound.walk() if b.errors} == {
        "name": ["wrestler name 'Nova' appears twice"],
        "": ["1 Wrestler(s) is too few"],
    }


def test_an_empty_list_entry_is_dropped_and_a_new_one_kept() -> None:
    form = model_form(roster_format("skirmish").entry_model)
    card = _cards("skirmish")[0]
    values = form_values(bind(form, card))
    count = len(card["maneuver"])
    for key in [k for k in values if k.startswith("maneuver.0.")]:
        values[key] = "" if values[key] not in ("true", "false") else values[key]
    values[f"maneuver.{count + 3}.name"] = "Late Entry"  # a gap in the numbering (an item removed on the page)
    back = read_form(form, values)
    assert [m["name"] for m in back["maneuver"]] == [m["name"] for m in card["maneuver"][1:]] + ["Late Entry"]


TOML_KEYS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
TOML_SCALARS = st.one_of(
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=20),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TOML_KEYS, inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(TOML_KEYS, TOML_VALUES, max_size=6))
def test_written_toml_reads_back_as_the_same_data(document: dict[str, Any]) -> None:
    assert parse_toml(dumps(document), "written") == document
