"""The range data of shots and spells: content/targeting.toml (the weapon's and the spell's
reach, and the Classic missile-range row the bands follow) with that row of
content/tables/combat.toml. Loaded once, at start (content/loader.py: `content.ranges`);
the bands themselves are engine/combat/targeting.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from roguelike.content.data_files import read_toml
from roguelike.content.schema import ContentError, build

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


def load_ranges(root: Path) -> RangeTables:
    data = build(TargetingData, read_toml(root / FILE, root), FILE)
    combat = read_toml(root / COMBAT_FILE, root)
    missile = combat.get("missile", {})
    mods = (int(missile.get("short_mod", 0)), int(missile.get("medium_mod", -2)),
            int(missile.get("long_mod", -5)))
    for row in combat.get("missile_range", []):
        if row.get("id") == data.band_reference:
            feet = (int(row["short_feet"]), int(row["medium_feet"]), int(row["long_feet"]))
            return RangeTables(data, mods, feet)
    raise ContentError(FILE, "", "band_reference",
                       f"no missile_range {data.band_reference!r} in {COMBAT_FILE}")
