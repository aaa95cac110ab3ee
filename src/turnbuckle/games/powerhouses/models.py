"""Wrestler sheets for Powerhouses of Wrestling!, validated as the text's Preparing to Play says."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from turnbuckle.engine.datafiles import require_unique_names


class Ability(StrEnum):
    """The five abilities of the text, in a fixed order (it fixes action ids too)."""

    AGILITY = "Agility"
    BRAWLING = "Brawling"
    MARTIAL_ARTS = "Martial Arts"
    STRENGTH = "Strength"
    TECHNICAL = "Technical Ability"


ABILITIES: tuple[Ability, ...] = tuple(Ability)
FAN_SUPPORT_FACE = 6
"""Face 6 is always "Fan Support", which counts as any ability."""


class WrestlerSheet(BaseModel):
    """Name; specialty on 1-2; three different abilities (not the weakness) on 3-5; 6 is Fan Support."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    specialty: Ability
    weakness: Ability
    abilities: tuple[Ability, Ability, Ability]
    """The abilities written next to 3, 4 and 5."""
    style: str = ""
    hometown: str = ""

    @field_validator("name")
    @classmethod
    def _name_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("name must not be blank")
        return value.strip()

    @model_validator(mode="after")
    def _preparing_to_play(self) -> WrestlerSheet:
        if self.specialty == self.weakness:
            raise ValueError(f"specialty and weakness are both {self.specialty.value}")
        if self.weakness in self.abilities:
            raise ValueError(f"abilities list the weakness {self.weakness.value} (Don't list the weakness)")
        if len(set(self.abilities)) != 3:
            twice = next(a for a in self.abilities if self.abilities.count(a) > 1)
            raise ValueError(f"abilities list {twice.value} twice (use a different ability for each number)")
        return self

    def face_ability(self, face: int) -> Ability | None:
        """The ability a face shows for this wrestler; ``None`` for Fan Support (any ability)."""
        if face in (1, 2):
            return self.specialty
        if 3 <= face <= 5:
            return self.abilities[face - 3]
        return None

    def faces_for(self, ability: Ability) -> int:
        """How many of faces 1-5 show ``ability`` (Fan Support not counted)."""
        return sum(1 for face in range(1, 6) if self.face_ability(face) == ability)

    def sheet_abilities(self) -> list[Ability]:
        """The abilities on the sheet, in the fixed ability order."""
        present = {self.face_ability(face) for face in range(1, 6)}
        return [a for a in ABILITIES if a in present]

    def sheet_lines(self) -> list[str]:
        """The six lines as written on the paper sheet."""
        return [ability.value if (ability := self.face_ability(f)) else "Fan Support" for f in range(1, 7)]


class Roster(BaseModel):
    """A roster file: ``[[wrestler]]`` tables."""

    model_config = ConfigDict(extra="forbid")

    wrestler: list[WrestlerSheet] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_names(self) -> Roster:
        require_unique_names(s.name for s in self.wrestler)
        return self

    def find(self, name: str) -> WrestlerSheet | None:
        key = name.casefold()
        return next((s for s in self.wrestler if s.name.casefold() == key), None)
