"""How far compiling the rules as they stand (mypyc) moves random playouts toward 0.3x ``pig`` (issue 13, item 1).

Superseded by the shipped compiled build (issue 35: ``src/turnbuckle/build.py``) and its benchmark
``benchmarks/bench_compiled.py``. The edits below are in the source since then, so this probe now
stops at its first one ("no longer matches"); it is kept as the record of the figures it measured.

``playout_floor.py`` shows that RUMBLESLAM's and skirmish's rules must cost 8-18x less to reach
0.3x of OpenSpiel's C++ ``pig`` in pure Python. The issue welcomes a compiled path, so this
script measures the cheapest one: the same modules compiled by mypyc, with only the few source
edits mypyc needs to accept them (listed in ``EDITS`` with the reason for each). It

1. copies ``src/`` to a scratch directory, applies the edits (each must match exactly once, so a
   stale probe fails loudly instead of measuring something else) and runs mypyc on the engine
   core and the game's rule layers (``MODULES``);
2. plays the same ``--playouts`` seeded random playouts through ``bench_core.playout`` with the
   interpreted modules, the compiled ones and ``pig``, each in its own fresh process and
   interleaved over ``--rounds`` rounds (CPU clock, medians);
3. prints transitions/s, the ratio to ``pig``, and a digest of every playout's actions and
   returns: the compiled rules must play exactly the same matches.

    python benchmarks/probes/compiled_probe.py rumbleslam
    python benchmarks/probes/compiled_probe.py skirmish --playouts 30 --rounds 3

Needs mypy (the ``test`` extra) and a C compiler. The compiled copy is a measurement, not a
build: its state classes lose ``__dict__``, so ``clone`` (which copies it) does not work there;
a shipped compiled path would also need a field-by-field clone.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TARGET_RATIO = 0.3

ENGINE = ("turnbuckle/engine/game.py", "turnbuckle/engine/actions.py")
MODULES: dict[str, tuple[str, ...]] = {
    "rumbleslam": ENGINE + tuple(
        f"turnbuckle/games/rumbleslam/{m}.py"
        for m in ("core", "rerolls", "placement", "status", "rounds", "menu", "attacks", "specials", "grapple",
                  "decisions", "prompts", "steps", "state", "mat")),
    "skirmish": ENGINE + tuple(
        f"turnbuckle/games/skirmish/{m}.py"
        for m in ("core", "chance", "prompts", "observe", "menu", "destinations", "rounds", "damage", "movement",
                  "placement", "attacks", "pins", "specials", "maneuvers", "decisions", "steps", "state", "geometry")),
    "filsinger": ENGINE + tuple(
        f"turnbuckle/games/filsinger/{m}.py"
        for m in ("core", "entries", "results", "tags", "pins", "defense", "finishers", "offense", "chart_rolls",
                  "disqualification", "decisions", "queries", "steps", "state")),
    "wrasslin": ENGINE + tuple(
        f"turnbuckle/games/wrasslin/{m}.py"
        for m in ("core", "options", "holds", "results", "ring", "landing", "flow", "refusals", "chains", "deck",
                  "turns", "plays", "tournament", "observe", "steps", "state")),
}
"""The engine core and each game's rule layers: everything a playout runs but data loading."""

EDITS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "engine": (
        ("turnbuckle/engine/game.py", "\nclass Game(ABC):",
         "\nfrom mypy_extensions import mypyc_attr\n\n@mypyc_attr(allow_interpreted_subclasses=True)\nclass Game(ABC):",
         "the other games' Game and State classes stay interpreted and subclass these"),
        ("turnbuckle/engine/game.py", "\nclass State(ABC):",
         "\n@mypyc_attr(allow_interpreted_subclasses=True)\nclass State(ABC):\n    game: Any\n",
         "a native subclass may not narrow an attribute's type (``game: RumbleslamGame``)"),
    ),
    "rumbleslam": (
        ("turnbuckle/games/rumbleslam/state.py", "\n    game: RumbleslamGame\n", "\n",
         "see State.game"),
    ),
    "skirmish": (
        ("turnbuckle/games/skirmish/state.py", "\n    game: SkirmishGame\n", "\n", "see State.game"),
    ),
    "filsinger": (
        ("turnbuckle/games/filsinger/state.py", "\n    game: FilsingerGame\n", "\n", "see State.game"),
    ),
    "wrasslin": (),
}
"""(file, old, new, why): the least the rules must change for mypyc to compile them."""

MYPY_INI = "[mypy]\nignore_missing_imports = True\n"
"""The project's strict settings reject the ``Any`` the edits introduce; the probe checks less."""

