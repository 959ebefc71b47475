from __future__ import annotations

import sys
from pathlib import Path

import pytest
from records_util import bot_game

from roguelike.engine.actions.basic import Attack, EndMove, Lead, OpenDoor, Step, TakeStairs
from roguelike.engine.base.action import DIRECTIONS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))


def test_refused_actions_change_nothing():
    """Saves and replays keep only accepted actions, so a refusal must leave no trace."""
    game = bot_game("e-1", actions=0)
    tries = [Step(dx, dy) for dx, dy in DIRECTIONS.values()]
    tries += [Step(2, 0), OpenDoor(1, 0), Attack(999_999), Attack(game.party[1]),
              EndMove(), TakeStairs("up"), TakeStairs("down"), TakeStairs("sideways"),
              Lead(7), Lead(-1)]
    refused = 0
    for chunk in range(8):
        bot_game(game=game, actions=25, budget=0, record=False)
        for action in tries:
            before, history = game.state_hash(), list(game.history)
            taken = game.actions_taken
            game.perform(action)
            if game.actions_taken == taken:
                refused += 1
                assert game.state_hash() == before, (chunk, action)
                assert game.history == history
    assert refused > 80


def test_same_hashes_on_every_available_python():
    cross = pytest.importorskip("cross_python")
    usable = {cross.usable(p) for p in cross.candidates()} - {None}
    if len(usable) < 2:
        pytest.skip("only one Python with numpy and tcod here (see benchmarks/cross_python.py)")
    result = cross.compare(cross.candidates(), 300)
    assert result["same"], result
