"""Exact odds for the browser: ``/api/odds/...`` and the ``/odds`` page.

The numbers come from ``turnbuckle.odds.calculators`` (``powerhouses_odds``, ``filsinger_odds``,
``skirmish_odds``), the same functions ``turnbuckle odds GAME`` calls, so the API
answers with the same ``odds`` message as ``--json``. A bad input raises ``OddsParamError`` (a
``ParamError``) whose message starts with the parameter's name.

The web asks less of the server than the command line: no roster file, at most
``MAX_SIMULATE_POWERHOUSES`` / ``MAX_SIMULATE_FILSINGER`` simulated attacks or matches, and a whole
Filsinger match only under the basic rules (no optional rules) and at most ``WEB_MATCH_STATES``
states, so every request answers in a few seconds.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response

from turnbuckle.engine.errors import TurnbuckleError, quoted
from turnbuckle.games.powerhouses.stopping import STOPPING_RULES
from turnbuckle.odds.calculators import (
    TABLE_FLOOR,
    OddsParamError,
    check_whole,
    choice_situations,
    distribution_rows,
    filsinger_odds,
    powerhouses_odds,
    simulate_filsinger,
    skirmish_odds,
)
from turnbuckle.text import signed_number

MAX_SIMULATE_POWERHOUSES = 10_000
"""Most simulated attacks one web request may ask for (about a second and a half)."""
MAX_SIMULATE_FILSINGER = 2_000
"""Most simulated Filsinger matches one web request may ask for (about a second and a half)."""
MAX_SEED = 2**62
"""Largest simulation seed the web takes (match ``i`` of a simulation plays seed ``seed + i``)."""
WEB_MATCH_STATES = 20_000
"""State budget of a whole-match solve on the web (the basic rules need a few dozen states)."""

# -- rosters and charts for the page ---------------------------------------------------------------


@lru_cache(maxsize=1)
def powerhouses_wrestlers() -> tuple[str, ...]:
    from turnbuckle.games.powerhouses.rules import PowerhousesGame

    return tuple(s.name for s in PowerhousesGame().roster_file.wrestler)


@lru_cache(maxsize=1)
def filsinger_wrestlers() -> tuple[str, ...]:
    from turnbuckle.games.filsinger.rules import FilsingerGame

    return tuple(c.name for c in FilsingerGame().roster_cards)


def percent(p: float | None, places: int = 4) -> str:
    return "" if p is None else f"{p:.{places}%}"


def _nice_top(peak: float) -> float:
    """A round probability at or above ``peak`` for the top of the chart's axis."""
    if peak <= 0:
        return 0.01
    step = 10.0 ** math.floor(math.log10(peak))
    for m in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * step >= peak - 1e-15:
            return min(1.0, m * step)
    return 1.0


def column_chart(rows: list[dict[str, Any]], width: int = 760, height: int = 280) -> dict[str, Any]:
    """Geometry of a column chart, one bar per row (``outcome``, ``probability``), for the template."""
    left, right, top, bottom = 64, 12, 14, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    top_p = _nice_top(max((r["probability"] for r in rows), default=0.0))
    slot = plot_w / max(1, len(rows))
    gap = min(4.0, slot * 0.2)
    every = max(1, math.ceil(len(rows) / 25))
    bars = []
    for i, r in enumerate(rows):
        h = plot_h * min(1.0, r["probability"] / top_p)
        x = left + i * slot
        bars.append({"x": round(x + gap / 2, 2), "y": round(top + plot_h - h, 2), "w": round(slot - gap, 2),
                     "h": round(h, 2), "cx": round(x + slot / 2, 2), "outcome": r["outcome"],
                     "title": f"total {r['outcome']}: {percent(r['probability'])}",
                     "label": i % every == 0})
    ticks = [{"y": round(top + plot_h - plot_h * f, 2), "text": percent(top_p * f, 2 if top_p < 0.1 else 1)}
             for f in (0.0, 0.25, 0.5, 0.75, 1.0)]
    return {"width": width, "height": height, "left": left, "right": width - right, "top": top,
            "base": top + plot_h, "bars": bars, "ticks": ticks, "label_y": top + plot_h + 16,
            "axis_y": height - 6}


def row_chart(answers: list[dict[str, Any]], width: int = 760) -> dict[str, Any]:
    """Geometry of a horizontal bar chart of probability answers (0 to 100%), one bar per answer."""
    label_w, right, row_h, top = 360, 70, 30, 8
    plot_w = width - label_w - right
    bars = []
    for i, a in enumerate(answers):
        value = max(0.0, min(1.0, float(a["value"])))
        y = top + i * row_h
        bars.append({"y": y + 5, "h": row_h - 10, "w": round(plot_w * value, 2), "ty": y + row_h / 2 + 5,
                     "label": a["label"], "text": percent(value, 2),
                     "title": f"{a['label']}: {percent(value)}"})
    return {"width": width, "height": top * 2 + row_h * len(answers), "left": label_w, "plot_w": plot_w,
            "bars": bars}


