"""Pydantic schemas for Filsinger wrestler cards and charts, and the card-entry notation.

Card entries are written the way the printed cards read (``"hammerlock 2"``,
``"body slam 2 (pw)"``, ``"into the turnbuckle (c)"``, ``"BIG FINISHER (+3)"``,
``"hurt 2 (tag)"``, ``"RAZOR VANCE 2"``, ``"PIN"``); they are parsed here into small frozen
dataclasses so the rules never look at strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from turnbuckle.engine.datafiles import require_unique_names

CHART_MOVES: dict[str, str] = {
    "into the ropes": "ropes",
    "into the turnbuckle": "turnbuckle",
    "out of the ring": "ring",
    "deathjump": "deathjump",
}
"""Offense instructions that send the opponent to a chart, by chart key."""

RATED_CHARTS = ("ropes", "turnbuckle", "ring", "deathjump")
CHOICE_LETTERS = tuple("ABCDEFGH")
STUN_WORDS = ("dazed", "hurt", "down")

_PAREN = re.compile(r"\(([^()]*)\)")
_TAIL_NUMBER = re.compile(r"^(.*?)\s+(\d+(?:-\d+)?)$")


# -- parsed card entries ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move:
    """An ordinary move: the opponent rolls on his LEVEL ``level`` DEFENSE."""

    name: str
    level: int
    agility: bool = False
    power: bool = False
    choice: str | None = None
    add_one: bool = False
    dis: bool = False
    dis_rating: int | None = None
    tag_only: bool = False
    singles_only: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class ChartMove:
    """Into the ropes / turnbuckle, out of the ring, deathjump: the opponent rolls a chart."""

    chart: str
    choice: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Finisher:
    """A move in capitals on LEVEL 3 OFFENSE: the opponent rolls his PIN."""

    name: str
    rating: int
    roll: bool = False
    low: int = 0
    high: int = 0
    text: str = ""


@dataclass(frozen=True, slots=True)
class Stunned:
    """dazed / hurt / down N: the opponent stays on offense at LEVEL N."""

    word: str
    level: int
    leave: bool = False
    tag: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class Counter:
    """The wrestler's own name in capitals: he fights back on LEVEL N OFFENSE."""

    name: str
    level: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class PinEntry:
    """PIN on defense: the wrestler rolls his PIN rating."""

    text: str = "PIN"


OffenseEntry = Move | ChartMove | Finisher
DefenseEntry = Stunned | Counter | PinEntry


def _split(text: str) -> tuple[str, str | None, list[str]]:
    """``"body slam 2 (pw)"`` -> ("body slam", "2", ["pw"])."""
    tags = [t.strip().lower() for t in _PAREN.findall(text)]
    rest = " ".join(_PAREN.sub(" ", text).split())
    match = _TAIL_NUMBER.match(rest)
    if match:
        return match.group(1).strip(), match.group(2), tags
    return rest, None, tags


def _level(number: str | None, text: str) -> int:
    if number is None or "-" in number or not 1 <= int(number) <= 3:
        raise ValueError(f"{text!r}: needs a level 1, 2 or 3 after the instruction")
    return int(number)


