"""The odds calculators shared by ``turnbuckle odds`` and the web's ``/odds`` and ``/api/odds/...``.

``powerhouses_odds`` and ``filsinger_odds`` compute the exact odds of ``turnbuckle odds powerhouses``
/ ``turnbuckle odds filsinger`` and return the ``odds`` message (``--json``); ``distribution_rows``
turns a distribution into table rows. They depend on no command-line or web machinery (the games'
heavier modules are imported when a calculation runs). A bad input raises ``OddsParamError`` (a
``ParamError``) whose message starts with the parameter's name.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.shapes import odds_message
from turnbuckle.games.powerhouses.stopping import parse_stopping_rule

TABLE_FLOOR = 5e-7
"""Outcomes less likely than this are left out of tables and charts; the JSON keeps every outcome."""
DRAW_LABEL = "draw (double DQ / count-out)"


class OddsParamError(ParamError):
    """A bad odds input; ``param`` names it, ``detail`` says what is wrong, and the message is
    ``param: detail``."""

    def __init__(self, param: str, message: str) -> None:
        super().__init__(f"{param}: {message}")
        self.param = param
        self.detail = message


def check_whole(param: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no upper bound if ``None``)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise OddsParamError(param, f"must be a whole number, got {value!r}")
    if value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise OddsParamError(param, f"must be {span}, got {value}")
    return value


def powerhouses_odds(
    wrestler: str | None = None,
    roster: str | None = None,
    dice: int = 5,
    rule: str = "bust",
    simulate: int = 0,
    seed: int = 0,
) -> dict[str, Any]:
    """The ``odds`` message of ``turnbuckle odds powerhouses``: the exact distribution of an attack's
    final total for ``dice`` dice of ``wrestler``'s sheet (default: the roster's first) under the
    stopping ``rule``, with ``simulate`` attacks played through the rules beside it when asked."""
    from turnbuckle.games.powerhouses.odds import simulate_total_distribution, total_distribution
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

    check_whole("dice", dice, 2, 12)
    check_whole("simulate", simulate, 0)
    check_whole("seed", seed, 0)
    try:
        stop = parse_stopping_rule(rule)
    except ParamError as exc:
        raise OddsParamError("rule", str(exc)) from None
    try:
        base = PowerhousesGame(roster=roster)
    except ParamError as exc:
        raise OddsParamError("roster", str(exc)) from None
    names = [s.name for s in base.roster_file.wrestler]
    sheet = base.roster_file.find(wrestler) if wrestler else base.roster_file.wrestler[0]
    if sheet is None:
        raise OddsParamError("wrestler", f"unknown wrestler {wrestler!r} (roster has: {'; '.join(names)})")
    second = next((n for n in names if n.casefold() != sheet.name.casefold()), sheet.name)
    game = PowerhousesGame(wrestlers=[sheet.name, second], roster=roster, dice=dice)
    exact = total_distribution(game.face_maps[0], dice, stop)
    sampled = simulate_total_distribution(game, 0, dice, stop, simulate, seed) if simulate else {}
    mean = sum(t * p for t, p in exact.items())
    distribution = [
        {"outcome": str(total), "probability": p, "simulated": sampled.get(total, 0.0) if simulate else None}
        for total, p in exact.items()
    ]
    sampled_mean = sum(t * p for t, p in sampled.items()) if simulate else None
    return odds_message(
        "powerhouses",
        {"wrestler": game.sheets[0].name, "dice": dice, "rule": rule},
        [{"label": "mean final total", "value": mean, "kind": "mean", "simulated": sampled_mean}],
        distribution,
        simulate,
    )


def filsinger_odds(
    pin: int | None = None,
    finisher: int = 0,
    tokens: int = 0,
    choice: str | None = None,
    move: str | None = None,
    against: str | None = None,
    match: list[str] | None = None,
    policy: str = "random",
    params: dict[str, Any] | None = None,
    simulate: int = 0,
    seed: int = 0,
    budget: int | None = None,
) -> dict[str, Any]:
    """The ``odds`` message of ``turnbuckle odds filsinger``: the chance a PIN rating holds (with
    ``finisher`` and ``tokens`` added), a Choice Situation move working ``against`` a wrestler, and
    a whole ``match`` between two wrestlers (game ``params``, decisions by ``policy``; ``simulate``
    matches played beside it when asked; ``budget`` caps the states solved)."""
    from turnbuckle.engine.replay import game_from_params
    from turnbuckle.games.filsinger import odds
    from turnbuckle.games.filsinger.rules import FilsingerGame

    results: dict[str, dict[str, Any]] = {}
    answers: list[dict[str, Any]] = []
    if pin is not None:
        check_whole("pin", pin, -99, 99)
        check_whole("finisher", finisher, -99, 99)
        check_whole("tokens", tokens, 0, 99)
        holds = odds.pin_holds(pin, finisher, tokens)
        results["pin"] = {"rating": pin, "finisher": finisher, "tokens": tokens, "holds": holds}
        answers.append({"label": f"PIN {pin} (+{finisher} finisher, +{tokens} tokens) holds",
                        "value": holds, "kind": "probability"})
    if choice is not None:
        if not move:
            raise OddsParamError("move", "a Choice Situation needs the move chosen")
        if not against:
            raise OddsParamError("against", "a Choice Situation needs the defending wrestler")
        cards = FilsingerGame().roster_cards
        card = next((c for c in cards if c.name.casefold() == against.casefold()), None)
        if card is None:
            raise OddsParamError("against", f"filsinger: unknown wrestler {against!r}")
        if choice.upper() not in choice_situations():
            raise OddsParamError("choice", f"filsinger: no Choice Situation {choice!r} (A-H)")
        try:
            target = odds.choice_target(choice, move, card)
        except ParamError as exc:
            raise OddsParamError("move", str(exc)) from None
        success = odds.choice_success(choice, move, card)
        results["choice"] = {"situation": choice.upper(), "move": move, "against": card.name,
                             "target": target, "success": success}
        answers.append({"label": f"Choice {choice.upper()}: {move} vs {card.name} (2-{target})",
                        "value": success, "kind": "probability"})
    if match:
        if len(match) != 2:
            raise OddsParamError("match", "needs exactly two wrestlers")
        if policy not in ("random", "expert"):
            raise OddsParamError("policy", f"must be random or expert, not {policy!r}")
        check_whole("simulate", simulate, 0)
        check_whole("seed", seed, 0)
        try:
            game = game_from_params("filsinger", {**(params or {}), "wrestlers": list(match)})
        except ParamError as exc:
            raise OddsParamError("match", str(exc)) from None
        assert isinstance(game, FilsingerGame)
        limit = odds.DEFAULT_BUDGET if budget is None else budget
        try:
            exact = odds.match_odds(game, "expert" if policy == "expert" else "random", limit)
        except ParamError as exc:
            raise OddsParamError("match", str(exc)) from None
        found: dict[str, Any] = {"wrestlers": list(match), "policy": policy, "side0": exact.side0,
                                 "side1": exact.side1, "draw": exact.draw, "states": exact.states}
        results["match"] = found
        simulated: dict[str, float] | None = None
        if simulate:
            simulated = simulate_filsinger(game, policy, simulate, seed)
            found["simulated"] = simulated
        for key, label in (("side0", f"{match[0]} wins"), ("side1", f"{match[1]} wins"), ("draw", DRAW_LABEL)):
            answers.append({"label": label, "value": found[key], "kind": "probability",
                            "simulated": simulated[key] if simulated is not None else None})
    if not results:
        raise ParamError("say what to compute: pin, choice (with move and against), or match (two wrestlers)")
    return odds_message("filsinger", results, answers, None, simulate)


def simulate_filsinger(game: Any, policy: str, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` matches with the policy's agents; the share of wins of each side and draws."""
    from turnbuckle.agents.registry import make_agent
    from turnbuckle.engine.match import play_match

    name = "random" if policy == "random" else "expert"
    agents = [make_agent(name, game, 0), make_agent(name, game, 1)]
    wins = [0, 0]
    for i in range(matches):
        result = play_match(game, agents, seed + i)
        for player in result.winning_players:
            wins[player] += 1
    draws = matches - sum(wins)
    return {"side0": wins[0] / matches, "side1": wins[1] / matches, "draw": draws / matches}


