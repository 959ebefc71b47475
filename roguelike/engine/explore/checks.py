"""Traps & Treasure d6 checks on current attributes, with fatigue added to the target."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.engine.events import Event
from roguelike.engine.explore.components import Fatigue
from roguelike.engine.stats import attribute, name_of

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def fatigue_penalty(game: Game, eid: int) -> int:
    """Each fatigue level is -1 on d6 rolls, i.e. +1 to the target (RULES.md)."""
    fat = game.store.try_get(eid, Fatigue)
    return fat.level if fat else 0


def check(game: Game, eid: int, attr: str, what: str, need: int | None = None
          ) -> tuple[bool, Event]:
    """d6 >= the current attribute (or `need`), plus fatigue. The event explains the roll."""
    base = attribute(game.store, eid, attr) if need is None else need
    target = base + fatigue_penalty(game, eid)
    roll = game.streams.play.d(6)
    ok = roll >= target
    label = attr.capitalize() if need is None else "target"
    tired = f" +{target - base} fatigue" if target != base else ""
    text = (f"{name_of(game.store, eid)} {'succeeds' if ok else 'fails'} at {what} "
            f"(rolled {roll} vs {label} {base}{tired}).")
    return ok, Event("check", text, eid, roll=roll, need=target)
