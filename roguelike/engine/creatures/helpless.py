"""Delvers who cannot act: the lead passes to one who can, time runs on while none can, and
a party that can never act again has lost.

A delver *can act* when it stands (not Disabled) on the level played and no condition takes
its turns away (Petrified, Asleep, Unconscious, Surprised: the `no_turn` conditions). It is
*lost* when it is down (Disabled, Knocked Out included, as the whole-party-down rule has
always counted) or held by a turn-taking condition that nothing in the game can end: no
rounds left to run, no save, no wound to wake it (Petrified: the game has no cure).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.content.fight_tables import ConditionDef
from roguelike.core.components import Conditions, Disabled, Position
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import the_name

if TYPE_CHECKING:
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game


def _turn_takers(game: StoreAndContent, eid: int) -> list[tuple[ConditionDef, int]]:
    """(condition, rounds left) of each active condition that takes `eid`'s turns."""
    conds = game.store.peek(Conditions).get(eid)
    if conds is None or not conds.active:
        return []
    defs = game.content.fight.conditions
    return [(defs[cid], left) for cid, left in conds.active.items() if defs[cid].play.no_turn]


def can_act(game: Game, eid: int) -> bool:
    """Whether the delver takes its turns now (see the module's docstring)."""
    store = game.store  # (asked for each delver every round)
    pos = store.peek(Position).get(eid)
    if pos is None or pos.depth != game.depth or eid in store.peek(Disabled):
        return False
    conds = store.peek(Conditions).get(eid)
    return conds is None or not conds.active or not _turn_takers(game, eid)


def _runs_out(cond: ConditionDef, left: int) -> bool:
    """Whether the condition ends by itself in time: rounds left, an end-of-turn save, the
    end of its next turn (a Knocked Out delver's clock: it gets up by itself)."""
    play = cond.play
    return left > 0 or bool(play.turn_end_save) or play.end_of_next_turn


def lost(game: Game, eid: int) -> bool:
    """Down, or held for good by a condition that takes its turns (see the docstring): one
    that neither runs out nor ends when a wound wakes the bearer."""
    if eid in game.store.peek(Disabled):
        return True
    return any(not (_runs_out(cond, left) or cond.play.wake_on_wound)
               for cond, left in _turn_takers(game, eid))


def party_lost(game: Game) -> bool:
    return all(lost(game, e) for e in game.party)


def lead_to_one_who_can_act(game: Game, able: list[int] | None = None) -> list[Event]:
    """The led delver cannot act: the lead passes to the first in marching order who can
    (Disabled ones never lead; if nobody can act the lead stays, or goes to one standing).
    `able`: the delvers who can act, when the caller knows them."""
    if able is None:
        able = [e for e in game.party if can_act(game, e)]
    if game.led in able:
        return []
    standing = [e for e in game.party if e not in game.store.peek(Disabled)]
    new = able[0] if able else game.led if game.led in standing else \
        standing[0] if standing else game.led
    if new == game.led:
        return []
    old, game.led = game.led, new
    why = ", ".join(c.name for c, _left in _turn_takers(game, old)) or "down"
    return [Event("lead", f"{name_of(game.store, old)} cannot act ({why}): you now lead "
                  f"{the_name(game, new)}.", new)]


def new_round(game: Game) -> list[Event]:
    """At the start of each round, once the conditions have ticked: out of combat a led
    delver who cannot act hands the lead on; while no delver can act time runs on (foes act,
    conditions run out) and only the rounds in which nothing that holds the party can end
    by itself count towards the helpless limit; a party that can never act again, or that
    lies helpless past the limit, has lost."""
    store = game.store
    disabled, conditions = store.peek(Disabled), store.peek(Conditions)
    for e in game.party:  # (every round: the usual case, nobody down nor under a condition)
        if e in disabled:
            break
        conds = conditions.get(e)
        if conds is not None and conds.active:
            break
    else:
        game.stuck_rounds = 0  # (all can act: a delver not down stands on the level played)
        return []
    able = [e for e in game.party if can_act(game, e)]
    if able:
        game.stuck_rounds = 0
        if game.mode == "explore" and game.led not in able:
            return lead_to_one_who_can_act(game, able)
        return []
    if party_lost(game):
        return game.defeat("Nobody in the party can ever act again. The delve is over.")
    positions = game.store.peek(Position)
    here = [e for e in game.party if e in positions and positions[e].depth == game.depth]
    if any(_runs_out(cond, left) for e in here for cond, left in _turn_takers(game, e)):
        game.stuck_rounds = 0  # (a clock runs: the party will stir by itself)
        return []
    game.stuck_rounds += 1  # (only a foe's wound could wake it now)
    if game.stuck_rounds <= game.content.rules.helpless_rounds:
        return []
    return game.defeat(f"The party has lain helpless for {game.stuck_rounds - 1} rounds and "
                       "nothing came to wake it. The delve is over.")
