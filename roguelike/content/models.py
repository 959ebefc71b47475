"""Schemas of the content files: plain frozen dataclasses checked by `schema.build`."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from roguelike.core.lean_dataclass import dataclass

Attribute = Literal["wits", "might", "combat", "speed"]
ATTRIBUTES: tuple[str, ...] = ("wits", "might", "combat", "speed")
MAX_DIE = 100


@dataclass(frozen=True)
class CoreRules:
    source: str
    actions_per_turn: int
    initiative_die: int
    combat_die: int
    location_die: int
    spill_location: str
    disabling_locations: list[str]
    melee_reach: int
    square_feet: int
    # rounds a party none of whose delvers can act lies helpless, with nothing that holds
    # it running out by itself, before the delve is lost (RULES.md, "Delvers who cannot act")
    helpless_rounds: int = 360

    def validate(self) -> tuple[str, str] | None:
        if self.actions_per_turn < 1:
            return ("actions_per_turn", "must be at least 1")
        if self.helpless_rounds < 1:
            return ("helpless_rounds", "must be at least 1")
        for name in ("initiative_die", "combat_die", "location_die"):
            if not 2 <= getattr(self, name) <= MAX_DIE:  # a die the game can list and roll
                return (name, f"must be a die of 2 to {MAX_DIE} sides")
        return None


@dataclass(frozen=True)
class LocationDef:
    """One body location of a hit-box card: its attribute and the values its boxes leave."""

    id: str
    name: str
    attribute: Attribute
    boxes: list[int]
    gray: list[int]

    def validate(self) -> tuple[str, str] | None:
        if not self.boxes:
            return ("boxes", "a location needs at least one box")
        if not self.gray:
            return ("gray", "a location needs its gray box (the value left when all are crossed)")
        if self.attribute != "speed" and any(v < 1 or v > 7 for v in self.boxes + self.gray):
            return ("boxes", "d6 attribute values must be 1-7 (7 = cannot succeed)")
        return None


@dataclass(frozen=True)
class ClassDef:
    id: str
    name: str
    source: str
    glyph: str
    text: str
    locations: list[LocationDef]
    weapon: str
    items: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)

    def validate(self) -> tuple[str, str] | None:
        attrs = sorted(loc.attribute for loc in self.locations)
        if attrs != sorted(ATTRIBUTES):
            return ("locations", "needs one location for each of wits, might, combat, speed")
        if len(self.glyph) != 1:
            return ("glyph", "must be one character")
        return None


@dataclass(frozen=True)
class RoleDef:
    id: str
    name: str
    source: str
    rank: int
    text: str
    extra_boxes: dict[str, int] = field(default_factory=dict)
    luck_bonus: int = 0


@dataclass(frozen=True)
class HitLocationRoll:
    faces: list[int]
    location: str


@dataclass(frozen=True)
class MonsterDef:
    id: str
    name: str
    source: str
    glyph: str
    color: str
    rank: int
    wits: int
    might: int | None
    combat: int
    speed: int
    hits: int
    treasure: list[int]
    hit_dice: int
    morale: int
    depth_min: int
    depth_max: int
    frequency: int
    text: str
    roll: list[int] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    ranged: int = 0
    group: str = "monster"

    def validate(self) -> tuple[str, str] | None:
        if len(self.glyph) != 1:
            return ("glyph", "must be one character")
        if self.hits < 1:
            return ("hits", "must be at least 1")
        if self.depth_min > self.depth_max:
            return ("depth_min", "is deeper than depth_max")
        if any(f < 1 or f > 6 for f in self.treasure + self.roll):
            return ("treasure", "d6 faces must be 1-6")
        return None


@dataclass(frozen=True)
class SaveCategory:
    id: str
    name: str
    precedence: int
    covers: str


@dataclass(frozen=True)
class SaveClassMap:
    game_class: str
    seed_class: str


@dataclass(frozen=True)
class SaveBand:
    """One row of a Classic saving-throw table: d20 >= the value saves."""

    seed_class: str
    level_min: int
    level_max: int
    open_ended: bool
    stone: int
    death: int
    breath: int
    wands: int
    spells: int
