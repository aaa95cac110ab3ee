"""Wrestler cards: the built-in roster, users' roster files, the card template and validation."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from turnbuckle.engine.datafiles import load_model, packaged_data, read_toml, source_name, toml_string, validate
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.filsinger.models import Card, Roster


@cache
def default_roster() -> tuple[Card, ...]:
    """The shipped ``data/cards.toml``."""
    roster = load_model(Roster, packaged_data("turnbuckle.games.filsinger", "cards.toml"))
    return tuple(roster.wrestler)


def validate_card_file(path: Path | str) -> list[Card]:
    """Read and validate a user's roster file; raises a one-line ``DataFileError``."""
    data = read_toml(path)
    if isinstance(data, dict) and "wrestler" not in data:
        raise DataFileError(f"{source_name(path)}: no [[wrestler]] tables found")
    return list(validate(Roster, data, str(path)).wrestler)


def load_roster(path: Path | str | None) -> tuple[Card, ...]:
    """The built-in cards, with a user's file added (its cards replace same-named ones)."""
    cards = list(default_roster())
    if path is None:
        return tuple(cards)
    extra = validate_card_file(path)
    names = {c.name.lower() for c in extra}
    return tuple([c for c in cards if c.name.lower() not in names] + extra)


def template_card(name: str) -> str:
    """A complete, valid card for ``name`` to edit (TOML text)."""
    clean = name.strip()
    if not clean or any(ord(c) < 32 for c in clean):
        raise DataFileError(f"wrestler name {name!r} cannot be used on a card (empty or a control character)")
    own = clean.upper()

    def q(text: str) -> str:
        return toml_string(text)

    return f'''# Filsinger wrestler card for {clean}. Every level has six entries (die rolls 1-6).
# Offense: "move N" (N = opponent's defense level), tags (ag) (pw) (ch A-H) (add 1) (dis) (dis N)
# (tag) (singles); "into the ropes (c)", "into the turnbuckle (c)", "out of the ring (c)",
# "deathjump (c)"; a finisher in CAPITALS on level 3 with (+N) or "RANGE (roll)".
# Defense: "dazed N", "hurt N", "down N" (with (tag), and (lv) after down 3), "{own} N", "PIN".
[[wrestler]]
name = {q(clean)}
group = ""
partners = []
allies = []
rivals = []

[wrestler.offense]
level1 = ["headlock 1", "hammerlock 2", "hip toss 2", "into the ropes (c)", "arm drag 1 (ag)", "chop 1"]
level2 = ["body slam 2 (pw)", "into the turnbuckle (c)", "dropkick 2 (ag)", "suplex 3",
          "elbow drop 2", "flying knee 3 (ch C)"]
level3 = ["piledriver 3 (add 1)", "out of the ring (c)", "deathjump (c)", "chair shot 3 (dis)",
          "clothesline 3", {q(own + " SPECIAL (+3)")}]

[wrestler.defense]
level1 = [{q(own + " 1")}, {q(own + " 2")}, "dazed 1", "dazed 2", "hurt 1", {q(own + " 1")}]
level2 = [{q(own + " 2")}, "dazed 2", "hurt 2", "hurt 2 (tag)", "hurt 3", {q(own + " 1")}]
level3 = ["PIN", {q(own + " 2")}, "down 3 (lv)", "down 3 (tag)", "hurt 3", "PIN"]

[wrestler.ratings]
ropes = "B"
turnbuckle = "B"
ring = "B"
deathjump = "B"
disqualification = 6
pin = 6
pin_advanced = 3
agility = 0
power = 0
cage = 6
distractor = 5
'''


def write_template(name: str, path: Path | str, overwrite: bool = False) -> Path:
    """Write ``template_card(name)`` to ``path``; never replaces a file unless ``overwrite``."""
    target = Path(path)
    if target.exists() and not overwrite:
        raise DataFileError(f"{target}: already exists; not overwriting it (pass overwrite=True)")
    text = template_card(name)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"{target}: cannot write ({exc.strerror})") from None
    return target
