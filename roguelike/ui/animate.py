"""Short animations for shots, spells and springing traps, worked out from the events.

Each animation is a list of frames; a frame is the set of map squares to flash. The game
screen plays them on a timer (skipped with reduced motion) and any key cuts them short.
"""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.core.events import Event
from roguelike.engine.game import Game
from roguelike.world.sight import line

Frame = frozenset[tuple[int, int]]
MAX_FRAMES = 8
SHOT_KINDS = frozenset({"hit", "miss"})
BURST_KINDS = frozenset({"spell", "cast", "trap", "trap_sprung", "spring"})


def _xy(game: Game, eid: int) -> tuple[int, int] | None:
    pos = game.store.try_get(eid, Position) if eid else None
    return pos.xy if pos is not None and pos.depth == game.depth else None


def _burst(center: tuple[int, int]) -> list[Frame]:
    x, y = center
    ring = frozenset((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if (dx, dy) != (0, 0))
    return [frozenset({center}), ring, frozenset({center})]


def frames_for(game: Game, events: list[Event]) -> list[Frame]:
    frames: list[Frame] = []
    for ev in events:
        if ev.kind in SHOT_KINDS:
            a, b = _xy(game, ev.actor), _xy(game, ev.target)
            if a is None or b is None or max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1:
                continue  # melee needs no projectile
            path = line(a, b)[1:]
            stride = max(1, -(-len(path) // MAX_FRAMES))
            frames += [frozenset({sq}) for sq in path[::stride]]
            frames.append(frozenset({b}))
        elif ev.kind in BURST_KINDS:
            center = (ev.x, ev.y) if ev.x >= 0 and ev.y >= 0 else _xy(game, ev.target or
                                                                       ev.actor)
            if center is not None:
                frames += _burst(center)
    return frames
