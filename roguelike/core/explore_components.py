"""Components of exploration: plain data, added to the shared COMPONENT_TYPES."""

from __future__ import annotations

from dataclasses import field

from roguelike.core.lean_dataclass import dataclass


@dataclass(slots=True)
class Marker:
    """A T&T event marker: 'unchecked' until a Wits check, 'hidden' for hidden treasure."""

    room: int
    state: str = "unchecked"


@dataclass(slots=True)
class Item:
    kind: str  # an items.toml id


@dataclass(slots=True)
class Treasure:
    gp: int


@dataclass(slots=True)
class Inventory:
    items: list[int] = field(default_factory=list)  # carried item entities, in stow order
    bag: int = 0  # treasures carried without penalty (Bag of Holding capacity)


@dataclass(slots=True)
class LightSource:
    """A lit light carried by a creature (the surprise rule looks for it)."""

    kind: str  # a [[light_source]] id
    rounds_left: int


@dataclass(slots=True)
class Doused:
    """A light its carrier put out to save it (a rest in the dark): lit again with the
    burning it had left."""

    kind: str  # a [[light_source]] id
    rounds_left: int


@dataclass(slots=True)
class Fatigue:
    level: int = 0
    active_turns: int = 0  # exploration turns since the last rest
    halved: bool = False  # exhausted: movement halved (DungeonPunk)


@dataclass(slots=True)
class Stuck:
    pass


@dataclass(slots=True)
class SecretDoor:
    tried: list[int] = field(default_factory=list)  # who has searched for it (one try each)


@dataclass(slots=True)
class Listened:
    by: list[int] = field(default_factory=list)  # one try per character per door


@dataclass(slots=True)
class SpellWall:
    kind: str  # "fire" or "stone"
    expires: int  # clock round it vanishes on
    tile: int  # the tile it covers (restored when a stone wall ends); -1 for fire


@dataclass(slots=True)
class Haul:
    """A Pillager's loot run: carrying something back to its camp."""

    items: list[int] = field(default_factory=list)
    hauling: bool = False


@dataclass(slots=True)
class SpellHealed:
    pass


@dataclass(slots=True)
class Ledger:
    """Game-wide exploration state, on one entity without a position."""

    clock: int = 0  # rounds since the start, rests included
    banked_gp: int = 0
    banked_pieces: int = 0
    hauls: int = 0  # Pillager loads brought to camp, for the every-3 rule
    noisy_until: int = 0  # clock round until which the dungeon counts as noisy
    artifact: bool = False  # the goal was carried out
    rest_ends: int = 0  # clock round the party's rest ends on (0: nobody is resting)


EXPLORE_COMPONENTS: tuple[type[object], ...] = (
    Marker, Item, Treasure, Inventory, LightSource, Fatigue, Stuck, SecretDoor, Listened,
    SpellWall, Haul, SpellHealed, Ledger, Doused,
)
