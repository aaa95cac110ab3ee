"""Loading TOML game data (rosters, decks, charts) into pydantic models with precise errors.

Every file a user hands us goes through :func:`read_text_file`, which refuses what is not a
regular file (a directory, ``/dev/zero``, a named pipe that would block forever), anything over a
size limit, and bytes that are not UTF-8 text, each with a one-line ``DataFileError`` naming the
file. Nesting is limited too (:func:`check_nesting`), *before* parsing: parsers recurse, and a
file of ten thousand ``[`` would otherwise end in a ``RecursionError``.

A data source is a path or inline text. Inline text is a ``data:application/toml`` URI (RFC 2397)
made by :func:`inline_source`: a plain string, so it passes through every game's ``roster``
param unchanged, is hashable (cached loaders), JSON-safe (replays embed it) and has no ``/``
but the one in its prefix (``Path(source)`` on POSIX leaves it as it is). :func:`read_toml` accepts either form.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import Any, Final, Literal, TypeVar
from urllib.parse import unquote

from pydantic import BaseModel, ValidationError

from turnbuckle.engine.errors import DataFileError

ModelT = TypeVar("ModelT", bound=BaseModel)

MAX_DATA_FILE_BYTES: Final = 4 * 1024 * 1024
"""Largest roster, card or chart file read (4 MiB: the biggest shipped file is under 100 KiB)."""
MAX_NESTING: Final = 64
"""Deepest nesting of arrays / tables accepted in a data or replay file (ours use 4)."""
INLINE_PREFIX: Final = "data:application/toml"
"""How an inline data source starts: ``data:application/toml;name=NAME,TEXT`` (percent-escaped)."""

DataSource = str | Path
"""A path, or inline text made by :func:`inline_source`."""

_PACKAGE_ROOT: Final = Path(__file__).resolve().parent.parent
_local_files_forbidden: ContextVar[str | None] = ContextVar("turnbuckle_local_files_forbidden", default=None)


# -- reading files safely ------------------------------------------------------------------
def read_text_file(path: Path | str, *, limit: int | None = None, what: str = "file") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (default ``MAX_DATA_FILE_BYTES``,
    read when called, so it can be changed); else a one-line ``DataFileError``.

    The file type is checked before opening, so a named pipe or a device never blocks or streams
    forever; at most ``limit + 1`` bytes are read.
    """
    limit = MAX_DATA_FILE_BYTES if limit is None else limit
    path = Path(path)
    _check_local_file_allowed(path)
    try:
        info = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        raise DataFileError(f"{path}: cannot read {what} (no such file)") from None
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read {what} ({_reason(exc)})") from None
    except ValueError:  # an embedded NUL byte
        raise DataFileError(f"{path!s:.200}: not a usable file name") from None
    if stat.S_ISDIR(info.st_mode):
        raise DataFileError(f"{path}: is a directory, not a {what}")
    if not stat.S_ISREG(info.st_mode):
        raise DataFileError(f"{path}: not a regular file (a device, pipe or socket cannot be a {what})")
    if info.st_size > limit:
        raise DataFileError(f"{path}: {what} too large ({_size(info.st_size)}; the limit is {_size(limit)})")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):  # swapped since the check
                raise DataFileError(f"{path}: not a regular file")
            data = handle.read(limit + 1)
    except OSError as exc:
        raise DataFileError(f"{path}: cannot read {what} ({_reason(exc)})") from None
    if len(data) > limit:
        raise DataFileError(f"{path}: {what} too large (over the limit of {_size(limit)})")
    if b"\x00" in data:
        raise DataFileError(f"{path}: a binary file, not a text {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def check_nesting(text: str, kind: Literal["toml", "json"], source: str, limit: int | None = None) -> None:
    """Refuse text nesting arrays / tables deeper than ``limit`` (default ``MAX_NESTING``).

    A single left-to-right scan (linear time, whatever the text): brackets inside strings and
    comments do not count; an unterminated string ends the scan (the parser reports it).
    """
    limit = MAX_NESTING if limit is None else limit
    toml = kind == "toml"
    interesting = _TOML_INTERESTING if toml else _JSON_INTERESTING
    depth = 0
    pos = 0
    end = len(text)
    while pos < end:
        found = interesting.search(text, pos)
        if found is None:
            return
        char = found.group()
        at = found.start()
        if char in "[{":
            depth += 1
            if depth > limit:
                raise DataFileError(f"{source}: nested more than {limit} levels deep")
            pos = at + 1
        elif char in "]}":
            depth = max(depth - 1, 0)
            pos = at + 1
        elif char == "#":
            newline = text.find("\n", at)
            pos = end if newline < 0 else newline + 1
        else:
            pos = _string_end(text, at, char, toml)


def check_parsed_nesting(data: Any, source: str, limit: int | None = None) -> None:
    """The same limit on parsed data (TOML dotted keys nest without brackets); iterative."""
    limit = MAX_NESTING if limit is None else limit
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            raise DataFileError(f"{source}: nested more than {limit} levels deep")
        if isinstance(node, dict):
            stack.extend((value, depth + 1) for value in node.values())
        elif isinstance(node, list):
            stack.extend((value, depth + 1) for value in node)


def parse_json(text: str, source: str, limit: int | None = None) -> Any:
    """``json.loads`` with the nesting limit checked first; ``ValueError`` with a one-line reason."""
    check_nesting(text, "json", source, limit)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{exc.msg} at line {exc.lineno}") from None
    except (ValueError, RecursionError) as exc:  # e.g. an integer of more than 4300 digits
        raise ValueError(_first_line(str(exc)) or "unreadable number") from None


# -- writing files safely --------------------------------------------------------------------
def check_output_path(path: Path, *, force: bool = False, what: str = "replay") -> None:
    """Refuse, before any work is done, a target that cannot be written: a missing directory, a
    name too long, a directory, or an existing file without ``force``."""
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        raise DataFileError(f"{path}: cannot write the {what} (a part of the path is not a directory)") from None
    except OSError as exc:
        raise DataFileError(f"{path}: cannot write the {what} ({exc.strerror or type(exc).__name__})") from None
    except ValueError:
        raise DataFileError(f"{path!s:.200}: not a usable file name") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise DataFileError(f"{path}: is a directory; give a file name for the {what}")
        if not stat.S_ISREG(info.st_mode):  # never replace a device, pipe or socket, --force or not
            raise DataFileError(f"{path}: not a regular file; the {what} cannot replace it")
        if not force:
            raise DataFileError(f"{path}: already exists; not overwritten (use --force to replace it)")
    parent = path.parent
    if not parent.is_dir():
        raise DataFileError(f"{path}: cannot write the {what}: no directory {str(parent)!r}")


def _new_temporary(folder: Path) -> tuple[int, Path]:
    """A new file beside the target, made with mode 0o666 less the umask like any other output
    (``tempfile.mkstemp`` makes 0o600, and the rename would keep that: a replay only its owner
    could read, beside reports everyone may)."""
    for _ in range(100):
        candidate = folder / f".turnbuckle-{secrets.token_hex(8)}.tmp"
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), candidate
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name")


