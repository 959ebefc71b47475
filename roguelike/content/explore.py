"""Exploration content: items, spells, explore rules, and the table rows they need.

Loaded once, at start, with the rest of the content (content/loader.py: `content.explore`),
through the shared schema builder, so a malformed file is refused with file, entry and
field before any game begins.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import Any, Literal, TypeVar

from roguelike.content.data_files import entries, read_toml
from roguelike.content.schema import ContentError, build, picked, picked_rows
from roguelike.core import dice
from roguelike.core.lean_dataclass import dataclass

T = TypeVar("T")

ITEM_EFFECTS = ("bag_of_holding", "crystal_ball", "heal_box", "lockpicks", "weapon", "light",
                "throw_fire", "goal")
MARKER_EVENTS = ("monster_away", "monster_contact", "trap_disarmable", "trap", "treasure",
                 "hidden_treasure")


def _dice_problem(name: str, text: str) -> tuple[str, str] | None:
    return None if dice.is_dice(text) else (name, f"not a dice expression: {text!r}")


@dataclass(frozen=True)
class ItemDef:
    id: str
    name: str
    source: str
    glyph: str
    effect: Literal["bag_of_holding", "crystal_ball", "heal_box", "lockpicks", "weapon",
                    "light", "throw_fire", "goal"]
    text: str
    classes: list[str] = field(default_factory=list)
    range: int = 0
    capacity: int = 0
    consumable: bool = False
    light: str = ""
    weapon: str = ""
    missile: str = ""
    harms: str = ""
    gp: int = 0
    materials: list[str] = field(default_factory=list)  # what a corroding gas can ruin


@dataclass(frozen=True)
class SpellDef:
    id: str
    name: str
    source: str
    duration: str
    range: int
    area: Literal["target", "radius", "wall"]
    effect: Literal["condition", "confusion", "fire_wall", "force_bolt", "heal", "stone_wall"]
    text: str
    size: int = 0
    condition: str = ""
    once_per_target: bool = False

    def validate(self) -> tuple[str, str] | None:
        return _dice_problem("duration", self.duration)


@dataclass(frozen=True)
class DoorRules:
    source: str
    locked_max: int
    stuck_max: int
    force_target: int
    strong_might: int
    secret_in_six: int
    secret_find: int
    search_radius: int
    listen_target: int
    listen_range: int
    lockpick_effect: str


@dataclass(frozen=True)
class MarkerRules:
    source: str
    reveal_pillagers: str
    disarm_classes: list[str]

    def validate(self) -> tuple[str, str] | None:
        return _dice_problem("reveal_pillagers", self.reveal_pillagers)


@dataclass(frozen=True)
class MarkerResult:
    chart: Literal["success", "failure"]
    faces: list[int]
    event: Literal["monster_away", "monster_contact", "trap_disarmable", "trap", "treasure",
                   "hidden_treasure"]
    text: str


@dataclass(frozen=True)
class PillagerRules:
    source: str
    monster: str
    start: str
    per_marker_removed: int

    def validate(self) -> tuple[str, str] | None:
        return _dice_problem("start", self.start)


@dataclass(frozen=True)
class TreasureBand:
    depth_min: int
    depth_max: int
    dice: str
    multiplier: int

    def validate(self) -> tuple[str, str] | None:
        return _dice_problem("dice", self.dice)


@dataclass(frozen=True)
class RestRules:
    source: str
    active_turns: int
    max_fatigue: int
    halve_speed_at: int
    noisy_in_six: int
    quiet_in_six: int
    injury_check: Literal["might", "wits", "combat", "speed"]


@dataclass(frozen=True)
class RestKind:
    """A row of DungeonPunk's healing table: boxes healed by one exploration turn of rest,
    whether a night's rest needs an Endurance check to end an injury, and where it applies."""

    id: str
    name: str
    source: str
    boxes: int
    injury_check: bool
    place: Literal["anywhere", "camp"]

    def validate(self) -> tuple[str, str] | None:
        return None if self.boxes >= 0 else ("boxes", "must be 0 or more")


@dataclass(frozen=True)
class StartKit:
    role: str
    items: list[str]
    lit: str = ""


@dataclass(frozen=True)
class LightDef:
    id: str
    name: str
    bright_radius: int
    dim_outer_radius: int
    burn_turns: int
    fuel_item: str


@dataclass(frozen=True)
class ReactionRow:
    roll_min: int
    roll_max: int
    id: str
    name: str


@dataclass(frozen=True)
class MissileRange:
    id: str
    short_squares: int
    medium_squares: int
    long_squares: int


@dataclass(frozen=True)
class TTTrap:
    """The parts of a T&T trap the marker chart needs (its d6 roll and treasure faces)."""

    id: str
    name: str
    roll: int
    treasure: list[int]


