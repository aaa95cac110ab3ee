"""Reading data files safely: file types, size and nesting limits, inline sources, TOML strings."""

from __future__ import annotations

import os
import time
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from turnbuckle.engine import datafiles
from turnbuckle.engine.datafiles import (
    MAX_NESTING,
    check_nesting,
    inline_file,
    inline_source,
    is_inline,
    load_model,
    local_files_forbidden,
    packaged_data,
    read_source_text,
    read_text_file,
    read_toml,
    source_name,
    toml_string,
    write_text_atomically,
)
from turnbuckle.engine.errors import DataFileError
from turnbuckle.games.powerhouses.models import Roster

ROSTER = ('[[wrestler]]\nname = "A/B 100% [b]x[/b]"\nspecialty = "Strength"\nweakness = "Agility"\n'
          'abilities = ["Brawling", "Martial Arts", "Technical Ability"]\n')
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=80)


def test_file_types_are_checked_before_opening(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    for path, reason in [(fifo, "not a regular file"), (Path("/dev/zero"), "not a regular file"),
                         (tmp_path, "is a directory"), (tmp_path / "none", "no such file"),
                         (tmp_path / "none" / "x", "no such file")]:
        with pytest.raises(DataFileError, match=reason) as info:
            read_text_file(path, what="roster")
        assert str(path) in str(info.value)
    assert time.monotonic() - started < 5, "a FIFO must not block"


def test_binary_non_utf8_and_too_large(tmp_path: Path) -> None:
    path = tmp_path / "f.toml"
    path.write_bytes(b"name = \"\xff\"\n")
    with pytest.raises(DataFileError, match="not UTF-8 text"):
        read_toml(path)
    path.write_bytes(b"a = 1\x00\n")
    with pytest.raises(DataFileError, match="binary file"):
        read_toml(path)
    path.write_text("a = 1\n" * 10)
    with pytest.raises(DataFileError, match="too large"):
        read_text_file(path, limit=20)
    assert read_text_file(path, limit=60) == "a = 1\n" * 10


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1),
        "a = " + "{b = " * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1),
        "a" + ".b" * (MAX_NESTING + 1) + " = 1",
        "[" + ".".join(["t"] * (MAX_NESTING + 2)) + "]\nx = 1",
        "a = " + "[" * 200_000,
    ],
)
def test_nesting_limit(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(text)
    with pytest.raises(DataFileError, match=f"nested more than {MAX_NESTING} levels") as info:
        read_toml(path)
    assert str(path) in str(info.value)


def test_brackets_in_strings_and_comments_are_not_nesting() -> None:
    deep = "[" * 500 + "{" * 500
    text = f'a = "{deep}"\nb = \'{deep}\'\nc = """\n{deep}\n"""\nd = \'\'\'{deep}\'\'\'\n# {deep}\ne = "\\"{deep}"\n'
    check_nesting(text, "toml", "x")
    assert tomllib.loads(text)["e"] == '"' + deep
    check_nesting('{"a": "' + deep + '\\" ' + deep + '"}', "json", "x")


def test_nesting_scan_is_fast_on_hostile_text() -> None:
    started = time.monotonic()
    for text in ('"""' + "a" * 2_000_000, "'" * 2_000_000, '"' * 2_000_000, "\"\\" * 1_000_000):
        check_nesting(text, "toml", "x")
    check_nesting('"' + "\\" * 2_000_000, "json", "x")
    assert time.monotonic() - started < 10


def test_inline_sources_round_trip_and_name_themselves() -> None:
    source = inline_source(ROSTER, "my dir/my,roster;1.toml")
    assert is_inline(source) and source.count("/") == 1 and "\n" not in source
    assert str(Path(source)) == source, "a Path leaves it as it is"
    assert read_source_text(source) == ROSTER
    assert source_name(source) == "my dir/my,roster;1.toml (embedded)"
    roster = load_model(Roster, source)
    assert roster.wrestler[0].name == "A/B 100% [b]x[/b]"
    with pytest.raises(DataFileError, match=r"^broken\.toml \(embedded\): malformed TOML"):
        read_toml(inline_source("[[x]\n", "broken.toml"))
    with pytest.raises(DataFileError, match=r"^bad\.toml \(embedded\): wrestler\[0\] \(A\)"):
        load_model(Roster, inline_source('[[wrestler]]\nname = "A"\n', "bad.toml"))


@given(TEXT, TEXT)
@settings(max_examples=200, deadline=None)
def test_any_text_survives_inline(text: str, name: str) -> None:
    source = inline_source(text, name)
    assert read_source_text(source) == text
    assert source_name(source) == f"{name} (embedded)" if name else True
    assert source.count("/") == 1 and str(Path(source)) == source


def test_inline_file_reads_once_and_checks(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text(ROSTER)
    source = inline_file(path)
    path.unlink()
    assert load_model(Roster, source).wrestler[0].specialty.value == "Strength"
    with pytest.raises(DataFileError, match="no such file"):
        inline_file(path)


@given(TEXT)
@settings(max_examples=300, deadline=None)
def test_toml_string_round_trips_any_text(text: str) -> None:
    assert tomllib.loads(f"x = {toml_string(text)}\n")["x"] == text


def test_toml_string_refuses_undecodable_text() -> None:
    with pytest.raises(DataFileError, match="not valid text"):
        toml_string("bad \udcff byte")


def test_local_files_can_be_forbidden(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text(ROSTER)
    with local_files_forbidden("a replay may not read local files"):
        with pytest.raises(DataFileError, match="a replay may not read local files"):
            read_toml(path)
        assert load_model(Roster, inline_source(ROSTER)).wrestler  # data is fine
        assert read_toml(packaged_data("turnbuckle.games.powerhouses", "roster.toml"))  # and our own files
    assert read_toml(path)


def test_atomic_writes(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_text_atomically(target, "one")
    with pytest.raises(DataFileError, match="already exists"):
        write_text_atomically(target, "two")
    write_text_atomically(target, "three", force=True)
    assert target.read_text() == "three"
    with pytest.raises(DataFileError, match="is a directory"):
        write_text_atomically(tmp_path, "x", force=True)
    with pytest.raises(DataFileError, match="no directory"):
        write_text_atomically(tmp_path / "missing" / "x.json", "x")
    with pytest.raises(DataFileError, match="name too long"):
        write_text_atomically(tmp_path / ("n" * 400), "x")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(DataFileError, match="not a regular file"):
        write_text_atomically(fifo, "x", force=True)
    assert fifo.is_fifo()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "out.json"], "no stray temporary files"


def test_limits_are_read_when_called(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "r.toml"
    path.write_text(ROSTER)
    monkeypatch.setattr(datafiles, "MAX_DATA_FILE_BYTES", 10)
    with pytest.raises(DataFileError, match="too large"):
        read_toml(path)
    monkeypatch.setattr(datafiles, "MAX_DATA_FILE_BYTES", 10_000)
    monkeypatch.setattr(datafiles, "MAX_NESTING", 1)
    with pytest.raises(DataFileError, match="nested more than 1 levels"):
        read_toml(path)
