"""Auto-explore's part for what lies in the rooms it walks through
(engine/helpers/autoexplore.py calls it): who checks an event marker, and the loot seen.

- An event marker's free Wits check (003) is made by whoever comes within a square of it
  first: the one walking in front. When the one in front is about to, the delver best
  placed by the seed's numbers takes the front and walks to it (`checker`), the others
  following in step: the best chance of the good rows (a success shows a monster away
  rather than in contact and treasure at once rather than hidden), and of a Rogue's disarm
  of a trap row (only a Rogue beside the marker may try; 003: "Rogues may make a Wits roll
  to disarm the trap"). No detour is made for a marker the walk would not pass.
- Loot the party has seen on this level is picked up before the level counts as explored
  (DCSS's and Brogue's explore): an item near the way at once, by the one led; a treasure
  once the open ground is explored, and only as the player answers (each carried costs its
  bearer 1 Speed until banked, 003: offered to those who keep a Speed of KEEP_UP).
"""

from __future__ import annotations

import numpy as np

from roguelike.core.components import Character, Named, Position
from roguelike.core.explore_components import Item, Marker, Treasure
from roguelike.engine.base.stats import speed
from roguelike.engine.game import Game
from roguelike.engine.helpers.interact import d6_odds
from roguelike.engine.status.conditions import speed as speed_now
from roguelike.world.paths import UNREACHABLE, distance_map

# How far (steps) seen loot may lie from the one led for auto-explore to turn aside for it
# before the open ground is all explored (past this it is gathered at the end).
LOOT_NEAR = 6
# The least Speed a delver keeps for auto-explore to offer it one more treasure to carry
# (slower than this, it holds the party back on every walk).
KEEP_UP = 3
# The faces of the seed's marker charts (003) where success differs from failure for any
# checker (1-2: a monster away, not in contact; 5-6: treasure at once, not hidden), and
# where it does only with a Rogue's disarm (3-4: the trap, disarmed or sprung).
ALWAYS_BETTER, DISARM_FACES = 4, 2


def check_worth(game: Game, eid: int) -> int:
    """`eid`'s chance, in 216ths, of a good outcome at a marker it checks: the check passes
    (a chance in 6) and the chart's face is one where success helps (4 in 6), or a trap
    row (2 in 6) that `eid`, a Rogue beside it, disarms (its Wits roll, a chance in 6)."""
    _need, chance = d6_odds(game, eid, "wits")
    disarm = 0
    if game.store.get(eid, Character).klass in game.content.explore.markers.disarm_classes:
        disarm = d6_odds(game, eid, "wits")[1]
    return chance * (ALWAYS_BETTER * 6 + DISARM_FACES * disarm)


def checker(game: Game, workers: list[int]) -> int:
    """Of `workers` (the delvers free to walk to the marker, the one led first), the one
    best placed to check a marker; the one led keeps the front on a tie."""
    return max(workers, key=lambda e: (check_worth(game, e), e == game.led,
                                       -game.store.get(e, Character).order))


def marker_ahead(game: Game, here: tuple[int, int], to: tuple[int, int]) -> int | None:
    """An unchecked event marker on an explored square that a step from `here` to `to`
    brings within a square (not one already within a square of `here`: it was checked
    then), or None."""
    level = game.level
    for marker, mark, pos in game.store.query(Marker, Position):
        if pos.depth == game.depth and mark.state == "unchecked" \
                and level.explored[pos.y, pos.x] \
                and max(abs(pos.x - to[0]), abs(pos.y - to[1])) <= 1 \
                and max(abs(pos.x - here[0]), abs(pos.y - here[1])) > 1:
            return marker
    return None


def loot_seen(game: Game, left: set[int], treasure: bool = True) -> list[int]:
    """The items (and treasure, with `treasure`) lying on explored squares of this level,
    but those the player chose to leave (`left`)."""
    store, level = game.store, game.level
    out = []
    for kind in (Item, Treasure) if treasure else (Item,):
        for eid, _thing, pos in store.query(kind, Position):
            if pos.depth == game.depth and level.explored[pos.y, pos.x] and eid not in left \
                    and game.is_drawn(eid) and (treasure or not store.has(eid, Treasure)):
                out.append(eid)
    return sorted(set(out))


def bearers(game: Game, workers: list[int]) -> list[tuple[int, int]]:
    """Of `workers`, those who can carry one more treasure and keep a Speed of at least
    KEEP_UP (each carried costs 1, 003), with their Speed now: the fastest first."""
    paced = [(w, speed_now(game, w, speed(game.store, w))) for w in workers]
    return sorted(((w, pace) for w, pace in paced if pace - 1 >= KEEP_UP),
                  key=lambda wp: -wp[1])


def nearest_loot(game: Game, eid: int, loot: list[int], cost: np.ndarray,
                 within: int = UNREACHABLE) -> int | None:
    """Of `loot`, the one fewest steps from `eid` to stand on or beside (fewer than
    `within`), or None."""
    if not loot:
        return None
    dist = distance_map(cost, [game.store.get(eid, Position).xy])
    level = game.level
    best: tuple[int, int, int, int] | None = None
    for thing in loot:
        x, y = game.store.get(thing, Position).xy
        steps = min((int(dist[y + dy, x + dx]) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                     if level.in_bounds(x + dx, y + dy)), default=UNREACHABLE)
        if steps < min(within, UNREACHABLE) and (best is None or (steps, y, x) < best[:3]):
            best = (steps, y, x, thing)
    return None if best is None else best[3]


def thing_words(game: Game, thing: int) -> str:
    named = game.store.try_get(thing, Named)
    return named.name if named is not None else "Treasure"


def is_treasure(game: Game, thing: int) -> bool:
    return game.store.has(thing, Treasure)