def parse_offense(text: Any) -> OffenseEntry:
    """Parse one LEVEL N OFFENSE entry; raises ``ValueError`` with a one-line reason."""
    if isinstance(text, OffenseEntry):
        return text
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"offense entry must be a non-empty string, got {text!r}")
    label, number, tags = _split(text)
    if label.lower() in CHART_MOVES:
        if number is not None:
            raise ValueError(f"{text!r}: a chart instruction takes no level number")
        for tag in tags:
            if tag != "c":
                raise ValueError(f"{text!r}: unknown tag ({tag}) for a chart instruction (only (c))")
        return ChartMove(CHART_MOVES[label.lower()], "c" in tags, text)
    if "c" in tags or label.lower().startswith(("into the", "out of the")):
        known = ", ".join(CHART_MOVES)
        raise ValueError(f"{text!r}: unknown chart {label!r} (known: {known})")
    if label.upper() == "PIN":
        raise ValueError(f"{text!r}: PIN belongs on the defense side of a card")
    if label.lower() in STUN_WORDS:
        raise ValueError(f"{text!r}: {label} belongs on the defense side of a card")
    if any(c.isalpha() for c in label) and label == label.upper():
        return _parse_finisher(label, number, tags, text)
    level = _level(number, text)
    fields: dict[str, Any] = {}
    for tag in tags:
        words = tag.split()
        if tag == "ag":
            fields["agility"] = True
        elif tag == "pw":
            fields["power"] = True
        elif tag in ("add 1", "add1"):
            fields["add_one"] = True
        elif tag == "tag":
            fields["tag_only"] = True
        elif tag == "singles":
            fields["singles_only"] = True
        elif words and words[0] == "dis" and len(words) <= 2:
            fields["dis"] = True
            if len(words) == 2:
                if not words[1].isdigit() or not 2 <= int(words[1]) <= 12:
                    raise ValueError(f"{text!r}: (dis N) needs N from 2 to 12")
                fields["dis_rating"] = int(words[1])
        elif words and words[0] == "ch" and len(words) == 2:
            letter = words[1].upper()
            if letter not in CHOICE_LETTERS:
                raise ValueError(f"{text!r}: unknown Choice Situations chart {letter!r} (A-H)")
            fields["choice"] = letter
        else:
            raise ValueError(f"{text!r}: unknown tag ({tag})")
    if fields.get("tag_only") and fields.get("singles_only"):
        raise ValueError(f"{text!r}: a move cannot be both (tag) and (singles)")
    return Move(label, level, text=text, **fields)


def _parse_finisher(label: str, number: str | None, tags: list[str], text: str) -> Finisher:
    if len(tags) != 1:
        raise ValueError(f"{text!r}: a finisher needs one rating tag like (+3) or (roll)")
    tag = tags[0]
    if tag == "roll":
        if number is None or "-" not in number:
            raise ValueError(f"{text!r}: a roll finisher shows its rating range, e.g. 2-6")
        low, high = (int(p) for p in number.split("-"))
        return Finisher(label, low, True, low, high, text)
    if number is not None:
        raise ValueError(f"{text!r}: a finisher takes no level number (it always forces a PIN)")
    if not re.fullmatch(r"\+?\d+", tag):
        raise ValueError(f"{text!r}: finisher rating must be (+N) with N >= 0 or (roll)")
    return Finisher(label, int(tag), text=text)


def parse_defense(text: Any) -> DefenseEntry:
    """Parse one LEVEL N DEFENSE entry; counters are checked against the name by the card."""
    if isinstance(text, DefenseEntry):
        return text
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"defense entry must be a non-empty string, got {text!r}")
    label, number, tags = _split(text)
    if label.upper() == "PIN" and number is None:
        if tags:
            raise ValueError(f"{text!r}: PIN takes no tags (the PIN rating is on the card)")
        return PinEntry(text)
    if label.upper() == "PIN":
        raise ValueError(f"{text!r}: write plain PIN; the PIN rating belongs in ratings.pin")
    if label.lower() in STUN_WORDS:
        level = _level(number, text)
        for tag in tags:
            if tag not in ("lv", "tag"):
                raise ValueError(f"{text!r}: unknown tag ({tag}) (defense knows (lv) and (tag))")
        if "lv" in tags and (label.lower() != "down" or level != 3):
            raise ValueError(f"{text!r}: (lv) only follows down 3")
        return Stunned(label.lower(), level, "lv" in tags, "tag" in tags, text)
    if any(c.isalpha() for c in label) and label == label.upper():
        if tags:
            raise ValueError(f"{text!r}: a counter takes no tags")
        return Counter(label, _level(number, text), text)
    raise ValueError(f"{text!r}: unknown defense instruction (dazed/hurt/down N, NAME N or PIN)")


OffenseCell = Annotated[Any, BeforeValidator(parse_offense)]
DefenseCell = Annotated[Any, BeforeValidator(parse_defense)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, arbitrary_types_allowed=True)


