"""Wrestler cards and charts as data: parsing, validation errors, the template, rosters."""

from __future__ import annotations

from pathlib import Path

import pytest

from turnbuckle.engine.errors import DataFileError, ParamError
from turnbuckle.games.filsinger.cards import default_roster, template_card, validate_card_file, write_template
from turnbuckle.games.filsinger.charts import default_charts
from turnbuckle.games.filsinger.models import (
    ChartMove,
    Counter,
    Finisher,
    Move,
    PinEntry,
    Stunned,
    parse_defense,
    parse_offense,
)
from turnbuckle.games.filsinger.rules import FilsingerGame


# filsinger BASIC 2. WRESTLER PLAYING CARDS: moves followed by 1-3, instructions in parenthesis
def test_offense_notation() -> None:
    assert parse_offense("hammerlock 2") == Move("hammerlock", 2, text="hammerlock 2")
    slam = parse_offense("body slam 2 (pw)")
    assert isinstance(slam, Move) and slam.power and slam.level == 2
    chart = parse_offense("into the turnbuckle (c)")
    assert isinstance(chart, ChartMove) and chart.chart == "turnbuckle" and chart.choice
    fin = parse_offense("BIG FINISHER (+3)")
    assert isinstance(fin, Finisher) and fin.rating == 3 and not fin.roll
    risky = parse_offense("RISKY FINISHER 2-6 (roll)")
    assert isinstance(risky, Finisher) and risky.roll and (risky.low, risky.high) == (2, 6)
    ch = parse_offense("diving knee 3 (ch C)")
    assert isinstance(ch, Move) and ch.choice == "C"
    dis = parse_offense("choke 2 (dis 4)")
    assert isinstance(dis, Move) and dis.dis and dis.dis_rating == 4
    assert isinstance(parse_offense("double suplex 3 (tag)"), Move)
    add = parse_offense("piledriver 3 (add 1)")
    assert isinstance(add, Move) and add.add_one


# filsinger BASIC 3: dazed / hurt / down N, the wrestler's name N (counter), PIN
def test_defense_notation() -> None:
    assert parse_defense("hurt 2") == Stunned("hurt", 2, text="hurt 2")
    lv = parse_defense("down 3 (lv)")
    assert isinstance(lv, Stunned) and lv.leave
    tag = parse_defense("hurt 2 (tag)")
    assert isinstance(tag, Stunned) and tag.tag
    assert isinstance(parse_defense("DUKE MARLOWE 2"), Counter)
    assert isinstance(parse_defense("PIN"), PinEntry)


# filsinger BASIC 2. WRESTLER PLAYING CARDS: bad entries are one-line errors
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("hammerlock", "needs a level"),
        ("hammerlock 4", "needs a level"),
        ("slam 2 (xyz)", "unknown tag (xyz)"),
        ("kick 2 (ch Z)", "unknown Choice Situations chart 'Z'"),
        ("into the ropes 2", "takes no level"),
        ("BIG FINISHER", "rating tag"),
        ("BIG FINISHER (-2)", "finisher rating"),
        ("PIN", "defense side"),
        ("into the cage (c)", "unknown chart 'into the cage'"),
        ("out of the arena", "unknown chart"),
    ],
)
def test_bad_offense_entries(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        parse_offense(text)


# filsinger BASIC 2. WRESTLER PLAYING CARDS: bad defense entries
@pytest.mark.parametrize(
    ("text", "reason"),
    [("hurt 2 (lv)", "only follows down 3"), ("PIN 6", "plain PIN"), ("staggered 2", "unknown defense")],
)
def test_bad_defense_entries(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_defense(text)


# filsinger BASIC 2: the card pool (original wrestlers, every card type)
def test_roster_has_sixteen_original_cards() -> None:
    cards = default_roster()
    assert len(cards) >= 16
    assert len({c.name for c in cards}) == len(cards)
    assert any(c.roll_finisher and c.roll_finisher.miss for c in cards)  # a risky roll finisher
    assert all(c.finishers() for c in cards)


# filsinger BASIC 4. CHARTS: ratings A/B/C, rolls 2-12, the text's example outcomes
def test_charts_cover_every_roll() -> None:
    charts = default_charts()
    for key in ("ropes", "turnbuckle", "ring", "deathjump"):
        for rating in "ABC":
            assert all(getattr(charts, key).lookup(rating, r) for r in range(2, 13))
    assert sorted(charts.choice) == list("ABCDEFGH")
    # examples: Ropes B 2 is the sensational counter and PIN; Ring A 6 is a DQ roll then L3 brawl
    ropes = charts.ropes.lookup("B", 2)
    assert (ropes.kind, ropes.who) == ("pin", "opponent")
    ring = charts.ring.lookup("A", 6)
    assert ring.kind == "dq" and ring.then is not None and (ring.then.kind, ring.then.level) == ("offense", 3)
    ally6 = charts.pin_saves.lookup(2)
    assert (ally6.kind, ally6.chart) == ("chart", "interference")
    assert charts.pin_saves.lookup(5).kind == "pin_broken"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


# filsinger BASIC 2: a new card from the template validates and plays
def test_template_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "new.toml"
    write_template("Nova Steele", path)
    cards = validate_card_file(path)
    assert cards[0].name == "Nova Steele"
    game = FilsingerGame(roster=str(path), wrestlers=["Nova Steele", "Rex Hammond"])
    assert game.cards[0].name == "Nova Steele"


# filsinger BASIC 2: nothing written over a user's file without asking
def test_template_never_overwrites(tmp_path: Path) -> None:
    path = _write(tmp_path, "precious")
    with pytest.raises(DataFileError, match="already exists"):
        write_template("Nova Steele", path)
    assert path.read_text() == "precious"
    write_template("Nova Steele", path, overwrite=True)
    assert "Nova Steele" in path.read_text()


# filsinger BASIC 2: a missing level, bad rating, unknown chart or tag names file and field
@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('level3 = ["PIN", ', "", "wrestler[0] (Nova Steele).defense.level3: Field required"),
        ('ropes = "B"', 'ropes = "D"', "wrestler[0] (Nova Steele).ratings.ropes: Input should be 'A', 'B' or 'C'"),
        ("agility = 0", "agility = 7", "wrestler[0] (Nova Steele).ratings.agility"),
        ('"flying knee 3 (ch C)"', '"flying knee 3 (ch Q)"', "unknown Choice Situations chart 'Q'"),
        ('"chop 1"', '"chop 1 (sneaky)"', "offense.level1[5]: 'chop 1 (sneaky)': unknown tag (sneaky)"),
        ('"NOVA STEELE 1", "NOVA STEELE 2"', '"NOVA STEEL 1", "NOVA STEELE 2"', "must be the wrestler's own name"),
        ('"hip toss 2", ', "", "needs exactly 6 entries"),
    ],
)
def test_bad_cards_name_file_and_field(tmp_path: Path, old: str, new: str, message: str) -> None:
    text = template_card("Nova Steele")
    if old.startswith("level3 = [\"PIN\""):
        lines = [ln for ln in text.splitlines() if not ln.startswith('level3 = ["PIN"')]
        text = "\n".join(lines)
    else:
        assert old in text
        text = text.replace(old, new, 1)
    path = _write(tmp_path, text)
    with pytest.raises(DataFileError) as err:
        validate_card_file(path)
    line = str(err.value)
    assert "\n" not in line and line.startswith(str(path)) and message in line


