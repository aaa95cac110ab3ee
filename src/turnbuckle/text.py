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


def whole_number(text: str, digits: int = 9) -> int | None:
    """``text`` as a whole number of at most ``digits`` ASCII digits, else None. ``str.isdigit``
    alone lets ``"²"`` through (which ``int`` refuses) and any length (which ``int`` may refuse)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        return None
    return int(text)
