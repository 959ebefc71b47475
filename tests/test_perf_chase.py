"""The monster chase map reuses its cost map while _terrain_key is unchanged: over long bot
games (doors opened and locked, traps sprung and reset, hazards, secret doors found) a
fresh cost map must equal the kept one whenever the key says nothing changed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from roguelike.bot import play
from roguelike.engine import monster_ai
from roguelike.engine.game import Game


@pytest.mark.parametrize("seed", ["bench-0", "bench-1", "bench-2", "walk-3"])
def test_terrain_key_covers_the_cost_map(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    real_key = monster_ai._terrain_key
    seen: list[tuple[Any, np.ndarray]] = []
    checks = [0, 0]  # (compared with an equal key, key changes)

    def checked_key(game: Game) -> tuple[object, ...]:
        key = real_key(game)
        fresh = monster_ai._chase_cost(game)
        if seen and seen[-1][0] == key:
            assert np.array_equal(seen[-1][1], fresh), f"round {game.round}: stale cost"
            checks[0] += 1
        else:
            checks[1] += 1
        seen[:] = [(key, fresh)]
        return key

    monkeypatch.setattr(monster_ai, "_terrain_key", checked_key)
    game = Game(seed)
    play(game, 3000)
    assert checks[0] > 0