_CHILD = """
import hashlib, json, random, sys, time
sys.path.insert(0, sys.argv[3])
from bench_core import playout
name, playouts = sys.argv[1], int(sys.argv[2])
if name == "pig":
    import pyspiel
    game = pyspiel.load_game("pig")
    def fresh():
        return game.new_initial_state()
    def log(state):
        return state.history_str(), state.returns()
    where = pyspiel.__file__
else:
    import turnbuckle
    game = turnbuckle.load_game(name)
    fresh = game.new_initial_state
    import turnbuckle.engine.game as engine_game
    where = engine_game.__file__
    def log(state):
        return [a.name for a in state._history], state.returns()
playout(fresh(), random.Random(-1))  # warm up
digest = hashlib.sha256()
transitions = 0
start = time.process_time()
for seed in range(playouts):
    state = fresh()
    transitions += playout(state, random.Random(seed))
    digest.update(repr(log(state)).encode())
seconds = time.process_time() - start
print(json.dumps({"transitions": transitions, "seconds": seconds, "digest": digest.hexdigest()[:16],
                  "module": where}))
"""


def prepare(game: str, scratch: Path) -> Path:
    """A copy of ``src/`` with the edits applied and ``MODULES[game]`` compiled in place."""
    src = scratch / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    for path, old, new, _why in EDITS["engine"] + EDITS[game]:
        file = src / path
        text = file.read_text()
        if text.count(old) != 1:
            raise SystemExit(f"error: {path}: the probe's edit no longer matches ({old.strip()!r}); update EDITS")
        file.write_text(text.replace(old, new))
    (src / "mypy.ini").write_text(MYPY_INI)
    print(f"compiling {len(MODULES[game])} modules with mypyc (a minute or two)...", flush=True)
    done = subprocess.run([sys.executable, "-m", "mypyc", *MODULES[game]], cwd=src, capture_output=True, text=True)
    if done.returncode != 0:
        lines = [ln for ln in (done.stdout + done.stderr).splitlines() if "error" in ln.lower()] or ["(no output)"]
        raise SystemExit(f"error: mypyc could not compile {game}: {lines[0]}")
    return src


def run_child(name: str, playouts: int, pythonpath: Path) -> dict[str, float | str]:
    env = {"PYTHONPATH": str(pythonpath), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-c", _CHILD, name, str(playouts), str(ROOT / "benchmarks")],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"error: the {name} playouts failed ({pythonpath}): {done.stderr.strip().splitlines()[-1]}")
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    if name != "pig" and not str(result["module"]).startswith(str(pythonpath)):
        raise SystemExit(f"error: the child imported {result['module']}, not the copy in {pythonpath}")
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(MODULES))
    parser.add_argument("--playouts", type=int, default=60, help="seeded random playouts per process (default 60)")
    parser.add_argument("--pig-playouts", type=int, default=4000, help="pig playouts per process (default 4000)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds; medians are reported")
    parser.add_argument("--keep", type=Path, help="build the compiled copy here and keep it")
    args = parser.parse_args(argv)
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="turnbuckle-mypyc-"))
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        compiled_src = prepare(args.game, scratch)
        if not list((compiled_src / "turnbuckle" / "engine").glob("game.*.so")):
            raise SystemExit("error: mypyc ran but left no compiled engine module")
        contestants = {"interpreted": (args.game, args.playouts, ROOT / "src"),
                       "compiled (mypyc)": (args.game, args.playouts, compiled_src),
                       "pig (OpenSpiel C++)": ("pig", args.pig_playouts, ROOT / "src")}
        rates: dict[str, list[float]] = {label: [] for label in contestants}
        digests: dict[str, set[str]] = {label: set() for label in contestants}
        for round_no in range(args.rounds):
            for label, (name, playouts, path) in contestants.items():
                result = run_child(name, playouts, path)
                rates[label].append(float(result["transitions"]) / float(result["seconds"]))
                digests[label].add(str(result["digest"]))
            print(f"round {round_no + 1}/{args.rounds} done", flush=True)
    finally:
        if args.keep is None:
            shutil.rmtree(scratch, ignore_errors=True)
    pig = statistics.median(rates["pig (OpenSpiel C++)"])
    print(f"\n{args.game}: {args.playouts} seeded random playouts per process, median of {args.rounds} rounds\n")
    print("| engine | transitions/s | vs `pig` | playout digest |")
    print("| --- | ---: | ---: | --- |")
    for label in contestants:
        rate = statistics.median(rates[label])
        print(f"| {label} | {rate:,.0f} | {rate / pig:.3f}x | {', '.join(sorted(digests[label]))} |")
    interpreted = statistics.median(rates["interpreted"])
    compiled = statistics.median(rates["compiled (mypyc)"])
    same = digests["interpreted"] == digests["compiled (mypyc)"] and len(digests["interpreted"]) == 1
    print(f"\ncompiled / interpreted: {compiled / interpreted:.2f}x; same playouts: {'yes' if same else 'NO'}")
    needed = TARGET_RATIO * pig / compiled
    print(f"still needed for {TARGET_RATIO}x `pig`: {needed:.1f}x beyond the compiled rules")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
