"""Auto-explore's part for delvers held where they stand (engine/autoexplore.py calls it).

Two cases that stopped `o` for good before (issue 18 §2):
- a delver held fast by a hold it may break away from (Mage Knight's Monstrous Hand: "break
  away only on a 6"): the rest of the party routes round a held companion
  (travel.travel_cost shuts its square) instead of trying to swap places with it, which the
  game refuses; a held delver's own step on is a try to break away (actions.Step), and when
  a held companion stands in the only way on, `o` leads it (no time) so its steps on are
  tried, one after the other, until it is free;
- a delver caught by a trap (a cage) that no free delver can reach over known ground (the
  others shut out by a sealed door): `o` does not stop at "nobody here can help" but explores
  on with a free delver, looking for the way round, and frees the captive once it is found
  (autoexplore.Explorer._rescue).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from roguelike.engine.actions import Action, Lead, Wait
from roguelike.engine.components import Character, Position
from roguelike.engine.conditions import move_blocked
from roguelike.engine.game import Game
from roguelike.engine.stats import is_disabled
from roguelike.engine.traps import confine
from roguelike.engine.traps.hazards import breakaway_chance
from roguelike.engine.travel import downhill, route_to


def held_fast(game: Game) -> list[int]:
    """Standing delvers on this level that a hold keeps in place but lets break away."""
    store = game.store
    out = []
    for eid in game.party:
        pos = store.get(eid, Position)
        if pos.depth != game.depth or is_disabled(store, eid) \
                or confine.top(game, eid) is not None:
            continue
        if move_blocked(game, eid, *pos.xy) and breakaway_chance(game, eid) is not None:
            out.append(eid)
    return out


def break_out(game: Game, eid: int, goals: list[tuple[int, int]],
              cost_for: Callable[[Game, int], np.ndarray]) -> Action | None:
    """With `eid` finding no step toward `goals`: hand over to a companion held fast that
    has a step on toward them (each a try to break away): it leads (no time), or in a fight
    the others wait for its turn. None when no held companion has a step on."""
    for held in held_fast(game):
        if held == eid:
            continue
        if downhill(game, held, route_to(game, goals, cost_for(game, held))) is None:
            continue
        if game.mode == "combat":
            return Wait()
        return Lead(game.store.get(held, Character).order)
    return None
