"""``turnbuckle league``: promotions, signings, titles, cards, seasons, standings and reports."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from turnbuckle.cli.common import (
    INTERRUPTED_EXIT_CODE,
    DbOpt,
    JsonOpt,
    LeagueOpt,
    OptionOpt,
    echo_json,
    league_db,
    parse_options,
    say_interrupted,
)
from turnbuckle.cli.league_teams import team_app
from turnbuckle.text import plural

if TYPE_CHECKING:  # imported when a league command runs: the database stack is slow to import
    from turnbuckle.league import service

app = typer.Typer(help="Run a promotion: sign wrestlers, book cards, run seasons, keep titles.", no_args_is_help=True)
belt_app = typer.Typer(help="Championships.", no_args_is_help=True)
card_app = typer.Typer(help="Events: book, run, list.", no_args_is_help=True)
app.add_typer(belt_app, name="belt")
app.add_typer(card_app, name="card")
app.add_typer(team_app, name="team")
console = Console()

AgentOpt = typer.Option(None, "--agent", "-a", help="Computer agent for every seat (repeat: one per seat in turn).")
TitlesOnDqOpt = typer.Option(
    False, "--titles-on-dq", help="Titles change hands on a count-out or disqualification too (default: they do not)."
)


def _outcome_printer(as_json: bool) -> Callable[[service.MatchOutcome], None] | None:
    if as_json:
        return None

    def show(outcome: service.MatchOutcome) -> None:
        said = outcome.line or outcome.description
        line = f"  #{outcome.event} match {outcome.match_id}: {escape(said)}  {_stars(outcome.stars)}"
        if outcome.title_change:
            line += f"  [bold yellow]{escape(outcome.title_change)}[/]"
        for name, cards in outcome.injuries:
            line += f"  [red]{escape(name)} injured for {cards} card{'s' if cards != 1 else ''}[/]"
        console.print(line, highlight=False)

    return show


def _stars(stars: float | None) -> str:
    return "-" if stars is None else f"{stars:.2f}*"


# -- promotion and roster ---------------------------------------------------------------------
@app.command("new")
def new(
    name: str,
    game: str = typer.Option(..., "--game", "-g", help="The ruleset every match uses."),
    option: list[str] | None = OptionOpt,
    roster: str | None = typer.Option(None, "--roster", help="Your own roster file to sign wrestlers from."),
    seed: int | None = typer.Option(None, "--seed", help="Base seed of every match (random if omitted)."),
    titles_on_dq: bool = TitlesOnDqOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Start a promotion under one ruleset and its options; prints its admin token (once)."""
    from turnbuckle.league import service

    if roster is not None:
        roster = str(Path(roster).resolve())
    with league_db(db) as database:
        info = service.create_league(
            database, name, game, parse_options(option), roster, seed, countout_dq_titles=bool(titles_on_dq)
        )
    if as_json:
        echo_json(info)
    else:
        console.print(f"Started {escape(info['name'])} ({game}). Sign wrestlers: turnbuckle league sign --all")
        _print_token(info["admin_token"])


