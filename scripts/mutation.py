"""Mutation testing of one game's RULE modules against its tests, without the golden replays (issue 36).

    python scripts/mutation.py GAME [--sample N] [--seed S] [--minutes M] [--workers N] [--report PATH]
    python scripts/mutation.py GAME --show ID        # the mutant's diff
    python scripts/mutation.py GAME --only ID ...    # just these mutants (the CI smoke test)

Cosmic Ray's operators find and make the mutations (``mutation/modules.toml`` says which modules of the game
are rules and which tests run); this script applies each one to a throw-away copy of ``src`` and ``tests``
(``.mutation/GAME/w0`` ...), never to the worktree, runs that game's tests there with ``-m "not golden"``
(fast rule tests first, ``-x``, soak tests last) under a per-mutant timeout, and keeps every result in
``.mutation/GAME/results.json`` as it comes, so a stopped run (Ctrl-C, ``--minutes``) resumes where it
stopped. Mutant ids are a hash of file, line and the changed line's text before and after: stable across
runs while that line stays put. Equivalent mutants are listed in ``mutation/equivalent-GAME.toml``.
See docs/testing.md.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, NoReturn

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mutation" / "modules.toml"
GAMES = ("powerhouses", "wrasslin", "filsinger", "rumbleslam", "skirmish")
ENUM_VERSION = "1"
"""Bumped when the way mutants are enumerated changes (invalidates the cached enumeration)."""

OPERATORS: tuple[str, ...] = (
    # comparisons one step off, or flipped (the commonest planted rule bug)
    *(
        f"core/ReplaceComparisonOperator_{a}_{b}"
        for a in ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE")
        for b in ("Eq", "NotEq", "Lt", "LtE", "Gt", "GtE")
        if a != b
    ),
    "core/ReplaceComparisonOperator_Is_IsNot",
    "core/ReplaceComparisonOperator_IsNot_Is",
    # arithmetic: plus/minus/times/divide swapped (bitwise, shift and power targets are left out: they
    # almost always crash at once and only pad the figures)
    *(
        f"core/ReplaceBinaryOperator_{a}_{b}"
        for a in ("Add", "Sub", "Mul", "Div", "FloorDiv", "Mod")
        for b in ("Add", "Sub", "Mul", "FloorDiv", "Mod")
        if a != b
    ),
    "core/ReplaceUnaryOperator_USub_UAdd",
    "core/AddNot",
    "core/ReplaceTrueWithFalse",
    "core/ReplaceFalseWithTrue",
    "core/ReplaceAndWithOr",
    "core/ReplaceOrWithAnd",
    "core/ReplaceBreakWithContinue",
    "core/ReplaceContinueWithBreak",
    "core/NumberReplacer",
    "core/ZeroIterationForLoop",
)
"""Cosmic Ray operators used: realistic rule slips (thresholds, bonuses, flags, loops, constants)."""

KILLED, TIMEOUT, SURVIVED = "killed", "timeout", "survived"


@dataclass(frozen=True)
class Mutant:
    """One mutation of one rule module: where it is and what the changed line(s) read before and after."""

    id: str
    file: str
    line: int
    before: str
    after: str
    operator: str
    occurrence: int

    @property
    def change(self) -> str:
        return f"{' '.join(self.before.split())}  ->  {' '.join(self.after.split())}"


@dataclass(frozen=True)
class GameConfig:
    name: str
    modules: tuple[Path, ...]
    tests: tuple[str, ...]


def fail(message: str) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(2)


def load_config(game: str) -> GameConfig:
    """The game's rule modules and tests from ``mutation/modules.toml``; every module must be listed once."""
    table = tomllib.loads(CONFIG.read_text(encoding="utf-8")).get(game)
    if table is None:
        fail(f"unknown game {game!r} (one of: {', '.join(GAMES)})")
    package = ROOT / "src" / "turnbuckle" / "games" / game
    mutate, left_out = list(table["mutate"]), dict(table["left_out"])
    present = {p.name for p in package.glob("*.py")}
    unlisted = present - set(mutate) - set(left_out)
    if unlisted:
        fail(f"{game}: modules in neither `mutate` nor `left_out` of {CONFIG.name}: {', '.join(sorted(unlisted))}")
    missing = (set(mutate) | set(left_out)) - present
    if missing:
        fail(f"{game}: {CONFIG.name} lists modules that do not exist: {', '.join(sorted(missing))}")
    return GameConfig(game, tuple(package / m for m in mutate), tuple(table["tests"]))


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def mutant_id(file: str, line: int, before: str, after: str) -> str:
    return hashlib.sha1(f"{file}:{line}:{before}->{after}".encode()).hexdigest()[:10]


