"""The kept indexes behind creatures' moves answer as the plain scans they replace.

Each test wraps the kept lookup in long bot games (hazards, markers, Pillagers about) and
holds every answer to a fresh scan of the store; the windowed exits are held to the whole
map's on generated levels.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roguelike.bot.player import play
from roguelike.core.components import Hazard, Position
from roguelike.core.explore_components import Marker
from roguelike.engine.game import Game
from roguelike.engine.markers import event_markers as markers
from roguelike.engine.monsters import pillager_maps, pillagers
from roguelike.engine.traps import hazards, trigger
from roguelike.world import tiles as T
from roguelike.world.level import Level
from roguelike.world.mapgen import generate
from roguelike.world.paths import UNREACHABLE

SEEDS = ["bench-throughput-0", "bench-throughput-1"]
MORE = [f"bench-throughput-{n}" for n in range(2, 10)]  # played until the test has seen enough


def play_until(first: str, enough: Any, actions: int = 1500) -> None:
    """Bot games on `first`, then on further seeds, until `enough()` holds: a kept answer is
    held to a scan only where the games meet what it keeps (hazards, markers, Pillagers),
    and which game meets them first moves with every rule or bot change."""
    for seed in [first, *MORE]:
        play(Game(seed), actions)
        if enough():
            return


def _scan_hazards_at(game: Game, depth: int, xy: tuple[int, int]) -> list[int]:
    store = game.store
    square = list(xy)
    return [e for e, hz, p in store.query(Hazard, Position)
            if p.depth == depth and game.round >= hz.starts and square in hz.squares]


@pytest.mark.parametrize("seed", SEEDS)
def test_hazards_at_matches_a_scan(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    real_at, real_here = hazards.hazards_at, trigger._hazards_here
    checked = [0, 0]

    def hazards_at(game: Game, depth: int, xy: tuple[int, int]) -> list[int]:
        out = real_at(game, depth, xy)
        assert out == _scan_hazards_at(game, depth, xy), f"round {game.round}: hazards differ"
        checked[0] += bool(out)
        return out

    def hazards_here(game: Game, depth: int) -> bool:
        out = real_here(game, depth)
        assert out == any(p.depth == depth for _e, _h, p in game.store.query(Hazard, Position))
        checked[1] += out
        return out

    monkeypatch.setattr(hazards, "hazards_at", hazards_at)
    monkeypatch.setattr(trigger, "_hazards_here", hazards_here)
    play_until(seed, lambda: checked[0] > 0 and checked[1] > 100)
    assert checked[0] > 0 and checked[1] > 100, checked


@pytest.mark.parametrize("seed", SEEDS)
def test_unchecked_near_matches_a_scan(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    real = markers._unchecked_near
    checked = [0, 0]

    def unchecked_near(game: Game, here: Position) -> bool:
        out = real(game, here)
        want = any(p.depth == here.depth and abs(p.x - here.x) <= 1 and abs(p.y - here.y) <= 1
                   and m.state == "unchecked" for _e, m, p in game.store.query(Marker, Position))
        assert out == want, f"round {game.round}: markers near differ"
        checked[0] += 1
        checked[1] += out
        return out

    monkeypatch.setattr(markers, "_unchecked_near", unchecked_near)
    play_until(seed, lambda: checked[0] > 100 and checked[1] > 0)
    assert checked[0] > 100 and checked[1] > 0


def _whole_map_exits(level: Level, room_id: int) -> list[tuple[int, int]]:
    """exits() as it was: every array the size of the map."""
    inside = level.room_map == room_id
    doors = pillagers._around(inside) & (level.tiles == T.DOORWAY)
    if doors.any():
        return pillager_maps.mask_squares(doors)
    edge = inside & pillagers._around(level.tiles == T.CORRIDOR)
    return pillager_maps.mask_squares(edge) if edge.any() else pillager_maps.mask_squares(inside)


@pytest.mark.parametrize("depth", [1, 4, 7, 10])
def test_windowed_exits_match_the_whole_map(depth: int) -> None:
    for seed in ("bench-0", "x-1", "amber-wolf-17"):
        level = generate(seed, depth)
        ids = sorted(set(np.unique(level.room_map).tolist()) | {r.id for r in level.rooms})
        for room in [*ids, 999]:
            assert pillagers.exits(level, room) == _whole_map_exits(level, room), (seed, room)


@pytest.mark.parametrize("seed", SEEDS)
def test_pillager_steps_match_the_map(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    """The kept steps from a square, and the loot spot next to it, are those the whole
    map's rows and a pass over the spots give."""
    real_steps, real_grab = pillager_maps.steps_from, pillager_maps.grab_index
    checked = [0, 0]

    def steps_from(game: Game, goal: pillager_maps.GoalMap, x: int, y: int) -> Any:
        here, options = real_steps(game, goal, x, y)
        rows = goal.dist.tolist()
        assert here == rows[y][x]
        closer = [] if here >= UNREACHABLE or here == 0 else \
            pillager_maps._closer(rows, x, y, here)
        want = [((x + dx, y + dy), dx, dy) for _d, _n, dx, dy in closer]
        assert options == want, f"round {game.round}: steps differ"
        checked[0] += 1
        return here, options

    def grab_index(loot: list[Any]) -> dict[tuple[int, int], int]:
        index = real_grab(loot)
        for (x, y) in [(tx + dx, ty + dy) for _t, (tx, ty) in loot[0]
                       for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)]:
            want = next((t for t, (tx, ty) in loot[0] if abs(tx - x) <= 1 and abs(ty - y) <= 1),
                        None)
            assert index.get((x, y)) == want
        checked[1] += 1
        return index

    monkeypatch.setattr(pillagers, "steps_from", steps_from)
    monkeypatch.setattr(pillagers, "grab_index", grab_index)
    play_until(seed, lambda: checked[0] > 100 and checked[1] > 20)
    assert checked[0] > 100 and checked[1] > 20
