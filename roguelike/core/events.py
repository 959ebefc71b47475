"""Events: what the engine tells its watchers (the UI, a bot, a test) happened."""

from __future__ import annotations

from roguelike.core.lean_dataclass import dataclass


@dataclass(frozen=True, slots=True, init=False)
class Event:
    kind: str  # e.g. "move", "attack", "miss", "save", "wound", "disabled", "round", "turn"
    text: str = ""
    actor: int = 0
    target: int = 0
    x: int = -1
    y: int = -1
    roll: int = 0
    need: int = 0

    def __init__(self, kind: str, text: str = "", actor: int = 0, target: int = 0,
                 x: int = -1, y: int = -1, roll: int = 0, need: int = 0) -> None:
        # The generated __init__ of a frozen class sets each field by object.__setattr__;
        # the slots' own setters do the same a third faster (a replay makes ~20 a turn).
        s_kind, s_text, s_actor, s_target, s_x, s_y, s_roll, s_need = _SETTERS
        s_kind(self, kind)
        s_text(self, text)
        s_actor(self, actor)
        s_target(self, target)
        s_x(self, x)
        s_y(self, y)
        s_roll(self, roll)
        s_need(self, need)

    def __str__(self) -> str:
        return self.text


_SETTERS = tuple(getattr(Event, name).__set__ for name in Event.__slots__)
