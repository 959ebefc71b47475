"""The engine's base: what every rule stands on and nothing of the rules.

What an action is (action.py; every kind is listed in engine/rule_registry.py), a
creature's current attributes (stats.py), the messages' words (words.py), the kept answers
(kept.py), the options and seed strings (game_options.py, seeds.py), the luck pause
(luck_queue.py), the rule state record (rule_state.py) and the calls handed in by the game
(rule_calls.py). Imports no domain.
"""
