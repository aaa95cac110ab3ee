"""Player names: what may be one, and when two are the same name to a reader.

A name is 3 to 24 letters, digits, ``_`` or ``-`` (letters of any script, in NFKC form). Two names
are the same when their *skeletons* are: the name case-folded, with ``_`` and ``-`` dropped, and
every character replaced by the representative of its look-alike group (Unicode's confusables, as
the ``confusable-homoglyphs`` package ships them; ``l``, ``I``, ``1`` and ``|`` are one group, so
are Latin ``a`` and Cyrillic ``а``). The skeleton is stored unique, so "Rex", "REX", "r-e-x" and
"Rех" (Cyrillic е and х) are one name, and "Big_l" cannot imitate "Big_I". A name mixing scripts
with look-alikes is refused outright
(``confusables.is_dangerous``), and so is one containing a word of the offensive list
(``data/offensive.txt``, compared by skeleton, so spelling it with look-alikes does not help).
"""

from __future__ import annotations

import json
import unicodedata
from functools import lru_cache
from importlib import resources
from pathlib import Path

from confusable_homoglyphs import confusables

MIN_LENGTH = 3
MAX_LENGTH = 24
SEPARATORS = frozenset("_-")
MARK = "\u200e"
"""A left-to-right mark the confusables data puts around right-to-left characters."""
ASCII_ALIKE = str.maketrans({"1": "l", "i": "l", "|": "l", "0": "o"})
"""Look-alikes within ASCII, after case-folding (the confusables data: ``I``/``l``/``1``/``|``, ``O``/``0``)."""


class BadName(ValueError):
    """A name that may not be used, with the reason in words for the person choosing it."""


def normal(name: str) -> str:
    """The name as stored and shown: NFKC, surrounding spaces dropped."""
    return unicodedata.normalize("NFKC", name).strip()


def check(name: str) -> str:
    """The name as stored (``normal``), or ``BadName`` saying why it may not be one."""
    shown = normal(name)
    if not MIN_LENGTH <= len(shown) <= MAX_LENGTH:
        raise BadName(f"a name is {MIN_LENGTH} to {MAX_LENGTH} characters long")
    if not all(c.isalnum() or c in SEPARATORS for c in shown):
        raise BadName("a name has only letters, digits, '_' and '-'")
    if not shown[0].isalnum():
        raise BadName("a name starts with a letter or a digit")
    if confusables.is_dangerous(shown):
        raise BadName("this name mixes alphabets with letters that look alike; use one alphabet")
    if offensive(shown):
        raise BadName("this name is not allowed here; please choose another")
    return shown


def skeleton(name: str) -> str:
    """What the name looks like, whatever the case, separators and look-alike letters: two names with
    the same skeleton are the same name. Each character with a look-alike in ASCII becomes it (the
    confusables data: Cyrillic ``а`` -> ``a``, fullwidth ``Ｒ`` -> ``R``), then the name is
    case-folded and ASCII's own look-alikes are merged (``1``, ``i``, ``|`` -> ``l``; ``0`` -> ``o``;
    ``rn`` -> ``m``)."""
    latin = _latin()
    mapped = "".join(latin.get(c, c) for c in unicodedata.normalize("NFKC", name)).casefold()
    mapped = "".join(c for c in mapped if c not in SEPARATORS and not c.isspace())
    mapped = mapped.replace("rn", "m")
    return mapped.translate(ASCII_ALIKE)


def offensive(name: str) -> bool:
    """Whether the name contains a word of the offensive list (compared by skeleton)."""
    shape = skeleton(name)
    return any(word in shape for word in _offensive_skeletons())


WORD_ENDINGS = ("s", "es", "er", "ers", "ing", "ings", "ed", "y")


def offensive_word(word: str) -> bool:
    """Whether one word of running text (chat) is a word of the offensive list, or one with a common
    ending: unlike names, a listed word inside a longer one is no offence there ("Scunthorpe")."""
    shape = skeleton(word)
    endings = {skeleton(e) for e in WORD_ENDINGS}
    return any(shape == w or (shape.startswith(w) and shape[len(w):] in endings) for w in _offensive_skeletons())


@lru_cache(maxsize=1)
def _offensive_skeletons() -> tuple[str, ...]:
    text = resources.files("turnbuckle.players").joinpath("data/offensive.txt").read_text("utf-8")
    words = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return tuple(sorted({skeleton(w) for w in words if w}))


@lru_cache(maxsize=1)
def _latin() -> dict[str, str]:
    """Each non-ASCII character that looks like an ASCII one -> that one (the data lists at most one)."""
    data = json.loads(Path(confusables.__file__).with_name("confusables.json").read_text("utf-8"))
    out: dict[str, str] = {}
    for char, entries in data.items():
        char = char.replace(MARK, "")
        if len(char) != 1 or char.isascii():
            continue
        alike = sorted(str(e.get("c", "")) for e in entries if str(e.get("c", "")).isascii())
        if alike and len(alike[0]) == 1:
            out[char] = alike[0]
    return out


__all__ = ["MAX_LENGTH", "MIN_LENGTH", "BadName", "check", "normal", "offensive", "offensive_word", "skeleton"]
