"""The range data of shots and spells: content/targeting.toml (the weapon's and the spell's
reach, and the Classic missile-range row the bands follow) with that row of
content/tables/combat.toml. Loaded once, at start (content/loader.py: `content.ranges`);
the bands themselves are engine/combat/targeting.py's.
"""

from __future__ import annotations

from pathlib import Path

from roguelike.content.data_files import read_toml
from roguelike.content.schema import ContentError, build, picked, picked_rows
from roguelike.core.lean_dataclass import dataclass

FILE = "targeting.toml"
COMBAT_FILE = "tables/combat.toml"


@dataclass(frozen=True)
class TargetingData:
    source: str
    weapon_range: int
    spell_range: int
    band_reference: str


@dataclass(frozen=True)
class RangeTables:
    """targeting.toml, the missile row's d20 modifiers (short, medium, long) and its band
    limits in feet (the proportions the bands keep)."""

    targeting: TargetingData
    mods: tuple[int, int, int]
    feet: tuple[int, int, int]


@dataclass(frozen=True)
class _MissileMods:
    """combat.toml's [missile]: the d20 modifiers at short, medium and long range."""

    short_mod: int = 0
    medium_mod: int = -2
    long_mod: int = -5


@dataclass(frozen=True)
class _MissileFeet:
    """A [[missile_range]] row's band limits in feet."""

    id: str
    short_feet: int
    medium_feet: int
    long_feet: int


def load_ranges(root: Path) -> RangeTables:
    data = build(TargetingData, read_toml(root / FILE, root), FILE)
    combat = read_toml(root / COMBAT_FILE, root)
    missile = picked(_MissileMods, combat.get("missile", {}), COMBAT_FILE, "missile")
    mods = (missile.short_mod, missile.medium_mod, missile.long_mod)
    for row in picked_rows(_MissileFeet, combat, "missile_range", COMBAT_FILE):
        if row.id == data.band_reference:
            return RangeTables(data, mods, (row.short_feet, row.medium_feet, row.long_feet))
    raise ContentError(FILE, "", "band_reference",
                       f"no missile_range {data.band_reference!r} in {COMBAT_FILE}")
