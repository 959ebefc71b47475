"""Exploring the dungeon: doors, light and time, markers, Pillagers, treasure, items, spells."""
