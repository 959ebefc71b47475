"""Reading a creature's current attributes, whatever kind of creature it is."""

from __future__ import annotations

from roguelike.core.components import (
    Actor,
    Character,
    Disabled,
    HitBoxes,
    MonsterStats,
    Named,
    Position,
)
from roguelike.core.ecs import EntityStore
from roguelike.core.explore_components import Fatigue, Inventory, Treasure
from roguelike.world.sight import distance

NO_SAVE = 7  # a d6 target that can never be rolled


def attribute(store: EntityStore, eid: int, name: str) -> int:
    tables: dict[int, HitBoxes] | None = store.by_type.get(HitBoxes)
    boxes = tables.get(eid) if tables is not None else None
    if boxes is not None:
        return boxes.attribute(name)
    stats = store.get(eid, MonsterStats)
    value = getattr(stats, name)
    return NO_SAVE if value is None else int(value)


def speed(store: EntityStore, eid: int) -> int:
    tables = store.by_type
    boxes: dict[int, HitBoxes] | None = tables.get(HitBoxes)
    if boxes is not None and eid in boxes:
        base = boxes[eid].attribute("speed")
    else:
        base = attribute(store, eid, "speed")
    # treasure load and fatigue: nothing to adjust for a creature with neither, as most
    # monsters (initiative asks every tied one, every round)
    inventories, fatigue = tables.get(Inventory), tables.get(Fatigue)
    if (inventories is None or eid not in inventories) and (fatigue is None
                                                             or eid not in fatigue):
        return max(0, base)
    return max(0, adjust_speed(store, eid, base))


def load_penalty(store: EntityStore, eid: int) -> int:
    """-1 Speed per carried Treasure beyond what a Bag of Holding holds (T&T)."""
    inv = store.try_get(eid, Inventory)
    if inv is None:
        return 0
    treasure = store.peek(Treasure)  # (speed asks this for every delver, every turn)
    pieces = 0
    for i in inv.items:
        if i in treasure:
            pieces += 1
    return max(0, pieces - inv.bag)


def adjust_speed(store: EntityStore, eid: int, base: int) -> int:
    """Speed after treasure load (T&T) and exhaustion (DungeonPunk: Speed halved)."""
    value = base - load_penalty(store, eid)
    fat = store.try_get(eid, Fatigue)
    if fat is not None and fat.halved:
        value //= 2
    return value


HP_PER_HIT = 4  # RULES.md "Hit points to Hits": every 4 hit points of damage is one Hit


def hits_from_hp(hp: int) -> int:
    """Damage in hit points as Hits: every HP_PER_HIT, rounded up (so a scratch tells)."""
    return (hp + HP_PER_HIT - 1) // HP_PER_HIT if hp > 0 else 0


def hits_regained(round_no: int, hp: int) -> int:
    """Hits regained in round `round_no` by a creature healing `hp` hit points a round:
    HP_PER_HIT hit points make one Hit, counted over the rounds (rounding each round's
    1 hit point up to a Hit would heal four times what the seed gives)."""
    return (round_no + 1) * hp // HP_PER_HIT - round_no * hp // HP_PER_HIT


# (these read the store's tables directly: the rules ask them many times a turn)
def name_of(store: EntityStore, eid: int) -> str:
    names = store.by_type.get(Named)
    named = names.get(eid) if names is not None else None
    return named.name if named else f"#{eid}"


def is_disabled(store: EntityStore, eid: int) -> bool:
    return eid in store.by_type.get(Disabled, ())


def is_character(store: EntityStore, eid: int) -> bool:
    return eid in store.by_type.get(Character, ())


def side(store: EntityStore, eid: int) -> str:
    actors = store.by_type.get(Actor)
    actor = actors.get(eid) if actors is not None else None
    return actor.side if actor else ""


def hostile(store: EntityStore, a: int, b: int) -> bool:
    """Party and everyone else are enemies; monsters and pillagers leave each other be."""
    sa, sb = side(store, a), side(store, b)
    return bool(sa and sb) and (sa == "party") != (sb == "party")


def chebyshev(a: Position, b: Position) -> int:
    """sight.distance (range in squares, diagonals count one) between two positions."""
    return distance(a.xy, b.xy)
