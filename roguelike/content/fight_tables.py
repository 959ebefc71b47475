"""Schemas and loader of the fight's data: conditions, experience, morale, surprise,
maneuvers, levels, luck feats and our d6 adaptations (content/conditions.toml and
content/tables/{fight,experience,encounters,combat}.toml).

Loaded once, at start, with the rest of the content (content/loader.py): `content.fight`.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from roguelike.content.data_files import entries, read_toml
from roguelike.content.schema import ContentError, build
from roguelike.core.dice import is_dice
from roguelike.core.lean_dataclass import dataclass

if TYPE_CHECKING:
    from roguelike.content.models import MonsterDef

SAVES = ("", "might", "wits")


@dataclass(frozen=True)
class ConditionPlay:
    """A condition's effect in the d6 engine. Modifiers are d6 pips on the roll."""

    no_turn: bool = False
    quiet: bool = False           # its lost turns are not told one by one (Resting)
    max_actions: int = 0          # 0 = no cap
    extra_actions: int = 0
    no_move: bool = False
    random_move: bool = False
    attack_mod: int = 0
    attack_range_max: int = 0     # 0 = no limit
    attacked_mod: int = 0         # to attacks against the bearer from adjacent squares
    attacked_ranged_mod: int = 0  # from farther away (defaults to attacked_mod when 0)
    targetable_within: int = 0    # 0 = from anywhere
    auto_hit: bool = False
    untargetable: bool = False
    check_mod: int = 0
    speed_num: int = 1
    speed_den: int = 1
    speed_min: int = 0
    speed_cap: int = 0
    initiative_mod: int = 0
    no_attack_source: bool = False
    source_attack_ends: bool = False
    no_approach_source: bool = False
    turn_end_save: str = ""
    wound_per_turn: int = 0
    turn_start_wound: bool = False
    heal_per_turn: int = 0
    full_heal_after_combat: bool = False  # all boxes / Hits back when the fight ends
    wake_on_wound: bool = False
    end_of_next_turn: bool = False
    get_up: bool = False
    mark_bonus: int = 0
    includes: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)

    def validate(self) -> tuple[str, str] | None:
        if self.turn_end_save not in SAVES:
            return ("turn_end_save", f"must be one of {SAVES}")
        if self.speed_den < 1 or self.speed_num < 0:
            return ("speed_den", "speed fraction must be num >= 0, den >= 1")
        return None


@dataclass(frozen=True)
class ConditionDef:
    id: str
    name: str
    aliases: list[str]
    source: str
    beneficial: bool
    stacks: bool
    text: str
    default_duration: str
    resist: str
    glyph: str
    short: str
    notes: str
    effects: list[dict[str, Any]]
    ends: list[dict[str, Any]]
    play: ConditionPlay

    def validate(self) -> tuple[str, str] | None:
        if len(self.glyph) != 1:
            return ("glyph", "must be one character")
        if len(self.short) != 3:
            return ("short", "must be three letters")
        for i, eff in enumerate(self.effects):
            if not isinstance(eff.get("kind"), str):
                return (f"effects[{i}].kind", "every effect needs a kind")
        for i, end in enumerate(self.ends):
            if not isinstance(end.get("kind"), str):
                return (f"ends[{i}].kind", "every end needs a kind")
        return None


@dataclass(frozen=True)
class MonsterXP:
    hd_label: str
    hd: int
    plus: bool
    base_xp: int
    bonus_xp_per_ability: int


@dataclass(frozen=True)
class RollBand:
    """A row of a 2d6 table (morale, reaction): roll_min..roll_max inclusive."""

    source: str
    roll_min: int
    roll_max: int
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Maneuver:
    source: str
    id: str
    name: str
    attack_mod: int
    save: str
    save_mod_if_larger: int
    on_fail: str
    on_success: str


