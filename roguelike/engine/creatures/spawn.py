"""Making characters and monsters from content definitions."""

from __future__ import annotations

from roguelike.content.loader import Content
from roguelike.core.components import (
    Actor,
    Appearance,
    BlocksMovement,
    Character,
    Conditions,
    HitBoxes,
    LocationBoxes,
    MonsterStats,
    Named,
    Position,
)
from roguelike.core.ecs import EntityStore

CLASS_COLORS = {"warrior": "bright_cyan", "rogue": "bright_green", "mage": "bright_magenta"}


def hit_boxes_for(content: Content, role_id: str, class_id: str) -> HitBoxes:
    cls, role = content.classes[class_id], content.roles[role_id]
    locations = []
    for loc in cls.locations:
        extra = role.extra_boxes.get(loc.id, 0)
        boxes = [loc.boxes[0]] * extra + list(loc.boxes)
        locations.append(LocationBoxes(loc.id, loc.name, loc.attribute, boxes, list(loc.gray)))
    return HitBoxes(locations)


def make_character(store: EntityStore, content: Content, role_id: str, class_id: str,
                   order: int, pos: Position, name: str = "") -> int:
    """A delver; `name` the player's (checked by engine/creatures/starting_party.py), or the
    role and class."""
    if role_id not in content.roles:
        raise ValueError(f"unknown role {role_id!r}; choose from {sorted(content.roles)}")
    if class_id not in content.classes:
        raise ValueError(f"unknown class {class_id!r}; choose from {sorted(content.classes)}")
    cls, role = content.classes[class_id], content.roles[role_id]
    luck = content.fight  # DungeonPunk: start 10, at most 20 (tables/luck.toml)
    return store.create(
        Position(pos.depth, pos.x, pos.y),
        Appearance(cls.glyph, CLASS_COLORS.get(class_id, "white"), 2),
        Named(name or f"{role.name} {cls.name}"),
        Actor("party", role.rank),
        Character(role_id, class_id, order, luck=luck.luck_start + role.luck_bonus,
                  luck_max=luck.luck_max),
        hit_boxes_for(content, role_id, class_id),
        Conditions(),
        BlocksMovement(),
    )


def make_monster(store: EntityStore, content: Content, monster_id: str, pos: Position,
                 *, awake: bool = False) -> int:
    mon = content.monsters[monster_id]
    return store.create(
        Position(pos.depth, pos.x, pos.y),
        Appearance(mon.glyph, mon.color, 2),
        Named(mon.name),
        Actor(mon.group, mon.rank, awake=awake),
        MonsterStats(mon.id, mon.wits, mon.might, mon.combat, mon.speed, mon.hits, mon.hits,
                     mon.hit_dice),
        Conditions(),
        BlocksMovement(),
    )