def changed_lines(old: str, new: str) -> tuple[int, str, str]:
    """The first changed line (1-based) and the changed block's text before and after."""
    a, b = old.split("\n"), new.split("\n")
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    return start + 1, "\n".join(a[start:end_a]), "\n".join(b[start:end_b])


def mutations_of(source: str) -> Iterator[tuple[str, int, str]]:
    """Every (operator, occurrence, mutated source) of one module, as Cosmic Ray numbers them.

    Cosmic Ray applies occurrence k of an operator by re-parsing the module and walking to the k-th mutation
    position; doing that per mutant is slow on big modules, so this walks one parse tree, mutates each node in
    place, splices the node's new code into the source and undoes the change (the smoke test checks the result
    is Cosmic Ray's own ``mutate_code``).
    """
    from cosmic_ray.ast import ast_nodes, get_ast
    from cosmic_ray.plugins import get_operator

    tree = get_ast(source)
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))

    def offset(pos: tuple[int, int]) -> int:
        return starts[pos[0] - 1] + pos[1]

    for name in OPERATORS:
        operator = get_operator(name)()
        occurrence = 0
        for node in list(ast_nodes(tree)):
            for index, _ in enumerate(list(operator.mutation_positions(node))):
                parent = node.parent
                saved = [(n, getattr(n, "value", None), list(getattr(n, "children", ()))) for n in ast_nodes(node)]
                siblings = list(parent.children) if parent is not None else []
                begin, end = offset(node.get_start_pos_of_prefix()), offset(node.end_pos)
                try:
                    new = operator.mutate(node, index)
                    if new is not node and parent is not None:
                        at = siblings.index(node)
                        parent.children[at : at + 1] = [] if new is None else [new]
                    code = "" if new is None else new.get_code()
                    yield name, occurrence, source[:begin] + code + source[end:]
                finally:
                    for n, value, children in saved:
                        if value is not None:
                            n.value = value
                        if children:
                            n.children[:] = children
                    if parent is not None:
                        parent.children[:] = siblings
                occurrence += 1


def enumerate_mutants(config: GameConfig, cache: Path) -> list[Mutant]:
    """All mutants of the game's rule modules (cached by the modules' text), one per distinct mutated source."""
    digest = hashlib.sha1(ENUM_VERSION.encode() + "\n".join(OPERATORS).encode())
    for path in config.modules:
        digest.update(rel(path).encode() + path.read_bytes())
    key = digest.hexdigest()
    if cache.exists():
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if stored.get("key") == key:
            return [Mutant(**m) for m in stored["mutants"]]
    mutants: dict[str, Mutant] = {}
    for path in config.modules:
        source = path.read_text(encoding="utf-8")
        file = rel(path)
        for operator, occurrence, mutated in mutations_of(source):
            if mutated == source:
                continue
            line, before, after = changed_lines(source, mutated)
            ident = mutant_id(file, line, before, after)
            mutants.setdefault(ident, Mutant(ident, file, line, before, after, operator, occurrence))
    result = sorted(mutants.values(), key=lambda m: (m.file, m.line, m.id))
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps({"key": key, "mutants": [asdict(m) for m in result]}), encoding="utf-8")
    return result


