"""Auto-explore's part for delvers held where they stand
(engine/helpers/autoexplore.py calls it).

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

from roguelike.core.components import Character, Position
from roguelike.engine.actions.basic import Lead, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import downhill, route_to
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.traps import confine


def hand_over(game: Game, eid: int, goals: list[tuple[int, int]],
              cost_for: Callable[[Game, int], np.ndarray]) -> Action | None:
    """With `eid` finding no step toward `goals` (a companion held fast in the way): hand
    over to the first companion held fast (a hold it may try to break away from) that has
    a step on toward them, each step a try to break away. It leads (no time), or in a
    fight the others wait for its turn. None when no held companion has a step on.

    (Handing over to any companion with a step on, for a delver cut off from the frontier,
    was tried: it split the party, leading one beside a companion down, and measured worse
    on explore_rate; see the report of issue 18 §2.)"""
    store = game.store
    for other in game.party:
        pos = store.get(other, Position)
        if other == eid or pos.depth != game.depth or not can_act(game, other) \
                or confine.top(game, other) is not None \
                or not move_blocked(game, other, *pos.xy):
            continue
        if downhill(game, other, route_to(game, goals, cost_for(game, other))) is None:
            continue
        if game.mode == "combat":
            return Wait()
        return Lead(store.get(other, Character).order)
    return None
