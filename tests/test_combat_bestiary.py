"""The bestiary, spawn tables by depth, content validation of the fight's data, and the
monster-round benchmark's shape."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from roguelike.content.loader import content_root, load_content
from roguelike.content.schema import ContentError
from roguelike.core.components import Conditions, MonsterStats, Position
from roguelike.core.ecs import EntityStore
from roguelike.engine.levels.stock import stock_level
from roguelike.world.mapgen import generate
from roguelike.world.stocking import spawn_table


def test_the_bestiary_covers_twelve_depths_with_twenty_monsters_or_more():
    content = load_content()
    bestiary = [m for m in content.monsters.values() if "bestiary" not in m.source
                and m.id not in ("pillager", "apprentice", "mercenary", "leader")]
    assert len(bestiary) >= 20
    for depth in range(1, 13):
        table = spawn_table(content, depth)
        assert len(table) >= 4, depth
    deep = {m for m, _w in spawn_table(content, 12)}
    shallow = {m for m, _w in spawn_table(content, 1)}
    assert "dragon_whelp" in deep and "dragon_whelp" not in shallow


def _stock(seed: str, depth: int) -> list[tuple[str, int, int]]:
    content = load_content()
    store = EntityStore()
    stock_level(store, content, generate(seed, depth), seed)
    return [(s.kind, p.x, p.y) for _e, s, p in store.query(MonsterStats, Position)]


def test_spawning_depends_only_on_seed_and_depth_and_grows_deeper():
    assert _stock("spawn-a", 3) == _stock("spawn-a", 3)
    shallow = sum(len(_stock(f"s-{i}", 1)) for i in range(4))
    deep = sum(len(_stock(f"s-{i}", 10)) for i in range(4))
    assert deep > shallow


def test_innate_abilities_are_given_at_spawn():
    content = load_content()
    store = EntityStore()
    for seed in range(30):
        stock_level(store, content, generate(f"troll-{seed}", 9), f"troll-{seed}")
    trolls = [e for e, s in store.query(MonsterStats) if s.kind == "troll"]
    assert trolls
    assert all("regenerating" in store.get(e, Conditions).active for e in trolls)


def test_monster_xp_follows_the_classic_table():
    tables = load_content().fight
    assert tables.xp_for_hit_dice(0) == 5
    assert tables.xp_for_hit_dice(3, specials=1) == 50 + 15
    assert tables.xp_for_hit_dice(3, plus=True) == 65
    assert tables.xp_for_hit_dice(22) == tables.xp_for_hit_dice(21) + 250


def _copy(tmp_path: Path) -> Path:
    dst = tmp_path / "content"
    shutil.copytree(content_root(), dst)
    return dst


@pytest.mark.parametrize(("file", "old", "new", "field"), [
    ("conditions.toml", 'play = { attack_mod = -2, attack_range_max = 2, turn_end_save = "wits" }',
     'play = { attack_mod = "lots" }', "play.attack_mod"),
    ("conditions.toml", 'turn_end_save = "might" }', 'turn_end_save = "luck" }',
     "play.turn_end_save"),
    ("tables/fight.toml", 'group = "1d2"', 'group = "some"', "group"),
    ("tables/fight.toml", 'on_hit = "poisoned"', 'on_hit = "sad"', "on_hit"),
    ("tables/exploration.toml", "rounds_per_turn = 60", 'rounds_per_turn = "an hour"',
     "rounds_per_turn"),
    ("tables/encounters.toml", 'dungeon_squares = "2d6*2"', 'dungeon_squares = "far"',
     "dungeon_squares"),
    ("targeting.toml", 'band_reference = "crossbow"', 'band_reference = "catapult"',
     "band_reference"),
])
def test_malformed_fight_data_is_refused_naming_file_entry_and_field(tmp_path, file, old, new,
                                                                     field):
    """At start: the content is loaded whole before any game begins (issue 27), so a bad
    conditions.toml or tables/*.toml never surfaces mid-game."""
    root = _copy(tmp_path)
    path = root / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError) as err:
        load_content(root)
    assert err.value.file == file and err.value.field == field
    assert err.value.entry or file in ("targeting.toml", "tables/exploration.toml")


def test_monster_morale_must_be_a_classic_rating(tmp_path):
    root = _copy(tmp_path)
    path = root / "monsters" / "bestiary.toml"
    path.write_text(path.read_text().replace("morale = -2", "morale = 9", 1))
    with pytest.raises(ContentError) as err:  # at start, not at the first fight
        load_content(root)
    assert err.value.entry == "giant_rat" and err.value.field == "morale"


def test_the_monster_round_benchmark_runs_thirty_monsters():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from monster_round import bench_monster_round

    result = bench_monster_round(repeats=1)
    assert result["monsters"] == 30 and result["median_ms"] > 0
    assert result["monster_turns"] >= 25
