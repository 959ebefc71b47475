"""Events: what the engine tells its watchers (the UI, a bot, a test) happened."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    kind: str  # e.g. "move", "attack", "miss", "save", "wound", "disabled", "round", "turn"
    text: str = ""
    actor: int = 0
    target: int = 0
    x: int = -1
    y: int = -1
    roll: int = 0
    need: int = 0

    def __str__(self) -> str:
        return self.text
