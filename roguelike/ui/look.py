"""Words for what the party knows of a square, and where it lies from the one acting."""

from __future__ import annotations

from roguelike.core.components import Actor, Door, Hazard, MonsterStats, Named, Position, Trap
from roguelike.engine.base.stats import attribute
from roguelike.engine.base.words import direction_words
from roguelike.engine.game import Game
from roguelike.engine.traps.describe import hazard_words, known_effects_at, state_words
from roguelike.ui.conditions_view import condition_names
from roguelike.world import tiles as T


def door_words(door: Door) -> str:
    if door.broken:
        return "broken door (open)"
    if door.open:
        return "open door"
    return "locked door" if door.locked else "closed door"


def _thing_words(game: Game, eid: int) -> str:
    store = game.store
    door = store.try_get(eid, Door)
    if door is not None:
        return door_words(door)
    named = store.try_get(eid, Named)
    name = named.name if named else "something"
    if store.has(eid, Trap):
        return f"{name} ({state_words(game, eid)})"
    stats = store.try_get(eid, MonsterStats)
    if stats is not None:
        name += (f" (Combat {stats.combat}+, Might "
                 f"{'-' if stats.might is None else str(stats.might) + '+'}, "
                 f"{stats.hits}/{stats.max_hits} Hits)")
    elif store.has(eid, Actor):
        name += f" (Combat {attribute(store, eid, 'combat')}+)"
    states = condition_names(game, eid)
    if states:
        name += " [" + ", ".join(states) + "]"
    return name


def describe_square(game: Game, x: int, y: int, origin: tuple[int, int] | None = None
                    ) -> str:
    """'Leader Warrior (Combat 3+) [Knocked Out: 59 rounds, Prone], Spiked Pit, floor;
    3 squares west.' The party always knows where its own are; other creatures show only
    while seen. `origin` (default: the one acting) is where the direction is taken from."""
    level = game.level
    if origin is None:
        eid = game.awaiting or game.led
        origin = game.store.get(eid, Position).xy
    where = direction_words(origin, (x, y))
    if not level.explored[y, x]:
        return f"Unknown; {where}."
    seen = bool(game.visible[y, x])
    ranked: list[tuple[int, str]] = []
    has_door = False
    for eid, pos in game.store.query(Position):
        if pos.depth != game.depth or pos.xy != (x, y) or not game.is_drawn(eid):
            continue
        if game.store.has(eid, Actor) and not seen and eid not in game.party:
            continue
        if game.store.has(eid, Hazard):  # said below, on every square it covers
            continue
        has_door = has_door or game.store.has(eid, Door)
        ranked.append((0 if game.store.has(eid, Actor) else 1, _thing_words(game, eid)))
    parts = [words for _rank, words in sorted(ranked, key=lambda r: r[0])]
    # a lasting effect the party saw begin (an acid pool reaches the squares beside its own)
    parts += [f"within reach of the {hazard_words(game, hz)}"
              for hz in known_effects_at(game, (x, y))]
    tile = int(game.known_tiles()[y, x])
    if not (has_door and tile == T.DOORWAY):  # "closed door", not "closed door, doorway"
        parts.append(T.NAMES[tile])
    remembered = "" if seen else " (remembered)"
    return f"{', '.join(parts)}{remembered}; {where}."
