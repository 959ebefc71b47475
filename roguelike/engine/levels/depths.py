"""The goal at the bottom, leaving the dungeon, and the score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Appearance, Character, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.events import Event
from roguelike.core.explore_components import Item, Treasure
from roguelike.engine.base.action import Result
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.creatures.inventory import bank, carried, ledger
from roguelike.world import tiles as T
from roguelike.world.level import Level

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.engine.base.views import Board, StoreAndContent
    from roguelike.engine.game import Game


def place_goal(store: EntityStore, content: Content, level: Level) -> None:
    """On the last depth the stairs down become the artifact's resting place."""
    data = content.explore
    if level.depth < data.depths or level.stairs_down is None:
        return
    x, y = level.stairs_down
    level.tiles[y, x] = T.FLOOR
    level.stairs_down = None
    idef = data.items[data.goal_item]
    store.create(Position(level.depth, x, y), Item(idef.id), Named(idef.name),
                 Appearance(idef.glyph, "bright_magenta", 0), Treasure(idef.gp))


def leaving(game: Board, actor: int) -> list[int]:
    """Who goes out with the actor: the party within 3 squares (Disabled ones are carried)."""
    here = game.store.get(actor, Position)
    return [e for e in game.party if game.store.get(e, Position).depth == here.depth
            and chebyshev(game.store.get(e, Position), here) <= 3]


def carries_goal(game: StoreAndContent, members: list[int]) -> bool:
    goal = game.content.explore.goal_item
    for eid in members:
        for item in carried(game.store, eid):
            it = game.store.try_get(item, Item)
            if it is not None and it.kind == goal:
                return True
    return False


def leave_dungeon(game: Game, actor: int) -> Result:
    """Up the stairs of depth 1: the party retires alive and banks what it carries."""
    led = ledger(game)
    members = leaving(game, actor)
    goal = carries_goal(game, members)
    events: list[Event] = []
    for eid in members:
        events += bank(game, eid, where="on leaving the dungeon")
    if goal:
        gp = game.content.explore.items[game.content.explore.goal_item].gp
        led.artifact = True
        led.banked_gp += gp
        events.append(Event("victory", f"The Heart of the Deep is carried into the daylight "
                            f"(+{gp} gp)! Victory!", actor, roll=gp))
    game.over = True
    game.outcome = "victory" if goal else "retired"
    parts = score_parts(game)
    events.append(Event("gameover", f"The party leaves the dungeon. Score {parts['total']} "
                        f"({parts['treasure_gp']} gp banked + {parts['experience']} XP).",
                        actor, roll=parts["total"]))
    return Result(True, events)


def score_parts(game: Game) -> dict[str, int]:
    led = ledger(game)
    xp = sum(game.store.get(e, Character).xp for e in game.party if game.store.alive(e))
    return {"treasure_gp": led.banked_gp, "treasure_pieces": led.banked_pieces,
            "experience": xp, "artifact": int(led.artifact), "deepest": game.deepest,
            "total": led.banked_gp + xp}
