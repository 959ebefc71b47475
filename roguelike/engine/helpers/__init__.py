"""The player's helpers, on a whole game: auto-explore, travel and its targets, auto-fight
and the fight round, the judgement they share with the bot (fight_sense.py), what
interrupts a run (watch.py) and what a character can do to the square beside it
(interact.py).
"""