@dataclass(frozen=True)
class CleaveLimit:
    progression: str
    game_class: str
    max_per_round: str

    def validate(self) -> tuple[str, str] | None:
        if self.max_per_round not in ("hd", "hd_div_2_floor", "none"):
            return ("max_per_round", "must be hd, hd_div_2_floor or none")
        return None

    def limit(self, hit_dice: int) -> int:
        return {"hd": hit_dice, "hd_div_2_floor": hit_dice // 2}.get(self.max_per_round, 0)


@dataclass(frozen=True)
class LevelRow:
    level: int
    xp: int
    extra_box: str


@dataclass(frozen=True)
class Ability:
    """A monster ability: a condition its wounds inflict (unless saved) or one it always has."""

    id: str
    on_hit: str
    rounds: int
    save: str
    innate: str
    then: str = ""  # a target already suffering on_hit gets this instead (petrification)


@dataclass(frozen=True)
class SpawnRow:
    depth_min: int
    depth_max: int
    room_chance_in_6: int
    group: str

    def validate(self) -> tuple[str, str] | None:
        if not is_dice(self.group):
            return ("group", f"not a dice expression: {self.group!r}")
        if not 0 <= self.room_chance_in_6 <= 6:
            return ("room_chance_in_6", "must be 0-6")
        return None


@dataclass(frozen=True)
class LuckFeat:
    id: str
    luck: int
    text: str


@dataclass(frozen=True)
class D6Adaptation:
    natural_fail: int
    natural_success: int
    vision_attack_mod: int
    maneuver_attack_mod: int
    critical_margin: int
    ranged_squares: int
    ranged_min_squares: int
    range_short_mod: int
    range_medium_mod: int
    range_long_mod: int


@dataclass(frozen=True)
class FightTables:
    conditions: dict[str, ConditionDef]
    monster_xp: list[MonsterXP]
    morale: list[RollBand]
    maneuvers: dict[str, Maneuver]
    cleave_limits: dict[str, CleaveLimit]
    levels: list[LevelRow]
    luck_feats: dict[str, LuckFeat]
    abilities: dict[str, Ability]
    spawn: list[SpawnRow]
    d6: D6Adaptation
    luck_max: int
    luck_start: int
    knock_out_rounds: int
    surprised_max: int
    treasure_stop: tuple[int, int]
    both_triggers_mod: int
    xp_above_max_hd: int
    xp_above_step: tuple[int, int]

    def morale_result(self, total: int) -> RollBand:
        for row in self.morale:
            if row.roll_min <= total <= row.roll_max:
                return row
        raise KeyError(total)

    def xp_for_hit_dice(self, hd: int, specials: int = 0, plus: bool = False) -> int:
        if hd > self.xp_above_max_hd:
            top = self.xp_for_hit_dice(self.xp_above_max_hd)
            steps = hd - self.xp_above_max_hd
            top_row = next(r for r in self.monster_xp if r.hd == self.xp_above_max_hd)
            return (top + steps * self.xp_above_step[0]
                    + specials * (top_row.bonus_xp_per_ability + steps * self.xp_above_step[1]))
        rows = [r for r in self.monster_xp if r.hd == hd]
        row = next((r for r in rows if r.plus == plus), rows[0] if rows else None)
        if row is None:
            raise KeyError(hd)
        return row.base_xp + specials * row.bonus_xp_per_ability


def _section(data: dict[str, Any], key: str, file: str) -> dict[str, Any]:
    sec = data.get(key)
    if not isinstance(sec, dict):
        raise ContentError(file, "", key, "section is missing")
    return sec


def _int(sec: dict[str, Any], key: str, file: str, entry: str) -> int:
    value = sec.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentError(file, entry, key, f"expected a whole number, got {value!r}")
    return value


def load_fight_tables(root: Path) -> FightTables:
    cond_file = "conditions.toml"
    conds = {c.id: c for c in entries(ConditionDef, read_toml(root / cond_file, root),
                                      "condition", cond_file)}
    for c in conds.values():
        for inc in c.play.includes:
            if inc not in conds:
                raise ContentError(cond_file, c.id, "play.includes", f"unknown condition {inc!r}")
    glyphs = [c.glyph for c in conds.values()]
    if len(set(glyphs)) != len(glyphs):
        raise ContentError(cond_file, "", "glyph", "glyphs must be unique")

    fight_file = "tables/fight.toml"
    fight = read_toml(root / fight_file, root)
    d6 = build(D6Adaptation, _section(fight, "d6", fight_file), fight_file, "d6")
    levels = entries(LevelRow, fight, "level", fight_file, unique=False)
    if [lv.level for lv in levels] != list(range(1, len(levels) + 1)) or levels[0].xp != 0:
        raise ContentError(fight_file, "", "level", "levels must run 1, 2, 3 ... from 0 xp")
    feats = {f.id: f for f in entries(LuckFeat, fight, "luck_feat", fight_file)}
    ko = _section(fight, "knock_out", fight_file)
    abilities = {a.id: a for a in entries(Ability, fight, "ability", fight_file)}
    for a in abilities.values():
        for name in (a.on_hit, a.innate, a.then):
            if name and name not in conds:
                raise ContentError(fight_file, a.id, "on_hit", f"unknown condition {name!r}")
    spawn = entries(SpawnRow, fight, "spawn", fight_file, unique=False)

    xp_file = "tables/experience.toml"
    xp = read_toml(root / xp_file, root)
    xp_rows = entries(MonsterXP, xp, "monster_xp", xp_file, unique=False)
    xp_rules = _section(xp, "monster_xp_rules", xp_file)

    enc_file = "tables/encounters.toml"
    enc = read_toml(root / enc_file, root)
    morale_rows = entries(RollBand, enc, "morale_result", enc_file)
    surprise = _section(enc, "surprise", enc_file)
    pursuit = _section(enc, "pursuit", enc_file)
    morale = _section(enc, "morale", enc_file)

    combat_file = "tables/combat.toml"
    combat = read_toml(root / combat_file, root)
    maneuvers = {m.id: m for m in entries(Maneuver, combat, "maneuver", combat_file)}
    cleave = _section(combat, "cleave", combat_file)
    limits = {c.game_class: c for c in entries(CleaveLimit, cleave, "limit", combat_file,
                                                unique=False)}

    luck_file = "tables/luck.toml"
    luck = _section(read_toml(root / luck_file, root), "luck", luck_file)

    return FightTables(
        conditions=conds, monster_xp=xp_rows, morale=morale_rows, maneuvers=maneuvers,
        cleave_limits=limits,
        levels=levels, luck_feats=feats, d6=d6, abilities=abilities, spawn=spawn,
        luck_max=_int(luck, "max", luck_file, "luck"),
        luck_start=_int(luck, "start", luck_file, "luck"),
        knock_out_rounds=_int(ko, "recover_rounds", fight_file, "knock_out"),
        surprised_max=_int(surprise, "surprised_max", enc_file, "surprise"),
        treasure_stop=(_int(pursuit, "treasure_stop_min", enc_file, "pursuit"),
                       _int(pursuit, "treasure_stop_max", enc_file, "pursuit")),
        both_triggers_mod=_int(morale, "both_triggers_same_round_mod", enc_file, "morale"),
        xp_above_max_hd=_int(xp_rules, "above_max_hd", xp_file, "monster_xp_rules"),
        xp_above_step=(_int(xp_rules, "above_max_step_base", xp_file, "monster_xp_rules"),
                       _int(xp_rules, "above_max_step_bonus", xp_file, "monster_xp_rules")),
    )


def check_monsters(monsters: dict[str, MonsterDef], tables: FightTables) -> None:
    """Monster data the fight relies on: Classic morale ratings and known abilities."""
    for mon in monsters.values():
        file = f"monsters ({mon.source})"
        if not -6 <= mon.morale <= 4:
            raise ContentError(file, mon.id, "morale", "the Classic rating runs -6 to +4")
        for ability in mon.abilities:
            if ability not in tables.abilities:
                raise ContentError(file, mon.id, "abilities", f"unknown ability {ability!r}")

