"""Levels: generation with tcod, tiles, paths and stocking."""
