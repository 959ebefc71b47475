"""Load and validate everything in `content/`.

A file is refused as a whole with its file, entry and field named; nothing half-loaded
reaches the engine.
"""

from __future__ import annotations

import hashlib
import os
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from roguelike.content.models import (
    ClassDef,
    CoreRules,
    HitLocationRoll,
    MonsterDef,
    RoleDef,
)
from roguelike.content.saves_table import SaveTables, load_save_tables
from roguelike.content.schema import ContentError, build
from roguelike.content.traps import TrapDef, TrapStocking, load_traps
from roguelike.places import PACKAGE_DIR, checkout_root

T = TypeVar("T")


def content_root() -> Path:
    """The content folder: $ROGUELIKE_CONTENT, else the copy bundled with an installed game
    (the wheel force-includes content/ as roguelike/_content), else the checkout's content/.

    Never the folder beside the package without asking: an installed game sits in
    site-packages, where any other package may have put a top-level content/."""
    env = os.environ.get("ROGUELIKE_CONTENT")
    if env:
        return Path(env)
    bundled = PACKAGE_DIR / "_content"
    if bundled.is_dir():
        return bundled
    checkout = checkout_root()
    if checkout is not None:
        return checkout / "content"
    return bundled  # missing: load_content names it in "content folder not found"


def read_toml(path: Path, root: Path) -> dict[str, Any]:
    rel = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(rel, "", "", "file is missing") from None
    except tomllib.TOMLDecodeError as err:
        raise ContentError(rel, "", "", f"not valid TOML: {err}") from None
    except UnicodeDecodeError as err:  # tomllib decodes before parsing
        raise ContentError(rel, "", "", f"not UTF-8 text (byte {err.start}): {err.reason}"
                           ) from None


def entries(
    cls: type[T], data: dict[str, Any], key: str, file: str, *, unique: bool = True
) -> list[T]:
    """Build every `[[key]]` table of a file into `cls`, checking ids are unique."""
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise ContentError(file, "", key, f"needs at least one [[{key}]] table")
    out: list[T] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        name = str(item.get("id", f"#{i + 1}")) if isinstance(item, dict) else f"#{i + 1}"
        obj = build(cls, item, file, name)
        ident = getattr(obj, "id", None)
        if unique and ident is not None:
            if ident in seen:
                raise ContentError(file, name, "id", "duplicate id")
            seen.add(ident)
        out.append(obj)
    return out


@dataclass
class Content:
    root: Path
    rules: CoreRules
    classes: dict[str, ClassDef]
    roles: dict[str, RoleDef]
    hit_locations: list[HitLocationRoll]
    monsters: dict[str, MonsterDef]
    saves: SaveTables | None = None
    traps: dict[str, TrapDef] = field(default_factory=dict)
    trap_stocking: TrapStocking | None = None
    digest: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

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
    root = root or content_root()
    if not root.is_dir():
        raise ContentError(str(root), "", "", "content folder not found")

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
        digest=_digest(root),
    )


@cache
def default_content() -> Content:
    """The game's content, loaded once per process."""
    return load_content()
