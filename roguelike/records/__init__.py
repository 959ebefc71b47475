"""Records: saves, replays, verification, morgue files and high scores.

A game is its seed, its party and its action list (`Game.history`). Everything here is
built on re-simulating that list through the engine, so a save, a replay and a claimed
score all prove themselves, and a game in play is kept safe by appending each action to
its journal as it is taken (journal.py, live.py; what a save slot holds: save.py). The
engine never imports this package; it only offers the `on_action` and `on_level_change`
watcher lists that records hooks into.
"""
