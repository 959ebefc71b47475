"""ROGUELIKE_CHECK_KEPT's hold on a rest's quiet turns (turn_loop.quiet_turns).

A rest's round whose turns are the resting party's, which start with no action, and
Pillagers kept from their way, each waiting again on a decision that still holds
(pillagers.waits_again), is settled without the turn loop: every Pillager's turn start and
Wait written in place, the view looked at once. Under the check, the round's turns are
also run by the full loop on a twin of the game (its rule state copied, its kept answers
none, so every decision is made afresh), as far as the quiet ones went, and the two must
leave the same state digest and the same events, else StaleAnswer.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING

from roguelike.core.events import Event
from roguelike.engine.base.kept import Kept, declare

if TYPE_CHECKING:
    from roguelike.engine.game import Game

QUIET = declare("quiet_turns", __name__, ("moves", "doors", "tiles", "traps", "depths",
                                          "entities", "level", "rows"), why=(
    "a rest's round settled without the turn loop: its quiet turns stand for the loop's "
    "own, which a Pillager's decision changed (pillagers.WAITS's kinds), a condition at a "
    "turn's start or end, or anything the view looks at would make stale"))

Settle = Callable[["Game"], tuple[bool, list[Event]]]


def settled(game: Game, quiet: Settle, full: Callable[[Game, Game], list[Event]]
            ) -> tuple[bool, list[Event]]:
    """`quiet(game)` (whether it settled any turn, and their events); under the check
    also `full(twin, game)`, the loop's own turns on a twin made before, held to it."""
    if not game.kept.check:
        return quiet(game)
    twin = make_twin(game)
    done, events = quiet(game)
    if done:
        fresh = full(twin, game)
        QUIET.check(game, (game.state_hash(), events), (twin.state_hash(), fresh))
    return done, events


def make_twin(game: Game) -> Game:
    """A copy of `game` to play on: its rule state and everything made from it copied
    (one copy of each, so the game's own references to the store, levels and party stay
    the state's), its content shared, its kept answers none (every answer made afresh,
    none held to a check), and no log, history or watchers."""
    keep: dict[int, object] = {id(game.content): game.content,
                               id(game.kept): Kept(check=False)}
    for fresh in (game.log, game.history, game.bankings, game.on_action,
                  game.on_level_change):
        keep[id(fresh)] = []
    return copy.deepcopy(game, keep)
