"""A monster killed on the way by what lies on its path (an acid pool's edge) stops there:
its walk asked for the next square of a creature no longer in the world (a KeyError, found
by a many-seed bot check with the luck prompt on)."""

from __future__ import annotations

from trap_helpers import Rigged, arena, place, sturdy

from roguelike.core.components import Actor, Disabled, MonsterStats, Position
from roguelike.engine.actions.fight_actions import Advance
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.traps.trigger import spring


def test_a_monster_killed_mid_walk_ends_its_walk():
    game = arena()
    warrior, rogue, mage = game.party
    sturdy(game, warrior)
    game.streams.play = Rigged()
    spring(game, place(game, "mk_noxious_acid_pool", at=(5, 3)), warrior)  # a lasting pool
    game.store.get(warrior, Position).x = 2  # the one to close in on, past the pool
    for down in (rogue, mage):
        game.store.add(down, Disabled("test"))
    foe = make_monster(game.store, game.content, "goblin", Position(1, 8, 3), awake=True)
    game.store.get(foe, MonsterStats).hits = 1
    act = game.store.get(foe, Actor)
    act.actions_left, act.move_points = 2, 0
    result = game.try_action(Advance(), foe)
    assert result.ok and not game.store.alive(foe)
    assert "Goblin falls!" in [e.text for e in result.events]
