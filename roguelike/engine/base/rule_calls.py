"""Where exploration calls into the other rule areas: conditions, healing, experience,
traps and pursuit. Those areas import exploration, so exploration does not import them:
the game hands their functions in (`RuleCalls`, made once in engine/game.py, the
composition root), and the functions below call through it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass

if TYPE_CHECKING:
    from roguelike.engine.game import Game


@dataclass(frozen=True, slots=True)
class RuleCalls:
    """The other rule areas' functions exploration calls (Game.rule_calls)."""

    add_condition: Callable[[Game, int, str, int, str], list[Event]]  # conditions
    has_condition: Callable[[Game, int, str], bool]  # conditions
    heal_box: Callable[[Game, int, str], list[Event]]  # healing
    award_xp: Callable[[Game, int, int, str], list[Event]]  # experience
    treasure_dropped: Callable[[Game, int, int], list[Event]]  # morale: pursuit
    spring_tt_trap: Callable[[Game, int, int, int, int], list[Event]]  # traps


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    return game.rule_calls.add_condition(game, eid, cond_id, rounds, source)


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    return game.rule_calls.has_condition(game, eid, cond_id)


def heal_box(game: Game, eid: int, location_id: str) -> list[Event]:
    return game.rule_calls.heal_box(game, eid, location_id)


def award_xp(game: Game, eid: int, amount: int, reason: str) -> list[Event]:
    return game.rule_calls.award_xp(game, eid, amount, reason)


def on_treasure_dropped(game: Game, dropper: int, x: int, y: int) -> list[Event]:
    """Pursuers may stop for dropped treasure (Classic pursuit rule, issue 3)."""
    return game.rule_calls.treasure_dropped(game, x, y)


def spring_tt_trap(game: Game, victim: int, x: int, y: int, roll: int) -> list[Event]:
    return game.rule_calls.spring_tt_trap(game, victim, x, y, roll)
