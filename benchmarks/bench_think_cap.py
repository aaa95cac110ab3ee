"""CPU a server spends when its clients ask for searches far beyond the think cap (issue 21 item 4).

Run: ``python benchmarks/bench_think_cap.py [--matches 8] [--moves 3] [--think 1] [--thinkers 2]``.
A real ``turnbuckle serve`` (a subprocess, in-memory store, limits off for this one client) and
``--matches`` clients, each playing a Powerhouses match against ``computer:mcts:100000`` (about
16 s of search a decision on this machine's class of CPU, so 16x a 1 s cap). Each client makes
``--moves`` of its own moves, waiting for the computer's replies, then stops. The table gives:

- **decisions**: the computer's decisions in all matches (from the exported logs);
- **server CPU**: the server process's CPU seconds (user + system, ``/proc``) from the first
  request to the last reply, and per computer decision, which should be at most the cap (x1.1);
- **after**: the server's CPU seconds in the ``--idle`` seconds after the last reply, which
  should be near zero: no search keeps running once its move is made;
- **pool**: the wall time against decisions x cap / thinkers, the least a bounded pool can take.

``--old-server`` leaves out the options an older ``serve`` lacks, to measure it the same way.

First, unless ``--skip-agents``: each search agent (the ones ``tests/agents/test_deadline.py``
checks), asked for 10^8 iterations under a ``--think`` deadline, for ``--decisions`` positions:
the longest and mean wall time of a decision against the deadline (the target: within 10%).
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from typing import Any

import httpx2 as httpx
from rich.console import Console
from rich.table import Table

import turnbuckle
from turnbuckle.engine.game import CHANCE

AGENT = "computer:mcts:100000"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def start(port: int, think: float, thinkers: int, old: bool) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "turnbuckle", "serve", "--port", str(port), "--db", "memory",
               "--think", str(think)]
    if not old:
        command += ["--thinkers", str(thinkers), "--creates-per-minute", "0", "--actions-per-minute", "0"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5)
            return proc
        except httpx.TransportError:
            if time.monotonic() > deadline:
                proc.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.2)


def play(base: str, seed: int, moves: int, out: dict[str, Any]) -> None:
    """One client: a match against the big search; ``moves`` own moves, each after the computer's reply."""
    with httpx.Client(base_url=base, timeout=600) as client:
        created = client.post("/api/matches", json={"game": "powerhouses", "seats": ["human", AGENT],
                                                    "seed": seed}).json()
        headers = {"Authorization": f"Bearer {created['owner_token']}"}
        path = f"/api/matches/{created['id']}"
        made = 0
        while made < moves:
            view = client.get(f"{path}/seats/0", headers=headers).json()
            if view["finished"]:
                break
            if not view["legal_actions"]:
                time.sleep(0.2)  # the computer is thinking (or waiting for a thinker)
                continue
            posted = client.post(f"{path}/seats/0/actions", headers=headers,
                                 json={"action": view["legal_actions"][-1]["name"], "expect": view["actions"]})
            made += posted.status_code == 200
        while True:  # the computer's last reply
            view = client.get(f"{path}/seats/0", headers=headers).json()
            if view["finished"] or view["legal_actions"]:
                break
            time.sleep(0.05)
        out[created["id"]] = client.get(f"{path}/replay").json()["actions"]


def computer_decisions(actions: list[str]) -> int:
    game = turnbuckle.load_game("powerhouses")
    state = game.new_initial_state()
    count = 0
    for name in actions:
        if state.current_player() == 1:
            count += 1
        elif state.current_player() != CHANCE and state.current_player() != 0:
            raise AssertionError("unexpected mover")
        state.apply_action(name)
    return count