@dataclass(frozen=True)
class ExploreData:
    depths: int
    goal_item: str
    items: dict[str, ItemDef]
    spells: dict[str, SpellDef]
    doors: DoorRules
    markers: MarkerRules
    marker_results: list[MarkerResult]
    pillagers: PillagerRules
    treasure_bands: list[TreasureBand]
    rest: RestRules
    rest_kinds: list[RestKind]  # DungeonPunk's healing table, weakest first
    kits: dict[str, StartKit]
    lights: dict[str, LightDef]
    rounds_per_turn: int
    encounter_distance: str  # e.g. "2d6*2" squares
    reaction: list[ReactionRow]
    missiles: dict[str, MissileRange]
    tt_traps: dict[int, TTTrap]

    def treasure_band(self, depth: int) -> TreasureBand:
        for band in self.treasure_bands:
            if band.depth_min <= depth <= band.depth_max:
                return band
        return self.treasure_bands[-1]

    def chart(self, chart: str, face: int) -> MarkerResult:
        for row in self.marker_results:
            if row.chart == chart and face in row.faces:
                return row
        raise KeyError(f"no {chart} chart row for {face}")


def _section(data: dict[str, Any], key: str, file: str) -> Any:
    if key not in data:
        raise ContentError(file, "", key, "section is missing")
    return data[key]


def load_explore(root: Path) -> ExploreData:
    ex_file = "explore.toml"
    ex = read_toml(root / ex_file, root)
    items = {i.id: i for i in entries(ItemDef, read_toml(root / "items.toml", root), "item",
                                      "items.toml")}
    spells = {s.id: s for s in entries(SpellDef, read_toml(root / "spells.toml", root),
                                       "spell", "spells.toml")}
    results = entries(MarkerResult, ex, "marker_result", ex_file, unique=False)
    for chart in ("success", "failure"):
        faces = sorted(f for r in results if r.chart == chart for f in r.faces)
        if faces != [1, 2, 3, 4, 5, 6]:
            raise ContentError(ex_file, chart, "faces", "each chart must cover 1-6 once")
    kits = {k.role: k for k in entries(StartKit, ex, "start_kit", ex_file, unique=False)}
    rest_kinds = sorted(entries(RestKind, ex, "rest_kind", ex_file), key=lambda k: k.boxes)
    if not any(k.place == "anywhere" for k in rest_kinds):
        raise ContentError(ex_file, "", "rest_kind", "needs a row with place = 'anywhere'")
    for kit in kits.values():
        for item in [*kit.items, *([kit.lit] if kit.lit else [])]:
            if item not in items:
                raise ContentError(ex_file, kit.role, "items", f"unknown item {item!r}")
    goal = ex.get("goal_item")
    if not isinstance(goal, str) or goal not in items:
        raise ContentError(ex_file, "", "goal_item", f"unknown item {goal!r}")
    depths = ex.get("depths")
    if not isinstance(depths, int) or depths < 1:
        raise ContentError(ex_file, "", "depths", "must be a whole number of at least 1")
    tables = "tables/exploration.toml"
    expl = read_toml(root / tables, root)
    lights = {lt.id: lt for lt in picked_rows(LightDef, expl, "light_source", tables)}
    for item_def in items.values():
        if item_def.effect == "light" and item_def.light not in lights:
            raise ContentError("items.toml", item_def.id, "light",
                               f"unknown light {item_def.light!r}")
    time = picked(_RoundsPerTurn, _section(expl, "time", tables), tables, "time")
    enc_file = "tables/encounters.toml"
    enc = read_toml(root / enc_file, root)
    distance = _section(enc, "distance", enc_file).get("dungeon_squares", "")
    if not isinstance(distance, str) or not dice.is_dice(distance.split("*")[0]):
        raise ContentError(enc_file, "distance", "dungeon_squares", "needs 'NdM*K'")
    combat_file = "tables/combat.toml"
    missiles = {m.id: m for m in picked_rows(
        MissileRange, read_toml(root / combat_file, root), "missile_range", combat_file)}
    for item_def in items.values():
        if item_def.missile and item_def.missile not in missiles:
            raise ContentError("items.toml", item_def.id, "missile", "unknown missile range")
    trap_file = "traps/traps_and_treasure.toml"
    traps = picked_rows(TTTrap, read_toml(root / trap_file, root), "trap", trap_file)
    return ExploreData(
        depths=depths, goal_item=goal, items=items, spells=spells,
        doors=build(DoorRules, _section(ex, "doors", ex_file), ex_file, "doors"),
        markers=build(MarkerRules, _section(ex, "markers", ex_file), ex_file, "markers"),
        marker_results=results,
        pillagers=build(PillagerRules, _section(ex, "pillagers", ex_file), ex_file,
                        "pillagers"),
        treasure_bands=entries(TreasureBand, ex, "treasure_band", ex_file, unique=False),
        rest=build(RestRules, _section(ex, "rest", ex_file), ex_file, "rest"),
        rest_kinds=rest_kinds,
        kits=kits, lights=lights, rounds_per_turn=time.rounds_per_turn,
        encounter_distance=distance,
        reaction=picked_rows(ReactionRow, enc, "reaction_result", enc_file),
        missiles=missiles, tt_traps={t.roll: t for t in traps},
    )


@dataclass(frozen=True)
class _RoundsPerTurn:
    rounds_per_turn: int


def roll_expr(text: str, rng: Any) -> int:
    """Roll 'NdM' or 'NdM*K' (the tables' multiplied dice)."""
    base, _, mult = text.partition("*")
    return dice.parse(base).roll(rng) * (int(mult) if mult else 1)
