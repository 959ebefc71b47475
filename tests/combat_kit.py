"""Shared helpers of the fight tests (issue 3)."""

from __future__ import annotations

from roguelike.engine.checks import fight_state
from roguelike.engine.components import Actor, MonsterStats, Position
from roguelike.engine.game import Game
from roguelike.engine.scenario import Scripted, scenario

ROOM = """
############
#1m........#
#2.........#
#3.........#
############
"""


def arena(monster: str = "mercenary", text: str = ROOM, luck_prompt: str = "never",
          monsters: dict[str, str] | None = None) -> Game:
    g = scenario(text, monsters=monsters or {"m": monster}, luck_prompt=luck_prompt)
    g.mode = "combat"
    return g


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
    g.invalidate_view()
