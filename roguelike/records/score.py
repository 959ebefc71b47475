"""The score of a game and its parts.

Exploration (issue 5) will give the engine `game.score_parts()`; until that lands this
module computes a stand-in (experience only) so records, replays and the score table work.
"""

from __future__ import annotations

from typing import Any

from roguelike.core.components import Character


def banking_lines(game: Any) -> list[str]:
    """Each banking of the game as it happened, 'D1 R40: Bors banks 2 treasures (90 gp) at
    the Camp. Banked: 90 gp.', then the total they make: the score's treasure part (the
    message log keeps only its last messages, so it cannot show where the gold came from)."""
    done = list(getattr(game, "bankings", []))
    if not done:
        return ["Nothing was banked."]
    total = sum(event.roll for _round, _depth, event in done)
    lines = [f"D{depth} R{round_}: {event.text}" for round_, depth, event in done]
    return [*lines, f"In all: {total} gp banked, {len(done)} time{'s' * (len(done) != 1)}."]


def score_parts(game: Any) -> dict[str, int]:
    """{"treasure": .., "experience": .., ..., "total": ..} with integer values."""
    own = getattr(game, "score_parts", None)
    if callable(own):
        return {str(k): int(v) for k, v in own().items()}
    xp = sum(c.xp for _e, c in game.store.query(Character))
    parts = {"treasure": 0, "experience": xp}
    return {**parts, "total": sum(parts.values())}
