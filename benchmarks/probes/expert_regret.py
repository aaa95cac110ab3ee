"""Decision quality of the WRASSLIN' expert against a full-information oracle (issue 13 item 6).

Win rates need thousands of matches to separate two settings by a point; this measures each decision
instead. Heuristic-vs-heuristic matches (seeds 400000+) give the positions; at each decision of one
seat with a choice, the oracle values every straight candidate by ``rollouts`` heuristic playouts from
the *true* state (hands revealed; only the deck and dice unknown), the same depth and evaluation the
expert uses, with common random numbers. The expert, shadowing that seat (its particle filter reads the
same history, but the heuristic's move is the one played, so every setting sees the same positions),
picks an action; its regret is the oracle's best value minus the oracle's value of its pick. The
heuristic's own first choice is scored the same way, as the baseline.

    python benchmarks/probes/expert_regret.py [matches] [--rollouts N] [--cache DIR]
        [--setting --expert KEY=VALUE ... [--setting ...]]

Each ``--setting`` is one expert (its ``--expert`` keywords; none: the defaults); the first is the
reference for the paired differences. ``--cache DIR`` keeps the oracle's values between runs (clear it
when the rules change). Issue 13 used 40 matches (1,652 decisions) and 200 playouts.
"""

from __future__ import annotations

import math
import pickle
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts beside benchmarks/probes

from winrates_wrasslin import pop_expert_options

from turnbuckle.engine.actions import Action
from turnbuckle.engine.game import State
from turnbuckle.engine.match import Agent, play_match
from turnbuckle.games.wrasslin.expert import ExpertAgent
from turnbuckle.games.wrasslin.heuristic import HeuristicAgent, score
from turnbuckle.games.wrasslin.refusals import is_error
from turnbuckle.games.wrasslin.rules import WrasslinGame
from turnbuckle.games.wrasslin.state import WrasslinState

CANDIDATES = 8


class Shadow:
    """Plays the heuristic; at each decision with a choice records the state and what ``expert`` picks."""

    def __init__(self, seat: int, expert: ExpertAgent | None, seed: int) -> None:
        self.name = "shadow"
        self.inner = HeuristicAgent(seat)
        self.expert = expert
        self.rng = random.Random(seed)
        self.states: list[WrasslinState] = []
        self.picks: list[int] = []
        self.times: list[float] = []
        self.played: list[int] = []

    def choose(self, state: State, rng: random.Random) -> Action:
        assert isinstance(state, WrasslinState)
        if len(state.legal_actions()) > 1:
            if self.expert is None:
                self.states.append(state.clone())
            else:
                start = time.process_time()
                self.picks.append(self.expert.choose(state, self.rng).id)
                self.times.append(time.process_time() - start)
            action = self.inner.choose(state, rng)
            self.played.append(action.id)
            return action
        return self.inner.choose(state, rng)


def candidates(state: WrasslinState) -> list[Action]:
    """The straight plays, best heuristic score first (at most ``CANDIDATES``)."""
    straight = [a for a in state.legal_actions()
                if state.g.decode[a.id][0] == "challenge" or not is_error(state, a)] or state.legal_actions()
    return sorted(straight, key=lambda a: -score(state, a))[:CANDIDATES]


def oracle(state: WrasslinState, rollouts: int, seed: int) -> dict[int, float]:
    """Each candidate's mean playout value for the player to move, from the true state."""
    probe = ExpertAgent(None, state.current_player())
    me = state.current_player()
    acts = candidates(state)
    totals = dict.fromkeys((a.id for a in acts), 0.0)
    rng = random.Random(seed)
    for _ in range(rollouts):
        s = rng.getrandbits(32)
        for a in acts:
            sim = state.clone()
            sim.record_events = False
            sim.apply_action(a)
            totals[a.id] += probe._playout(sim, random.Random(s))[me]
    return {k: v / rollouts for k, v in totals.items()}


