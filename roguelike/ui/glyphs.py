"""What each kind of thing on the map is drawn as, in one place: the map, the help's legend
and the test that no two kinds share a glyph all read it.

Most glyphs are content (party classes, monsters, items, trap families); the rest are the
engine's (markers, treasure, spell walls) or the map's own (doors by state). A glyph means
one kind of thing, so the map reads without colour (NO_COLOR): the party's class letters are
no monster's, a marker is no item, an open door (') is not a closed one (+). Monsters of one
family share a letter told apart by colour, as in DCSS (g Goblin, g Goblin Archer).
"""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.core.components import Door
from roguelike.engine.creatures.inventory import TREASURE_GLYPH
from roguelike.engine.items import spells
from roguelike.engine.markers import event_markers as markers
from roguelike.world import tiles as T

DOOR_CLOSED = "+"
DOOR_OPEN = "'"  # NetHack's and DCSS's open door; a broken door stays open


def door_glyph(door: Door) -> str:
    return DOOR_OPEN if door.open else DOOR_CLOSED


TRAP_FAMILY_WORDS = {"dial": "dial trap (a lasting trap square)", "curse": "curse trap",
                     "plant": "plant trap"}


def map_kinds(content: Content) -> dict[str, dict[str, list[str]]]:
    """kind of thing -> glyph -> the names of what is drawn with it."""
    kinds: dict[str, dict[str, list[str]]] = {}

    def add(kind: str, glyph: str, name: str) -> None:
        names = kinds.setdefault(kind, {}).setdefault(glyph, [])
        if name not in names:
            names.append(name)

    for code, glyph in T.GLYPHS.items():
        if code != T.DOORWAY:  # a doorway always holds a door, drawn by its state
            add("terrain", glyph, T.NAMES[code])
    add("door", DOOR_CLOSED, "closed door")
    add("door open", DOOR_OPEN, "open or broken door")
    for cls in content.classes.values():
        add("party", cls.glyph, cls.name)
    for mon in content.monsters.values():
        add("monster", mon.glyph, mon.name)
    for item in content.explore.items.values():
        add("item", item.glyph, item.name)
    add("item", TREASURE_GLYPH, "treasure")
    for family in content.trap_stocking.families.values():
        add("trap", family.glyph, TRAP_FAMILY_WORDS.get(family.id, "trap"))
    add("marker", markers.GLYPHS["unchecked"], "event marker (walk next to it)")
    add("marker", markers.GLYPHS["hidden"], "event marker holding hidden treasure")
    for glyph, _color, name in spells.WALL_LOOK.values():
        # a Stone Wall is a wall like any other; only the fire wall has a glyph of its own
        add("terrain" if glyph == T.GLYPHS[T.WALL] else "spell", glyph, name)
    return kinds


def legend(content: Content) -> list[tuple[str, str]]:
    """(glyph, what it is) for the help screen, in the order a player meets them."""
    kinds = map_kinds(content)
    order = ["party", "terrain", "door", "door open", "marker", "item", "trap", "spell",
             "monster"]
    rows: list[tuple[str, str]] = []
    for kind in order:
        for glyph, names in kinds.get(kind, {}).items():
            words = ", ".join(names)
            if kind == "party":
                words += " of your party (underlined in red: down)"
            rows.append((glyph, words))
    return rows
