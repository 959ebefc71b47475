"""The headless, deterministic game engine. Nothing here imports the UI.

One folder per part of the game, lowest first: base, status (conditions and luck),
creatures, doors, light, rest, combat, traps, routing, actions, monsters, markers, items,
levels, turns; the game itself (game.py, state.py, scenario.py) here; the player's helpers
on top. Each folder's face says what it owns; tests/test_layers.py holds the order.
"""
