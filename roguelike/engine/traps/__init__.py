"""Traps: profiles from content/traps, placed as entities, found, disarmed and sprung.

Modules: make (entities, index), stock (level stocking), trigger (springing, resets),
effects (the step primitives), hazards, confine, movement, area, actions (Search, Expose,
Disarm, Struggle, Free), describe (look text, odds), chart (the T&T trap chart).
"""
