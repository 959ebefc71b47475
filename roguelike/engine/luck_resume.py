"""The registry of what finishes a roll bought with luck (engine/luck.py), apart from the
luck rules so that any rule module can register its resumer without importing them.

A resumer gets the integer arguments kept in PendingLuck.args and whether the roll now
succeeds (luck spent) or still fails (KeepRoll, or too little spent)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roguelike.core.events import Event
    from roguelike.engine.game import Game

Resumer = Callable[["Game", list[int], bool], list["Event"]]
RESUMERS: dict[str, Resumer] = {}


def resumer(name: str) -> Callable[[Resumer], Resumer]:
    def register(fn: Resumer) -> Resumer:
        RESUMERS[name] = fn
        return fn
    return register
