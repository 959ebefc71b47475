"""The markers' and monsters' rules that take a narrow view of the game (engine/base/
views.py) read nothing else of it: given a stand-in holding only those members, they
answer as they do given the game."""

from __future__ import annotations

from dataclasses import dataclass

from roguelike.bot.player import play
from roguelike.content.loader import Content
from roguelike.core.components import Actor, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.explore_components import Marker
from roguelike.engine.base.kept import Kept
from roguelike.engine.game import Game
from roguelike.engine.markers import event_markers
from roguelike.engine.monsters import monster_ai, pillager_maps, pillagers
from roguelike.world.level import Level


@dataclass(frozen=True)
class _Board:
    """engine/base/views.py's BoardAndContent and nothing more (and the kept answers,
    for the one rule that reads only those)."""

    store: EntityStore
    content: Content
    depth: int
    level: Level
    party: list[int]
    kept: Kept


def _board(game: Game) -> _Board:
    return _Board(game.store, game.content, game.depth, game.level, game.party, game.kept)


def _game_with_pillagers() -> Game:
    game = Game("bench-0")
    for _ in range(40):
        play(game, 100)
        if pillagers.on_level(game) and event_markers.markers_on(game, game.depth):
            return game
    raise AssertionError("no level with Pillagers and markers in 4,000 bot actions")


def test_the_narrow_rules_answer_alike_from_the_board_alone() -> None:
    game = _game_with_pillagers()
    board = _board(game)
    depth = game.depth
    assert pillagers.on_level(board) == pillagers.on_level(game) > 0
    markers = event_markers.markers_on(board, depth)
    assert markers and markers == event_markers.markers_on(game, depth)
    here = [e for e, p in game.store.table(Position).items()
            if p.depth == depth and game.store.has(e, Actor)]
    assert pillagers.threats(board, here) == pillagers.threats(game, here)
    for eid in here:
        assert pillagers.engaged_by(board, eid) == pillagers.engaged_by(game, eid)
        assert monster_ai._state(board, eid) is monster_ai._state(game, eid)
        pos = game.store.get(eid, Position)
        assert pillagers._delvers_near(board, pos) == pillagers._delvers_near(game, pos)
    classes = game.content.explore.markers.disarm_classes
    for marker in markers:
        pos = game.store.get(marker, Position)
        assert event_markers._disarmer(board, pos.x, pos.y, classes) \
            == event_markers._disarmer(game, pos.x, pos.y, classes)
        if game.store.get(marker, Marker).state == "unchecked":
            for face in range(1, 7):
                assert event_markers.success_matters(board, marker, face) \
                    == event_markers.success_matters(game, marker, face)
    spots = pillager_maps._loot_spots(board)
    assert spots and spots == pillager_maps._loot_spots(game)
    goal = pillager_maps.distances(game, [xy for _e, xy in spots])
    x, y = game.store.get(here[0], Position).x, game.store.get(here[0], Position).y
    assert pillager_maps.steps_from(board, goal, x, y) == pillager_maps._steps_made(goal.dist, x, y)
