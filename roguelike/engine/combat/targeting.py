"""Targets, lines of fire and range bands for shots and spells (what the UI shows first).

The bands split a weapon's reach in the proportions of a Classic missile-range row and
carry that table's to-hit modifiers; content/targeting.toml names the row (RULES.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Position
from roguelike.core.lean_dataclass import dataclass
from roguelike.world.sight import clear_line, line

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasContent
    from roguelike.engine.game import Game


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


def bands_for(game: HasContent, reach: int) -> Bands:
    ranges = game.content.ranges
    mods, (s, m, lg) = ranges.mods, ranges.feet
    d6 = game.content.fight.d6
    pips = (d6.range_short_mod, d6.range_medium_mod, d6.range_long_mod)
    # integer proportions, rounded up so each band keeps at least one square
    return Bands(max(1, -(-reach * s // lg)), max(1, -(-reach * m // lg)), reach, mods, pips)


def range_mod(game: Game, reach: int, dist: int) -> int:
    """The d6 to-hit modifier of a shot or bolt at `dist` squares from a `reach` weapon."""
    band = bands_for(game, reach).band(dist)
    return band[1] if band is not None else 0


def spell_range(game: HasContent) -> int:
    return game.content.ranges.targeting.spell_range


def weapon_range(game: HasContent) -> int:
    return game.content.ranges.targeting.weapon_range


def line_of_fire(game: Game, a: tuple[int, int], b: tuple[int, int]
                 ) -> tuple[list[tuple[int, int]], bool]:
    """The squares a shot crosses (without the shooter) and whether nothing blocks it."""
    blockers = {game.store.get(e, Position).xy for e in game.hostiles_in_view()} | {
        game.store.get(e, Position).xy for e in game.party}
    blockers.discard(a)
    blockers.discard(b)
    ok = clear_line(game.transparency(), a, b, blockers)
    return line(a, b)[1:], ok