def mutated_source(mutant: Mutant, text: str | None = None) -> str:
    """The mutant's whole module: ``text`` (default: the worktree's) with the changed block replaced."""
    if text is None:
        text = (ROOT / mutant.file).read_text(encoding="utf-8")
    lines = text.split("\n")
    count = len(mutant.before.split("\n")) if mutant.before else 0
    if "\n".join(lines[mutant.line - 1 : mutant.line - 1 + count]) != mutant.before:
        fail(f"mutant {mutant.id}: {mutant.file}:{mutant.line} no longer reads as it did (enumerate again)")
    replacement = mutant.after.split("\n") if mutant.after else []
    return "\n".join([*lines[: mutant.line - 1], *replacement, *lines[mutant.line - 1 + count :]])


def diff_text(mutant: Mutant) -> str:
    old = (ROOT / mutant.file).read_text(encoding="utf-8").splitlines(keepends=True)
    new = mutated_source(mutant).splitlines(keepends=True)
    return "".join(difflib.unified_diff(old, new, f"a/{mutant.file}", f"b/{mutant.file}", n=3))


def sample(mutants: Sequence[Mutant], size: int | None, seed: int) -> list[Mutant]:
    """``size`` mutants chosen by a seeded hash of their ids (stable when other mutants come or go)."""
    ranked = sorted(mutants, key=lambda m: hashlib.sha1(f"{seed}:{m.id}".encode()).hexdigest())
    return ranked if size is None else ranked[:size]


def load_equivalent(game: str) -> dict[str, dict[str, Any]]:
    path = ROOT / "mutation" / f"equivalent-{game}.toml"
    if not path.exists():
        return {}
    entries = tomllib.loads(path.read_text(encoding="utf-8")).get("mutant", [])
    return {str(e["id"]): e for e in entries}


