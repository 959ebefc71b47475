"""Who can shoot whom: a creature's reach and the line of fire (the Rogue's ranged weapon,
a monster's `ranged`; T&T 24", Classic missile bands in attack.py). Read by the fight
actions, combat, auto-fight and the bot; it reads only the store, the content and sight."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Actor, Character, MonsterStats, Position
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import plural
from roguelike.world.sight import clear_line

if TYPE_CHECKING:
    from roguelike.engine.base.views import Board, StoreAndContent
    from roguelike.engine.game import Game


def ranged_reach(game: StoreAndContent, eid: int) -> int:
    """How far a creature shoots: the Rogue's weapon (T&T: 24"), a monster's `ranged`."""
    char = game.store.try_get(eid, Character)
    if char is not None:
        weapon = game.content.classes[char.klass].weapon
        return game.content.fight.d6.ranged_squares if weapon == "ranged" else 0
    stats = game.store.try_get(eid, MonsterStats)
    mon = game.content.monsters.get(stats.kind) if stats else None
    return mon.ranged if mon else 0


def blockers(game: Board, *skip: int) -> set[tuple[int, int]]:
    positions = game.store.table(Position)
    depth = game.depth
    return {(pos.x, pos.y) for e in game.store.ids(Actor, Position)
            for pos in (positions[e],) if pos.depth == depth and e not in skip}


def can_shoot(game: Game, shooter: int, target: int) -> str:
    """Why `shooter` cannot shoot `target` now; '' when it can."""
    store = game.store
    reach = ranged_reach(game, shooter)
    if reach <= 0:
        return f"{name_of(store, shooter)} has no ranged weapon."
    if not store.alive(target) or not store.has(target, Position):
        return "There is nothing there to shoot."
    a, t = store.get(shooter, Position), store.get(target, Position)
    dist = max(abs(a.x - t.x), abs(a.y - t.y))
    if a.depth != t.depth or dist > reach:
        return f"Out of range ({plural(reach, 'square')})."
    if dist < game.content.fight.d6.ranged_min_squares:
        return "Too close to shoot: fight it hand to hand."
    if not clear_line(game.transparency(), a.xy, t.xy, blockers(game, shooter, target)):
        return "No clear line of fire."
    return ""
