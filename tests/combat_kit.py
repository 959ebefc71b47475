"""Shared helpers of the fight tests (issue 3)."""

from __future__ import annotations

from roguelike.core.components import Actor, MonsterStats, Position
from roguelike.engine.base.luck_queue import Offer, offer_waiting
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.scenario import Scripted, parse_map, scenario
from roguelike.engine.status.checks import fight_state

ROOM = """
############
#1m........#
#2.........#
#3.........#
############
"""


def arena(monster: str = "mercenary", text: str = ROOM, luck_prompt: str = "never",
          monsters: dict[str, str] | None = None) -> Game:
    """A scenario whose monsters stand where the map puts them, awake, nobody having
    acted yet (the monsters are added after the first round was rolled)."""
    monsters = monsters or {"m": monster}
    g = scenario(text, luck_prompt=luck_prompt)
    _level, marks = parse_map(text)
    for glyph, kind in monsters.items():
        for x, y in marks.get(glyph, []):
            make_monster(g.store, g.content, kind, Position(1, x, y), awake=True)
    g.mode = "combat"
    g.view_changed()
    return g


def waiting_for(g: Game, eid: int) -> Offer:
    """The luck offer waiting, which must be `eid`'s."""
    offer = offer_waiting(g)
    assert offer is not None and offer.eid == eid, offer
    return offer


def foes(g: Game) -> list[int]:
    return [e for e, _ in g.store.query(MonsterStats)]


def put_first(g: Game, eid: int, actions: int = 2) -> None:
    """Make `eid` the creature on turn with `actions` actions, whatever initiative said."""
    g.current = eid
    act = g.store.get(eid, Actor)
    act.actions_left, act.move_points = actions, 0
    fight_state(g, eid).granted = actions
    if eid not in g.order:
        g.order.insert(g.turn_index, eid)
    else:
        g.turn_index = g.order.index(eid)


def script(g: Game, rolls: list[int]) -> Scripted:
    g.streams.play = Scripted(rolls)
    return g.streams.play


def place(g: Game, eid: int, x: int, y: int) -> None:
    pos = g.store.get(eid, Position)
    pos.x, pos.y = x, y
    g.view_changed()
