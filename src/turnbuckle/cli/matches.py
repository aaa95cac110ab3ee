"""``play``, ``watch`` and ``replay``: one match at a time, narrated."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.text import Text

from turnbuckle.agents.human import HotSeat, HumanAgent, QuitMatch
from turnbuckle.agents.registry import make_agent, strongest_agent
from turnbuckle.cli.common import (
    ForceOpt,
    JsonOpt,
    OptionOpt,
    RosterOpt,
    SeedOpt,
    WrestlerOpt,
    build_game,
    check_save_target,
    echo_json,
    first_match_note,
    new_seed,
    parse_delay,
    parse_options,
    safe,
)
from turnbuckle.cli.review import terminal_hinter
from turnbuckle.engine.events import Event
from turnbuckle.engine.game import Game, State
from turnbuckle.engine.match import Agent, MatchRecord, play_match
from turnbuckle.engine.position_file import load_position
from turnbuckle.engine.registry import game_class
from turnbuckle.engine.replay import Replay, load_replay, run_replay, save_replay
from turnbuckle.engine.shapes import event_message, result_message, state_result_message

console = Console(soft_wrap=True)  # lines are never broken by Rich: terminals wrap, pipes keep whole lines


def narrator(game: Game, delay: float = 0.0) -> Callable[[Event, State], None]:
    """An ``on_event`` callback that prints each event's commentary line."""

    def show(event: Event, state: State) -> None:
        line = game.narrate(event)
        if line:
            console.print(line, markup=False, highlight=False)
            if delay:
                time.sleep(delay)

    return show


def _announce(record: MatchRecord) -> None:
    """One closing line: the commentary has told how the match ended, so this is the summary
    (who, by what, how long), never the same result again in other words."""
    result = record.result
    how = result.method.value.replace("_", " ")
    if result.is_draw:
        console.print(f"The match is a draw ({how}) after {record.steps} actions.", style="bold", markup=False)
    else:
        assert result.winner is not None
        console.print(f"Winner: {result.winner.name}, by {how}, after {record.steps} actions.",
                      style="bold green", markup=False, highlight=False)
    if result.finishing_order:
        console.print("Finishing order: " + ", ".join(result.finishing_order), markup=False, highlight=False)


def _save(result: MatchRecord, path: Path | None, force: bool) -> None:
    if path is not None:
        save_replay(Replay.from_result(result), path, force=force)
        Console(stderr=True).print(Text(f"Replay saved to {path}"))  # stdout stays pure JSON with --json


SaveReplayOpt = typer.Option(
    None, "--save-replay", help="Write the replay file here (the roster is embedded in it)."
)


def play(
    game_name: str = typer.Argument(..., metavar="GAME"),
    opponent: str = typer.Option(
        None, "--opponent", help="Computer strength: random, heuristic, mcts, mcts:N, expert..."
    ),
    hot_seat: bool = typer.Option(False, "--hot-seat", help="Every side played by a person at this screen."),
    seat: int = typer.Option(0, "--seat", help="Which side you play (0 = first)."),
    wrestler: list[str] | None = WrestlerOpt,
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    seed: int | None = SeedOpt,
    save_replay_to: Path | None = SaveReplayOpt,
    force: bool = ForceOpt,
    position: Path | None = typer.Option(
        None, "--position", metavar="FILE",
        help="Start from this position (a scenario or puzzle; JSON as State.to_position writes it).",
    ),
    hints: bool | None = typer.Option(
        None, "--hints/--no-hints", help="Offer 'hint' at your decisions (default: on against the computer only)."
    ),
) -> None:
    """Play a match: you against the computer, or people at the same screen (--hot-seat)."""
    check_save_target(save_replay_to, force)
    start = _starting_position(game_name, position, wrestler, roster, option)
    first = game_class(game_name).first_match(parse_options(option)) if start is None else {}
    game = start.game if start is not None else build_game(game_name, wrestler, roster, option, first)
    seed = new_seed() if seed is None else seed
    n = game.num_players()
    if not 0 <= seat < n:
        raise typer.BadParameter(f"--seat must be from 0 to {n - 1}")
    shared = HotSeat(console, hidden_information=game.hidden_information) if hot_seat else None

    def render(state: State, player: int) -> str:
        return game.render_observation(state.observation(player))  # printed with markup off

    hinter = terminal_hinter() if (not hot_seat if hints is None else hints) else None
    agents: list[Agent] = []
    for player in range(n):
        if hot_seat or player == seat:
            advisor = make_agent(strongest_agent(game), game, player)
            agents.append(HumanAgent(player, console, render, shared, advisor=advisor, hinter=hinter))
        else:
            agents.append(make_agent(opponent or strongest_agent(game), game, player))
    console.print(f"[bold]{safe(game.title)}[/] (seed {seed})")
    if first:  # a person's first match of a game whose basic rules decide everything (Filsinger)
        console.print(first_match_note(game_name, first), markup=False, highlight=False, style="yellow")
    note = game.decision_options()
    if note:
        console.print(note, markup=False, highlight=False, style="yellow")
    if start is not None:
        console.print(f"From the position in {safe(position)}.", highlight=False)
    try:
        result = play_match(game, agents, seed, on_event=narrator(game), start=start)
    except QuitMatch:
        console.print("You left the ring. Match abandoned.")
        raise typer.Exit(0) from None
    _announce(result)
    _save(result, save_replay_to, force)