def fingerprint(paths: Sequence[Path]) -> str:
    digest = hashlib.sha1()
    for path in sorted(paths):
        digest.update(str(path).encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def tests_fingerprint(config: GameConfig) -> str:
    """What the tests are: a survivor is tried again when this changes (a killed mutant stays killed)."""
    files = [ROOT / t for t in config.tests]
    files += [*(ROOT / "tests" / "support").glob("*.py"), ROOT / "tests" / "conftest.py", ROOT / "pyproject.toml"]
    return fingerprint([f for f in files if f.exists()])


class SetupError(RuntimeError):
    """The tests could not run at all (pytest usage error, nothing collected)."""


class Runner:
    """Runs the game's tests in throw-away copies (one per worker), mutating only the copies."""

    def __init__(self, config: GameConfig, work: Path, workers: int) -> None:
        self.config = config
        self.work = work
        self.copies = [work / f"w{i}" for i in range(workers)]
        self.free = list(self.copies)
        self.lock = threading.Lock()
        self.procs: set[subprocess.Popen[bytes]] = set()
        self.stopping = threading.Event()

    def prepare(self) -> None:
        """Fresh copies of src, tests and the pytest config: an interrupted run never leaves a mutant behind."""
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache", "*.egg-info")
        for copy in self.copies:
            if copy.exists():
                shutil.rmtree(copy)
            copy.mkdir(parents=True)
            shutil.copytree(ROOT / "src", copy / "src", ignore=ignore)
            shutil.copytree(ROOT / "tests", copy / "tests", ignore=ignore)
            shutil.copy2(ROOT / "pyproject.toml", copy / "pyproject.toml")

    def _pytest(self, copy: Path, marker: str, timeout: float, write_bytecode: bool) -> int | None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
        env["PYTHONPATH"] = str(copy / "src")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not write_bytecode:  # the mutated module must be compiled afresh, and no cache of it kept
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
                   "-m", marker, *self.config.tests]
        proc = subprocess.Popen(command, cwd=copy, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        with self.lock:
            self.procs.add(proc)
        try:
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return None
        finally:
            with self.lock:
                self.procs.discard(proc)

    def test(self, copy: Path, timeout: float, write_bytecode: bool = False) -> str:
        """killed, timeout or survived: the quick tests first, then (only if they pass) the soak tests."""
        started = time.monotonic()
        code = self._pytest(copy, "not golden and not soak", timeout, write_bytecode)
        if code is None:
            return TIMEOUT
        if code in (4, 5):  # a usage error or no tests collected: the set-up is wrong, not the mutant caught
            raise SetupError(f"pytest exit {code} in {copy} for {' '.join(self.config.tests)}")
        if code != 0:
            return KILLED
        left = timeout - (time.monotonic() - started)
        code = self._pytest(copy, "soak and not golden", max(left, 1.0), write_bytecode)
        if code is None:
            return TIMEOUT
        return SURVIVED if code in (0, 5) else KILLED

    def baseline(self) -> float:
        """The tests must pass unmutated in the copy; returns how long they took (writes the bytecode caches)."""
        started = time.monotonic()
        for copy in self.copies:
            try:
                status = self.test(copy, timeout=3600, write_bytecode=True)
            except SetupError as error:
                fail(str(error))
            if status != SURVIVED:
                fail(f"the {self.config.name} tests fail without any mutant (in {copy}); fix them first")
        return (time.monotonic() - started) / len(self.copies)

    def run(self, mutant: Mutant, timeout: float) -> tuple[str, float] | None:
        """Apply the mutant to a free copy, test, undo. None when the run was stopped meanwhile."""
        with self.lock:
            copy = self.free.pop()
        target = copy / mutant.file
        original = target.read_text(encoding="utf-8")
        cached = target.parent / "__pycache__"
        stale = list(cached.glob(f"{target.stem}.*.pyc")) if cached.exists() else []
        started = time.monotonic()
        try:
            for pyc in stale:
                pyc.unlink()
            target.write_text(mutated_source(mutant, original), encoding="utf-8")
            status = self.test(copy, timeout)
        finally:
            target.write_text(original, encoding="utf-8")
            with self.lock:
                self.free.append(copy)
        if self.stopping.is_set():
            return None
        return status, time.monotonic() - started

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            for proc in list(self.procs):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)


