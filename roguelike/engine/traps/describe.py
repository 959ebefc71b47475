"""What the UI shows about a trap: look text, disarm odds, whether it is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Trap
from roguelike.engine.traps.core import profile_of
from roguelike.engine.words import plural

if TYPE_CHECKING:
    from roguelike.engine.game import Game

STATE_WORDS = {"hidden": "hidden", "exposed": "armed", "armed": "armed (reset)",
               "disarmed": "disarmed", "sprung": "sprung"}


def state_words(game: Game, trap_eid: int) -> str:
    """The trap's state as the player should read it: a sprung trap says whether and when
    it re-arms ('sprung, re-arms in 3 rounds'; 'spent' when it never will)."""
    trap = game.store.get(trap_eid, Trap)
    if trap.state != "sprung":
        return STATE_WORDS.get(trap.state, trap.state)
    if trap.reset_round >= 0:
        left = max(0, trap.reset_round - game.round)
        return f"sprung, re-arms in {plural(left, 'round')}"
    return "spent: harmless now"


def _successes(need: int) -> int:
    """2d6 outcomes (of 36) reaching `need`."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= need)


def disarm_odds(game: Game, actor: int, trap_eid: int, slow: bool) -> tuple[int, int]:
    """Chance to disarm as (successes, 36); an unrolled "N+" value averages over its d6."""
    trap = game.store.get(trap_eid, Trap)
    profile = profile_of(game, trap_eid)
    stocking = game.content.trap_stocking
    bonus = stocking.mage_knight.disarm_slow_bonus if (slow and stocking) else 0
    if profile.disarm_variable and trap.disarm_value == 0:
        total = sum(_successes(profile.disarm_base + d - bonus) for d in range(1, 7))
        return ((total + 3) // 6, 36)
    value = trap.disarm_value or profile.disarm_base
    return (_successes(value - bonus), 36)


def describe_trap(game: Game, trap_eid: int) -> str:
    trap = game.store.get(trap_eid, Trap)
    profile = profile_of(game, trap_eid)
    where = "trap square" if trap.placement == "square" else "room trap"
    rank = f", Threat Rank {trap.rank}" if trap.rank else ""
    state = state_words(game, trap_eid)
    if trap.state == "disarmed" or state.startswith("spent"):
        # a trap that can do nothing more is not described by what it would do
        return f"{profile.name} ({where}{rank}; {state})."
    value = str(trap.disarm_value) if trap.disarm_value else profile.disarm
    return (f"{profile.name} ({where}{rank}; {state}; disarm {value}+ on 2d6). "
            f"{profile.text}")
