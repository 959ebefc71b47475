"""Hidden traps stay off the map and out of look until the party knows of them."""

from __future__ import annotations

from roguelike.core.components import Position, Trap
from roguelike.core.rng import Stream
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.make import make_trap
from roguelike.ui.look import describe_square


def test_hidden_trap_is_not_drawn_until_known():
    game = scenario("""
        #########
        #1......#
        #2......#
        #3......#
        #########
    """)
    profile = game.content.traps["pit"]
    trap = make_trap(game.store, game.content, profile, Position(1, 5, 2),
                     placement="room", room=0, rng=Stream("t", "traps"), rank=1, d12=1)
    assert game.level.explored[2, 5]
    assert not game.is_drawn(trap)
    assert "Pit" not in describe_square(game, 5, 2)
    game.store.get(trap, Trap).known_by.append(game.party[0])
    assert game.is_drawn(trap)


def test_a_mover_killed_by_a_trap_ends_the_move_hooks_cleanly():
    game = scenario("""
        #########
        #1......#
        #2......#
        #3......#
        #########
    """)
    victim = game.party[0]
    calls = []

    def trap_kills(g, eid):
        calls.append(eid)
        g.store.remove(eid, Position)
        return []

    import roguelike.engine.game as game_mod

    original = game_mod.traps_on_moved
    game_mod.traps_on_moved = trap_kills
    try:
        assert game.on_moved(victim) == []
    finally:
        game_mod.traps_on_moved = original
    assert calls == [victim]


def test_a_sprung_trap_rolls_its_treasure_column_once():
    from roguelike.core.explore_components import Treasure
    from roguelike.engine.scenario import Scripted
    from roguelike.engine.traps.trigger import spring

    game = scenario("""
        #########
        #1......#
        #2......#
        #3......#
        #########
    """)
    profile = game.content.traps["tt_teleport"] if "tt_teleport" in game.content.traps \
        else next(p for p in game.content.traps.values() if p.roll == 1)
    trap = make_trap(game.store, game.content, profile, Position(1, 5, 2),
                     placement="room", room=0, rng=Stream("t", "traps"))
    before = len(list(game.store.query(Treasure)))
    game.streams.play = Scripted([6] * 40)  # every die a 6: the treasure column's 6 comes up
    events = spring(game, trap, game.party[0])
    assert any(e.kind == "treasure" and "Treasure from the" in e.text for e in events)
    assert len(list(game.store.query(Treasure))) == before + 1
    game.streams.play = Scripted([6] * 40)
    game.store.get(trap, Trap).state = "armed"
    events = spring(game, trap, game.party[0])
    assert not any(e.kind == "treasure" for e in events)  # only the first time