def load_results(path: Path) -> dict[str, dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def save_results(path: Path, results: dict[str, dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(results, indent=1, sort_keys=True), encoding="utf-8")
    temp.replace(path)


def reusable(result: dict[str, Any] | None, tests: str) -> bool:
    """A kept result counts unless it is a survivor (or timeout) and the tests changed since."""
    if result is None:
        return False
    return result["status"] == KILLED or result.get("tests") == tests


def summarize(game: str, chosen: Sequence[Mutant], results: dict[str, dict[str, Any]], wall: float,
              workers: int) -> dict[str, Any]:
    equivalent = load_equivalent(game)
    rows: dict[str, list[dict[str, Any]]] = {KILLED: [], TIMEOUT: [], SURVIVED: [], "equivalent": []}
    seconds = 0.0
    for m in chosen:
        result = results.get(m.id)
        if result is None:
            continue
        seconds += result["seconds"]
        status = result["status"]
        if status == SURVIVED and m.id in equivalent:
            status = "equivalent"
        row = {"id": m.id, "file": m.file, "line": m.line, "change": m.change, "operator": m.operator}
        if status == "equivalent":
            row["why"] = equivalent[m.id].get("why", "")
        rows[status].append(row)
    tried = sum(len(v) for v in rows.values())
    counted = tried - len(rows["equivalent"])
    detected = len(rows[KILLED]) + len(rows[TIMEOUT])
    return {
        "game": game,
        "sampled": len(chosen),
        "tried": tried,
        "killed": len(rows[KILLED]),
        "timed_out": len(rows[TIMEOUT]),
        "survived": len(rows[SURVIVED]),
        "equivalent": len(rows["equivalent"]),
        "score": round(detected / counted, 4) if counted else None,
        "mutant_minutes": round(seconds / 60, 1),
        "wall_minutes_last_run": round(wall / 60, 1),
        "workers": workers,
        "survivors": rows[SURVIVED],
        "timeouts": rows[TIMEOUT],
        "equivalents": rows["equivalent"],
        "stale_equivalent_ids": sorted(set(equivalent) - {m.id for m in chosen}),
    }


def markdown(summary: dict[str, Any]) -> str:
    score = "n/a" if summary["score"] is None else f"{summary['score']:.1%}"
    out = [
        f"# Mutation report: {summary['game']}",
        "",
        "| sampled | tried | killed | timed out | equivalent | survived | score | mutant-minutes |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| {summary['sampled']} | {summary['tried']} | {summary['killed']} | {summary['timed_out']} | "
        f"{summary['equivalent']} | {summary['survived']} | {score} | {summary['mutant_minutes']} |",
        "",
        "Score: (killed + timed out) / (tried - equivalent). Show a mutant: "
        f"`python scripts/mutation.py {summary['game']} --show ID`.",
        "",
    ]
    for title, key in (("Survivors", "survivors"), ("Timed out", "timeouts"), ("Equivalent", "equivalents")):
        out += [f"## {title} ({len(summary[key])})", ""]
        if summary[key]:
            extra = " why |" if key == "equivalents" else ""
            out += [f"| id | file:line | change |{extra}", "| --- | --- | --- |" + (" --- |" if extra else "")]
            for r in summary[key]:
                change = r["change"].replace("|", "\\|")
                why = f" {r['why']} |" if extra else ""
                out.append(f"| {r['id']} | {r['file']}:{r['line']} | `{change}` |{why}")
            out.append("")
    if summary["stale_equivalent_ids"]:
        out += ["Equivalent ids not in this sample (or gone): " + ", ".join(summary["stale_equivalent_ids"]), ""]
    return "\n".join(out)


def write_report(summary: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_suffix(".md").write_text(markdown(summary), encoding="utf-8")
    path.with_suffix(".json").write_text(json.dumps(summary, indent=1), encoding="utf-8")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--sample", type=int, default=None, help="mutants to try (default: all)")
    parser.add_argument("--seed", type=int, default=36, help="seed of the sample (default 36)")
    parser.add_argument("--minutes", type=float, default=None, help="stop starting mutants after this long")
    parser.add_argument("--workers", type=int, default=1, help="copies tested at once (default 1)")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds per mutant (default: 3 x the clean run + 30)")
    parser.add_argument("--report", type=Path, default=None, help="report path (.md and .json written)")
    parser.add_argument("--work", type=Path, default=None, help="scratch folder (default .mutation/GAME)")
    parser.add_argument("--tests", metavar="PATH", action="append",
                        help="run these test files instead of the game's list (repeatable; results not kept)")
    parser.add_argument("--show", metavar="ID", help="print the mutant's diff and stop")
    parser.add_argument("--only", metavar="ID", action="append", help="try only these mutants (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the sampled mutants and stop")
    parser.add_argument("--fresh", action="store_true", help="forget kept results")
    parser.add_argument("--skip-clean", action="store_true",
                        help="skip the clean run checking the tests pass unmutated (the CI smoke test: CI runs them)")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        fail("--sample must be at least 1")
    if args.workers < 1:
        fail("--workers must be at least 1")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    args = parse_args(argv)
    console = Console(stderr=True)
    config = load_config(args.game)
    if args.tests:
        missing = [t for t in args.tests if not (ROOT / t).is_file()]
        if missing:
            fail(f"no test file {missing[0]!r}")
        config = GameConfig(config.name, config.modules, tuple(args.tests))
    work: Path = args.work or ROOT / ".mutation" / args.game
    mutants = enumerate_mutants(config, work / "mutants.json")
    by_id = {m.id: m for m in mutants}
    if args.show:
        if args.show not in by_id:
            fail(f"no mutant {args.show!r} in {args.game} (ids come from the report or --list)")
        m = by_id[args.show]
        print(f"{m.id}  {m.file}:{m.line}  {m.operator}\n{diff_text(m)}", end="")
        return 0
    if args.only:
        unknown = [i for i in args.only if i not in by_id]
        if unknown:
            fail(f"no mutant {unknown[0]!r} in {args.game}")
        chosen = [by_id[i] for i in args.only]
    else:
        chosen = sample(mutants, args.sample, args.seed)
    if args.list:
        for m in chosen:
            print(f"{m.id}  {m.file}:{m.line}  {m.change}")
        return 0

    results_path = work / "results.json"
    results = {} if args.fresh or args.tests else load_results(results_path)
    tests = tests_fingerprint(config)
    todo = [m for m in chosen if not reusable(results.get(m.id), tests)]
    console.print(f"{args.game}: {len(mutants)} mutants in {len(config.modules)} rule modules; "
                  f"{len(chosen)} chosen, {len(chosen) - len(todo)} kept from earlier runs, {len(todo)} to try")
    started = time.monotonic()
    runner = Runner(config, work, args.workers)
    interrupted = False
    if todo:
        runner.prepare()
        clean = None if args.skip_clean else runner.baseline()
        timeout = args.timeout or (120.0 if clean is None else 3 * clean + 30)
        measured = "skipped" if clean is None else f"{clean:.1f} s"
        console.print(f"clean run {measured}; timeout {timeout:.0f} s per mutant; {args.workers} worker(s)")
        deadline = None if args.minutes is None else started + args.minutes * 60
        counts = {KILLED: 0, TIMEOUT: 0, SURVIVED: 0}
        pending: dict[Future[tuple[str, float] | None], Mutant] = {}
        queue = list(todo)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=console) as progress, ThreadPoolExecutor(args.workers) as pool:
            task = progress.add_task(args.game, total=len(todo))
            try:
                while queue or pending:
                    while queue and len(pending) < args.workers and (deadline is None or time.monotonic() < deadline):
                        m = queue.pop(0)
                        pending[pool.submit(runner.run, m, timeout)] = m
                    if not pending:
                        break
                    done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                    for future in done:
                        m = pending.pop(future)
                        try:
                            outcome = future.result()
                        except SetupError as error:
                            runner.stop()
                            wait(pending)
                            fail(str(error))
                        if outcome is None:
                            continue
                        status, seconds = outcome
                        counts[status] += 1
                        results[m.id] = {"status": status, "seconds": round(seconds, 2), "tests": tests}
                        if not args.tests:
                            save_results(results_path, results)
                        progress.update(task, advance=1, description=(
                            f"{args.game}: {counts[KILLED]} killed, {counts[TIMEOUT]} timed out, "
                            f"{counts[SURVIVED]} survived"))
            except KeyboardInterrupt:
                interrupted = True
                runner.stop()
                wait(pending)
        if interrupted or queue:
            console.print(f"stopped: {len(queue) + len(pending)} mutants left; results kept, run again to resume")
    summary = summarize(args.game, chosen, results, time.monotonic() - started, args.workers)
    report = args.report or work / "report.md"
    write_report(summary, report)
    score = "n/a" if summary["score"] is None else f"{summary['score']:.1%}"
    console.print(f"{args.game}: tried {summary['tried']}/{summary['sampled']}, killed {summary['killed']}, "
                  f"timed out {summary['timed_out']}, equivalent {summary['equivalent']}, "
                  f"survived {summary['survived']}; score {score}; report {report.with_suffix('.md')}")
    for r in summary["survivors"]:
        console.print(f"  survived {r['id']}  {r['file']}:{r['line']}  {r['change']}", markup=False, highlight=False)
    return 130 if interrupted else 0


if __name__ == "__main__":
    raise SystemExit(main())
