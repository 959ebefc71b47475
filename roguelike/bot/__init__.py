"""A bot that plays through the same actions a player sends (the benchmarks, the `sim`
command, the balance report, recorded games in the tests).

player.py decides each action (Bot, play, bot_game); routes.py keeps the maps it walks by.
"""
