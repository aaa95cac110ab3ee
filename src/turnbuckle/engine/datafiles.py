"""Loading TOML game data (rosters, decks, charts) into pydantic models with precise errors."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from turnbuckle.engine.errors import DataFileError

ModelT = TypeVar("ModelT", bound=BaseModel)


def read_toml(path: Path | str) -> dict[str, Any]:
    """Parse a TOML file; any problem becomes a one-line ``DataFileError`` naming the file."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise DataFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DataFileError(f"{path}: is a directory, not a TOML file") from None
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DataFileError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{path}: malformed TOML: {exc}") from None


def validate(model: type[ModelT], data: Any, source: str) -> ModelT:
    """Validate ``data`` as ``model``; the error names the source, the field path and the reason."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = _field_path(data, err["loc"])
        reason = err["msg"]
        if reason.startswith("Value error, "):
            reason = reason[len("Value error, ") :]
        raise DataFileError(f"{source}: {where}: {reason}") from None


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes included (for the templates users edit)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def require_unique_names(names: Iterable[str], what: str = "wrestler") -> None:
    """Raise ``ValueError`` (inside a validator: a field error) on the first repeated name."""
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise ValueError(f"{what} name {name!r} appears twice")
        seen.add(key)


def load_model(model: type[ModelT], path: Path | str) -> ModelT:
    """Read a TOML file and validate it as ``model``."""
    return validate(model, read_toml(path), str(path))


def packaged_data(package: str, filename: str) -> Path:
    """The path of a data file shipped inside a game package (``games/<id>/data``)."""
    return Path(str(resources.files(package).joinpath("data").joinpath(filename)))


def _field_path(data: Any, loc: tuple[Any, ...]) -> str:
    """``wrestler[2] (Bruno).faces`` style: indices plus the entry's name when it has one."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int):
            label = f"[{key}]"
            if isinstance(node, list) and 0 <= key < len(node):
                node = node[key]
                if isinstance(node, dict) and isinstance(node.get("name"), str):
                    label += f" ({node['name']})"
            else:
                node = None
            parts.append(label)
        else:
            parts.append(("." if parts else "") + str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or "(top level)"
