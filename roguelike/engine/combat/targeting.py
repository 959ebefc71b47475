"""Targets, lines of fire and range bands for shots and spells (what the UI shows first).

The bands split a weapon's reach in the proportions of a Classic missile-range row and
carry that table's to-hit modifiers; content/targeting.toml names the row (RULES.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from roguelike.content.fight_tables import fight_tables
from roguelike.content.loader import read_toml
from roguelike.content.schema import ContentError, build
from roguelike.core.components import Position
from roguelike.world.sight import clear_line, line

if TYPE_CHECKING:
    from roguelike.engine.game import Game


@dataclass(frozen=True)
class TargetingData:
    source: str
    weapon_range: int
    spell_range: int
    band_reference: str


@dataclass(frozen=True)
class Bands:
    short: int
    medium: int
    long: int
    mods: tuple[int, int, int]  # Classic's d20 modifiers (0 / -2 / -5), for reference
    pips: tuple[int, int, int]  # what the d6 attack roll gets (fight.toml [d6] range_*_mod)

    def band(self, dist: int) -> tuple[str, int] | None:
        """('short', 0), ('medium', -1), ('long', -2) in d6 pips, or None beyond long."""
        for name, limit, mod in zip(("short", "medium", "long"),
                                    (self.short, self.medium, self.long), self.pips,
                                    strict=True):
            if dist <= limit:
                return name, mod
        return None


@cache
def targeting_data(root: Path) -> tuple[TargetingData, tuple[int, int, int], tuple[int, ...]]:
    data = build(TargetingData, read_toml(root / "targeting.toml", root), "targeting.toml")
    combat = read_toml(root / "tables" / "combat.toml", root)
    missile = combat.get("missile", {})
    mods = (int(missile.get("short_mod", 0)), int(missile.get("medium_mod", -2)),
            int(missile.get("long_mod", -5)))
    for row in combat.get("missile_range", []):
        if row.get("id") == data.band_reference:
            ratio = (int(row["short_feet"]), int(row["medium_feet"]), int(row["long_feet"]))
            return data, mods, ratio
    raise ContentError("targeting.toml", "", "band_reference",
                       f"no missile_range {data.band_reference!r} in tables/combat.toml")


def bands_for(game: Game, reach: int) -> Bands:
    _data, mods, (s, m, lg) = targeting_data(game.content.root)
    d6 = fight_tables(game.content).d6
    pips = (d6.range_short_mod, d6.range_medium_mod, d6.range_long_mod)
    # integer proportions, rounded up so each band keeps at least one square
    return Bands(max(1, -(-reach * s // lg)), max(1, -(-reach * m // lg)), reach, mods, pips)


def range_mod(game: Game, reach: int, dist: int) -> int:
    """The d6 to-hit modifier of a shot or bolt at `dist` squares from a `reach` weapon."""
    band = bands_for(game, reach).band(dist)
    return band[1] if band is not None else 0


def spell_range(game: Game) -> int:
    return targeting_data(game.content.root)[0].spell_range


def weapon_range(game: Game) -> int:
    return targeting_data(game.content.root)[0].weapon_range


def line_of_fire(game: Game, a: tuple[int, int], b: tuple[int, int]
                 ) -> tuple[list[tuple[int, int]], bool]:
    """The squares a shot crosses (without the shooter) and whether nothing blocks it."""
    blockers = {game.store.get(e, Position).xy for e in game.hostiles_in_view()} | {
        game.store.get(e, Position).xy for e in game.party}
    blockers.discard(a)
    blockers.discard(b)
    ok = clear_line(game.transparency(), a, b, blockers)
    return line(a, b)[1:], ok
