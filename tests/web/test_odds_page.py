"""The odds calculators in the browser: ``/api/odds/...`` and the ``/odds`` page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape

from turnbuckle.engine.shapes import schema
from turnbuckle.games.filsinger import odds as filsinger
from turnbuckle.games.filsinger.rules import FilsingerGame
from turnbuckle.games.powerhouses.odds import total_distribution
from turnbuckle.games.powerhouses.rules import PowerhousesGame
from turnbuckle.games.powerhouses.stopping import STOPPING_RULES, parse_stopping_rule
from turnbuckle.web.odds import (
    MAX_SIMULATE_POWERHOUSES,
    TABLE_FLOOR,
    OddsParamError,
    distribution_rows,
    filsinger_odds,
    powerhouses_odds,
)

jsonschema = pytest.importorskip("jsonschema")

ROSTER = [s.name for s in PowerhousesGame().roster_file.wrestler]
CARDS = [c.name for c in FilsingerGame().roster_cards]


def get_ok(client: TestClient, url: str, **params: Any) -> dict[str, Any]:
    response = client.get(url, params=params)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    jsonschema.validate(body, schema("odds"))
    return body


def exact_powerhouses(wrestler: str, dice: int, rule: str) -> dict[int, float]:
    game = PowerhousesGame(wrestlers=[wrestler, next(n for n in ROSTER if n != wrestler)], dice=dice)
    return total_distribution(game.face_maps[0], dice, parse_stopping_rule(rule))


@pytest.mark.parametrize(("wrestler", "dice", "rule"), [
    (ROSTER[0], 5, "bust"), (ROSTER[1], 2, "at:6"), (ROSTER[2], 12, "free:4"), (ROSTER[3], 6, "expert"),
    (ROSTER[4], 4, "expert:7"),
])
def test_powerhouses_api_is_the_exact_distribution(client: TestClient, wrestler: str, dice: int, rule: str) -> None:
    body = get_ok(client, "/api/odds/powerhouses", wrestler=wrestler.upper(), dice=dice, rule=rule)
    exact = exact_powerhouses(wrestler, dice, rule)
    assert body["game"] == "powerhouses" and body["simulations"] == 0
    assert body["query"] == {"wrestler": wrestler, "dice": dice, "rule": rule}
    assert [(int(d["outcome"]), d["probability"]) for d in body["distribution"]] == list(exact.items())
    assert all(d["simulated"] is None for d in body["distribution"])
    assert body["answers"][0]["value"] == pytest.approx(sum(t * p for t, p in exact.items()), abs=0)
    assert sum(d["probability"] for d in body["distribution"]) == pytest.approx(1.0)


def test_powerhouses_api_defaults_and_simulation(client: TestClient) -> None:
    body = get_ok(client, "/api/odds/powerhouses")
    assert body["query"] == {"wrestler": ROSTER[0], "dice": 5, "rule": "bust"}
    sim = get_ok(client, "/api/odds/powerhouses", dice=3, rule="at:5", simulate=2000, seed=4)
    assert sim["simulations"] == 2000
    shares = [d["simulated"] for d in sim["distribution"]]
    assert sum(shares) == pytest.approx(1.0)
    for d in sim["distribution"]:
        assert abs(d["simulated"] - d["probability"]) < 0.05
    assert sim == get_ok(client, "/api/odds/powerhouses", dice=3, rule="at:5", simulate=2000, seed=4)


def test_powerhouses_function_matches_the_api(client: TestClient) -> None:
    assert powerhouses_odds(ROSTER[5], None, 7, "at:9") == get_ok(
        client, "/api/odds/powerhouses", wrestler=ROSTER[5], dice=7, rule="at:9")


def test_filsinger_api_pin_and_choice(client: TestClient) -> None:
    body = get_ok(client, "/api/odds/filsinger", pin=6, finisher=1, tokens=2)
    assert body["answers"] == [{"label": "PIN 6 (+1 finisher, +2 tokens) holds",
                                "value": filsinger.pin_holds(6, 1, 2), "kind": "probability"}]
    assert body["distribution"] is None
    card = FilsingerGame().roster_cards[3]
    body = get_ok(client, "/api/odds/filsinger", choice="c", move="moonsault", against=card.name.lower())
    target = filsinger.choice_target("C", "Moonsault", card)
    assert body["query"]["choice"]["target"] == target
    assert body["answers"][0]["value"] == filsinger.choice_success("C", "Moonsault", card)
    assert body["answers"][0]["label"] == f"Choice C: moonsault vs {card.name} (2-{target})"


@pytest.mark.parametrize("policy", ["random", "expert"])
def test_filsinger_api_whole_match(client: TestClient, policy: str) -> None:
    a, b = CARDS[0], CARDS[5]
    body = get_ok(client, "/api/odds/filsinger", match=[a, b], policy=policy, simulate=30, seed=2)
    exact = filsinger.match_odds(FilsingerGame(wrestlers=[a, b]), policy)  # type: ignore[arg-type]
    values = [x["value"] for x in body["answers"]]
    assert values == [exact.side0, exact.side1, exact.draw]
    assert body["query"]["match"]["states"] == exact.states
    assert sum(x["simulated"] for x in body["answers"]) == pytest.approx(1.0)
    assert body["simulations"] == 30


def test_filsinger_everything_at_once(client: TestClient) -> None:
    body = get_ok(client, "/api/odds/filsinger", pin=8, choice="A", move="Dropkick", against=CARDS[1],
                  match=[CARDS[2], CARDS[3]])
    assert [a["label"].split(" ")[0] for a in body["answers"]][:2] == ["PIN", "Choice"]
    assert len(body["answers"]) == 5
    assert body == filsinger_odds(8, choice="A", move="Dropkick", against=CARDS[1], match=[CARDS[2], CARDS[3]])


@pytest.mark.parametrize(("url", "params", "status", "named"), [
    ("/api/odds/powerhouses", {"dice": 13}, 422, "dice"),
    ("/api/odds/powerhouses", {"dice": 1}, 422, "dice"),
    ("/api/odds/powerhouses", {"dice": "five"}, 422, "dice"),
    ("/api/odds/powerhouses", {"simulate": MAX_SIMULATE_POWERHOUSES + 1}, 422, "simulate"),
    ("/api/odds/powerhouses", {"simulate": -1}, 422, "simulate"),
    ("/api/odds/powerhouses", {"seed": -1}, 422, "seed"),
    ("/api/odds/powerhouses", {"rule": "sometimes"}, 400, "rule"),
    ("/api/odds/powerhouses", {"rule": "at:0"}, 400, "rule"),
    ("/api/odds/powerhouses", {"rule": "at:K"}, 400, "rule"),
    ("/api/odds/powerhouses", {"rule": "expert:13"}, 400, "rule"),
    ("/api/odds/powerhouses", {"wrestler": "Nobody"}, 400, "wrestler"),
    ("/api/odds/powerhouses", {"roster": "/etc/passwd"}, 200, ""),  # not a parameter: ignored
    ("/api/odds/filsinger", {}, 400, "pin"),
    ("/api/odds/filsinger", {"pin": 100}, 422, "pin"),
    ("/api/odds/filsinger", {"pin": "x"}, 422, "pin"),
    ("/api/odds/filsinger", {"pin": 5, "tokens": -1}, 422, "tokens"),
    ("/api/odds/filsinger", {"choice": "Z", "move": "Dropkick", "against": CARDS[0]}, 400, "choice"),
    ("/api/odds/filsinger", {"choice": "AB"}, 422, "choice"),
    ("/api/odds/filsinger", {"choice": "A", "against": CARDS[0]}, 400, "move"),
    ("/api/odds/filsinger", {"choice": "A", "move": "Dropkick"}, 400, "against"),
    ("/api/odds/filsinger", {"choice": "A", "move": "Moonsault", "against": CARDS[0]}, 400, "move"),
    ("/api/odds/filsinger", {"choice": "A", "move": "Dropkick", "against": "Nobody"}, 400, "against"),
    ("/api/odds/filsinger", {"match": [CARDS[0]]}, 400, "match"),
    ("/api/odds/filsinger", {"match": CARDS[:3]}, 422, "match"),
    ("/api/odds/filsinger", {"match": [CARDS[0], "Nobody"]}, 400, "match"),
    ("/api/odds/filsinger", {"match": CARDS[:2], "policy": "mcts"}, 422, "policy"),
    ("/api/odds/filsinger", {"match": CARDS[:2], "simulate": 10**6}, 422, "simulate"),
])
def test_bad_parameters_are_4xx_naming_the_parameter(client: TestClient, url: str, params: dict[str, Any],
                                                     status: int, named: str) -> None:
    response = client.get(url, params=params)
    assert response.status_code == status, response.text
    if status != 200:
        body = response.json()
        assert body["status"] == status
        if named == "pin" and status == 400:
            assert "pin" in body["error"]
        else:
            assert re.match(rf"(query\.)?{named}\b", body["error"]), body["error"]


def test_shared_functions_raise_param_errors() -> None:
    with pytest.raises(OddsParamError) as caught:
        powerhouses_odds(dice=40)
    assert caught.value.param == "dice" and str(caught.value).startswith("dice: ")
    with pytest.raises(OddsParamError, match=r"^simulate: "):
        powerhouses_odds(simulate=-3)
    with pytest.raises(OddsParamError, match=r"^policy: "):
        filsinger_odds(match=CARDS[:2], policy="greedy")
    with pytest.raises(OddsParamError, match=r"^match: .*more than 5 states"):
        filsinger_odds(match=CARDS[:2], budget=5)


def test_distribution_rows_at_least_and_floor() -> None:
    rows = distribution_rows([{"outcome": "0", "probability": 1e-9}, {"outcome": "1", "probability": 0.5},
                              {"outcome": "2", "probability": 1e-8}, {"outcome": "3", "probability": 0.5 - 1.1e-8}])
    assert [r["outcome"] for r in rows["rows"]] == ["0", "1", "3"]
    assert [r["at_least"] for r in rows["rows"]] == pytest.approx([1.0, 1.0, 0.5 - 1.1e-8])
    assert rows["hidden"] == 1 and rows["hidden_mass"] == pytest.approx(1e-8)


def bars(html: str) -> list[str]:
    svg = html[html.index("<svg"):html.index("</svg>")]
    return re.findall(r'<rect class="bar"[^>]*><title>([^<]*)</title>', svg)


@pytest.mark.parametrize(("dice", "rule", "n"), [(5, "bust", ""), (4, "at:K", "7"), (12, "free:R", "3"),
                                                  (3, "expert:D", "5")])
def test_page_draws_one_bar_per_outcome(client: TestClient, dice: int, rule: str, n: str) -> None:
    wrestler = ROSTER[2]
    response = client.get("/odds", params={"game": "powerhouses", "wrestler": wrestler, "dice": dice,
                                           "rule": rule, "n": n})
    assert response.status_code == 200, response.text
    html = response.text
    asked = rule.split(":")[0] + (f":{n}" if n else "")
    exact = exact_powerhouses(wrestler, dice, asked)
    shown = [(t, p) for t, p in exact.items() if p >= TABLE_FLOOR or t == 0]
    titles = bars(html)
    assert len(titles) == len(shown) > 1
    assert titles == [f"total {t}: {p:.4%}" for t, p in shown]
    # the table: one row per bar with the exact and "at least" figures
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    cells = re.findall(r'<tr><th scope="row" class="num">(\d+)</th><td class="num">([^<]*)</td>\s*'
                       r'<td class="num">([^<]*)</td>', body)
    assert [c[0] for c in cells] == [str(t) for t, _ in shown]
    tail, expected = 1.0, []
    for t, p in exact.items():
        if p >= TABLE_FLOOR or t == 0:
            expected.append((f"{p:.4%}", f"{min(1.0, max(0.0, tail)):.4%}"))
        tail -= p
    assert [(c[1], c[2]) for c in cells] == expected
    assert f'<option value="{rule}" selected>' in html
    assert "/api/odds/powerhouses?" in html


def test_page_forms_are_labelled_and_listed(client: TestClient) -> None:
    response = client.get("/odds")
    assert response.status_code == 200
    html = response.text
    assert '<a href="/odds" aria-current="page">Odds</a>' in html  # listed in the top bar, marked as the page
    assert "<svg" not in html and 'id="result"' not in html
    for name in STOPPING_RULES:
        assert f'<option value="{name}"' in html
    for wrestler in ROSTER + CARDS:
        assert f">{escape(wrestler)}</option>" in html
    for control in re.findall(r'<(?:input|select)[^>]*\bid="([^"]+)"', html):
        assert f'<label for="{control}">' in html
    assert html.count('<form method="get" action="/odds#result">') == 5
    assert '<script src="/static/odds.js"' in html
    assert client.get("/static/odds.js").status_code == 200
    assert '<a href="/odds">Odds</a>' in client.get("/").text


@pytest.mark.parametrize(("params", "bars_expected"), [
    ({"question": "pin", "pin": "7", "finisher": "1", "tokens": "0"}, 1),
    ({"question": "choice", "choice": "D", "move": "Spinebuster", "against": CARDS[4]}, 1),
    ({"question": "match", "match": [CARDS[0], CARDS[1]], "policy": "expert", "simulate": "10"}, 3),
])
def test_filsinger_page(client: TestClient, params: dict[str, Any], bars_expected: int) -> None:
    response = client.get("/odds", params={"game": "filsinger", **params})
    assert response.status_code == 200, response.text
    titles = bars(response.text)
    assert len(titles) == bars_expected
    if params["question"] == "pin":
        assert titles == [f"PIN 7 (+1 finisher, +0 tokens) holds: {filsinger.pin_holds(7, 1, 0):.4%}"]
    if params["question"] == "match":
        exact = filsinger.match_odds(FilsingerGame(wrestlers=CARDS[:2]), "expert")
        assert titles[0].endswith(f"{exact.side0:.4%}") and titles[2].endswith(f"{exact.draw:.4%}")


@pytest.mark.parametrize(("params", "named"), [
    ({"game": "powerhouses", "rule": "at:K"}, "n"),
    ({"game": "powerhouses", "dice": "20"}, "dice"),
    ({"game": "powerhouses", "dice": "many"}, "dice"),
    ({"game": "powerhouses", "wrestler": "<b>Nobody</b>"}, "wrestler"),
    ({"game": "filsinger", "question": "choice", "choice": "B", "move": "Dropkick", "against": CARDS[0]}, "move"),
    ({"game": "filsinger", "question": "pin", "pin": ""}, "pin"),
    ({"game": "filsinger", "question": "match", "match": [CARDS[0]]}, "match"),
    ({"game": "filsinger", "question": "match", "match": CARDS[:2], "simulate": "999999"}, "simulate"),
    ({"game": "filsinger"}, "question"),
    ({"game": "chess"}, "game"),
])
def test_page_shows_bad_input_inline(client: TestClient, params: dict[str, Any], named: str) -> None:
    response = client.get("/odds", params=params, headers={"accept": "text/html"})
    assert response.status_code == 400
    html = response.text
    assert re.search(rf'<p id="result" class="error" role="alert" tabindex="-1">{named}: ', html), html[:2000]
    assert "<b>Nobody</b>" not in html
    assert html.count("<form ") == 5  # the forms stay, to correct the input


def test_skirmish_odds_on_the_page_and_the_api_match_the_cli(client: TestClient) -> None:
    import json
    import subprocess
    import sys

    page = client.get("/odds?game=skirmish&attacker=3&defender=2")
    assert page.status_code == 200 and "Ring skirmish: 3 dice against 2" in page.text
    api = client.get("/api/odds/skirmish?attacker=3&defender=2").json()
    cli = json.loads(subprocess.run([sys.executable, "-m", "turnbuckle", "odds", "skirmish", "3", "2", "--json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert [a["value"] for a in api["answers"]] == [a["value"] for a in cli["answers"]]
    assert f"{api['answers'][0]['value']:.4%}" in page.text
    assert client.get("/odds?game=skirmish&defender=99").status_code == 400
    assert client.get("/api/odds/skirmish?attacker=-1").status_code == 422


@pytest.mark.parametrize("dice", ["\u0665", "\uff15", "9" * 5000])
def test_the_page_reads_only_ascii_digits_as_numbers(client: TestClient, dice: str) -> None:
    """An Arabic-Indic or fullwidth five is not 5 dice (issue 37: one bounded parser for every form)."""
    page = client.get("/odds", params={"game": "powerhouses", "wrestler": ROSTER[0], "dice": dice},
                      headers={"accept": "text/html"})
    assert page.status_code == 400 and "must be a whole number" in page.text
    good = client.get("/odds", params={"game": "powerhouses", "wrestler": ROSTER[0], "dice": "5"},
                      headers={"accept": "text/html"})
    assert good.status_code == 200
