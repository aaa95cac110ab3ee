"""How the league words a match for people, the same in the terminal and the browser:
``"Rex Hammond def. Duke Marlowe (pin)"``, methods as the rest of the program says them."""

from __future__ import annotations

from collections.abc import Sequence

from turnbuckle.engine.result import Method


def method_words(method: str | None) -> str:
    """``count_out`` -> ``count out``: a stored method as ``MatchResult.describe`` words it."""
    return method.replace("_", " ") if method else ""


def side_names(side: Sequence[str]) -> str:
    return " & ".join(side)


def match_line(sides: Sequence[Sequence[str]], winner_side: int | None, method: str | None, done: bool = True) -> str:
    """``"A def. B (pin)"``; a tag or multi-side match names every side (``"A & B def. C & D"``,
    ``"A def. B, C and D"``); a draw ``"A vs B: draw (time limit)"``; not played ``"A vs B"``."""
    names = [side_names(s) for s in sides]
    if not done:
        return " vs ".join(names)
    how = method_words(method)
    if winner_side is None or not 0 <= winner_side < len(names):
        shown = "draw" if method in (None, Method.DRAW.value, Method.OTHER.value) else f"draw ({how})"
        return f"{' vs '.join(names)}: {shown}"
    losers = [n for i, n in enumerate(names) if i != winner_side]
    beaten = losers[0] if len(losers) == 1 else f"{', '.join(losers[:-1])} and {losers[-1]}"
    return f"{names[winner_side]} def. {beaten}" + (f" ({how})" if how else "")


__all__ = ["match_line", "method_words", "side_names"]
