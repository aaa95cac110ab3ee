"""The build: pure Python by default; with ``TURNBUCKLE_COMPILE=1`` the modules listed in
``turnbuckle.build.COMPILED_MODULES`` are compiled with mypyc (see that module and docs/testing.md)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
REQUIRES_ONLY = "TURNBUCKLE_BUILD_REQUIRES_ONLY"
"""Set by ``_build/turnbuckle_backend.py`` while setuptools runs this file to list the build's requirements."""


def _build_module():  # type: ignore[no-untyped-def]
    """``src/turnbuckle/build.py`` loaded from its file: the package's dependencies are not installed yet."""
    spec = importlib.util.spec_from_file_location("_turnbuckle_build", SRC / "turnbuckle" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()
if build.compile_requested() and os.environ.get(REQUIRES_ONLY) == "1" and importlib.util.find_spec("mypyc") is None:
    # the backend only asks for the build's requirements (it adds mypy): nothing is compiled in this run
    setup()
elif build.compile_requested():
    if importlib.util.find_spec("mypyc") is None:
        raise SystemExit(f"error: {build.COMPILE_SWITCH}=1 needs mypy (which ships mypyc): pip install 'mypy>=1.10'")
    from mypyc.build import mypycify

    paths = [str(build.module_path(name, SRC).relative_to(ROOT)) for name in build.COMPILED_MODULES]
    # The build environment may lack the runtime dependencies (pip's isolated build): their types are
    # then unknown (Any), which changes nothing at run time; errors outside the listed modules are not ours to fail on.
    setup(ext_modules=mypycify(["--ignore-missing-imports", "--follow-imports=silent", *paths], opt_level="3"))
else:
    setup()
