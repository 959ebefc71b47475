"""Helpers shared by the exploration tests (issue 5)."""

from __future__ import annotations

from roguelike.core.components import Actor, Named, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import Haul, Inventory, Item, Treasure
from roguelike.core.rng import Stream
from roguelike.engine.base.action import Action, Result
from roguelike.engine.creatures.inventory import make_item, stow
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.monsters import ai
from roguelike.engine.scenario import Scripted


class Steady(Stream):
    """A play stream on which every die shows `face` (a smaller die its top face): for
    tests that run many rounds (a rest) and need one roll among them to come out a way."""

    def __init__(self, face: int) -> None:
        super().__init__("steady", "play")
        self.face = face

    def below(self, n: int) -> int:
        return min(self.face, n) - 1


def act(g: Game, eid: int, action: Action, rolls: list[int] | None = None) -> Result:
    """Perform an action for a character directly, with two fresh actions if it had none."""
    a = g.store.get(eid, Actor)
    if a.actions_left <= 0 and a.move_points <= 0:
        a.actions_left = 2
    if rolls is not None:
        g.streams.play = Scripted(rolls)
    return g.try_action(action, eid)


def texts(result: Result) -> str:
    return " | ".join(e.text for e in result.events) + result.reason


def door_at(g: Game, x: int, y: int) -> int:
    door = g.door_at(x, y)
    assert door is not None
    return door


def give(g: Game, eid: int, kind: str) -> int:
    item = make_item(g, kind)
    stow(g, eid, item)
    return item


def give_treasure(g: Game, eid: int, gp: int = 10) -> int:
    item = g.store.create(Named(f"Treasure ({gp} gp)"), Treasure(gp))
    stow(g, eid, item)
    return item


def carried_kinds(g: Game, eid: int) -> list[str]:
    inv = g.store.get(eid, Inventory)
    return [g.store.get(i, Item).kind for i in inv.items if g.store.has(i, Item)]


def pillager(g: Game, x: int, y: int) -> int:
    """An awake Pillager on (x, y) of depth 1, carrying nothing."""
    p = make_monster(g.store, g.content, "pillager", Position(1, x, y), awake=True)
    g.store.add(p, Haul())
    return p


def pillager_turn(g: Game, p: int) -> list[Event]:
    """A whole turn of a Pillager's decisions (two fresh actions), as the turn loop makes
    them (ai.take_action: fighting when engaged, else the looting rules)."""
    a = g.store.get(p, Actor)
    a.actions_left, a.move_points = 2, 0
    events: list[Event] = []
    while g.store.alive(p) and (a.actions_left > 0 or a.move_points > 0):
        events += ai.take_action(g, p)
    return events
