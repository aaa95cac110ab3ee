"""Agent specs are read and bounded in one place (issue 21 item 2): every caller gets the same
answer, and a spec that would fail later is refused up front with one line."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from turnbuckle.agents.mcts import MCTSAgent
from turnbuckle.agents.registry import make_agent
from turnbuckle.agents.spec import MAX_SIMULATIONS, AgentSpec, agent_names, parse_agent_spec
from turnbuckle.engine.errors import ParamError
from turnbuckle.engine.registry import load_game

POWERHOUSES = load_game("powerhouses")
RUMBLESLAM = load_game("rumbleslam")


def test_names_and_counts_parse_to_their_canonical_form() -> None:
    assert parse_agent_spec("expert", POWERHOUSES) == AgentSpec("expert")
    assert parse_agent_spec("mcts", POWERHOUSES) == AgentSpec("mcts")
    assert parse_agent_spec("mcts:800", POWERHOUSES) == AgentSpec("mcts", 800)
    assert str(parse_agent_spec("mcts:0800", POWERHOUSES)) == "mcts:800"
    assert str(parse_agent_spec(f"mcts:{MAX_SIMULATIONS}", POWERHOUSES)) == f"mcts:{MAX_SIMULATIONS}"
    assert agent_names(RUMBLESLAM).count("mcts") == 1  # a ruleset's own mcts is listed once


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("grandmaster", "unknown agent 'grandmaster' for powerhouses; choose from random, mcts"),
        ("mcts:", "whole number from 1 to 1,000,000"),
        ("mcts:0", "whole number"),
        ("mcts:-5", "whole number"),
        ("mcts:+5", "whole number"),
        ("mcts: 5", "whole number"),
        ("mcts:1e3", "whole number"),
        ("mcts:²", "digits 0-9"),
        ("mcts:٣", "digits 0-9"),
        ("mcts:2000000000", "1 to 1,000,000"),
        ("expert:5", "'expert' takes no ':N' part"),
        ("", "expected a name"),
    ],
)
def test_bad_specs_are_one_param_error(spec: str, words: str) -> None:
    with pytest.raises(ParamError) as caught:
        parse_agent_spec(spec, POWERHOUSES)
    assert words in str(caught.value)
    with pytest.raises(ParamError):  # the builder reads names through the same parser
        make_agent(spec, POWERHOUSES, 0)


def test_a_caller_may_lower_the_bound() -> None:
    assert parse_agent_spec("mcts:500", POWERHOUSES, max_simulations=500).simulations == 500
    with pytest.raises(ParamError, match="1 to 499"):
        parse_agent_spec("mcts:500", POWERHOUSES, max_simulations=499)


def test_a_long_spec_is_quoted_short() -> None:
    with pytest.raises(ParamError) as caught:
        parse_agent_spec("mcts:" + "9" * 100_000, POWERHOUSES)
    assert len(str(caught.value)) < 400


NON_ASCII_DIGITS = st.characters(categories=["Nd", "No"]).filter(lambda c: not ("0" <= c <= "9"))


@given(st.text(NON_ASCII_DIGITS, min_size=1, max_size=6))
def test_no_digit_outside_ascii_is_read_as_a_count(digits: str) -> None:
    # every Unicode decimal or other digit (superscripts, Arabic-Indic, fullwidth...) is refused
    assert any(unicodedata.category(c) in ("Nd", "No") for c in digits)
    with pytest.raises(ParamError):
        parse_agent_spec(f"mcts:{digits}", POWERHOUSES)


def test_make_agent_builds_what_the_spec_names() -> None:
    agent = make_agent(AgentSpec("mcts", 12), POWERHOUSES, 1)
    assert isinstance(agent, MCTSAgent) and agent.simulations == 12 and agent.player == 1
    assert make_agent("expert", POWERHOUSES, 0).name == "expert"


def test_a_league_refuses_a_bad_agent_with_the_same_words(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from turnbuckle.cli import main as cli_main

    db = tmp_path / "league.db"

    def league(*args: str) -> tuple[int, str]:
        with CliRunner().isolation() as (_, err, _):
            code = cli_main.run(["league", *args, "--db", str(db)])
            return code, err.getvalue().decode("utf-8", "replace")

    assert league("new", "Dice", "--game", "powerhouses", "--seed", "5")[0] == 0
    assert league("sign", "--all")[0] == 0
    code, err = league("season", "1", "-a", "mcts:²")
    assert code == 2 and err.startswith("error: ") and "digits 0-9" in err and "Traceback" not in err
