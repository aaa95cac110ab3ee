"""Writing TOML: a roster entry (or a whole roster) as the text a user would write by hand, so
the card editor can export what it saved and a booked match can carry its cards as data.

Only what TOML data files hold: strings, whole and decimal numbers, booleans, arrays and tables.
Tables nested in a table become ``[a.b]`` sections and arrays of tables ``[[a.b]]``, after the
table's own keys (TOML needs them first).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from turnbuckle.engine.datafiles import toml_string

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def dumps(document: Mapping[str, Any]) -> str:
    """The TOML text of ``document`` (a dict of the values above)."""
    out: list[str] = []
    _table([], document, out)
    return "\n".join(out).strip() + "\n"


def _key(key: str) -> str:
    return key if BARE_KEY.fullmatch(key) else toml_string(key)  # fullmatch: "$" would let "a\n" through


def _is_table_array(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _is_section(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value)


def _table(path: list[str], table: Mapping[str, Any], out: list[str]) -> None:
    for key, value in table.items():
        if not _is_section(value) and not _is_table_array(value):
            out.append(f"{_key(key)} = {value_text(value)}")
    for key, value in table.items():
        dotted = ".".join(_key(k) for k in [*path, key])
        if _is_section(value):
            out.append(f"\n[{dotted}]")
            _table([*path, key], value, out)
        elif _is_table_array(value):
            for item in value:
                out.append(f"\n[[{dotted}]]")
                _table([*path, key], item, out)


def value_text(value: Any) -> str:
    """One TOML value (arrays and tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value!r} is not a number a TOML file can hold here")
        return repr(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{_key(k)} = {value_text(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"cannot write {type(value).__name__} as TOML")


__all__ = ["dumps", "value_text"]