def _six(entries: list[Any]) -> list[Any]:
    if len(entries) != 6:
        raise ValueError(f"needs exactly 6 entries (die rolls 1-6), has {len(entries)}")
    return entries


class OffenseSide(_Strict):
    """LEVEL 1-3 OFFENSE, six entries each (die roll 1-6)."""

    level1: list[OffenseCell]
    level2: list[OffenseCell]
    level3: list[OffenseCell]

    _check = field_validator("level1", "level2", "level3")(_six)

    def level(self, n: int) -> list[OffenseEntry]:
        return [self.level1, self.level2, self.level3][n - 1]


class DefenseSide(_Strict):
    """LEVEL 1-3 DEFENSE, six entries each."""

    level1: list[DefenseCell]
    level2: list[DefenseCell]
    level3: list[DefenseCell]

    _check = field_validator("level1", "level2", "level3")(_six)

    def level(self, n: int) -> list[DefenseEntry]:
        return [self.level1, self.level2, self.level3][n - 1]


Rating = Literal["A", "B", "C"]


class Ratings(_Strict):
    """The bottom of the card."""

    ropes: Rating
    turnbuckle: Rating
    ring: Rating
    deathjump: Rating
    disqualification: int = Field(ge=2, le=12)
    pin: int = Field(ge=0, le=12, description="basic PIN rating")
    pin_advanced: int = Field(ge=0, le=12, description="PIN rating in parenthesis (optional rules)")
    agility: int = Field(ge=-5, le=5)
    power: int = Field(ge=-5, le=5)
    cage: int = Field(ge=0, le=12)
    distractor: int | None = Field(default=None, ge=2, le=12)

    def chart(self, key: str) -> str:
        return str(getattr(self, key))


class RollFinisher(_Strict):
    """Instructions for a (roll) finisher: the roll (plus modifier) is the finisher rating."""

    dice: Literal[1, 2]
    miss: list[int] = []
    modifier: int = 0
    text: str = ""

    @model_validator(mode="after")
    def _faces(self) -> RollFinisher:
        top = 6 * self.dice
        bottom = self.dice
        for face in self.miss:
            if not bottom <= face <= top:
                raise ValueError(f"miss roll {face} is impossible with {self.dice} dice")
        if len(set(self.miss)) == top - bottom + 1:
            raise ValueError("a roll finisher cannot miss on every roll")
        return self

    def hits(self) -> list[int]:
        return [r for r in range(self.dice, 6 * self.dice + 1) if r not in self.miss]


class Card(_Strict):
    """One wrestler playing card."""

    name: str = Field(min_length=1)
    group: str | None = None
    partners: list[str] = []
    allies: list[str] = []
    rivals: list[str] = []
    manager: str | None = None
    offense: OffenseSide
    defense: DefenseSide
    ratings: Ratings
    roll_finisher: RollFinisher | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Card:
        own = self.name.upper()
        for n in (1, 2, 3):
            for i, entry in enumerate(self.defense.level(n)):
                if isinstance(entry, Counter) and entry.name != own:
                    raise ValueError(
                        f"defense.level{n}[{i}]: counter {entry.name!r} must be the wrestler's "
                        f"own name in capitals ({own!r})"
                    )
            for i, move in enumerate(self.offense.level(n)):
                if isinstance(move, Finisher):
                    if n != 3:
                        raise ValueError(f"offense.level{n}[{i}]: finishers belong on LEVEL 3 OFFENSE")
                    if move.roll:
                        self._check_roll(move, f"offense.level3[{i}]")
            moves = self.offense.level(n)
            if all(isinstance(e, Move) and e.tag_only for e in moves):
                raise ValueError(f"offense.level{n}: every entry is (tag); singles could never move")
            if all(isinstance(e, Move) and e.singles_only for e in moves):
                raise ValueError(f"offense.level{n}: every entry is (singles); tags could never move")
        if self.ratings.pin_advanced > self.ratings.pin:
            raise ValueError("ratings.pin_advanced: the PIN rating in parenthesis exceeds the basic one")
        return self

    def _check_roll(self, entry: Finisher, where: str) -> None:
        if self.roll_finisher is None:
            raise ValueError(f"{where}: {entry.name} is a (roll) finisher but [roll_finisher] is missing")
        hits = [h + self.roll_finisher.modifier for h in self.roll_finisher.hits()]
        if (min(hits), max(hits)) != (entry.low, entry.high):
            raise ValueError(
                f"{where}: range {entry.low}-{entry.high} does not match roll_finisher "
                f"(ratings {min(hits)}-{max(hits)})"
            )
        if min(hits) < 0:
            raise ValueError(f"{where}: a finisher rating cannot be negative")

    def finishers(self) -> list[Finisher]:
        return [e for e in self.offense.level3 if isinstance(e, Finisher)]