# -- /api/odds -------------------------------------------------------------------------------------

api_router = APIRouter(prefix="/api/odds", tags=["odds"])


def _errors() -> dict[int | str, dict[str, Any]]:
    from turnbuckle.web.api import ERRORS

    return {code: ERRORS[code] for code in (400, 422)}


@api_router.get("/powerhouses", responses=_errors())
def api_powerhouses(
    wrestler: Annotated[str | None, Query(max_length=200, description="whose sheet rolls (default: the first)")] = None,
    dice: Annotated[int, Query(ge=2, le=12, description="dice rolled (N)")] = 5,
    rule: Annotated[str, Query(max_length=40, description="stopping rule: " + ", ".join(STOPPING_RULES))] = "bust",
    simulate: Annotated[int, Query(ge=0, le=MAX_SIMULATE_POWERHOUSES, description="also play N attacks")] = 0,
    seed: Annotated[int, Query(ge=0, le=MAX_SEED, description="seed of the simulation")] = 0,
) -> dict[str, Any]:
    """Exact distribution of a Powerhouses attack's final total (the ``odds`` message)."""
    return powerhouses_odds(wrestler, None, dice, rule, simulate, seed)


@api_router.get("/filsinger", responses=_errors())
def api_filsinger(
    pin: Annotated[int | None, Query(ge=-99, le=99, description="a PIN rating: the chance it holds")] = None,
    finisher: Annotated[int, Query(ge=-99, le=99, description="with pin: the finisher rating added")] = 0,
    tokens: Annotated[int, Query(ge=0, le=99, description="with pin: fatigue / Add 1 tokens added")] = 0,
    choice: Annotated[str | None, Query(max_length=1, description="a Choice Situation letter A-H")] = None,
    move: Annotated[str | None, Query(max_length=200, description="with choice: the move chosen")] = None,
    against: Annotated[str | None, Query(max_length=200, description="with choice: the defender")] = None,
    match: Annotated[list[str] | None, Query(max_length=2, description=(
        f"two wrestlers (repeat): the whole match's exact odds, basic rules, at most {WEB_MATCH_STATES:,} states"
    ))] = None,
    policy: Annotated[Literal["random", "expert"], Query(description="decisions in the match")] = "random",
    simulate: Annotated[int, Query(ge=0, le=MAX_SIMULATE_FILSINGER, description="with match: also play N")] = 0,
    seed: Annotated[int, Query(ge=0, le=MAX_SEED, description="seed of the simulation")] = 0,
) -> dict[str, Any]:
    """Exact Filsinger odds: a PIN rating holding, a choice move working, a whole basic-rules match."""
    return filsinger_odds(pin, finisher, tokens, choice, move, against, match, policy, {}, simulate, seed,
                          WEB_MATCH_STATES)


@api_router.get("/skirmish", responses=_errors())
def api_skirmish(
    attacker: Annotated[int, Query(ge=0, le=20, description="the attacker's dice (N)")] = 3,
    defender: Annotated[int, Query(ge=0, le=20, description="the defender's dice (M; END for a pin roll-off)")] = 3,
    grid: Annotated[bool, Query(description="also P(success) for 1..8 against 1..8 dice")] = False,
) -> dict[str, Any]:
    """Exact odds of the ring skirmish dice: N against M, with and without a boost (+1 attacker die)."""
    return skirmish_odds(attacker, defender, grid)


# -- /odds -----------------------------------------------------------------------------------------

page_router = APIRouter(include_in_schema=False)


def _rule_parts(rule: str) -> tuple[str, str]:
    """The rule select's value and the number box's text for a rule text (``at:10`` -> ``at:K``, 10)."""
    kind, _, arg = rule.strip().lower().partition(":")
    for key in STOPPING_RULES:
        key_kind, sep, placeholder = key.partition(":")
        if key_kind == kind and bool(sep) == bool(arg):
            return key, arg if placeholder and arg != placeholder.lower() else ""
    return rule, ""


def _page_rule(rule: str, number: str) -> str:
    """The rule the form asks for: a placeholder rule (``at:K``) takes the number box."""
    kind, sep, placeholder = rule.partition(":")
    if rule in STOPPING_RULES and sep:
        if not number.strip():
            raise OddsParamError("n", f"the stopping rule {rule} needs the number {placeholder}")
        return f"{kind}:{number.strip()}"
    return rule


def _page_int(query: dict[str, str], name: str, default: int, low: int, high: int) -> int:
    text = query.get(name, "").strip()
    if not text:
        return default
    value = signed_number(text, digits=18)  # ASCII digits only, like every form (a "٣" is no 3)
    if value is None:
        raise OddsParamError(name, f"must be a whole number, got {quoted(text, 40)}")
    return check_whole(name, value, low, high)