# filsinger BASIC 2: unreadable roster files
def test_missing_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="no such file"):
        validate_card_file(tmp_path / "nope.toml")
    with pytest.raises(DataFileError, match="malformed TOML"):
        validate_card_file(_write(tmp_path, "[[wrestler]\n"))
    with pytest.raises(DataFileError, match="no \\[\\[wrestler\\]\\]"):
        validate_card_file(_write(tmp_path, "x = 1\n"))


# filsinger BASIC 1. INTRODUCTION: choosing the wrestlers and the match
def test_bad_params() -> None:
    with pytest.raises(ParamError, match="match_type"):
        FilsingerGame(match_type="battle royal")
    with pytest.raises(ParamError, match="unknown wrestler"):
        FilsingerGame(wrestlers=["Nobody", "Rex Hammond"])
    with pytest.raises(ParamError, match="needs 4 wrestlers"):
        FilsingerGame(match_type="tag", wrestlers=["Rex Hammond", "Duke Marlowe"])
    with pytest.raises(ParamError, match="unknown option"):
        FilsingerGame(fatigued=True)
    with pytest.raises(ParamError, match="true or false"):
        FilsingerGame(fatigue="yes")
    with pytest.raises(ParamError, match="twice"):
        FilsingerGame(wrestlers=["Rex Hammond", "rex hammond"])


# filsinger BASIC 1: the game as the engine sees it
def test_game_hooks() -> None:
    import turnbuckle

    game = turnbuckle.load_game("filsinger", match_type="tag")
    assert isinstance(game, FilsingerGame) and "filsinger" in turnbuckle.list_games()
    assert game.player_label(0) == "Rex Hammond & Cole Brandt"
    assert "LEVEL 1 OFFENSE" in FilsingerGame.rules_summary()
    roster = game.roster()
    assert len(roster) >= 16 and roster[0]["name"] == "Rex Hammond" and roster[0]["pin"] == "5 (2)"
    assert game.num_distinct_actions() == len(game.actions.decisions)
    assert game.max_chance_outcomes() == 60


# filsinger BASIC 1: names and options from string-only front ends ("A|B", "true")
def test_string_params() -> None:
    game = FilsingerGame(wrestlers="Duke Marlowe|Rex Hammond", injured="Rex Hammond", feud="false",
                         feud_table=True, roster="")
    assert [c.name for c in game.cards] == ["Duke Marlowe", "Rex Hammond"]
    assert game.injured == ["Rex Hammond"] and not game.feud
    with pytest.raises(ParamError, match="feud"):
        FilsingerGame(feud="sometimes")
