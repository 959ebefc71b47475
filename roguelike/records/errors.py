"""The error every save, journal and slot problem is raised as (its text is for the player)."""

from __future__ import annotations


class SaveError(Exception):
    """A save or journal that cannot be written or read; str() is a message for the player."""
