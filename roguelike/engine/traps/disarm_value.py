"""A trap's disarm number: fixed, or "N+" rolled once (N + 1d6) and kept (Mage Knight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Trap
from roguelike.core.dice import parse

if TYPE_CHECKING:
    from roguelike.core.rng import Streams
    from roguelike.engine.game import Game


def disarm_value(game: Game, trap_eid: int) -> int:
    trap = game.store.get(trap_eid, Trap)
    profile = game.content.traps[trap.profile]
    if not profile.disarm_variable:
        return profile.disarm_base
    if trap.disarm_value == 0:
        stocking = game.content.trap_stocking
        die = parse(stocking.mage_knight.variable_disarm_die if stocking else "1d6")
        trap.disarm_value = profile.disarm_base + die.roll(game.streams.play)
    return trap.disarm_value


def roll_2d6(streams: Streams) -> int:
    return streams.play.d(6) + streams.play.d(6)