def _print_token(token: str) -> None:
    console.print(
        f"Admin token (shown only now; `turnbuckle league admin-token` makes a new one): {token}\n"
        "With it the browser can run the promotion: `turnbuckle serve`, open /leagues, log in.",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


@app.command("admin-token")
def admin_token(league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Issue a new admin token for the browser; the old one and every log-in made with it stop working."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.issue_admin_token(database, league)
    if as_json:
        echo_json(info)
        return
    if info["revoked_old"]:
        console.print(f"The old admin token of {escape(info['league'])} no longer works, and every browser "
                      "logged in with it is logged out.", highlight=False)
    _print_token(info["admin_token"])


@app.command("rules")
def rules(
    titles_on_dq: bool | None = typer.Option(
        None,
        "--titles-on-dq/--no-titles-on-dq",
        help="Change the rule: titles change hands on a count-out or disqualification, or not (the default).",
    ),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """The promotion's rules: game, options, roster, the title rule, the season (and change the title rule)."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = (
            service.set_rules(database, league, titles_on_dq)
            if titles_on_dq is not None
            else service.rules_view(database, league)
        )
    if as_json:
        echo_json(info)
        return
    table = Table(title=f"{escape(info['league'])} rules", show_header=False)
    table.add_column("rule")
    table.add_column("value")
    options = ", ".join(f"{k}={v}" for k, v in info["options"].items()) or "the game's defaults"
    table.add_row("game", f"{escape(info['game_title'])} ({info['game']})")
    table.add_row("options", escape(options))
    table.add_row("roster", escape(info["roster"] or f"the {info['game']} roster"))
    if info["custom_cards"]:
        table.add_row("own cards", escape(", ".join(info["custom_cards"])))
    table.add_row("titles change on", escape(info["titles_change_on"]))
    table.add_row("season", str(info["season"]))
    table.add_row("seed", str(info["seed"]))
    table.add_row("browser admin", "token set" if info["admin_token_set"] else "no token: `league admin-token`")
    console.print(table)


@app.command("sign")
def sign(
    names: list[str] | None = typer.Argument(None, help="Wrestler names from the roster (RUMBLESLAM: team names)."),
    everyone: bool = typer.Option(False, "--all", help="Sign the whole roster (RUMBLESLAM: every ready-made team)."),
    team: list[str] | None = typer.Option(None, "--team", help="RUMBLESLAM: a team file to hire and sign (repeat)."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Sign wrestlers from the game's roster (or the league's roster file); RUMBLESLAM signs teams."""
    from turnbuckle.league import service
    from turnbuckle.league.teams import sign_team_file

    with league_db(db) as database:
        signed = service.sign(database, league, names or [], everyone) if names or everyone or not team else []
        signed += [sign_team_file(database, league, path)["name"] for path in team or []]
    if as_json:
        echo_json({"signed": signed})
    else:
        console.print(f"Signed {len(signed)}: {escape(', '.join(signed)) or 'nobody new'}", highlight=False)


@app.command("release")
def release(name: str, league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Release a wrestler (titles they hold are vacated)."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.release(database, league, name)
    if as_json:
        echo_json(info)
    else:
        vacated = f"; vacated: {escape(', '.join(info['vacated']))}" if info["vacated"] else ""
        console.print(f"Released {escape(info['released'])}{vacated}", highlight=False)


# -- titles -----------------------------------------------------------------------------------
@belt_app.command("new")
def belt_new(
    name: str,
    tag: bool = typer.Option(False, "--tag", help="A tag-team title (defended by teams of two)."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Create a championship (singles, or --tag)."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.new_title(database, league, name, "tag" if tag else "singles")
    if as_json:
        echo_json(info)
    else:
        console.print(f"Created the {escape(info['name'])} ({info['kind']}); it is vacant until won.", highlight=False)


@app.command("titles")
def titles(league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Champions and each title's lineage: reigns with dates, events and defences."""
    from turnbuckle.league import service

    with league_db(db) as database:
        rows = service.titles_view(database, league)
    if as_json:
        echo_json(rows)
        return
    if not rows:
        console.print("No titles yet: turnbuckle league belt new NAME")
    for row in rows:
        champion = " & ".join(row["champion"]) if row["champion"] else "vacant"
        table = Table(title=f"{escape(row['title'])} ({row['kind']}): {escape(champion)}",
                      caption="reigns in league time: cards held = the card it ended on (or the latest) - the card won")
        for col in ("#", "holders", "won", "lost", "cards held", "defences"):
            table.add_column(col)
        for i, reign in enumerate(row["lineage"], start=1):
            if reign["current"]:
                lost = "current"
            elif reign["vacated"]:
                lost = f"vacated after card #{reign['ended_card']}" if reign["ended_card"] else "vacated"
            else:
                lost = f"card #{reign['ended_card']}"
            held = "-" if reign["cards"] is None else str(reign["cards"]) + ("+" if reign["current"] else "")
            table.add_row(
                str(i),
                escape(" & ".join(reign["holders"])),
                f"card #{reign['won_card']}" if reign["won_card"] else "-",
                lost,
                held,
                str(reign["defences"]),
            )
        console.print(table)


# -- cards ------------------------------------------------------------------------------------
@card_app.command("new")
def card_new(
    name: str | None = typer.Argument(None, help="The event's name (default: LEAGUE #N)."),
    match: list[str] = typer.Option(
        ...,
        "--match",
        "-m",
        help="'A vs B', 'A & B vs C & D', then '| title=NAME', '| type=TYPE', '| blowoff', '| OPTION=VALUE'.",
    ),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Book an event: its matches in order (the last is the main event)."""
    from turnbuckle.league import service
    from turnbuckle.league.booking import parse_match_spec

    specs = [parse_match_spec(m) for m in match]
    with league_db(db) as database:
        info = service.book_card(database, league, name, specs)
    if as_json:
        echo_json(info)
    else:
        console.print(f"Booked card #{info['event']} {escape(info['name'])} with {plural(info['matches'], 'match')}.",
                      highlight=False)


@card_app.command("tournament")
def card_tournament(
    name: str | None = typer.Argument(None, help="The tournament's name."),
    entrant: list[str] | None = typer.Option(None, "--entrant", "-e", help="An entrant (2, 4, 8, 16 ...)."),
    top: int | None = typer.Option(None, "--top", help="Enter the N best-rated healthy wrestlers instead."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Book a single-elimination tournament as an event (rounds are booked as it is run)."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.book_tournament(database, league, name, entrant or [], top)
    if as_json:
        echo_json(info)
    else:
        entrants = escape(", ".join(info["entrants"]))
        console.print(f"Booked card #{info['event']} {escape(info['name'])}: {entrants}", highlight=False)


@card_app.command("run")
def card_run(
    number: int | None = typer.Argument(None, help="Card number (default: the next booked card)."),
    agent: list[str] | None = AgentOpt,
    play: int | None = typer.Option(
        None, "--play", metavar="N", help="Play match N of the card yourself, here (the others: the agents)."
    ),
    browser: int | None = typer.Option(
        None, "--browser", metavar="N", help="Play match N in the browser (turnbuckle serve); then `card collect`."
    ),
    side: str | None = typer.Option(
        None, "--as", metavar="SIDE", help="Your side in that match: its number (1 = first) or a wrestler on it."
    ),
    server: str = typer.Option(
        "http://127.0.0.1:8000", "--server", help="Address of `turnbuckle serve` for the --browser link."
    ),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Play every match of a card with computer agents (or one yourself: --play, --browser) and store each one."""
    from turnbuckle.league import service
    from turnbuckle.league.errors import LeagueError
    from turnbuckle.league.people import BrowserSeat, MatchAbandoned

    if play is not None and browser is not None:
        raise LeagueError("choose --play (here) or --browser for the match you play, not both")
    if side is not None and play is None and browser is None:
        raise LeagueError("--as needs --play N or --browser N (the match whose side you take)")
    if play is not None and as_json:
        raise LeagueError("--play is played at the terminal; leave out --json")
    person = _person(play, side) if play is not None else None
    sent = BrowserSeat(browser, side, server) if browser is not None else None
    with league_db(db) as database:
        try:
            summary = service.run_card(
                database, league, number, agent, _outcome_printer(as_json), person=person, browser=sent
            )
        except MatchAbandoned as exc:
            if not exc.interrupted:
                raise
            say_interrupted(f"error: {exc}")
            raise typer.Exit(INTERRUPTED_EXIT_CODE) from None
    if as_json:
        echo_json(summary)
        return
    _print_event(summary)
    if "browser" in summary:
        link = summary["browser"]
        console.print(
            f"Match {link['position']} is yours in the browser: {link['url']}\n"
            "(run `turnbuckle serve` on the same database if it is not running; then, when the match is "
            f"over: turnbuckle league card collect {summary['event']})",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def _person(position: int, side: str | None) -> Any:
    """The terminal player of ``card run --play``: the prompts and commentary of ``turnbuckle play``."""
    from turnbuckle.agents.human import HumanAgent
    from turnbuckle.agents.registry import make_agent, strongest_agent
    from turnbuckle.cli import matches
    from turnbuckle.engine.game import Game, State
    from turnbuckle.league.people import PersonSeat

    def agent(game: Game, player: int) -> HumanAgent:
        def render(state: State, seat: int) -> str:
            return game.render_observation(state.observation(seat))  # printed with markup off

        advisor = make_agent(strongest_agent(game), game, player)
        return HumanAgent(player, matches.console, render, advisor=advisor)

    def announce(text: str) -> None:
        matches.console.print(text, style="bold", markup=False, highlight=False)

    return PersonSeat(position, side, agent, matches.narrator, announce)


@card_app.command("collect")
def card_collect(
    number: int | None = typer.Argument(None, help="Card number (default: every card waiting for the browser)."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Store the card matches played to the end in the browser (`card run --browser`)."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.collect_card(database, league, number)
    if as_json:
        echo_json(info)
        return
    if not info["collected"]:
        console.print("No card is waiting for a match in the browser.")
    for entry in info["collected"]:
        what = {
            "collected": f"stored: {entry.get('result')}  {_stars(entry.get('stars'))}",
            "playing": "still being played in the browser",
            "missing": "its browser match is gone; send it again with card run --browser",
        }[entry["status"]]
        line = f"  #{entry['event']} match {entry['position']} ({entry['match']}): {what}"
        console.print(line, markup=False, highlight=False)
    for card in info["cards"]:
        _print_event(card)


@card_app.command("list")
def card_list(league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Every event: status, matches, grade."""
    from turnbuckle.league import service

    with league_db(db) as database:
        events = service.list_events(database, league)
    if as_json:
        echo_json(events)
        return
    table = Table(title="Cards")
    for col in ("#", "name", "kind", "status", "matches", "grade"):
        table.add_column(col)
    for e in events:
        grade = f"{e['grade']:.2f} ({e['grade_letter']})" if e["grade"] is not None else "-"
        table.add_row(str(e["event"]), escape(e["name"]), e["kind"], e["status"], str(len(e["matches"])), grade)
    console.print(table)


@card_app.command("show")
def card_show(number: int, league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """One event's matches and results."""
    from turnbuckle.league import service

    with league_db(db) as database:
        summary = service.show_event(database, league, number)
    if as_json:
        echo_json(summary)
    else:
        _print_event(summary)


def _print_event(summary: dict[str, Any]) -> None:
    from turnbuckle.league.quality import grade_letter

    grade = f"{summary['grade']:.2f} stars ({grade_letter(summary['grade'])})" if summary["grade"] is not None else ""
    table = Table(title=f"Card #{summary['event']} {escape(summary['name'])} {grade}".strip())
    for col in ("#", "id", "match", "type", "title", "winner", "method", "stars"):
        table.add_column(col)
    for m in summary["matches"]:
        title = (m["title"] or "") + (" (new champion)" if m["title_changed"] else "")
        if m["round"]:
            title = f"round {m['round']} " + title
        waiting = "in the browser" if m["status"] == "live" else "-"
        table.add_row(
            str(m["position"]),
            str(m["id"]),
            escape(" vs ".join(" & ".join(s) for s in m["sides"])) + (" (blow-off)" if m["blowoff"] else ""),
            m["match_type"],
            escape(title.strip()),
            escape(" & ".join(m["winner"])) if m["winner"] else ("draw" if m["status"] == "done" else waiting),
            m["method_text"] or "-",
            _stars(m["stars"]),
        )
    console.print(table)


@app.command("season")
def season(
    events: int = typer.Argument(..., help="How many events to book and run."),
    matches: int = typer.Option(4, "--matches", help="Matches per card."),
    agent: list[str] | None = AgentOpt,
    batch: int = typer.Option(
        0,
        "--batch",
        help="Matches per transaction (0: a whole card, so a crash loses the unfinished card; 1: each match).",
    ),
    new_season: bool = typer.Option(False, "--new", help="Start the next season first (standings --season N)."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Book and run N events: title challengers from the rankings, feud rematches, injured wrestlers rested.

    Each match is listed as it is stored: "A def. B (method)"."""
    from turnbuckle.league import service

    show = _outcome_printer(as_json)

    def done(summary: dict[str, Any]) -> None:
        if not as_json:
            console.print(
                f"[bold]card #{summary['event']} {escape(summary['name'])}[/]: grade {summary['grade']:.2f} "
                f"({summary['grade_letter']})",
                highlight=False,
            )

    def begins(started: dict[str, Any]) -> None:
        if not as_json:
            console.print(f"Season {started['season']} of {escape(started['league'])} begins.", highlight=False)

    with league_db(db) as database:
        summaries = service.run_season(database, league, events, agent, matches, show, done, batch, new_season, begins)
    if as_json:
        echo_json(summaries)


# -- views ------------------------------------------------------------------------------------
@app.command("standings")
def standings(
    released: bool = typer.Option(False, "--released", help="Include released wrestlers."),
    season: int | None = typer.Option(None, "--season", help="One season's records (default: all time)."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """W/L/D, streaks and openskill ratings (mu +- sigma; ranked by mu - 3 sigma); --season N: that season."""
    from turnbuckle.league import service

    with league_db(db) as database:
        data = service.standings(database, league, released, season)
    if as_json:
        echo_json(data)
        return
    if season is not None:
        _print_season(data)
        return
    table = Table(title=f"{escape(data['league'])} standings ({data['game']})",
                  caption="rating = mu - 3 sigma (openskill)")
    teams = any("cost" in r for r in data["wrestlers"])  # a team game: teams and their Dosh, no injuries
    for col in ("#", "team" if teams else "wrestler", "W", "L", "D", "streak", "rating", "mu +- sigma"):
        table.add_column(col)
    table.add_column("Dosh" if teams else "injured")
    for r in data["wrestlers"]:
        table.add_row(
            str(r["rank"]),
            escape(r["name"]) + ("" if r["active"] else " (released)"),
            str(r["wins"]),
            str(r["losses"]),
            str(r["draws"]),
            _streak(r["streak"]),
            f"{r['rating']:.1f}",
            f"{r['mu']:.1f} +- {r['sigma']:.1f}",
            _standing_extra(r, teams),
        )
    console.print(table)


def _print_season(data: dict[str, Any]) -> None:
    table = Table(
        title=f"{escape(data['league'])} season {data['season']} ({data['game']})",
        caption="ranked by wins, then fewer losses, then rating (mu - 3 sigma) at the season's end",
    )
    for col in ("#", "name", "W", "L", "D", "streak", "rating", "change"):
        table.add_column(col)
    for r in data["wrestlers"]:
        table.add_row(
            str(r["rank"]), escape(r["name"]), str(r["wins"]), str(r["losses"]), str(r["draws"]), _streak(r["streak"]),
            f"{r['rating']:.1f}", f"{r['rating_change']:+.1f}",
        )
    console.print(table)


def _streak(streak: int) -> str:
    """A standings streak: W3 (three wins in a row), L2 (two losses), - (none)."""
    return f"W{streak}" if streak > 0 else (f"L{-streak}" if streak < 0 else "-")


def _standing_extra(row: dict[str, Any], teams: bool) -> str:
    """The last standings column: a team's Dosh cost, else a wrestler's injury."""
    if teams:
        return f"{row['cost']}K" if row.get("cost") is not None else "-"
    return plural(row['injured_cards'], 'card') if row['injured_cards'] else ""


@app.command("feuds")
def feuds(
    end: int | None = typer.Option(None, "--end", help="End the feud with this id."),
    active: bool = typer.Option(False, "--active", help="Only feuds still going."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Rivalries: how they started (rivals, title changes, repeated or classic matches), heat, matches."""
    from turnbuckle.league import service

    with league_db(db) as database:
        if end is not None:
            info = service.end_feud(database, league, end)
            if as_json:
                echo_json(info)
            else:
                console.print(f"Ended feud {end}.")
            return
        rows = service.feuds_view(database, league, include_ended=not active)
    if as_json:
        echo_json(rows)
        return
    table = Table(title="Feuds")
    for col in ("id", "sides", "reason", "heat", "matches", "from card", "ended"):
        table.add_column(col)
    for f in rows:
        table.add_row(
            str(f["id"]),
            escape(" vs ".join(" & ".join(s) for s in f["sides"])),
            f["reason"],
            f"{f['heat']:.2f}",
            str(f["matches"]),
            str(f["started_event"] or "-"),
            "active" if f["active"] else f"card #{f['ended_event']}" if f["ended_event"] else "ended",
        )
    console.print(table)


@app.command("injuries")
def injuries(
    healed: bool = typer.Option(False, "--all", help="Include healed injuries."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Feud Table injuries and the fight cards each still lasts."""
    from turnbuckle.league import service

    with league_db(db) as database:
        rows = service.injuries_view(database, league, healed)
    if as_json:
        echo_json(rows)
        return
    table = Table(title="Injuries")
    for col in ("wrestler", "cards", "left", "on card", "match", "healed"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            escape(r["wrestler"]),
            str(r["cards"]),
            str(r["remaining"]),
            f"#{r['event']}",
            str(r["match"]),
            f"card #{r['healed_event']}" if r["healed_event"] else "-",
        )
    console.print(table)


@app.command("history")
def history(wrestler: str, league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """A wrestler's matches, results and rating after each."""
    from turnbuckle.league import service

    with league_db(db) as database:
        data = service.history(database, league, wrestler)
    if as_json:
        echo_json(data)
        return
    rec = data["record"]
    table = Table(
        title=f"{escape(data['wrestler'])}: {rec['wins']}-{rec['losses']}-{rec['draws']}, rating {data['rating']:.1f}"
    )
    for col in ("card", "match", "vs", "result", "method", "title", "stars", "rating after"):
        table.add_column(col)
    for m in data["matches"]:
        table.add_row(
            f"#{m['event']}",
            str(m["id"]),
            escape(", ".join(m["opponents"])),
            m["outcome"] or "booked",
            m["method_text"] or "-",
            escape(m["title"] or ""),
            _stars(m["stars"]),
            "-" if m["rating_after"] is None else f"{m['rating_after']:.1f}",
        )
    console.print(table)


@app.command("replay")
def replay(match_id: int, league: str | None = LeagueOpt, db: str | None = DbOpt, as_json: bool = JsonOpt) -> None:
    """Re-run a stored match from its seed, params and agents and check it reproduces."""
    from turnbuckle.league import service

    with league_db(db) as database:
        info = service.replay_match(database, league, match_id)
    if as_json:
        echo_json(info)
    else:
        console.print(
            f"Match {match_id} reproduces: {info['actions']} actions, {info['result']} (seed {info['seed']}).",
            markup=False,
            highlight=False,
        )


@app.command("export")
def export(
    out: Path = typer.Option(Path("league-export"), "--out", "-o", help="Folder to write into."),
    fmt: str = typer.Option("both", "--format", help="csv, json or both."),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Write standings, matches, titles, feuds and injuries as CSV and/or JSON files."""
    from turnbuckle.league.export import export_league

    with league_db(db) as database:
        files = export_league(database, league, out, fmt)
    if as_json:
        echo_json({"files": [str(f) for f in files]})
    else:
        console.print(f"Wrote {len(files)} files to {out}: {', '.join(f.name for f in files)}",
                      markup=False, highlight=False)


@app.command("report")
def report(
    out: Path = typer.Option(Path("league-report"), "--out", "-o", help="Folder to write into."),
    fmt: str = typer.Option("png", "--format", help="png or svg."),
    top: int = typer.Option(8, "--top", help="Wrestlers in the rating chart (best first)."),
    season: int | None = typer.Option(
        None, "--season", help="The season of the fairness figures (default: the current one)."
    ),
    league: str | None = LeagueOpt,
    db: str | None = DbOpt,
    as_json: bool = JsonOpt,
) -> None:
    """Charts: rating history per wrestler and a title-reign timeline (PNG or SVG); a season's fairness figures."""
    from turnbuckle.league.report import fairness_view, write_report

    with league_db(db) as database:
        figures = fairness_view(database, league, season)
        files = write_report(database, league, out, fmt, top)
    if as_json:
        echo_json({"files": [str(f) for f in files], "fairness": figures})
    else:
        console.print(f"Wrote {', '.join(str(f) for f in files)}", markup=False, highlight=False)
        for line in fairness_lines(figures):
            console.print(line, markup=False, highlight=False)


def fairness_lines(figures: dict[str, Any]) -> list[str]:
    """The fairness figures as ``league report`` prints them."""
    spread = figures["matches"]
    lines = [
        f"Season {figures['season']}: matches per fit wrestler min {spread['min']}, mean {spread['mean']:.2f}, "
        f"max {spread['max']} ({spread['wrestlers']} wrestlers)"
    ]
    if figures["injured"]:
        hurt = ", ".join(f"{name} {count}" for name, count in figures["injured"].items())
        lines.append(f"Injured in the season (not counted): {hurt}")
    top = figures["most_repeated"]
    if top is None:
        lines.append("Most-repeated pairing: none (no match this season)")
    else:
        sides = " vs ".join(" & ".join(side) for side in top["sides"])
        asked = f", {top['asked']} of them for a title or a feud" if top["asked"] else ""
        lines.append(f"Most-repeated pairing: {sides}, {top['times']} times{asked}")
    return lines
