"""The same simulation on a Ray cluster (``sim --backend ray``): the local runner's chunks as Ray
tasks, so one seed gives the same totals on a laptop and on a cluster.

Each task is :func:`turnbuckle.sim.runner.run_chunk` (a pure function of the spec and an index
range); the driver hands out chunks lazily with a bounded number in flight and merges the
returned :class:`SimTotals`, whose merge does not depend on the order. Ray is an optional extra:
``pip install 'turnbuckle[cluster]'``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from turnbuckle.engine.errors import ParamError
from turnbuckle.sim.runner import MAX_MATCHES, SimSpec, SimTotals, StopFlag, run_chunk

INSTALL_HINT = "the Ray backend needs Ray: pip install 'turnbuckle[cluster]' (or pip install ray)"
WAIT_SECONDS = 0.1


def ray_module() -> Any:
    """``ray``, or a one-line ``ParamError`` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ParamError(INSTALL_HINT) from None
    return ray


def run_matches_ray(
    spec: SimSpec,
    matches: int,
    *,
    address: str | None = None,
    num_cpus: int | None = None,
    chunk: int | None = None,
    on_progress: Callable[[SimTotals], None] | None = None,
    stop_event: StopFlag | None = None,
) -> SimTotals:
    """Play matches ``0 .. matches - 1`` of ``spec`` as Ray tasks and return their totals.

    ``address`` joins a running cluster (``"auto"`` or ``"ray://host:10001"``); without it a local
    Ray starts with ``num_cpus`` (default: every core). A Ray already initialised in this process
    is used as it is.
    """
    if not 0 <= matches <= MAX_MATCHES:
        raise ValueError(f"matches must be 0 .. {MAX_MATCHES}, got {matches}")
    ray = ray_module()
    started_here = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        if address:
            options["address"] = address
        elif num_cpus:
            options["num_cpus"] = num_cpus
        try:
            ray.init(**options)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ParamError(f"cannot start or reach Ray{f' at {address}' if address else ''}: {exc}") from None
        started_here = True
    try:
        return _run(ray, spec, matches, chunk, on_progress, stop_event)
    finally:
        if started_here:
            ray.shutdown()


def _run(
    ray: Any,
    spec: SimSpec,
    matches: int,
    chunk: int | None,
    on_progress: Callable[[SimTotals], None] | None,
    stop: StopFlag | None,
) -> SimTotals:
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    size = chunk or max(1, min(1000, matches // (4 * cpus) or 1))
    task = ray.remote(run_chunk)
    spec_ref = ray.put(spec)
    totals = SimTotals(len(spec.agents), requested=matches)
    next_start = 0
    pending: list[Any] = []
    limit = 2 * cpus
    last = time.monotonic()
    while next_start < matches or pending:
        if stop is not None and stop.is_set():
            for ref in pending:
                ray.cancel(ref, force=True)
            totals.interrupted = True
            break
        while next_start < matches and len(pending) < limit:
            stop_at = min(matches, next_start + size)
            pending.append(task.remote(spec_ref, next_start, stop_at))
            next_start = stop_at
        done, pending = ray.wait(pending, num_returns=1, timeout=WAIT_SECONDS)
        for ref in done:
            totals.merge(ray.get(ref))
        if on_progress is not None and (done or time.monotonic() - last >= WAIT_SECONDS):
            on_progress(totals)
            last = time.monotonic()
    if on_progress is not None:
        on_progress(totals)
    return totals
