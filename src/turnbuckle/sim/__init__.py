"""Batch simulation on all local cores (``run_matches``) and the statistics it reports."""

from turnbuckle.sim.runner import MatchSummary, SimSpec, SimTotals, run_chunk, run_matches
from turnbuckle.sim.stats import WinRate, wilson_interval

__all__ = ["MatchSummary", "SimSpec", "SimTotals", "WinRate", "run_chunk", "run_matches", "wilson_interval"]