class Roster(_Strict):
    """A TOML file of cards: ``[[wrestler]]`` tables."""

    wrestler: list[Card] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> Roster:
        require_unique_names(card.name for card in self.wrestler)
        return self


# -- charts ---------------------------------------------------------------------------------
Who = Literal["self", "opponent", "both", "winner", "loser"]
Kind = Literal[
    "offense",
    "defense",
    "pin",
    "pin_broken",
    "pin_stands",
    "dq",
    "countout",
    "disqualified",
    "chart",
    "injury",
    "none",
]


class Outcome(_Strict):
    """What a chart result does; ``self`` is whoever rolled the chart."""

    kind: Kind
    who: Who = "self"
    level: int = Field(default=0, ge=0, le=3)
    rating: int | None = Field(default=None, ge=2, le=12)
    add: int = Field(default=0, ge=0, le=10)
    then: Outcome | None = None
    chart: str | None = None
    cards: int = Field(default=0, ge=0, le=20)
    needs_ally: Literal["winner", "loser"] | None = None

    @model_validator(mode="after")
    def _shape(self) -> Outcome:
        if self.kind in ("offense", "defense", "pin_broken") and self.level == 0:
            raise ValueError(f"kind {self.kind!r} needs level 1-3")
        if self.kind in ("dq", "countout"):
            if self.then is None:
                raise ValueError(f"kind {self.kind!r} needs 'then' (what happens if nobody is out)")
            if self.who == "both" and self.rating is None:
                raise ValueError(f"kind {self.kind!r} for both needs a rating")
        elif self.then is not None:
            raise ValueError(f"'then' only follows kind dq or countout, not {self.kind!r}")
        if self.kind == "chart" and not self.chart:
            raise ValueError("kind 'chart' needs the chart to roll on")
        if self.kind == "injury" and self.cards == 0:
            raise ValueError("kind 'injury' needs cards >= 1 (fight cards the injury lasts)")
        return self


class ChartRow(Outcome):
    """One row of a 2d6 chart: the rolls it covers, the text read aloud, and the outcome."""

    rolls: str
    text: str

    def roll_range(self) -> range:
        parts = self.rolls.replace(" ", "").split("-")
        try:
            nums = [int(p) for p in parts]
        except ValueError:
            raise ValueError(f"rolls {self.rolls!r} must be N or N-M") from None
        if len(nums) == 1:
            nums.append(nums[0])
        if len(nums) != 2 or nums[0] > nums[1]:
            raise ValueError(f"rolls {self.rolls!r} must be N or N-M")
        return range(nums[0], nums[1] + 1)


def _table(rows: list[ChartRow]) -> dict[int, ChartRow]:
    table: dict[int, ChartRow] = {}
    for i, row in enumerate(rows):
        try:
            rr = row.roll_range()
        except ValueError as exc:
            raise ValueError(f"[{i}]: {exc}") from None
        for roll in rr:
            if not 2 <= roll <= 12:
                raise ValueError(f"[{i}]: roll {roll} is impossible with two dice")
            if roll in table:
                raise ValueError(f"[{i}]: roll {roll} is listed twice")
            table[roll] = row
    missing = [r for r in range(2, 13) if r not in table]
    if missing:
        raise ValueError(f"rolls {missing} are missing (every roll 2-12 needs a row)")
    return table


