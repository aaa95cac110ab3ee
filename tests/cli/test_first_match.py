"""A first Filsinger match has decisions (issue 29.8): ``play`` starts with the optional rules that
give people choices (OPTIONAL 5, 7, 9, 15) and says which, and how to get the basic game; ``watch``
and ``sim`` keep the basic rules."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from turnbuckle.cli import main as cli_main

FIRST_MATCH = ("chart_choices", "choice_situations", "dis_moves", "distractor")


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def cli(*args: str, stdin: str = "") -> Outcome:
    with CliRunner().isolation(input=stdin) as (out, err, _):
        code = cli_main.run(list(args))
        return Outcome(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def test_play_filsinger_starts_with_the_rules_that_give_decisions(tmp_path: Path) -> None:
    saved = tmp_path / "r.json"
    played = cli("play", "filsinger", "--seed", "1", "--no-hints", "--save-replay", str(saved),
                 stdin="1\n" * 200)
    assert played.code == 0, played.err
    assert ("Optional rules on, to give you decisions: 5. Basic chart choices; 7. Choice Situations chart; "
            "9. Disqualification moves; 15. Distractor ratings") in played.out
    assert "For the basic game: -o tournament_standard=false" in played.out
    assert "your move" in played.out, "the person had a decision to make"
    assert "no decisions for players" not in played.out
    params = json.loads(saved.read_text(encoding="utf-8"))["params"]
    assert all(params[name] is True for name in FIRST_MATCH)


def test_the_basic_game_is_one_option_away_and_rules_given_are_kept() -> None:
    basic = cli("play", "filsinger", "--seed", "1", "--no-hints", "-o", "tournament_standard=false")
    assert basic.code == 0, basic.err
    assert "Optional rules on" not in basic.out and "basic Filsinger has no decisions" in basic.out
    chosen = cli("play", "filsinger", "--seed", "1", "--no-hints", "-o", "fatigue=true")
    assert chosen.code == 0, chosen.err
    assert "Optional rules on" not in chosen.out, "rules the person chose replace the first-match ones"
    assert "no decisions for players" in chosen.out


def test_watch_and_sim_keep_the_basic_rules(tmp_path: Path) -> None:
    saved = tmp_path / "w.json"
    watched = cli("watch", "filsinger", "--seed", "1", "--save-replay", str(saved))
    assert watched.code == 0, watched.err
    params = json.loads(saved.read_text(encoding="utf-8"))["params"]
    assert not any(name in params for name in FIRST_MATCH)
    simmed = cli("sim", "filsinger", "--matches", "2", "--seed", "1", "--json")
    assert simmed.code == 0, simmed.err
    assert not any(name in json.loads(simmed.out)["params"] for name in FIRST_MATCH)