def write_text_atomically(path: Path, text: str, *, force: bool = False, what: str = "replay") -> None:
    """Write via a temporary file in the same directory, renamed into place; on any failure the
    temporary file is removed, so nothing stray is left and a good old file is never half-written."""
    check_output_path(path, force=force, what=what)
    try:
        fd, tmp = _new_temporary(path.parent)
    except OSError as exc:
        raise DataFileError(f"{path}: cannot write the {what} ({exc.strerror or type(exc).__name__})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        if force:
            os.replace(tmp, path)
        else:
            os.link(tmp, path)  # fails if the file appeared meanwhile: never overwrite without --force
    except FileExistsError:
        raise DataFileError(f"{path}: already exists; not overwritten (use --force to replace it)") from None
    except (OSError, UnicodeEncodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "text not encodable"
        raise DataFileError(f"{path}: cannot write the {what} ({reason or type(exc).__name__})") from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()



# -- inline sources ------------------------------------------------------------------------
def inline_source(text: str, name: str = "embedded") -> str:
    """``text`` as an inline data source whose errors are reported as coming from ``name``."""
    return f"{INLINE_PREFIX};name={_escape(name, extra=',;')},{_escape(text)}"


def is_inline(source: object) -> bool:
    """True for a data source made by :func:`inline_source` (also inside a ``Path``)."""
    return isinstance(source, str | Path) and str(source).startswith(INLINE_PREFIX)


def source_name(source: DataSource) -> str:
    """How errors name a source: the path, or ``NAME (embedded)`` for inline text."""
    if not is_inline(source):
        return str(source)
    header = str(source).partition(",")[0]
    for part in header.split(";")[1:]:
        key, _, value = part.partition("=")
        if key == "name" and value:
            return f"{unquote(value)} (embedded)"
    return "embedded data"


def read_source_text(source: DataSource, *, limit: int | None = None, what: str = "file") -> str:
    """The text of a path or of inline data, with the same size limit."""
    limit = MAX_DATA_FILE_BYTES if limit is None else limit
    if not is_inline(source):
        return read_text_file(source, limit=limit, what=what)
    body = str(source).partition(",")[2]
    if len(body) > 3 * limit:
        raise DataFileError(f"{source_name(source)}: {what} too large (the limit is {_size(limit)})")
    text = unquote(body, errors="strict") if "%" in body else body
    if len(text.encode("utf-8", "surrogatepass")) > limit:
        raise DataFileError(f"{source_name(source)}: {what} too large (the limit is {_size(limit)})")
    return text


def inline_file(path: Path | str, *, limit: int | None = None, what: str = "file") -> str:
    """Read a user's file once (safely) and return it as an inline source named by its path."""
    if is_inline(path):
        return str(path)
    return inline_source(read_text_file(path, limit=limit, what=what), str(path))


@contextmanager
def local_files_forbidden(reason: str) -> Iterator[None]:
    """Within the block, reading any file outside turnbuckle's own package data is refused.

    Replays use it: a replay is data, and may never make turnbuckle open another local file.
    """
    token = _local_files_forbidden.set(reason)
    try:
        yield
    finally:
        _local_files_forbidden.reset(token)


# -- TOML ------------------------------------------------------------------------------------
def read_toml(path: DataSource, *, limit: int | None = None) -> dict[str, Any]:
    """Parse a TOML file or inline source; any problem is a one-line ``DataFileError`` naming it."""
    name = source_name(path)
    try:
        text = read_source_text(path, limit=limit, what="TOML file")
    except UnicodeDecodeError:
        raise DataFileError(f"{name}: not UTF-8 text") from None
    return parse_toml(text, name)


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """``tomllib.loads`` with the nesting limit checked before and after."""
    check_nesting(text, "toml", source)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{source}: malformed TOML: {_first_line(str(exc))}") from None
    except (ValueError, RecursionError) as exc:
        raise DataFileError(f"{source}: malformed TOML: {_first_line(str(exc)) or 'unreadable'}") from None
    check_parsed_nesting(data, source)
    return data


def validate(model: type[ModelT], data: Any, source: str) -> ModelT:
    """Validate ``data`` as ``model``; the error names the source, the field path and the reason."""
    if is_inline(source):
        source = source_name(source)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = _field_path(data, err["loc"])
        reason = err["msg"]
        if reason.startswith("Value error, "):
            reason = reason[len("Value error, ") :]
        raise DataFileError(f"{source}: {where}: {_first_line(reason)}") from None


_TOML_ESCAPES: Final = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes included (for the templates users edit).

    Quotes, backslashes and every control character are escaped, so any name round-trips;
    text that is not valid Unicode (lone surrogates from undecodable bytes) is refused.
    """
    out = ['"']
    for char in text:
        code = ord(char)
        if char in _TOML_ESCAPES:
            out.append(_TOML_ESCAPES[char])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\u{code:04X}")
        elif 0xD800 <= code <= 0xDFFF:
            raise DataFileError(f"{text!r} is not valid text (undecodable bytes)")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def require_unique_names(names: Iterable[str], what: str = "wrestler") -> None:
    """Raise ``ValueError`` (inside a validator: a field error) on the first repeated name."""
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise ValueError(f"{what} name {name!r} appears twice")
        seen.add(key)


def load_model(model: type[ModelT], path: DataSource) -> ModelT:
    """Read a TOML file (or inline source) and validate it as ``model``."""
    return validate(model, read_toml(path), source_name(path))


def packaged_data(package: str, filename: str) -> Path:
    """The path of a data file shipped inside a game package (``games/<id>/data``)."""
    return Path(str(resources.files(package).joinpath("data").joinpath(filename)))


# -- helpers ---------------------------------------------------------------------------------
_TOML_INTERESTING: Final = re.compile(r"[\[\]{}#\"']")
_JSON_INTERESTING: Final = re.compile(r'[\[\]{}"]')
_BASIC_STRING_REST: Final = re.compile(r'[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_JSON_STRING_REST: Final = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def _string_end(text: str, at: int, quote: str, toml: bool) -> int:
    """Where the string opened by ``quote`` at ``at`` ends (past its closing quote); the end of
    the text when it never does. Linear: each character is looked at a bounded number of times."""
    end = len(text)
    if not toml:
        closed = _JSON_STRING_REST.match(text, at + 1)
        return closed.end() if closed else end
    if text.startswith(quote * 3, at):
        pos = at + 3
        while True:
            close = text.find(quote * 3, pos)
            if close < 0:
                return end
            backslashes = 0
            while quote == '"' and close - backslashes - 1 >= pos and text[close - backslashes - 1] == "\\":
                backslashes += 1
            if backslashes % 2 == 0:
                stop = close + 3
                while stop < end and text[stop] == quote:  # up to two quotes may end the content
                    stop += 1
                return stop
            pos = close + 1
    if quote == "'":
        close = text.find("'", at + 1)
        newline = text.find("\n", at + 1)
        if close < 0 or (0 <= newline < close):
            return end if newline < 0 else newline + 1
        return close + 1
    closed = _BASIC_STRING_REST.match(text, at + 1)
    if closed is not None:
        return closed.end()
    newline = text.find("\n", at + 1)
    return end if newline < 0 else newline + 1


def _escape(text: str, extra: str = "") -> str:
    """Percent-escape ``%``, ``/``, control characters and ``extra``; everything else stays readable."""
    special = set("%/" + extra)
    return "".join(
        "".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass"))
        if ch in special or ord(ch) < 0x20 or ord(ch) == 0x7F
        else ch
        for ch in text
    )


def _check_local_file_allowed(path: Path) -> None:
    reason = _local_files_forbidden.get()
    if reason is None:
        return
    try:
        inside = path.resolve().is_relative_to(_PACKAGE_ROOT)
    except (OSError, ValueError, RuntimeError):
        inside = False
    if not inside:
        raise DataFileError(f"{path}: {reason}")


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MiB" if n >= 1024 * 1024 else f"{n} bytes"


def _first_line(text: str) -> str:
    return " ".join(text.split())


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
