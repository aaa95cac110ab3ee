"""Hot-seat handover (issue 22.16): the screen and its scrollback are cleared, and the prompt reads
"press Enter:" (no stray "()")."""

from __future__ import annotations

import io

from rich.console import Console

from turnbuckle.agents.human import WIPE, HotSeat


def test_handover_clears_the_scrollback_and_asks_plainly() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    seat = HotSeat(console, hidden_information=True, stream=io.StringIO("\n"))
    seat.hand_over(0, "Hulk")
    assert screen.getvalue() == "", "the first player needs no handover"
    seat.hand_over(1, "Macho [Man]")
    text = screen.getvalue()
    assert text.count("\x1b[3J") == 2 and text.startswith(WIPE) and text.endswith(WIPE)
    assert "Pass the screen to" in text and "Macho [Man]" in text
    assert "press Enter:" in text and "()" not in text


def test_a_pipe_gets_no_escape_codes_and_open_games_no_handover() -> None:
    out = io.StringIO()
    seat = HotSeat(Console(file=out, force_terminal=False), hidden_information=True, stream=io.StringIO("\n"))
    seat.hand_over(0, "A")
    seat.hand_over(1, "B")
    assert "\x1b" not in out.getvalue() and "Pass the screen to B and press Enter:" in out.getvalue()
    open_game = io.StringIO()
    seat = HotSeat(Console(file=open_game, force_terminal=True), hidden_information=False)
    seat.hand_over(0, "A")
    seat.hand_over(1, "B")
    assert open_game.getvalue() == ""