def _starting_position(game_name: str, path: Path | None, wrestler: list[str] | None, roster: str | None,
                       option: list[str] | None) -> State | None:
    """The state ``play --position FILE`` starts from (``None`` without it); the file carries the game's
    params, so --wrestler, --roster and --option are refused beside it."""
    if path is None:
        return None
    game_class(game_name)  # an unknown GAME is reported before the file is read
    if wrestler or roster is not None or option:
        raise typer.BadParameter("--position FILE carries the match's params: leave out --wrestler, --roster "
                                 "and --option")
    return load_position(path, game_name)


def watch(
    game_name: str = typer.Argument(..., metavar="GAME"),
    agents: list[str] | None = typer.Option(None, "--agent", "-a", help="Computer player per side (repeat)."),
    wrestler: list[str] | None = WrestlerOpt,
    roster: str | None = RosterOpt,
    option: list[str] | None = OptionOpt,
    seed: int | None = SeedOpt,
    delay: float = typer.Option(
        0.0, "--delay", parser=parse_delay, metavar="SECONDS", help="Seconds between lines of commentary (0-60)."
    ),
    as_json: bool = JsonOpt,
    save_replay_to: Path | None = SaveReplayOpt,
    force: bool = ForceOpt,
) -> None:
    """Watch the computer wrestle itself, with commentary (--json: one event per line, then the result)."""
    check_save_target(save_replay_to, force)
    game = build_game(game_name, wrestler, roster, option)
    seed = new_seed() if seed is None else seed
    names = list(agents or [])
    n = game.num_players()
    if len(names) > n:
        raise typer.BadParameter(f"{game.name} has {n} sides; got {len(names)} --agent options")
    names += [strongest_agent(game)] * (n - len(names))
    players = [make_agent(name, game, p) for p, name in enumerate(names)]
    if as_json:
        count = 0

        def emit(event: Event, state: State) -> None:
            nonlocal count
            echo_json(event_message(game, event, count))
            count += 1

        result = play_match(game, players, seed, on_event=emit)
        echo_json(result_message(game, result.result, seed=seed, agents=result.agents, actions=len(result.actions)))
    else:
        sides = " vs ".join(side.name for side in game.sides())  # teams as "A & B vs C & D"
        console.print(f"[bold]{safe(game.title)}[/]: {safe(sides)} (seed {seed})", highlight=False)
        result = play_match(game, players, seed, on_event=narrator(game, delay))
        _announce(result)
    _save(result, save_replay_to, force)


def replay(
    path: Path = typer.Argument(..., metavar="FILE"),
    as_json: bool = JsonOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Only verify and print the result."),
    allow_paths: bool = typer.Option(
        False, "--allow-paths", help="Let an old replay read the roster file it names (only for replays you trust)."
    ),
) -> None:
    """Re-run a replay file, check it reaches the recorded result, and narrate it."""
    loaded = load_replay(path)
    state = run_replay(loaded, source=str(path), allow_paths=allow_paths)
    game = state.game
    result = state.match_result()
    if as_json:
        for index, event in enumerate(state.events):
            echo_json(event_message(game, event, index))
        echo_json(state_result_message(state, seed=loaded.seed, agents=loaded.agents,
                                       verified=loaded.returns is not None))
        return
    if not quiet:
        for event in state.events:
            line = game.narrate(event)
            if line:
                console.print(line, markup=False, highlight=False)
    verdict = "verified" if loaded.returns is not None else "re-run (no recorded result to check)"
    if loaded.position is not None:
        verdict += " from its starting position"
    outcome = result.describe() if result is not None else "the match is not over"
    console.print(f"{path}: {len(loaded.actions)} actions {verdict}; {outcome}", markup=False, highlight=False)
