"""WRASSLIN' at the table in Chromium: every card of a hand shows its Initiative Number (the first
decision of a match is to call one, 5.3), its kind, what it needs and what it does, all inside the
card; and the Wild Card's choice never puts more than 40 buttons on the screen at once."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

import turnbuckle
from support.browser import MAX_BUTTONS, Server, create, needs_chromium, visible_buttons, wait_js, your_move
from turnbuckle.games.wrasslin.table import card_face

pytestmark = needs_chromium

CARD_PRINT = """svg => Array.from(svg.querySelectorAll('g[data-pick^="cd:"]')).map(g => {
  const card = g.querySelector('rect.hit').getBBox();
  const texts = Array.from(g.querySelectorAll('text')).map(t => {
    const b = t.getBBox();
    return {text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height};
  });
  return {label: g.getAttribute('aria-label'), card: {x: card.x, y: card.y, w: card.width, h: card.height},
          texts: texts};
})"""
"""Each hand card's outline and the box of every line printed on it, as the browser lays them out."""


def _joined(texts: list[dict[str, Any]]) -> str:
    return re.sub(r"/ ", "/", " ".join(t["text"] for t in texts))


def check_cards(game: Any, cards: list[dict[str, Any]]) -> None:
    """Every line inside its card, no two lines on top of each other, and the card's whole print there."""
    assert cards, "no card in the hand"
    for card in cards:
        box, texts = card["card"], card["texts"]
        for t in texts:
            assert box["x"] <= t["x"] and t["x"] + t["w"] <= box["x"] + box["w"] + 0.5, (
                f"{card['label']}: {t['text']!r} runs past the card's edge")
            assert box["y"] <= t["y"] and t["y"] + t["h"] <= box["y"] + box["h"] + 0.5, (
                f"{card['label']}: {t['text']!r} runs past the card's foot")
        rows = sorted(texts, key=lambda t: t["y"])
        for above, below in pairwise(rows):
            # a line's box holds its font's ascent and descent: the next line may start in the descent
            assert below["y"] >= above["y"] + 0.8 * above["h"], f"{card['label']}: {above['text']!r} overlaps"
        name = card["label"].split(",")[0].split(" (x")[0]
        face = card_face(game, name)
        shown = _joined(texts)
        number = next(c.initiative for c in game.cards if c.name == name)
        assert f"Initiative {number}" in shown, f"{name}: no Initiative Number in {shown!r}"
        for part in ("kind", "needs", "effect"):
            assert face[part] in shown, f"{name}: its {part} {face[part]!r} is not whole in {shown!r}"
        if face.get("damage") and face["damage"].isdigit():
            assert f"{face['damage']} damage" in shown, f"{name}: no damage in {shown!r}"


def test_every_card_shows_its_initiative_number_and_whole_print(page: Any) -> None:
    game = turnbuckle.load_game("wrasslin")
    state = game.new_initial_state()
    while state.current_player() < 0:  # the deal
        state.apply_action(state.chance_outcomes()[0][0])
    obs = state.observation(0)
    obs["hand"] = {card.name: 1 for card in game.cards}  # every card of the deck, as a hand shows it
    svg = game.render_svg(obs, [a.name for a in state.legal_actions()] if state.current_player() == 0 else [])
    page.set_content(f"<!doctype html><body style='margin:0;width:1000px'>{svg}</body>")
    cards = page.locator("svg").first.evaluate(CARD_PRINT)
    assert len(cards) == len(game.cards)
    check_cards(game, cards)


def test_the_initiative_call_shows_the_numbers_on_the_table(server: Server, page: Any) -> None:
    created = create(server, {"game": "wrasslin", "seats": ["human", "computer:random"], "seed": 3, "delay": 0})
    live = server.service.get(created["id"])
    page.goto(created["table_url"])
    your_move(page)
    assert any(a.name.startswith("call ") for a in live.state.legal_actions())  # 5.3: call a number first
    page.wait_for_selector("#picture .pickable[data-pick^='cd:']")
    cards = page.locator("#picture svg").evaluate(CARD_PRINT)
    check_cards(live.game, cards)
    called = {c["label"].split(",")[0] for c in cards}
    assert called == set(live.state.observation(0)["hand"])


def test_the_wild_cards_choice_is_offered_by_kind_never_forty_buttons_at_once(server: Server, page: Any) -> None:
    # 11.2: a Wild Card becomes any card you could play: here some forty Holds and other cards
    created = create(server, {"game": "wrasslin", "seats": ["human", "invite"], "seed": 5, "delay": 0})
    live = server.service.get(created["id"])
    for _ in range(200):  # both seats play their first move that keeps the Wild Card, until it can be played
        state = live.state
        assert not state.is_terminal(), "the Wild Card never came into play"
        names = [a.name for a in state.legal_actions()]
        if state.current_player() == 0 and sum(n.startswith("play Wild Card as ") for n in names) > MAX_BUTTONS:
            break
        keep = [n for n in names if "Wild Card" not in n and n != "concede"]
        server.service.act(live, state.current_player(), keep[0])
    else:
        raise AssertionError("no moment with the Wild Card's long choice")
    page.goto(created["table_url"])
    your_move(page)
    wild = next(i for i, c in enumerate(live.game.cards) if c.name == "Wild Card")
    page.locator(f"#picture .pickable[data-pick='cd:{wild}']").dispatch_event("click")
    page.wait_for_selector("#pick-menu button")
    assert visible_buttons(page) <= MAX_BUTTONS, f"{visible_buttons(page)} buttons at once"
    kinds = page.locator("#pick-menu button[data-group]").evaluate_all("els => els.map(e => e.dataset.group)")
    assert "Agility Hold" in kinds and "gray Strength Hold" in kinds
    page.locator("#pick-menu button[data-group='Agility Hold']").click()
    page.wait_for_selector("#pick-menu button[data-action^='play Wild Card as ']")
    assert visible_buttons(page) <= MAX_BUTTONS
    offered = page.locator("#pick-menu button[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    # what all the Holds' plays say first (here: the Wild Card may be challenged, 11.5) is said once
    # above them, not on each of a dozen buttons
    details = page.locator("#pick-menu button[data-action] small").all_inner_texts()
    assert len(details) == len(offered) >= 3
    clause = details[0].split("; ")[0]
    assert not all(d.startswith(clause + "; ") for d in details), f"every button says {clause!r}"
    note = page.locator("#pick-menu .pick-menu-note")
    assert note.count() == 1 and "may be challenged (11.5" in note.inner_text()
    agility = {c.name for c in live.game.cards if c.category == "agility"}
    assert offered and all(n.removeprefix("play Wild Card as ") in agility for n in offered), offered
    before = len(live.state.history)
    page.locator("#pick-menu button[data-action]").first.click()
    wait_js(page, f"document.getElementById('picture').dataset.actions > {before}")
    assert live.state.history[before].name == offered[0]