def distribution_rows(distribution: list[dict[str, Any]], floor: float = TABLE_FLOOR) -> dict[str, Any]:
    """Table rows of a distribution: outcome, exact, "at least" (this outcome or a later one) and
    simulated share, leaving out outcomes below ``floor`` (but never outcome ``0``); also how many
    were left out and their total probability."""
    rows: list[dict[str, Any]] = []
    tail = 1.0
    hidden, hidden_mass = 0, 0.0
    for entry in distribution:
        p = float(entry["probability"])
        if p < floor and entry["outcome"] != "0":
            hidden += 1
            hidden_mass += p
        else:
            rows.append({"outcome": entry["outcome"], "probability": p, "at_least": max(0.0, min(1.0, tail)),
                         "simulated": entry.get("simulated")})
        tail -= p
    return {"rows": rows, "hidden": hidden, "hidden_mass": hidden_mass}


@lru_cache(maxsize=1)
def choice_situations() -> dict[str, tuple[str, ...]]:
    """Choice Situation letter -> its two moves."""
    from turnbuckle.games.filsinger.charts import default_charts

    return {letter: tuple(m.name for m in s.moves) for letter, s in default_charts().choice.items()}


__all__ = [
    "DRAW_LABEL",
    "TABLE_FLOOR",
    "OddsParamError",
    "check_whole",
    "choice_situations",
    "distribution_rows",
    "filsinger_odds",
    "powerhouses_odds",
    "simulate_filsinger",
]


