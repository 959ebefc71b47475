"""Load and validate everything in `content/`: this module calls each table's parser
(traps.py, saves_table.py, ...); they read files through data_files.py and never import it.

A file is refused as a whole with its file, entry and field named; nothing half-loaded
reaches the engine.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from roguelike.content import kept_tables
from roguelike.content.data_files import content_root, entries, read_toml
from roguelike.content.explore import ExploreData, load_explore
from roguelike.content.fight_tables import FightTables, check_monsters, load_fight_tables
from roguelike.content.models import (
    ClassDef,
    CoreRules,
    HitLocationRoll,
    MonsterDef,
    RoleDef,
)
from roguelike.content.range_bands import RangeTables, load_ranges
from roguelike.content.saves_table import SaveTables, load_save_tables
from roguelike.content.schema import ContentError, build
from roguelike.content.traps import TrapDef, TrapStocking, load_traps
from roguelike.core.lean_dataclass import dataclass


@dataclass
class Content:
    """Every data file, read and checked once at start into typed tables: a malformed file
    is refused here, with its file, entry and field, never mid-game."""

    root: Path
    rules: CoreRules
    classes: dict[str, ClassDef]
    roles: dict[str, RoleDef]
    hit_locations: list[HitLocationRoll]
    monsters: dict[str, MonsterDef]
    saves: SaveTables
    traps: dict[str, TrapDef]
    trap_stocking: TrapStocking
    fight: FightTables  # conditions.toml and tables/{fight,experience,encounters,combat}.toml
    explore: ExploreData  # explore.toml, items.toml, spells.toml and their table rows
    ranges: RangeTables  # targeting.toml and its missile-range row
    digest: str

    def location_for(self, face: int) -> str:
        for row in self.hit_locations:
            if face in row.faces:
                return row.location
        raise KeyError(f"no hit location for face {face}")


PRESENTATION_FILES = frozenset({"keymap.toml"})


def _digest(root: Path) -> str:
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(root.rglob("*.toml")):
        if path.name in PRESENTATION_FILES:
            continue  # key bindings and screen layout never change a game's outcome
        h.update(str(path.relative_to(root)).encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def load_content(root: Path | None = None) -> Content:
    """The content of `root` (the game's own by default): the tables kept by an earlier
    load of the same files and code (kept_tables.py), else read and checked afresh."""
    root = root or content_root()
    if not root.is_dir():
        raise ContentError(str(root), "", "", "content folder not found")
    digest = _digest(root)
    fingerprint = kept_tables.fingerprint(digest)
    kept = kept_tables.read(root, fingerprint)
    if isinstance(kept, Content):
        kept.root = root  # (the folder may have moved; nothing else depends on where)
        if not kept_tables.checking():
            return kept
    fresh = _load_checked(root, digest)
    if isinstance(kept, Content):
        if kept != fresh:
            raise kept_tables.StaleTables(f"{kept_tables.kept_path(root)} differs from a "
                                          "fresh load of the same files")
    else:
        kept_tables.keep(root, fingerprint, fresh)
    return fresh


def _load_checked(root: Path, digest: str) -> Content:
    """Every file read and every table built and checked."""
    rules_data = read_toml(root / "rules.toml", root)
    rules = build(CoreRules, rules_data, "rules.toml")

    party = read_toml(root / "party.toml", root)
    classes = {c.id: c for c in entries(ClassDef, party, "class", "party.toml")}
    roles = {r.id: r for r in entries(RoleDef, party, "role", "party.toml")}
    hit_locs = entries(HitLocationRoll, party, "hit_location", "party.toml", unique=False)
    faces = sorted(f for row in hit_locs for f in row.faces)
    if faces != list(range(1, rules.location_die + 1)):
        raise ContentError(
            "party.toml", "", "hit_location", f"faces must cover 1-{rules.location_die} once each"
        )
    for cls in classes.values():
        ids = {loc.id for loc in cls.locations}
        for row in hit_locs:
            if row.location not in ids:
                raise ContentError(
                    "party.toml", cls.id, "locations", f"has no location '{row.location}'"
                )
        for loc_id in [rules.spill_location, *rules.disabling_locations]:
            if loc_id not in ids:
                raise ContentError("party.toml", cls.id, "locations", f"has no '{loc_id}'")

    monsters: dict[str, MonsterDef] = {}
    for path in sorted((root / "monsters").glob("*.toml")):
        file = f"monsters/{path.name}"
        for mon in entries(MonsterDef, read_toml(path, root), "monster", file):
            if mon.id in monsters:
                raise ContentError(file, mon.id, "id", "duplicate id (defined in another file)")
            monsters[mon.id] = mon
    if not monsters:
        raise ContentError("monsters/", "", "", "no monsters defined")

    traps, trap_stocking = load_traps(root)
    fight = load_fight_tables(root)
    check_monsters(monsters, fight)
    return Content(
        root=root,
        traps=traps,
        trap_stocking=trap_stocking,
        rules=rules,
        classes=classes,
        roles=roles,
        hit_locations=hit_locs,
        monsters=monsters,
        saves=load_save_tables(root),
        fight=fight,
        explore=load_explore(root),
        ranges=load_ranges(root),
        digest=digest,
    )


@cache
def default_content() -> Content:
    """The game's content, loaded once per process."""
    return load_content()
