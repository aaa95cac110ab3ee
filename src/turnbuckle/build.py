"""The compiled build: which modules mypyc compiles, and a way to tell whether they were.

The pure-Python install is the default and the reference. ``TURNBUCKLE_COMPILE=1 pip install .``
(``setup.py`` reads ``COMPILED_MODULES`` from this file) or, in a checkout, ``python -m
turnbuckle.build`` (compiles them in place next to their sources; ``--clean`` removes the
extension modules again) build the same modules as C extensions with mypyc: the ``fast`` extra
brings mypy, which ships mypyc; a C compiler must be installed. docs/testing.md tells how CI
tests the compiled build.

Adding a module to the compiled build is one line in ``COMPILED_MODULES``. What a module needs
to compile (single inheritance, a state class open to interpreted subclasses, no narrowed
``game``) is in ``turnbuckle.engine.game``'s docstring.

This module imports nothing from turnbuckle, so ``setup.py`` can load it before anything is installed.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

COMPILE_SWITCH = "TURNBUCKLE_COMPILE"
"""Set to ``1`` while building (``pip install .``) to compile ``COMPILED_MODULES``."""

COMPILED_MODULES: tuple[str, ...] = (
    "turnbuckle.engine.actions",
    "turnbuckle.engine.game",
    "turnbuckle.games.powerhouses.state",
    # each game: its plain state, its step table and the rule modules a playout runs (issue 35)
    *(f"turnbuckle.games.rumbleslam.{m}" for m in (
        "core", "state", "steps", "rerolls", "placement", "status", "rounds", "menu", "attacks", "specials",
        "grapple", "decisions", "prompts", "mat")),
    *(f"turnbuckle.games.filsinger.{m}" for m in (
        "core", "state", "options", "entries", "chart_rolls", "decisions", "defense", "disqualification",
        "finishers", "offense", "pins", "results", "tags", "queries")),
    *(f"turnbuckle.games.wrasslin.{m}" for m in (
        "core", "state", "chains", "deck", "flow", "holds", "landing", "matchtypes", "observe", "options",
        "plays", "refusals", "results", "ring", "steps", "tournament", "turns")),
    # skirmish's geometry as well
    *(f"turnbuckle.games.skirmish.{m}" for m in (
        "core", "state", "steps", "chance", "observe", "prompts", "menu", "destinations", "rounds", "damage",
        "movement", "placement", "attacks", "pins", "specials", "maneuvers", "decisions", "geometry")),
)
"""Every module the compiled build turns into a C extension: the engine core and the rules a playout runs."""


def compile_requested(environ: os._Environ[str] | dict[str, str] = os.environ) -> bool:
    """Whether the build switch asks for the compiled build."""
    return environ.get(COMPILE_SWITCH, "").strip() not in ("", "0")


def module_path(name: str, src: Path) -> Path:
    """The source file of a listed module under ``src`` (the directory holding ``turnbuckle``)."""
    return src.joinpath(*name.split(".")).with_suffix(".py")


def is_extension(name: str) -> bool:
    """Whether module ``name`` is imported from a compiled extension (imports it)."""
    module = importlib.import_module(name)
    loader = getattr(module.__spec__, "loader", None)
    return isinstance(loader, importlib.machinery.ExtensionFileLoader)


def compiled_modules() -> list[str]:
    """The listed modules that this installation runs compiled (empty: the pure-Python install)."""
    return [name for name in COMPILED_MODULES if is_extension(name)]


def _extensions(src: Path) -> list[Path]:
    """The extension modules an in-place build left under ``src`` (the listed ones and mypyc's shared library)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return [p for p in src.rglob("*") if p.name.endswith(suffixes) and p.is_file()]


def main(argv: list[str] | None = None) -> int:
    """``python -m turnbuckle.build [--clean]``: compile the listed modules in place in a checkout."""
    parser = argparse.ArgumentParser(prog="python -m turnbuckle.build", description=main.__doc__)
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules instead")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[2]
    if not (root / "setup.py").is_file():
        print(f"error: {root} is not a turnbuckle checkout (no setup.py); use TURNBUCKLE_COMPILE=1 pip install .",
              file=sys.stderr)
        return 2
    for path in _extensions(root / "src"):
        path.unlink()
    if args.clean:
        return 0
    env = {**os.environ, COMPILE_SWITCH: "1"}
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=root, env=env, check=False)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