SKIRMISH_ANSWERS = (
    ("success", "attack succeeds"), ("tie", "equal hits"), ("blocked", "blocked (counter)"),
    ("three_count", "three-count (pin)"), ("mean_sdv_given_success", "mean SDV if it succeeds"),
)
"""The ring skirmish contest's figures, in the order ``odds skirmish`` prints them."""


def skirmish_odds(attacker: int, defender: int, grid: bool = False) -> dict[str, Any]:
    """The ``odds`` message of N attacking dice against M (5 hits, 6 hits and explodes), with and
    without a boost (+1 attacker die); ``grid`` adds P(success) for 1..8 against 1..8 dice."""
    import time

    from turnbuckle.games.skirmish.odds import contest, odds_table

    check_whole("attacker", attacker, 0, 20)
    check_whole("defender", defender, 0, 20)
    start = time.perf_counter()
    rows = [odds_table(attacker, defender, boost=False), odds_table(attacker, defender, boost=True)]
    answers: list[dict[str, Any]] = []
    for key, label in SKIRMISH_ANSWERS:
        for figures, how in ((rows[0], ""), (rows[1], ", boosted")):
            kind = "mean" if key.startswith("mean") else "probability"
            answers.append({"label": label + how, "value": float(figures[key]), "kind": kind})  # type: ignore[arg-type]
    distribution: list[dict[str, Any]] = []
    for figures, how in ((rows[0], ""), (rows[1], ", boosted")):
        sdv = figures["sdv"]
        assert isinstance(sdv, dict)
        distribution += [{"outcome": f"SDV {s}{how}", "probability": p} for s, p in sorted(sdv.items())]
    details: dict[str, Any] = {}
    if grid:
        details["success_table"] = [[contest(n, m)[0] for m in range(1, 9)] for n in range(1, 9)]
    details["seconds"] = time.perf_counter() - start
    message = odds_message("skirmish", {"attacker_dice": attacker, "defender_dice": defender}, answers,
                           distribution, 0)
    return {**message, "details": details}
