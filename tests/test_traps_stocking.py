"""Trap stocking by depth (seed 000) and trap-square placement (seed 001), by statistics."""

from __future__ import annotations

import numpy as np

from roguelike.content.loader import default_content
from roguelike.core.components import Position, Trap
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.engine.levels.stock import stock_level
from roguelike.engine.traps.placement import dead_end_exclusion, stock_room_traps
from roguelike.tools.dump import level_json
from roguelike.world import tiles as T
from roguelike.world.level import Level, Room
from roguelike.world.mapgen import generate

# chi-square critical values at p = 0.001 (no scipy): degrees of freedom -> value
CHI2_999 = {1: 10.828, 4: 18.467, 5: 20.515, 11: 31.264}


def chi_square(observed: list[int], expected: list[float]) -> float:
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def grid_level(depth: int) -> Level:
    """A level of 3x3 rooms: 100 x 37 of them, room 0 the Camp."""
    w, h = 401, 149
    tiles = np.full((h, w), T.WALL, dtype=np.uint8)
    room_map = np.full((h, w), -1, dtype=np.int16)
    rooms = []
    for ry in range(37):
        for rx in range(100):
            x, y = 1 + rx * 4, 1 + ry * 4
            rid = len(rooms)
            rooms.append(Room(rid, x, y, 3, 3))
            tiles[y:y + 3, x:x + 3] = T.FLOOR
            room_map[y:y + 3, x:x + 3] = rid
    return Level(depth, w, h, tiles, rooms, room_map, [], (1, 1), None, 0, 0)


def test_room_trap_rate_rank_and_d12_follow_the_tables():
    content = default_content()
    depth = 3  # ranks on d6: 1, 2, 3, 3, 4, 5
    traps = []
    rooms = 0
    for i in range(6):
        level = grid_level(depth)
        store = EntityStore()
        stock_room_traps(store, content, level, Stream(f"chi-{i}", "level/3/traps"))
        rooms += len(level.rooms) - 1
        traps += [t for _e, t in store.query(Trap)]
    assert rooms >= 20_000
    n = len(traps)
    assert chi_square([n, rooms - n], [rooms / 6, rooms * 5 / 6]) < CHI2_999[1]
    by_rank = [sum(t.rank == r for t in traps) for r in range(1, 6)]
    assert chi_square(by_rank, [n / 6, n / 6, n / 3, n / 6, n / 6]) < CHI2_999[4]
    by_d12 = [sum(t.d12 == d for t in traps) for d in range(1, 13)]
    assert chi_square(by_d12, [n / 12] * 12) < CHI2_999[11]
    for t in traps:  # the entry is the table's (rank, d12) cell
        profile = content.traps[t.profile]
        assert (profile.rank, profile.d12) == (t.rank, t.d12)
        assert t.beyond == max(0, depth - t.rank)


def test_a_wrong_threat_rank_table_is_caught():
    # the same chi-square on a deliberately wrong expectation must fail, so the test bites
    content = default_content()
    level = grid_level(11)
    store = EntityStore()
    stock_room_traps(store, content, level, Stream("chi-x", "level/11/traps"))
    traps = [t for _e, t in store.query(Trap)]
    n = len(traps)
    by_rank = [sum(t.rank == r for t in traps) for r in range(1, 7)]
    assert by_rank[:3] and by_rank[0] == 0  # depth 11+: ranks 4, 5, 6, 6, 6, 6
    assert chi_square(by_rank[3:], [n / 6, n / 6, n * 4 / 6]) < CHI2_999[4]
    assert chi_square(by_rank[3:], [n / 3, n / 3, n / 3]) > CHI2_999[4]


