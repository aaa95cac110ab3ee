"""Small helpers for text people read: counts with the right plural."""

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
