"""Small helpers for text people read and type: counts with the right plural, whole numbers."""

from __future__ import annotations


def plural(count: int | float, word: str, words: str | None = None) -> str:
    """``"1 match"``, ``"2 matches"``, ``"1,000 entries"`` (``words``: an irregular plural)."""
    shown = f"{count:,}" if isinstance(count, int) else f"{count:,.1f}"
    if count == 1:
        return f"{shown} {word}"
    if words is None:
        if word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
            words = word[:-1] + "ies"
        else:
            words = word + ("es" if word.endswith(("ch", "sh", "s", "x")) else "s")
    return f"{shown} {words}"


def whole_number(text: str, digits: int = 9, *, most: int | None = None) -> int | None:
    """``text`` as a whole number of at most ``digits`` ASCII digits (and at most ``most``), else
    None. ``str.isdigit`` alone lets ``"²"`` and ``"٣"`` through (which ``int`` refuses or reads) and
    any length (which ``int`` may refuse, and a database driver overflows on). The one parser of a
    number a person or a URL gives: ids, counts, sides, query parameters, form fields."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        return None
    number = int(text)
    if most is not None and number > most:
        return None
    return number


def signed_number(text: str, digits: int = 9) -> int | None:
    """``whole_number`` with an optional leading ``+`` or ``-`` (a card's modifiers, a pin bonus)."""
    text = text.strip()
    sign = -1 if text.startswith("-") else 1
    body = text[1:] if text[:1] in ("+", "-") else text
    if body[:1] in ("+", "-") or body != body.strip():
        return None
    number = whole_number(body, digits)
    return None if number is None else sign * number


NAME_LIMIT = 200
"""The most characters a name people give (a promotion, a belt, a card, a wrestler, a team) may
have: the database's name columns hold 200 (PostgreSQL refuses longer, SQLite would keep them)."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: in a name they would turn the text around them on every page."""


def name_problem(name: str, what: str = "a name", limit: int = NAME_LIMIT) -> str | None:
    """Why ``name`` cannot be stored as a name shown to people (too long, a control character, a
    right-to-left override), or None when it can."""
    if len(name) > limit:
        return f"{what} has at most {limit} characters (this one has {len(name):,})"
    for char in name:
        if char in BIDI_CONTROLS:
            return f"{what} may not hold the text-direction control U+{ord(char):04X}"
        if ord(char) < 32 or 127 <= ord(char) < 160 or char in "\u2028\u2029":
            return f"{what} may not hold the control character U+{ord(char):04X}"
    return None
