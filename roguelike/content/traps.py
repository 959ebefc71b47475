"""Schemas and loader of `content/traps/`: every trap profile and the stocking rules.

Top-level fields are frozen dataclasses checked by `schema.build`. Effect steps are a small
language (content/traps/README.md, sections 7-8); each step is checked against the keys its
`op` allows, recursively through nested step lists, so a misspelt key is refused on load.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import field
from pathlib import Path
from typing import Any, Literal

from roguelike.content.data_files import entries, read_toml
from roguelike.content.schema import ContentError, build
from roguelike.core.dice import is_dice
from roguelike.core.lean_dataclass import dataclass

SAVES = ("stone", "death", "breath", "wands", "spells", "might", "wits")
TRAP_FILES = ("depth_table.toml", "mage_knight.toml", "traps_and_treasure.toml",
              "dungeonpunk.toml")

_DURATION = re.compile(
    r"^(?:(?P<after>after_leaving:))?(?P<count>\d+d\d+(?:[+-]\d+)?|\d+) "
    r"(?P<unit>rounds|turns|hours)(?P<per>/level)?$")
DURATION_WORDS = ("instant", "permanent", "until_escape", "until_disarmed", "until_destroyed",
                  "until_dispelled", "until_touched", "until_stopped", "while_inside")
UNIT_ROUNDS = {"rounds": 1, "turns": 60, "hours": 360}


def parse_duration(text: str) -> tuple[str, str, int, bool, bool] | None:
    """(word, count dice, rounds per unit, per caster level, after leaving), or None."""
    if text in DURATION_WORDS:
        return (text, "", 0, False, False)
    m = _DURATION.match(text)
    if not m:
        return None
    return ("timed", m.group("count"), UNIT_ROUNDS[m.group("unit")], bool(m.group("per")),
            bool(m.group("after")))


def parse_reset(text: str) -> tuple[str, str, int] | None:
    """('none'|'auto'|'manual'|'timed', count, rounds per unit) or None when malformed."""
    if text in ("none", "auto"):
        return (text, "", 0)
    if text.startswith("manual:") and text[7:].isdigit():
        return ("manual", text[7:], 0)
    parts = text.split(" ")
    if len(parts) == 2 and is_dice(parts[0]) and parts[1] in UNIT_ROUNDS:
        return ("timed", parts[0], UNIT_ROUNDS[parts[1]])
    return None


# op -> (required keys, optional keys, keys holding nested step lists)
_HOOKS = ("on_start", "per_round", "on_enter", "on_move", "on_end_move", "on_turn_start",
          "while_inside", "on_end")
_CONDITION_MODS = ("max_hd", "actions", "hp_total", "attack_mod", "behaviour_2d6", "behaviour",
                   "form", "max_hd_ratio", "cure", "can_move", "ac_mod", "melee_only",
                   "weapons", "attackers_bonus", "speed_mod", "speed_min", "breakaway",
                   "no_counterattack", "starts", "after", "hp_loss_per_round")
OPS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "save_or": (frozenset({"save", "then"}), frozenset({"bonus"})),
    "damage": (frozenset({"kind", "save", "on_save"}), frozenset({
        "dice", "dice_per_caster_level", "per_depth_dice", "poison_save", "poison_bonus",
        "double_vs", "per_10_feet"})),
    "hits": (frozenset({"count"}), frozenset({"reducible", "dodgeable"})),
    "attack": (frozenset({"count", "bonus", "damage", "kind", "targets"}),
               frozenset({"out_of_ammo_on", "poison_save", "poison_bonus"})),
    "poison": (frozenset({"save", "effect"}), frozenset({"bonus", "ignores_armor"})),
    "condition": (frozenset({"condition", "duration"}), frozenset({
        "save", "bonus", "save_each_round", "save_min_hd", *_CONDITION_MODS})),
    "confine": (frozenset({"kind", "escape"}), frozenset({
        "spike_hold", "duration", "pull_in", "removed_from_play", "release_to"})),
    "move": (frozenset({"kind"}), frozenset({
        "distance", "direction", "stop_at", "destination", "level", "one_sided", "toward",
        "per"})),
    "summon": (frozenset({"kind"}), frozenset({
        "table", "level", "intelligence", "location", "hd", "element", "hostile", "duration",
        "ac", "vanish_when_hit", "illusory_damage", "faint_duration", "figure", "speed",
        "can_move", "front_arc", "attack", "defense", "damage", "abilities",
        "attacks_on_summon", "on_counter_miss", "on_counter_damage"})),
    "spell": (frozenset({"spell", "spell_level", "caster_level", "save", "effect"}), frozenset({
        "max_targets", "hd_total", "max_hd", "order", "rebound", "words"})),
    "hazard": (frozenset({"kind", "rounds"}), frozenset({
        "delay", "area", "terrain", "impassable_below_hd", "safe_pass_cost", "speed",
        "diameter_feet", "clear_by_people", "material", "depth_feet", *_HOOKS})),
    "swim": (frozenset({"drown_margin", "on_drown"}), frozenset()),
    "luck": (frozenset({"amount", "max_amount", "until"}), frozenset()),
    "alert": (frozenset(), frozenset()),
    "corrode": (frozenset({"material", "save", "bonus", "magic_bonus_per_plus", "scope"}),
                frozenset()),
    "stat": (frozenset({"stat", "amount", "recover"}), frozenset()),
    "one_of": (frozenset({"pick", "options"}), frozenset()),
}
COUNTER_OUTCOMES = ("remove_figure", "disarmed_no_xp")  # what a counterattack does to a figure
_NESTED = ("effect", "on_drown", *_HOOKS)
_DICE_KEYS = ("dice", "dice_per_caster_level", "per_depth_dice", "count", "damage", "amount",
              "distance", "max_targets", "hd_total")
_DURATION_KEYS = ("duration", "rounds", "delay", "faint_duration")


@dataclass(frozen=True)
class AreaDef:
    shape: Literal["target", "targets", "radius", "rect", "line", "cone", "room",
                   "wall_adjacent", "room_or_radius", "passage"]
    size: int = 0
    count: int = 0
    range: int = 0
    w: int = 0
    h: int = 0
    length: int = 0
    width: int = 0
    depth: int = 0

    def validate(self) -> tuple[str, str] | None:
        need = {"targets": "count", "radius": "size", "rect": "w", "line": "length",
                "cone": "length", "wall_adjacent": "depth", "room_or_radius": "size"}
        key = need.get(self.shape)
        if key and getattr(self, key) < 1:
            return (key, f"shape {self.shape!r} needs {key} >= 1")
        if self.shape == "rect" and self.h < 1:
            return ("h", "shape 'rect' needs h >= 1")
        return None


@dataclass(frozen=True)
class TrapDef:
    id: str
    name: str
    source: str
    type: Literal["mechanical", "magical", "natural"]
    family: Literal["pit", "shooter", "slashing", "crushing", "confining", "gas", "energy",
                    "spell", "dial", "dart", "curse", "plant"]
    placement: Literal["room", "square", "either"]
    detection: int
    disarm: str
    trigger: Literal["room", "door", "step", "touch", "proximity", "forced"]
    trigger_chance: list[int]
    reset: str
    treasure: list[int]
    area: AreaDef
    effect: list[dict[str, Any]]
    text: str
    rank: int | None = None
    d12: int | None = None
    roll: int | None = None
    disarm_skill: list[str] = field(default_factory=list)

    @property
    def disarm_base(self) -> int:
        return int(self.disarm.rstrip("+"))

    @property
    def disarm_variable(self) -> bool:
        return self.disarm.endswith("+")

    def validate(self) -> tuple[str, str] | None:
        if not 0 <= self.detection <= 6:
            return ("detection", "must be 0-6 (chance in 6)")
        if not re.fullmatch(r"\d+\+?", self.disarm):
            return ("disarm", "must be 'N' or 'N+'")
        tc = self.trigger_chance
        if len(tc) != 2 or tc[1] != 6 or not 0 <= tc[0] <= 6:
            return ("trigger_chance", "must be [n, 6] with 0 <= n <= 6")
        if parse_reset(self.reset) is None:
            return ("reset", f"bad reset {self.reset!r}")
        if any(f < 1 or f > 6 for f in self.treasure):
            return ("treasure", "d6 faces must be 1-6")
        if self.rank is not None and not 1 <= self.rank <= 6:
            return ("rank", "must be 1-6")
        if self.d12 is not None and not 1 <= self.d12 <= 12:
            return ("d12", "must be 1-12")
        if self.roll is not None and not 1 <= self.roll <= 6:
            return ("roll", "must be 1-6")
        if not self.effect and self.disarm != "0":
            return ("effect", "only a harmless trap (disarm '0') may have no effect")
        return check_steps(self.effect, "effect")


def check_steps(steps: Any, where: str) -> tuple[str, str] | None:
    if not isinstance(steps, list):
        return (where, "must be a list of steps")
    for i, step in enumerate(steps):
        problem = _check_step(step, f"{where}[{i}]")
        if problem:
            return problem
    return None


def _check_step(step: Any, where: str) -> tuple[str, str] | None:
    if not isinstance(step, dict):
        return (where, "a step must be a table")
    op = step.get("op")
    if not isinstance(op, str) or op not in OPS:
        return (f"{where}.op", f"unknown op {op!r}")
    required, optional = OPS[op]
    keys = set(step) - {"op"}
    missing = sorted(required - keys)
    if missing:
        return (f"{where}.{missing[0]}", f"op {op!r} requires it")
    unknown = sorted(keys - required - optional)
    if unknown:
        return (f"{where}.{unknown[0]}", f"op {op!r} does not take it (misspelt?)")
    for key in ("save", "poison_save"):
        if key in step and step[key] not in (*SAVES, "none"):
            return (f"{where}.{key}", f"unknown save category {step[key]!r}")
    for key in _DICE_KEYS:
        val = step.get(key)
        if key in step and not isinstance(val, int) and not (isinstance(val, str)
                                                             and is_dice(val)):
            return (f"{where}.{key}", f"not a number or dice expression: {val!r}")
    for key in _DURATION_KEYS:
        val = step.get(key)
        if key in step and (not isinstance(val, str) or parse_duration(val) is None):
            return (f"{where}.{key}", f"bad duration {val!r}")
    if op == "damage":
        if ("dice" in step) == ("dice_per_caster_level" in step):
            return (where, "damage needs exactly one of dice / dice_per_caster_level")
        if (step["save"] == "none") != (step["on_save"] == "none"):
            return (f"{where}.on_save", "must be 'none' exactly when save is 'none'")
    if op == "poison" and step["effect"] != "death":
        return (f"{where}.effect", "the only poison effect is 'death'")
    if op == "save_or" and step["then"] not in ("negate", "flee"):
        return (f"{where}.then", "must be 'negate' or 'flee'")
    for key in ("on_counter_miss", "on_counter_damage"):  # (engine/combat/counterattack.py)
        if key in step and step[key] not in COUNTER_OUTCOMES:
            return (f"{where}.{key}", f"must be one of {', '.join(COUNTER_OUTCOMES)}")
    if op == "hazard" and "area" in step:
        try:
            build(AreaDef, step["area"], "", "")
        except ContentError as err:
            return (f"{where}.area.{err.field}", err.problem)
    for key in _NESTED:
        if key in step and not (key == "effect" and op != "spell"):
            problem = check_steps(step[key], f"{where}.{key}")
            if problem:
                return problem
    if op == "one_of":
        opts = step["options"]
        if not isinstance(opts, list) or not opts:
            return (f"{where}.options", "needs at least one option")
        for j, opt in enumerate(opts):
            if not isinstance(opt, dict) or set(opt) != {"label", "steps"}:
                return (f"{where}.options[{j}]", "an option is { label, steps }")
            problem = check_steps(opt["steps"], f"{where}.options[{j}].steps")
            if problem:
                return problem
    return None


@dataclass(frozen=True)
class TrapFamily:
    id: str
    glyph: str
    color: str

    def validate(self) -> tuple[str, str] | None:
        return ("glyph", "must be one character") if len(self.glyph) != 1 else None


@dataclass(frozen=True)
class ThreatRankRow:
    depth_min: int
    depth_max: int
    ranks: list[int]

    def validate(self) -> tuple[str, str] | None:
        if len(self.ranks) != 6 or any(not 1 <= r <= 6 for r in self.ranks):
            return ("ranks", "needs six ranks of 1-6 (one per d6 face)")
        return None


@dataclass(frozen=True)
class MageKnightRules:
    source: str
    floor_squares_per_trap: int
    min_trap_spacing: int
    dead_end_hallways_allowed: bool
    dead_end_exclusion_radius: int
    no_start_on_trap: list[str]
    expose_cost: int
    expose_requires_adjacent: bool
    disarm_requires_adjacent: bool
    disarm_dice: str
    disarm_quick_cost: int
    disarm_slow_cost: int
    disarm_slow_bonus: int
    variable_disarm_die: str
    failed_disarm_triggers: bool
    trigger_ends_movement: bool
    diagonal_trigger: list[int]
    monsters_trigger: bool
    untriggered_is_hindering: bool
    hindering_cost: int
    flight_ignores_unless_ending: bool
    nimble_ignores_diagonal: bool
    trap_defense: int
    dial_pick: str


@dataclass(frozen=True)
class DungeonPunkRules:
    source: str
    nonmagic_trigger_chance: list[int]
    combat_or_chase_multiplier: int
    aware_inhabitant_trigger_chance: list[int]
    magic_trigger_automatic: bool
    roleplay_disarm_bonus: list[int]


@dataclass(frozen=True)
class TTRules:
    source: str
    reveal_range: int
    rogue_may_disarm: bool
    trap_pick: str
    treasure_roll_after: bool


@dataclass(frozen=True)
class TrapStocking:
    source: str
    room_trap_chance: list[int]
    search_chance: list[int]
    trigger_chance: list[int]
    reset: str
    reset_units: list[str]
    deeper_pit_feet_per_level: int
    deeper_pit_dice_per_level: str
    deeper_spell_caster_levels_per_level: int
    trap_elemental_hd: int
    pit_chute_optional: bool
    force_door_chance: list[int]
    force_door_adds_strength_bonus: bool
    shooter_hit_bonus: int
    shooter_out_of_ammo_on: int
    threat_rank: list[ThreatRankRow]
    mage_knight: MageKnightRules
    dungeonpunk: DungeonPunkRules
    traps_and_treasure: TTRules
    families: dict[str, TrapFamily] = field(default_factory=dict)

    def ranks_for(self, depth: int) -> list[int]:
        for row in self.threat_rank:
            if row.depth_min <= depth <= row.depth_max:
                return row.ranks
        return self.threat_rank[-1].ranks


def load_traps(root: Path) -> tuple[dict[str, TrapDef], TrapStocking]:
    folder = root / "traps"
    stocking = build(TrapStocking, read_toml(folder / "stocking.toml", root),
                     "traps/stocking.toml")
    fam_file = "traps/families.toml"
    families = {f.id: f for f in entries(TrapFamily, read_toml(folder / "families.toml", root),
                                         "family", fam_file)}
    stocking = dataclasses.replace(stocking, families=families)
    rows = stocking.threat_rank
    for a, b in itertools.pairwise(rows):
        if b.depth_min != a.depth_max + 1:
            raise ContentError("traps/stocking.toml", "", "threat_rank",
                               "depth bands must follow one another without gaps")
    traps: dict[str, TrapDef] = {}
    for name in TRAP_FILES:
        file = f"traps/{name}"
        data = read_toml(folder / name, root)
        for trap in entries(TrapDef, data, "trap", file):
            if trap.id in traps:
                raise ContentError(file, trap.id, "id", "duplicate id (defined in another file)")
            ranked = name == "depth_table.toml"
            if ranked != (trap.rank is not None) or ranked != (trap.d12 is not None):
                raise ContentError(file, trap.id, "rank",
                                   "rank and d12 belong in depth_table.toml and only there")
            if (name == "traps_and_treasure.toml") != (trap.roll is not None):
                raise ContentError(file, trap.id, "roll",
                                   "roll belongs in traps_and_treasure.toml and only there")
            if trap.family not in families:
                raise ContentError(file, trap.id, "family", "has no entry in families.toml")
            traps[trap.id] = trap
    cells = sorted((t.rank, t.d12) for t in traps.values() if t.rank is not None)
    want = sorted((r, d) for r in range(1, 7) for d in range(1, 13))
    if cells != want:
        raise ContentError("traps/depth_table.toml", "", "d12",
                           "every (rank, d12) pair must occur exactly once")
    rolls = sorted(t.roll for t in traps.values() if t.roll is not None)
    if rolls != list(range(1, 7)):
        raise ContentError("traps/traps_and_treasure.toml", "", "roll",
                           "rolls 1-6 must each occur exactly once")
    return traps, stocking