def agent_overshoot(think: float, decisions: int) -> None:
    """Wall time of searching decisions under a deadline, per search agent."""
    import random

    from turnbuckle.agents.deadline import thinking_until
    from turnbuckle.agents.ismcts import ISMCTSAgent
    from turnbuckle.agents.mcts import MCTSAgent
    from turnbuckle.games.rumbleslam.agents import SearchAgent as RumbleslamSearch
    from turnbuckle.games.skirmish.agents import SearchAgent as SkirmishSearch
    from turnbuckle.games.wrasslin.expert import ExpertAgent
    from turnbuckle.games.wrasslin.heuristic import make_ismcts

    huge = 10**8
    agents: list[tuple[str, str, Any]] = [
        ("powerhouses", "mcts", lambda g: MCTSAgent(g, 0, simulations=huge)),
        ("wrasslin", "ismcts (generic)", lambda g: ISMCTSAgent(g, 0, simulations=huge)),
        ("wrasslin", "ismcts", lambda g: make_ismcts(g, 0, simulations=huge)),
        ("wrasslin", "expert", lambda g: ExpertAgent(g, 0, worlds=huge)),
        ("rumbleslam", "mcts", lambda g: RumbleslamSearch(g, 0, simulations=huge)),
        ("skirmish", "search", lambda g: SkirmishSearch(g, 0, rollouts=huge, engage_inches=1000.0)),
        ("skirmish", "mcts (generic)", lambda g: MCTSAgent(g, 0, simulations=huge)),
    ]
    table = Table(title=f"searches asked for 10^8 iterations under a {think:g} s deadline")
    for column in ("game", "agent", "decisions", "mean s", "longest s", "longest / deadline"):
        table.add_column(column, justify="right")
    worst = 0.0
    for game_name, label, build in agents:
        game = turnbuckle.load_game(game_name)
        agent = build(game)
        rng = random.Random(7)
        state = game.new_initial_state()
        took: list[float] = []
        while not state.is_terminal() and len(took) < decisions:
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if state.current_player() != 0:  # the other seats move at random
                state.apply_action(rng.choice(legal))
                continue
            started = time.monotonic()
            with thinking_until(started + think):
                action = agent.choose(state, random.Random(1))
            elapsed = time.monotonic() - started
            if elapsed >= think * 0.5:  # a decision it searched (some are answered at once)
                took.append(elapsed)
            state.apply_action(action)
        longest = max(took, default=0.0)
        worst = max(worst, longest / think)
        table.add_row(game_name, label, str(len(took)), f"{sum(took) / max(1, len(took)):.3f}", f"{longest:.3f}",
                      f"{longest / think:.3f}")
    Console().print(table)
    Console().print(f"every decision within 10% of its deadline: {'met' if worst <= 1.1 else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--moves", type=int, default=3)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--thinkers", type=int, default=2)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--old-server", action="store_true")
    parser.add_argument("--decisions", type=int, default=3)
    parser.add_argument("--skip-agents", action="store_true")
    args = parser.parse_args()
    if not args.skip_agents:
        agent_overshoot(args.think, args.decisions)
    port = free_port()
    proc = start(port, args.think, args.thinkers, args.old_server)
    try:
        logs: dict[str, Any] = {}
        before = cpu_seconds(proc.pid)
        started = time.monotonic()
        clients = [threading.Thread(target=play, args=(f"http://127.0.0.1:{port}", seed, args.moves, logs))
                   for seed in range(args.matches)]
        for thread in clients:
            thread.start()
        for thread in clients:
            thread.join()
        wall = time.monotonic() - started
        during = cpu_seconds(proc.pid) - before
        time.sleep(args.idle)
        after = cpu_seconds(proc.pid) - before - during
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    decisions = sum(computer_decisions(actions) for actions in logs.values())
    table = Table(title=f"{args.matches} clients x {args.moves} moves vs {AGENT}, --think {args.think}, "
                  f"--thinkers {args.thinkers}{' (old server)' if args.old_server else ''}")
    for column in ("decisions", "wall s", "server CPU s", "CPU s / decision", f"CPU s in {args.idle:g} s after",
                   "least wall s (pool)"):
        table.add_column(column, justify="right")
    table.add_row(str(decisions), f"{wall:.1f}", f"{during:.1f}", f"{during / max(1, decisions):.2f}",
                  f"{after:.2f}", f"{decisions * args.think / args.thinkers:.1f}")
    Console().print(table)
    per = during / max(1, decisions)
    verdict = "met" if per <= args.think * 1.1 + 0.1 and after < 0.5 else "NOT met"
    Console().print(f"CPU per decision within the cap (x1.1) and idle afterwards: {verdict}")


if __name__ == "__main__":
    main()
