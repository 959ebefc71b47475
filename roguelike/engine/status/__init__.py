"""Conditions and luck: what state a creature is in, and the rolls it makes.

The conditions (DungeonPunk's nineteen and Traps & Treasure's own), the d6 check every
roll of the fight goes through (checks.py; Combat to hit, Might and Wits saves), checks
with fatigue (fatigue_checks.py), luck spent 1:1 on a roll (luck.py, DungeonPunk 004) and
Classic saving throws (saves.py).
"""
