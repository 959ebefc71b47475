"""A bot that plays through the same actions a player sends (the benchmarks, the `sim`
command, the balance report, recorded games in the tests).

player.py decides each action; routes.py keeps the maps it walks by.
"""

from roguelike.bot.player import LEVEL_BUDGET, Bot, bot_game, play

__all__ = ["LEVEL_BUDGET", "Bot", "bot_game", "play"]
