"""Status conditions on creatures: add, query, remove, and the once-a-round countdown.

Minimal version written with the traps issue; the conditions issue owns the fuller one.
Rounds -1 means the condition lasts until its own end condition removes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.engine.components import Conditions
from roguelike.engine.events import Event
from roguelike.engine.stats import name_of

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def _conditions(game: Game, eid: int) -> Conditions:
    conds = game.store.try_get(eid, Conditions)
    if conds is None:
        conds = Conditions()
        game.store.add(eid, conds)
    return conds


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    conds = _conditions(game, eid)
    old = conds.active.get(cond_id)
    # a longer (or lasting) duration replaces a shorter one; conditions do not stack
    if old is not None and (old == -1 or (rounds != -1 and old >= rounds)):
        return []
    conds.active[cond_id] = rounds
    how = "until it ends" if rounds == -1 else f"for {rounds} round{'s' * (rounds != 1)}"
    by = f" ({source})" if source else ""
    return [Event("condition", f"{name_of(game.store, eid)} is {cond_id} {how}{by}.", eid)]


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    conds = game.store.try_get(eid, Conditions)
    return conds is not None and cond_id in conds.active


def remove_condition(game: Game, eid: int, cond_id: str) -> list[Event]:
    conds = game.store.try_get(eid, Conditions)
    if conds is None or cond_id not in conds.active:
        return []
    del conds.active[cond_id]
    return [Event("condition_end", f"{name_of(game.store, eid)} is no longer {cond_id}.", eid)]


def tick_conditions(game: Game) -> list[Event]:
    """Once a round: timed conditions count down and end at zero."""
    events: list[Event] = []
    for eid, conds in list(game.store.query(Conditions)):
        for cond_id in sorted(conds.active):
            left = conds.active[cond_id]
            if left == -1:
                continue
            if left <= 1:
                events += remove_condition(game, eid, cond_id)
            else:
                conds.active[cond_id] = left - 1
    return events
