"""The score of a game and its parts.

Exploration (issue 5) will give the engine `game.score_parts()`; until that lands this
module computes a stand-in (experience only) so records, replays and the score table work.
"""

from __future__ import annotations

from typing import Any

from roguelike.core.components import Character


def score_parts(game: Any) -> dict[str, int]:
    """{"treasure": .., "experience": .., ..., "total": ..} with integer values."""
    own = getattr(game, "score_parts", None)
    if callable(own):
        return {str(k): int(v) for k, v in own().items()}
    xp = sum(c.xp for _e, c in game.store.query(Character))
    parts = {"treasure": 0, "experience": xp}
    return {**parts, "total": sum(parts.values())}