def test_placement_rules_hold_on_500_levels():
    content = default_content()
    mk = content.trap_stocking.mage_knight
    squares_seen = 0
    for i in range(500):
        depth = 1 + i % 12
        level = generate(f"place-{i}", depth)
        store = EntityStore()
        stock_level(store, content, level, f"place-{i}")
        rows = [(t, p) for _e, t, p in store.query(Trap, Position)]
        squares = [p.xy for t, p in rows if t.placement == "square"]
        squares_seen += len(squares)
        assert len(squares) <= level.floor_squares() // mk.floor_squares_per_trap
        for a in range(len(squares)):
            for b in range(a + 1, len(squares)):
                sa, sb = squares[a], squares[b]
                assert max(abs(sa[0] - sb[0]), abs(sa[1] - sb[1])) >= mk.min_trap_spacing
        banned = dead_end_exclusion(level, mk.dead_end_exclusion_radius)
        for t, p in rows:
            assert level.is_walkable(*p.xy)
            assert level.room_at(*p.xy) != level.camp_room
            open_pit = content.traps[t.profile].trigger == "forced"
            assert t.state == ("exposed" if open_pit else "hidden")
            if t.placement == "square":
                assert p.xy not in banned
                assert level.tile(*p.xy) in (T.FLOOR, T.CORRIDOR)
            else:
                assert t.room != level.camp_room and 1 <= t.rank <= 6
    assert squares_seen > 500


def test_dead_end_hallways_are_found():
    rows = ["#########",
            "#...#####",
            "#...,,,,#",
            "#...#####",
            "#########"]
    tiles = np.array([[T.CODES_BY_GLYPH[c] for c in r] for r in rows], dtype=np.uint8)
    level = Level(1, 9, 5, tiles, [], np.full((5, 9), -1, np.int16), [], (1, 1), None, 0, 0)
    banned = dead_end_exclusion(level, 1)
    assert {(4, 2), (5, 2), (6, 2), (7, 2)} <= banned
    assert (3, 2) in banned and (1, 2) not in banned  # within 1 of the entrance at (4, 2)


def test_level_dump_lists_traps():
    data = level_json("dump-traps", 6)
    assert data["traps"], "depth 6 of this seed has traps"
    content = default_content()
    for row in data["traps"]:
        assert {"x", "y", "name", "rank", "placement", "room", "source", "id", "d12"} <= set(row)
        profile = content.traps[row["profile"]]
        assert row["name"] == profile.name and row["source"] == profile.source
        assert row["placement"] in ("room", "square")
        if row["placement"] == "room":
            assert 1 <= row["rank"] <= 6 and isinstance(row["room"], int)
        else:
            assert row["rank"] is None
    assert level_json("dump-traps", 6) == data  # depends only on (seed, depth)


def test_count_dump_is_fast(cli):
    import time

    start = time.perf_counter()
    out = cli("level", "--seed", "speed", "--depth", "4", "--count", "100")
    took = time.perf_counter() - start
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 100
    assert took < 100 * 0.04 + 1.5  # well under 20 ms a level plus start-up



def test_a_room_whose_ceiling_drops_for_good_never_cuts_the_level(monkeypatch):
    """Seed 000's Dropping Ceiling blocks passage through its room for good: stocked only
    where that parts no ground (a dead-end room), never between the stairs, the Camp or the
    goal (seed s23-a-28's party was shut off from the stairs up for 50,000 actions)."""
    from roguelike.engine.traps import placement as S
    from roguelike.world.paths import UNREACHABLE, distance_map

    content = default_content()
    sealing = [t for t in content.traps.values() if S.seals_for_good(t)]
    assert [t.id for t in sealing] == ["dropping_ceiling"]  # (found by its data)
    # every room draws the profile that seals: only the rooms that cut nothing get it
    table = {key: sealing[0] for key in S.rank_table(content)}
    monkeypatch.setattr(S, "rank_table", lambda _content: table)
    placed = skipped = 0
    for i in range(6):
        level = generate(f"ceiling-{i}", 9)
        store = EntityStore()
        made = stock_room_traps(store, content, level, Stream(f"ceiling-{i}", "traps"))
        trapped = {store.get(e, Trap).room for e in made}
        up, down = level.stairs_up, level.stairs_down
        for room in level.rooms:
            if room.id == level.camp_room:
                continue
            cut = S.cuts_the_level(level, room.id)
            walk = T.WALKABLE[level.tiles].astype("int16")
            walk[level.room_map == room.id] = 0
            if not cut:  # (blocked, the stairs still join)
                assert walk[up[1], up[0]] and \
                    distance_map(walk, [up])[down[1], down[0]] < UNREACHABLE
            assert not (cut and room.id in trapped)
            placed += room.id in trapped
            skipped += cut
    assert placed and skipped
