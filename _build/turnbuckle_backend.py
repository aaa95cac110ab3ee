"""setuptools' build backend, plus mypy (which ships mypyc) as a build requirement when the build is
compiled (``TURNBUCKLE_COMPILE=1``, see ``src/turnbuckle/build.py``); the pure build needs nothing more."""

from __future__ import annotations

import os

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F403  (the backend's other hooks, unchanged)

MYPY = "mypy>=1.10"
REQUIRES_ONLY = "TURNBUCKLE_BUILD_REQUIRES_ONLY"


def _extra() -> list[str]:
    return [MYPY] if os.environ.get("TURNBUCKLE_COMPILE", "").strip() not in ("", "0") else []


def _asking(hook, config_settings):  # type: ignore[no-untyped-def]
    """setuptools runs setup.py to answer; mypy is not installed yet then, and setup.py must not fail on it."""
    os.environ[REQUIRES_ONLY] = "1"
    try:
        return [*hook(config_settings), *_extra()]
    finally:
        del os.environ[REQUIRES_ONLY]


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _asking(_orig.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _asking(_orig.get_requires_for_build_editable, config_settings)
