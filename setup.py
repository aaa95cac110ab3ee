"""The build: pure Python by default; with ``TURNBUCKLE_COMPILE=1`` the modules listed in
``turnbuckle.build.COMPILED_MODULES`` are compiled with mypyc (see that module and docs/testing.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src"
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
"""The setup.py commands that build extension modules."""


def _build_module():  # type: ignore[no-untyped-def]
    """``src/turnbuckle/build.py`` loaded from its file: the package's dependencies are not installed yet."""
    spec = importlib.util.spec_from_file_location("_turnbuckle_build", SRC / "turnbuckle" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _build_module()
if build.compile_requested() and not BUILDS.intersection(sys.argv[1:]):
    # asked for the build's requirements or metadata (egg_info, dist_info): nothing to compile, and
    # mypy may not be installed yet (the backend is what adds it)
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