class RatedChart(_Strict):
    """Into the Ropes / Turnbuckle / Out of the Ring / Deathjump: columns by rating A/B/C."""

    title: str
    A: list[ChartRow]
    B: list[ChartRow]
    C: list[ChartRow]

    @field_validator("A", "B", "C")
    @classmethod
    def _covers(cls, rows: list[ChartRow]) -> list[ChartRow]:
        _table(rows)
        return rows

    _tables: dict[str, dict[int, ChartRow]] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any) -> None:
        self._tables = {c: _table(getattr(self, c)) for c in "ABC"}

    def lookup(self, rating: str, roll: int) -> ChartRow:
        return self._tables[rating][roll]


class PlainChart(_Strict):
    """A one-column 2d6 chart (Feud, Pin Saves, Interference, Brawl)."""

    title: str
    rows: list[ChartRow]

    @field_validator("rows")
    @classmethod
    def _covers(cls, rows: list[ChartRow]) -> list[ChartRow]:
        _table(rows)
        return rows

    _table_: dict[int, ChartRow] = PrivateAttr(default_factory=dict)

    def model_post_init(self, context: Any) -> None:
        self._table_ = _table(self.rows)

    def lookup(self, roll: int) -> ChartRow:
        return self._table_[roll]


class ChoiceMove(_Strict):
    """One of the two moves of a Choice Situation: works on 2d6 <= base +/- opponent ratings."""

    name: str
    level: int = Field(ge=1, le=3)
    base: int = Field(ge=2, le=12)
    agility: Literal[-1, 0, 1] = 0
    power: Literal[-1, 0, 1] = 0

    def target(self, opp_agility: int, opp_power: int) -> int:
        return self.base + self.agility * opp_agility + self.power * opp_power


class ChoiceSituation(_Strict):
    moves: list[ChoiceMove] = Field(min_length=2, max_length=2)


class Charts(_Strict):
    """Every chart of the game (``data/charts.toml``)."""

    ropes: RatedChart
    turnbuckle: RatedChart
    ring: RatedChart
    deathjump: RatedChart
    choice: dict[str, ChoiceSituation]
    feud: PlainChart
    pin_saves: PlainChart
    interference: PlainChart
    brawl: PlainChart

    @model_validator(mode="after")
    def _references(self) -> Charts:
        letters = sorted(self.choice)
        if letters != list(CHOICE_LETTERS):
            raise ValueError(f"choice: needs situations A-H, has {', '.join(letters)}")
        plain = {"feud", "pin_saves", "interference", "brawl"}
        for key in (*RATED_CHARTS, *plain):
            chart = getattr(self, key)
            columns = {"rows": chart.rows} if key in plain else {c: getattr(chart, c) for c in "ABC"}
            for col, rows in columns.items():
                for i, row in enumerate(rows):
                    _check_row(key, f"{key}.{col}[{i}]", row)
        return self


_PIN_CONTEXT = {"pin_saves", "interference", "brawl"}


def _check_row(chart: str, where: str, outcome: Outcome) -> None:
    if outcome.kind == "chart" and outcome.chart not in ("interference", "brawl"):
        raise ValueError(f"{where}: unknown chart {outcome.chart!r} (interference or brawl)")
    if chart == "feud":
        if outcome.kind not in ("injury", "none"):
            raise ValueError(f"{where}: the Feud Table only has kinds injury and none")
        return
    if outcome.kind in ("injury", "none"):
        raise ValueError(f"{where}: kind {outcome.kind!r} belongs on the Feud Table")
    if outcome.who in ("winner", "loser"):
        raise ValueError(f"{where}: who {outcome.who!r} belongs on the Feud Table")
    if outcome.kind in ("pin_broken", "pin_stands") and chart not in _PIN_CONTEXT:
        raise ValueError(f"{where}: kind {outcome.kind!r} only makes sense while a pin is on")
    if outcome.who == "both" and outcome.kind not in ("dq", "countout", "disqualified"):
        raise ValueError(f"{where}: who 'both' only fits dq, countout or disqualified")
    if outcome.then is not None:
        _check_row(chart, where + ".then", outcome.then)