def positions(seed: int, rollouts: int, cache: Path | None) -> list[dict[int, float]]:
    """The oracle's values at every decision with a choice of seat ``seed % 2``."""
    path = cache / f"{seed}-{rollouts}.pkl" if cache is not None else None
    if path is not None and path.exists():
        return pickle.loads(path.read_bytes())  # our own cache
    game = WrasslinGame()
    seat = seed % 2
    shadow = Shadow(seat, None, seed)
    agents: list[Agent] = [shadow, HeuristicAgent(1)] if seat == 0 else [HeuristicAgent(0), shadow]
    play_match(game, agents, seed)
    values = [oracle(st, rollouts, seed * 1000 + i) for i, st in enumerate(shadow.states)]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(values))
    return values


def shadow_picks(seed: int, expert: dict[str, float]) -> tuple[list[int], list[float], list[int]]:
    """What an expert with the ``expert`` keywords picks at each decision, its CPU seconds, and the
    heuristic's own choice there."""
    game = WrasslinGame()
    seat = seed % 2
    agent = ExpertAgent(game, seat, **expert)  # type: ignore[arg-type]
    shadow = Shadow(seat, agent, seed)
    agents: list[Agent] = [shadow, HeuristicAgent(1)] if seat == 0 else [HeuristicAgent(0), shadow]
    play_match(game, agents, seed)
    return shadow.picks, shadow.times, shadow.played


Picks = tuple[list[int], list[float], list[int]]


def job(args: tuple[int, int, Path | None, list[dict[str, float]]]) -> tuple[list[dict[int, float]], list[Picks]]:
    seed, rollouts, cache, settings = args
    return positions(seed, rollouts, cache), [shadow_picks(seed, e) for e in settings]


def main() -> None:
    args = sys.argv[1:]
    rollouts = 200
    if "--rollouts" in args:
        i = args.index("--rollouts")
        rollouts = int(args[i + 1])
        del args[i:i + 2]
    cache = None
    if "--cache" in args:
        i = args.index("--cache")
        cache = Path(args[i + 1])
        del args[i:i + 2]
    settings: list[dict[str, float]] = []
    while "--setting" in args:
        i = args.index("--setting")
        del args[i]
        j = args.index("--setting") if "--setting" in args else len(args)
        chunk = args[i:j]
        del args[i:j]
        settings.append(pop_expert_options(chunk))
    if not settings:
        settings = [{}]
    matches = int(args[0]) if args else 40
    seeds = list(range(400000, 400000 + matches))
    with ProcessPoolExecutor(2) as pool:
        results = list(pool.map(job, [(s, rollouts, cache, settings) for s in seeds]))
    print(f"{matches} matches, oracle {rollouts} playouts per candidate")
    print("| setting | decisions | mean regret | vs first setting (paired SE) | oracle's best"
          " | not the heuristic's move | median ms |")
    print("|---|---|---|---|---|---|---|")
    first: list[float] = []
    rows = [("heuristic", -1), *((", ".join(f"{a}={b}" for a, b in e.items()) or "default", k)
                                for k, e in enumerate(settings))]
    for label, k in rows:
        regrets: list[float] = []
        best = left = n = 0
        times: list[float] = []
        for values, picks in results:
            chosen, spent, played = picks[max(k, 0)]
            times += spent
            for v, pick, heur in zip(values, chosen, played, strict=True):
                pick = heur if k < 0 else pick
                top = max(v.values())
                got = v.get(pick, min(v.values()))
                regrets.append(top - got)
                best += got >= top
                left += pick != heur
                n += 1
        times.sort()
        ms = "" if k < 0 else f"{1000 * times[len(times) // 2]:.0f}"
        if k == 0:
            first = regrets
        paired = ""
        if k > 0:
            d = [a - b for a, b in zip(regrets, first, strict=True)]
            mean = sum(d) / n
            se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
            paired = f"{mean:+.4f} ({se:.4f})"
        print(f"| {label} | {n} | {sum(regrets) / n:.4f} | {paired} | {best / n:.1%} | {left / n:.1%} | {ms} |")


if __name__ == "__main__":
    main()
