"""One step of a walk for the creatures the game moves: down a distance map to the free
neighbouring square nearest the goal (monsters, Pillagers and the party's followers), and
an action tried for a creature, its events or None when refused."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.core.components import Character, Position
from roguelike.core.events import Event
from roguelike.engine.actions.basic import Step
from roguelike.engine.base.action import DIRECTIONS, Action

if TYPE_CHECKING:
    from roguelike.engine.game import Game

_STEPS = [DIRECTIONS[d] for d in ("n", "s", "e", "w", "ne", "nw", "se", "sw")]
# (actions are frozen: one Step a direction serves every walker; straight steps first)
STEP_ACTIONS = {(dx, dy): Step(dx, dy) for dx, dy in _STEPS}


def act(game: Game, eid: int, action: Action) -> list[Event] | None:
    result = game.try_action(action, eid)
    return result.events if result.ok else None


def downhill(game: Game, eid: int, dist: np.ndarray) -> list[Event] | None:
    """Step to the free neighbouring square nearest the goal, if that gets closer."""
    store = game.store
    pos = store.get(eid, Position)
    x0, y0 = pos.x, pos.y
    level = game.level
    inside = 0 < x0 < level.width - 1 and 0 < y0 < level.height - 1
    if inside:
        # (the nine squares read at once: single numpy reads cost more than the slice)
        block = dist[y0 - 1:y0 + 2, x0 - 1:x0 + 2].tolist()
    else:
        block = [[int(dist[y, x]) if level.in_bounds(x, y) else -1
                  for x in (x0 - 1, x0, x0 + 1)] for y in (y0 - 1, y0, y0 + 1)]
    here = block[1][1]
    options = []
    creatures = creatures_near(game, x0, y0)  # what creature_at would find round it
    characters = store.by_type.get(Character, ())
    for dx, dy in _STEPS:
        x, y = x0 + dx, y0 + dy
        if not inside and not level.in_bounds(x, y):  # (every square round an inside one is)
            continue
        d = block[1 + dy][1 + dx]
        other = creatures.get((x, y))
        if d < here and (other is None or (eid in characters and other in characters)):
            options.append((d, abs(dx) + abs(dy), dx, dy))
    for _d, _n, dx, dy in sorted(options):
        events = act(game, eid, STEP_ACTIONS[dx, dy])
        if events is not None:
            return events
    return None


def creatures_near(game: Game, x: int, y: int) -> dict[tuple[int, int], int]:
    """Game.creatures_at()'s answer on the nine squares round (x, y) alone: the lowest id
    on each (every walking step asks; most creatures stand further off)."""
    depth = game.depth
    out: dict[tuple[int, int], int] = {}
    for rows in (game.level_foes(), game.level_allies()):
        for eid, pos in rows:
            if pos.depth == depth and -1 <= pos.x - x <= 1 and -1 <= pos.y - y <= 1:
                square = (pos.x, pos.y)
                other = out.get(square)
                if other is None or eid < other:
                    out[square] = eid
    return out
