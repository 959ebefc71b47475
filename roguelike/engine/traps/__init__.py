"""Traps: profiles from content/traps, placed as entities, found, disarmed and sprung.

Modules: make (entities, index), placement (level stocking, seeds 000 and 001), trigger
(springing, resets), effects (the step primitives), hazards, confine, movement, area,
trap_actions (Search, Expose, Disarm, Struggle, Free), describe (look text, odds), chart (the
T&T trap chart, seed 003), level_rows (a level's traps as rows).
"""
