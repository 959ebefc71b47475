"""Component types: plain data, no behaviour beyond small derived properties.

Systems (the rule functions of roguelike/engine) read and change these.
"""

from __future__ import annotations

from dataclasses import field

from roguelike.core.explore_components import EXPLORE_COMPONENTS, Doused
from roguelike.core.lean_dataclass import dataclass


@dataclass(slots=True)
class Position:
    depth: int
    x: int
    y: int

    @property
    def xy(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(slots=True)
class Appearance:
    glyph: str
    color: str
    layer: int = 2  # 0 floor things, 1 traps and markers, 2 creatures


@dataclass(slots=True)
class Named:
    name: str


@dataclass(slots=True)
class Actor:
    """Anything that takes turns. `side` is 'party', 'monster' or 'pillager'."""

    side: str
    rank: int
    initiative: int = 0
    actions_left: int = 0
    move_points: int = 0
    awake: bool = True
    target: int = 0  # whom a monster chose to go for at the start of its turn


@dataclass(slots=True)
class Character:
    role: str
    klass: str
    order: int  # place in the marching order
    luck: int = 10
    xp: int = 0
    luck_max: int = 20  # DungeonPunk: luck never rises above 20 (a curse lowers it)
    level: int = 1


@dataclass(slots=True)
class LocationBoxes:
    """One body location: the values its boxes leave and how many are crossed."""

    id: str
    name: str
    attribute: str
    boxes: list[int]
    gray: list[int]
    crossed: int = 0

    @property
    def spent(self) -> bool:
        return self.crossed >= len(self.boxes)

    @property
    def value(self) -> int:
        return self.boxes[self.crossed] if not self.spent else self.gray[0]


@dataclass(slots=True)
class HitBoxes:
    locations: list[LocationBoxes]

    def location(self, loc_id: str) -> LocationBoxes:
        for loc in self.locations:
            if loc.id == loc_id:
                return loc
        raise KeyError(loc_id)

    def attribute(self, name: str) -> int:
        for loc in self.locations:
            if loc.attribute == name:
                return loc.value
        raise KeyError(name)


@dataclass(slots=True)
class MonsterStats:
    kind: str
    wits: int
    might: int | None
    combat: int
    speed: int
    hits: int
    max_hits: int
    hit_dice: int = 1


@dataclass(slots=True)
class Disabled:
    cause: str = ""
    by: str = ""  # what struck the last blow: a monster's or trap's name, "condition" ...


@dataclass(slots=True)
class Door:
    open: bool = False
    locked: bool = False
    checked: bool = False  # the first-encounter lock roll has been made
    broken: bool = False


@dataclass(slots=True)
class BlocksMovement:
    pass


@dataclass(slots=True)
class Conditions:
    """Active conditions: id -> rounds left (-1 = until its end condition)."""

    active: dict[str, int] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)  # id -> who/what caused it
    stacks: dict[str, int] = field(default_factory=dict)  # id -> count (Injured stacks)


@dataclass(slots=True)
class FightState:
    """Per-creature fight bookkeeping (issue 3): actions granted this turn (for the
    multiple-actions penalty), luck pledged before a roll or an initiative roll, cleaves
    used this round, morale, pursuit, a dropped weapon, a treasure lure."""

    granted: int = 0          # actions granted at the start of this turn
    luck_pledge: int = 0      # luck spent before the next roll
    initiative_pledge: int = 0  # luck spent on the next initiative roll in a fight
    cleaves: int = 0          # cleaves made this round
    morale: str = ""          # the last morale result id ("" = not checked)
    morale_rounds: int = 0    # rounds a retreat still lasts
    disarmed: bool = False    # its weapon lies on the floor: -1 to attack until picked up
    distracted: int = 0       # rounds it stops to pick up dropped treasure
    lure_x: int = -1          # where that treasure lies
    lure_y: int = -1
    pursuit: str = ""         # "" (sees the party), "pursue" or "gave_up" (Classic pursuit)
    engaged_by: int = 0       # the delver who attacked this Pillager in melee (it fights back)


@dataclass(slots=True)
class Battle:
    """The encounter under way (one entity holds it): group size and morale triggers."""

    size: int = 0
    fallen: int = 0
    first_death_checked: bool = False
    half_checked: bool = False
    surprise_rolled: bool = False


@dataclass(slots=True)
class Trap:
    """A placed trap (roguelike/engine/traps). `state`: hidden, exposed, armed, disarmed or
    sprung. `disarm_value` 0 until a variable "N+" value is rolled (then kept)."""

    profile: str
    placement: str  # "room" or "square"
    state: str = "hidden"
    room: int = -1
    rank: int = 0  # Threat Rank, 0 = not from the rank table
    d12: int = 0
    beyond: int = 0  # levels the depth exceeds the rank (deeper pits, higher caster level)
    option: int = -1  # the one_of option picked when the trap was made
    disarm_value: int = 0
    reset_round: int = -1  # the round a sprung trap re-arms, -1 = never
    springs: int = 0
    known_by: list[int] = field(default_factory=list)
    searched_by: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Hazard:
    """A lasting trap effect: `step` is the path of its hazard step in the trap profile."""

    trap: int
    profile: str
    step: str
    squares: list[list[int]]
    starts: int  # the round it starts
    ends: int  # the round it ends, -1 = until its end condition
    victims: list[int] = field(default_factory=list)
    ecl: int = 0
    option: int = -1
    progress: int = 0  # squares a moving hazard (the boulder) has rolled


@dataclass(slots=True)
class Confined:
    """Stacked confinements, last applied escaped first: "trap_eid:step_path" strings."""

    stack: list[str] = field(default_factory=list)
    held_rounds: int = 0  # rounds spent smothered at the heart of a plant (breath held)


@dataclass(slots=True)
class Searched:
    """Places a character has searched for traps: "depth:room" or "depth:x:y"; and the squares
    it searched from, as [depth, x, y], for the secret doors within reach of each."""

    places: list[str] = field(default_factory=list)
    spots: list[list[int]] = field(default_factory=list)


@dataclass(slots=True)
class TrapFigure:
    """A creature a trap put on the board (Mage Knight 001's Jaws of Doom): its `trap`, and
    what a counterattack does to both: `on_miss` when it fails to wound the figure,
    `on_damage` when it wounds it (engine/combat/counterattack.py)."""

    trap: int
    on_miss: str = ""
    on_damage: str = ""


@dataclass(slots=True)
class Wanderer:
    """A wandering monster that met the party's level unroused ("lurks, waiting"): until
    it wakes it moves on at the next exploration turn (engine/turns/clock.py)."""


COMPONENT_TYPES: tuple[type[object], ...] = (
    Position, Appearance, Named, Actor, Character, HitBoxes, MonsterStats, Disabled, Door,
    BlocksMovement, Conditions, Trap, Hazard, Confined, Searched, FightState, Battle,
    TrapFigure, Wanderer,
    *EXPLORE_COMPONENTS,  # exploration's (issue 5) are in their own module
)

# Types added after games' state hashes were first pinned (saves, replays, the golden bot
# games): Game.state_hash leaves each out while no entity has one, so a game that never
# made one hashes as it did before the type existed.
HASHED_WHEN_PRESENT: tuple[type[object], ...] = (TrapFigure, Wanderer, Doused)
