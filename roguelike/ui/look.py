"""Words for what the party knows of a square."""

from __future__ import annotations

from roguelike.engine.components import Actor, Disabled, MonsterStats, Named, Position
from roguelike.engine.game import Game
from roguelike.engine.stats import attribute
from roguelike.ui.hooks import condition_tags
from roguelike.world import tiles as T


def describe_square(game: Game, x: int, y: int) -> str:
    level = game.level
    if not level.explored[y, x]:
        return "Unknown."
    seen = bool(game.visible[y, x])
    parts = []
    for eid, pos in game.store.query(Position):
        if pos.depth != game.depth or pos.xy != (x, y) or not game.is_drawn(eid):
            continue
        if game.store.has(eid, Actor) and not seen:
            continue
        named = game.store.try_get(eid, Named)
        name = named.name if named else "something"
        stats = game.store.try_get(eid, MonsterStats)
        if stats is not None:
            name += (f" (Combat {stats.combat}+, Might "
                     f"{'-' if stats.might is None else str(stats.might) + '+'}, "
                     f"{stats.hits}/{stats.max_hits} Hits)")
        elif game.store.has(eid, Actor):
            name += f" (Combat {attribute(game.store, eid, 'combat')}+)"
        if game.store.has(eid, Disabled):
            name += " [Disabled]"
        tags = condition_tags(game, eid)
        if tags:
            name += " [" + " ".join(tags) + "]"
        parts.append(name)
    terrain = T.NAMES[int(game.known_tiles()[y, x])]
    where = "" if seen else " (remembered)"
    return f"({x},{y}) {', '.join([*parts, terrain])}{where}."
