"""setuptools' build backend, plus mypy (which ships mypyc) and the project's dependencies as build
requirements when the build is compiled (``TURNBUCKLE_COMPILE=1``, see ``src/turnbuckle/build.py``);
the pure build needs nothing more."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F403  (the backend's other hooks, unchanged)

MYPY = "mypy>=1.10"


def _extra() -> list[str]:
    """mypy, and the project's own dependencies: mypyc type-checks the compiled modules first, and
    without numpy's types (pip builds in a fresh environment) the strict check of them fails."""
    if os.environ.get("TURNBUCKLE_COMPILE", "").strip() in ("", "0"):
        return []
    project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [MYPY, *project["dependencies"]]


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return [*_orig.get_requires_for_build_wheel(config_settings), *_extra()]


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return [*_orig.get_requires_for_build_editable(config_settings), *_extra()]
