"""Turns: the turn loop (turn_loop.py: rounds, the d6 initiative count, whose turn), the
initiative roll, the hooks it calls at each moment of a turn (fight_hooks.py,
explore_hooks.py, condition_turns.py), time and exploration turns (clock.py), and the
Game's mixins for who stands where (occupants.py) and what the party sees (party_sight.py).
"""
