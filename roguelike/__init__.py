"""A terminal roguelike of Traps & Treasure: lead a party of three into the dungeon."""

__version__ = "0.1.0"
