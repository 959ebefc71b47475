"""Issue 31's third pass: the counters that stand for the doors' and traps' fields in the
routes' terrain key (routing/chase.py) and in the traps' round clock (traps/trigger.py)."""

from __future__ import annotations

import pytest

from roguelike.bot.player import play
from roguelike.core.components import Door, Hazard, Position, Trap
from roguelike.engine.base import kept
from roguelike.engine.game import Game
from roguelike.engine.routing import chase
from roguelike.engine.traps import hazards, trigger


def _played(monkeypatch: pytest.MonkeyPatch, check: bool) -> Game:
    monkeypatch.setenv(kept.CHECK_ENV, "1" if check else "")
    game = Game("bench-0")
    play(game, 200)
    return game


def _level_door(game: Game) -> Door:
    for eid in game.store.ids(Door, Position):
        if game.store.get(eid, Position).depth == game.depth:
            return game.store.get(eid, Door)
    raise AssertionError("no door on the level")


def _level_trap(game: Game) -> tuple[int, Trap]:
    for eid in game.store.ids(Trap, Position):
        trap = game.store.get(eid, Trap)
        if game.store.get(eid, Position).depth == game.depth and trap.state in ("hidden",
                                                                                "armed"):
            return eid, trap
    raise AssertionError("no armed trap on the level")


def test_a_door_told_of_makes_a_new_terrain_map(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played(monkeypatch, check=False)
    before, serial = chase.terrain_cost(game), chase.terrain_serial(game)
    assert chase.terrain_cost(game) is before  # (nothing changed: the kept map)
    door = _level_door(game)
    door.locked = not door.locked
    game.door_changed()
    assert chase.terrain_serial(game) == serial + 1
    assert (chase.terrain_cost(game) == game.cost_map(creatures_block=False)).all()


def test_a_trap_told_of_makes_a_new_terrain_map(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played(monkeypatch, check=False)
    serial = chase.terrain_serial(game)
    _eid, trap = _level_trap(game)
    trap.state = "disarmed"
    game.kept.changed("traps")
    assert chase.terrain_serial(game) == serial + 1
    assert (chase.terrain_cost(game) == game.cost_map(creatures_block=False)).all()


@pytest.mark.parametrize("what", ["door", "trap"])
def test_a_write_nobody_tells_of_fails_under_the_switch(
        monkeypatch: pytest.MonkeyPatch, what: str) -> None:
    """What the counters stand for is held to the fields themselves under the switch: a
    rule that changes a door's lock or disarms a trap without telling fails there (the
    map itself may be equal: the square may be a wall to monsters anyway)."""
    game = _played(monkeypatch, check=True)
    chase.terrain_cost(game)
    if what == "door":
        door = _level_door(game)
        door.locked = not door.locked
    else:
        _level_trap(game)[1].state = "disarmed"
    with pytest.raises(kept.StaleAnswer, match="terrain_cost"):
        chase.terrain_cost(game)


def test_the_sprung_traps_follow_the_traps_told(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played(monkeypatch, check=False)
    eid, trap = _level_trap(game)
    assert eid not in trigger._sprung_ids(game)
    trap.state, trap.reset_round = "sprung", game.round + 1
    game.kept.changed("traps")
    assert eid in trigger._sprung_ids(game)
    trigger.tick(game)  # (its reset is next round)
    assert trap.state == "sprung" and eid in trigger._sprung_ids(game)
    game.state.round += 1
    trigger.tick(game)  # (re-armed, and told)
    assert trap.state == "armed" and eid not in trigger._sprung_ids(game)


def test_a_trap_sprung_untold_fails_under_the_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _played(monkeypatch, check=True)
    trigger._sprung_ids(game)
    _level_trap(game)[1].state = "sprung"
    with pytest.raises(kept.StaleAnswer, match="sprung_traps"):
        trigger._sprung_ids(game)


def _with_a_hindering_hazard(monkeypatch: pytest.MonkeyPatch, check: bool
                             ) -> tuple[Game, Hazard, list[int]]:
    """A bot game standing by a lasting trap effect that hinders (a falling weight's
    rubble: monsters pay 2 to enter it), and a free square next to it that it does not
    cover."""
    monkeypatch.setenv(kept.CHECK_ENV, "1" if check else "")
    game = Game("bench-throughput-6")
    play(game, 50)
    for eid, hz, pos in game.store.query(Hazard, Position):
        if pos.depth == game.depth and game.round >= hz.starts \
                and hazards.hindering(game, game.depth, (hz.squares[0][0], hz.squares[0][1])):
            x, y = hz.squares[0]
            free = [[x + dx, y + dy] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if game.level.is_walkable(x + dx, y + dy)
                    and [x + dx, y + dy] not in hz.squares]
            return game, game.store.get(eid, Hazard), free[0]
    raise AssertionError("no hindering hazard on the level")


def test_a_hazard_given_new_squares_makes_a_new_terrain_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The terrain key holds each hazard's squares list itself: the same squares in a new
    list keep the map; other squares (a hazard that moves is given a new list) make it
    again."""
    game, hz, free = _with_a_hindering_hazard(monkeypatch, check=False)
    before, serial = chase.terrain_cost(game), chase.terrain_serial(game)
    hz.squares = [list(s) for s in hz.squares]
    assert chase.terrain_cost(game) is before and chase.terrain_serial(game) == serial
    hz.squares = [*hz.squares, free]
    assert chase.terrain_serial(game) == serial + 1
    assert chase.terrain_cost(game)[free[1], free[0]] == 2
    assert (chase.terrain_cost(game) == game.cost_map(creatures_block=False)).all()


def test_a_hazards_squares_written_in_place_fail_under_the_switch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule that grows a hazard's squares list in place (not a new list) goes unseen by
    the key, and fails under the switch."""
    game, hz, free = _with_a_hindering_hazard(monkeypatch, check=True)
    chase.terrain_cost(game)
    hz.squares.append(free)
    with pytest.raises(kept.StaleAnswer, match="terrain_cost"):
        chase.terrain_cost(game)
