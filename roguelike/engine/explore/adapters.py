"""Where exploration calls into the other rule areas: conditions, healing, experience,
traps and pursuit. One place, imported lazily, so those modules may import exploration."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.events import Event

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    from roguelike.engine import conditions

    return conditions.add_condition(game, eid, cond_id, rounds, source=source)


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    from roguelike.engine import conditions

    return conditions.has_condition(game, eid, cond_id)


def heal_box(game: Game, eid: int, location_id: str) -> list[Event]:
    from roguelike.engine import healing

    return healing.heal_box(game, eid, location_id)


def award_xp(game: Game, eid: int, amount: int, reason: str) -> list[Event]:
    from roguelike.engine import experience

    return experience.award_xp(game, eid, amount, reason)


def on_treasure_dropped(game: Game, dropper: int, x: int, y: int) -> list[Event]:
    """Pursuers may stop for dropped treasure (Classic pursuit rule, issue 3)."""
    from roguelike.engine import morale

    return morale.on_treasure_dropped(game, x, y)


def spring_tt_trap(game: Game, victim: int, x: int, y: int, roll: int) -> list[Event]:
    from roguelike.engine import traps

    return traps.spring_tt_trap(game, victim, x, y, roll=roll)
