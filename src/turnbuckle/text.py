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
