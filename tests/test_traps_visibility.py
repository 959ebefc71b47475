"""Hidden traps stay off the map and out of look until the party knows of them."""

from __future__ import annotations

from roguelike.engine.components import Position, Trap
from roguelike.engine.rng import Stream
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
