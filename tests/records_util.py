"""Helpers for the records tests: short bot games played with a recorder attached."""

from __future__ import annotations

import roguelike.bot as bot_mod
from roguelike.engine.actions import Wait
from roguelike.engine.game import Game
from roguelike.records.recorder import attach


def bot_game(seed: str = "e-1", actions: int = 120, budget: int | None = None,
             until_depth: int = 0, record: bool = True, game: Game | None = None) -> Game:
    """A bot game; `budget` overrides the bot's per-level budget (0 = head for the stairs)."""
    game = game or Game(seed)
    if record:
        attach(game)
    old = bot_mod.LEVEL_BUDGET
    if budget is not None:
        bot_mod.LEVEL_BUDGET = budget
    try:
        bot = bot_mod.Bot()
        sent = 0
        while sent < actions and not game.over and not (until_depth and
                                                        game.depth >= until_depth):
            before = game.actions_taken
            game.perform(bot.choose(game))
            if game.actions_taken == before:
                game.perform(Wait())
            sent += 1
    finally:
        bot_mod.LEVEL_BUDGET = old
    return game
