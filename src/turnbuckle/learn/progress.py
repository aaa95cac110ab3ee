"""The terminal's lesson progress: which lessons of each game are done, in a small JSON file in the
user's data directory (``$TURNBUCKLE_DATA_DIR``, else ``$XDG_DATA_HOME/turnbuckle``, else
``~/.local/share/turnbuckle``). The browser keeps its own in localStorage."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Final

from turnbuckle.engine.datafiles import write_text_atomically
from turnbuckle.engine.errors import DataFileError

FILE_NAME: Final = "learn.json"
MAX_BYTES: Final = 64 * 1024


def data_dir() -> Path:
    """Where turnbuckle keeps a user's own small files."""
    own = os.environ.get("TURNBUCKLE_DATA_DIR")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "turnbuckle"


def progress_file() -> Path:
    return data_dir() / FILE_NAME


def load_progress() -> dict[str, list[int]]:
    """Finished lesson numbers per game; a missing, unreadable or foreign file counts as none done
    (progress is a convenience: it never stops a lesson from being played)."""
    path = progress_file()
    try:
        if path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(game): sorted({n for n in done if isinstance(n, int) and not isinstance(n, bool)})
            for game, done in data.items() if isinstance(done, list)}


def save_progress(progress: dict[str, list[int]]) -> None:
    path = progress_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DataFileError(f"{path.parent}: cannot keep lesson progress there ({exc.strerror})") from None
    write_text_atomically(path, json.dumps(progress, sort_keys=True) + "\n", force=True, what="progress")


def mark_done(game: str, number: int) -> None:
    progress = load_progress()
    progress[game] = sorted(set(progress.get(game, [])) | {number})
    save_progress(progress)


def reset(game: str) -> None:
    progress = load_progress()
    if progress.pop(game, None) is not None:
        save_progress(progress)


__all__ = ["data_dir", "load_progress", "mark_done", "progress_file", "reset", "save_progress"]