def _opt(query: dict[str, str], name: str) -> str | None:
    text = query.get(name, "").strip()
    return text or None


@page_router.get("/odds", response_class=HTMLResponse)
def odds_page(request: Request) -> Response:
    """The calculators; ``?game=powerhouses|filsinger|skirmish`` plus that form's fields shows a result."""
    from turnbuckle.web.pages import templates

    query = {k: v for k, v in request.query_params.items() if k != "match"}
    matched = [m.strip() for m in request.query_params.getlist("match") if m.strip()]
    game = query.get("game", "")
    rule_key, rule_n = _rule_parts(query.get("rule", "bust"))
    form: dict[str, Any] = {**query, "rule_key": rule_key, "n": query.get("n", rule_n), "match": matched}
    context: dict[str, Any] = {
        "form": form, "game": game, "error": None, "result": None, "api_url": None,
        "rules": STOPPING_RULES, "powerhouses_wrestlers": powerhouses_wrestlers(),
        "filsinger_wrestlers": filsinger_wrestlers(), "situations": choice_situations(),
        "max_ph": MAX_SIMULATE_POWERHOUSES, "max_fs": MAX_SIMULATE_FILSINGER, "states": WEB_MATCH_STATES,
        "percent": percent,
    }
    status = 200
    try:
        if game == "powerhouses":
            rule = _page_rule(rule_key, form["n"])
            dice = _page_int(query, "dice", 5, 2, 12)
            simulate = _page_int(query, "simulate", 0, 0, MAX_SIMULATE_POWERHOUSES)
            seed = _page_int(query, "seed", 0, 0, MAX_SEED)
            message = powerhouses_odds(_opt(query, "wrestler"), None, dice, rule, simulate, seed)
            table = distribution_rows(message["distribution"])
            context["result"] = {"message": message, **table, "chart": column_chart(table["rows"])}
            context["api_url"] = "/api/odds/powerhouses?" + urlencode(
                {"wrestler": message["query"]["wrestler"], "dice": dice, "rule": rule}
                | ({"simulate": simulate, "seed": seed} if simulate else {}))
        elif game == "filsinger":
            question = query.get("question", "")
            args: dict[str, Any] = {}
            if question == "pin":
                args = {"pin": _page_int(query, "pin", 0, -99, 99) if _opt(query, "pin") else None,
                        "finisher": _page_int(query, "finisher", 0, -99, 99),
                        "tokens": _page_int(query, "tokens", 0, 0, 99)}
                if args["pin"] is None:
                    raise OddsParamError("pin", "give a PIN rating")
            elif question == "choice":
                args = {"choice": _opt(query, "choice") or "", "move": _opt(query, "move"),
                        "against": _opt(query, "against")}
            elif question == "match":
                args = {"match": matched, "policy": query.get("policy", "random"),
                        "simulate": _page_int(query, "simulate", 0, 0, MAX_SIMULATE_FILSINGER),
                        "seed": _page_int(query, "seed", 0, 0, MAX_SEED)}
                if len(matched) != 2:
                    raise OddsParamError("match", "choose two wrestlers")
            else:
                raise OddsParamError("question", "choose pin, choice or match")
            message = filsinger_odds(**args, params={}, budget=WEB_MATCH_STATES)
            context["result"] = {"message": message, "chart": row_chart(message["answers"])}
            api_args: list[tuple[str, Any]] = [(k, v) for k, v in args.items() if k != "match" and v is not None]
            api_args += [("match", m) for m in args.get("match", [])]
            context["api_url"] = "/api/odds/filsinger?" + urlencode(api_args)
        elif game == "skirmish":
            attacker = _page_int(query, "attacker", 3, 0, 20)
            defender = _page_int(query, "defender", 3, 0, 20)
            message = skirmish_odds(attacker, defender, grid=True)
            probabilities = [a for a in message["answers"] if a["kind"] == "probability"]
            context["result"] = {"message": message, "chart": row_chart(probabilities),
                                 "grid": message["details"]["success_table"]}
            context["api_url"] = "/api/odds/skirmish?" + urlencode({"attacker": attacker, "defender": defender})
        elif game:
            raise OddsParamError("game", f"no odds calculator for {game!r} (powerhouses, filsinger or skirmish)")
    except TurnbuckleError as exc:
        context["error"] = str(exc)
        status = 400
    return templates.TemplateResponse(request, "odds.html", context, status_code=status)


__all__ = [
    "TABLE_FLOOR",
    "OddsParamError",
    "api_router",
    "distribution_rows",
    "filsinger_odds",
    "page_router",
    "powerhouses_odds",
    "simulate_filsinger",
]
