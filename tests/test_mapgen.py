from __future__ import annotations

import json

import numpy as np

from roguelike.world import tiles as T
from roguelike.world.mapgen import generate
from roguelike.world.paths import UNREACHABLE, distance_map


def test_every_floor_square_reachable_on_200_seeds():
    for i in range(200):
        depth = 1 + i % 12
        level = generate(f"reach-{i}", depth)
        assert level.width >= 80 and level.height >= 40
        walk = T.WALKABLE[level.tiles]
        dist = distance_map(walk.astype(np.int8), [level.stairs_up], diagonal=False)
        assert not (walk & (dist == UNREACHABLE)).any(), f"seed reach-{i} depth {depth}"
        assert level.stairs_down is not None
        assert level.tile(*level.stairs_up) == T.STAIRS_UP
        assert level.tile(*level.stairs_down) == T.STAIRS_DOWN
        assert level.rooms[level.camp_room].contains(*level.stairs_up) or \
            level.room_at(*level.stairs_up) == level.camp_room


def test_layout_depends_only_on_seed_and_depth():
    a, b = generate("amber-wolf-17", 3), generate("amber-wolf-17", 3)
    assert np.array_equal(a.tiles, b.tiles) and a.rooms == b.rooms and a.doors == b.doors
    assert not np.array_equal(a.tiles, generate("amber-wolf-18", 3).tiles)
    assert not np.array_equal(a.tiles, generate("amber-wolf-17", 4).tiles)


def test_caves_appear_deeper_down():
    shallow = [r.kind for i in range(20) for r in generate(f"c{i}", 1).rooms]
    deep = [r.kind for i in range(20) for r in generate(f"c{i}", 10).rooms]
    assert "cave" not in shallow and "cave" in deep


def test_doors_stand_in_wall_gaps():
    level = generate("doors", 2)
    assert level.doors
    for x, y in level.doors:
        assert level.tile(x, y) == T.DOORWAY
        horiz = level.tile(x - 1, y) == T.WALL and level.tile(x + 1, y) == T.WALL
        vert = level.tile(x, y - 1) == T.WALL and level.tile(x, y + 1) == T.WALL
        assert horiz or vert


def test_level_json_dump(cli):
    out = cli("level", "--seed", "amber wolf 17", "--depth", "2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["seed"] == "amber-wolf-17" and data["depth"] == 2
    assert len(data["tiles"]) == data["height"] and len(data["tiles"][0]) == data["width"]
    assert {"id", "x", "y", "w", "h"} <= set(data["rooms"][0])
    assert data["stairs"]["up"] and data["stairs"]["down"] and "camp" in data
    kinds = {e["kind"] for e in data["entities"]}
    assert "door" in kinds
    for e in data["entities"]:
        assert data["tiles"][e["y"]][e["x"]] != "#"


def test_level_count_dumps_one_line_per_seed(cli):
    out = cli("level", "--seed", "batch", "--depth", "1", "--count", "3")
    lines = out.stdout.strip().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == ["batch-0", "batch-1", "batch-2"]


def test_generating_and_stocking_never_crashes_at_any_depth():
    # Regression: a room the corridors never reached has no exits for Pillagers (depth 9).
    from roguelike.content.loader import default_content
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.levels.stock import stock_level

    content = default_content()
    for i in range(20):
        for depth in range(1, 13):
            stock_level(EntityStore(), content, generate(f"stock-{i}", depth), f"stock-{i}")
    stock_level(EntityStore(), content, generate("troll-0", 9), "troll-0")
