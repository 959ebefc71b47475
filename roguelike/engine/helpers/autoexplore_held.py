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
  (autoexplore.Explorer._rescue);
- a delver held fast by a lasting trap effect that stays until disarmed (the Monstrous
  Hand, 001:145): `o` asks once how to free it (a quick or slow disarm by a delver beside
  it whose Speed pays for one, or its own tries to break away) and keeps at the chosen way,
  rather than resting or walking on without it (playtest finding 6: ~190 rounds held).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from roguelike.core.components import Character, Hazard, Position, Trap
from roguelike.engine.actions.basic import Lead, Step, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import is_disabled, name_of, speed
from roguelike.engine.base.words import the_trap
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.game import Game
from roguelike.engine.helpers.travel import downhill, route_to
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.traps import confine
from roguelike.engine.traps.core import profile_of
from roguelike.engine.traps.describe import disarm_odds
from roguelike.engine.traps.hazards import breakaway_chance, hazards_at, until_disarmed


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


def holding_trap(game: Game, eid: int) -> int | None:
    """The trap whose lasting effect holds `eid` fast where it stands and stays until it is
    disarmed (the Monstrous Hand, 001:145), or None."""
    store = game.store
    pos = store.get(eid, Position)
    for hz in hazards_at(game, pos.depth, pos.xy):
        trap = store.get(hz, Hazard).trap
        if store.alive(trap) and store.has(trap, Trap) and hz in until_disarmed(game, trap) \
                and store.has(trap, Position) and breakaway_chance(game, eid) is not None:
            return trap
    return None


def held_fast_by_trap(game: Game) -> list[tuple[int, int]]:
    """(delver, trap) for each standing delver on this level held fast by a lasting trap
    effect it may break away from or have disarmed (the Monstrous Hand)."""
    store = game.store
    out = []
    for eid in game.party:
        pos = store.get(eid, Position)
        if pos.depth != game.depth or is_disabled(store, eid) or not can_act(game, eid) \
                or confine.top(game, eid) is not None or not move_blocked(game, eid, *pos.xy):
            continue
        trap = holding_trap(game, eid)
        if trap is not None:
            out.append((eid, trap))
    return out


def free_ways(game: Game, held: int, trap: int, workers: list[int]
              ) -> list[tuple[int, int, int, str]]:
    """The ways to free `held` from `trap` that the seeds allow and each delver's Speed can
    pay for (a disarm is paid from one Move, 001): (worker, slow, chance in 36, words) for
    each quick and slow disarm by `held` itself or a worker who knows the trap, the best
    odds first, then `held`'s own try to break away (worker `held`, slow -1)."""
    store = game.store
    mk = game.content.trap_stocking.mage_knight
    tpos = store.get(trap, Position)
    ways: list[tuple[int, int, int, str]] = []
    for eid in dict.fromkeys([held, *workers]):
        pos = store.get(eid, Position)
        if eid not in store.get(trap, Trap).known_by \
                or (max(abs(tpos.x - pos.x), abs(tpos.y - pos.y)) > 1 and eid == held):
            continue
        pace = speed(store, eid)
        for slow, cost in ((0, mk.disarm_quick_cost), (1, mk.disarm_slow_cost)):
            if pace < cost:
                continue  # (too slow: the disarm could never be paid for)
            chance, _of = disarm_odds(game, eid, trap, bool(slow))
            if chance > 0:
                how = "slowly" if slow else "quickly"
                ways.append((eid, slow, chance, f"{name_of(store, eid)}: disarm it {how} "
                             f"({cost} movement points; {chance} in 36)"))
    ways.sort(key=lambda w: (-w[2], w[1], w[0] != held))
    odds = breakaway_chance(game, held)
    if odds is not None:
        count, die = odds
        ways.append((held, -1, 0, f"{name_of(store, held)} tries to break away (each "
                     f"step: {count} in {die}), until free"))
    return ways


def a_trap_name(game: Game, trap: int) -> str:
    """'the Monstrous Hand trap': the trap as the log names it."""
    return the_trap(profile_of(game, trap).name)


def break_away_step(game: Game, eid: int) -> Step | None:
    """A step of held `eid` onto a free neighbouring square: its try to break away (a
    held delver's step is one, actions.Step); None when no square is free."""
    pos = game.store.get(eid, Position)
    level = game.level
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        x, y = pos.x + dx, pos.y + dy
        if level.in_bounds(x, y) and level.is_walkable(x, y) and game.creature_at(x, y) is None:
            return Step(dx, dy)
    return None
