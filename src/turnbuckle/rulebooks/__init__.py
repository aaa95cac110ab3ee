"""The rule texts turnbuckle implements, as transcribed, shipped so that a clone or an installed
package can show them (``turnbuckle rules GAME --text``, the web app's rules links).

They are the authority behind every rule the code enforces; where a text is silent, garbled or
contradicts itself, ``docs/rulings.md`` records the reading taken.
"""

from __future__ import annotations

from importlib import resources

from turnbuckle.engine.errors import UnknownGameError


def available() -> list[str]:
    """Game ids with a shipped rule text."""
    folder = resources.files(__name__)
    return sorted(p.name.removesuffix(".txt") for p in folder.iterdir() if p.name.endswith(".txt"))


def rule_text(game: str) -> str:
    """The full rule text of ``game`` (one-line ``UnknownGameError`` if none is shipped)."""
    if game not in available():
        raise UnknownGameError(f"no rule text for {game!r}; texts: {', '.join(available())}")
    return resources.files(__name__).joinpath(f"{game}.txt").read_text(encoding="utf-8")
