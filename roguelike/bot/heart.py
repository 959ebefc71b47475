"""The bot and the Heart of the Deep once a delver carries it: a bearer who cannot act
(turned to stone, asleep, down) has the Heart taken off them by the companion the bot
leads, who walks over to them and then carries it homeward (engine Take, RULES.md "Taking
from a helpless companion"). A party whose Heart-bearer was turned to stone on depth 11
climbed out without it (seed s23-c-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.bot.journey import fuel_turns, loads
from roguelike.bot.moves import STEPS, towards
from roguelike.bot.routes import hazard_squares
from roguelike.core.components import Actor, Position
from roguelike.engine.actions.basic import Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev, is_disabled
from roguelike.engine.creatures.helpless import can_act, lost
from roguelike.engine.creatures.inventory import Take, carried, item_def_of
from roguelike.engine.game import Game
from roguelike.engine.status.conditions import plays

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

KEEPS = ("heal_box", "light")  # what else is taken off a bearer who is down or stone
# (salves, torches; and fuel for the lights): the party needs them on the way out


def bearer(bot: Bot, game: Game) -> int | None:
    """The delver who carries the Heart (journey.loads: kept while nothing changes)."""
    for member, (_worth, heart) in zip(game.party, loads(bot, game), strict=True):
        if heart:
            return member
    return None


def take_heart(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """The Heart's bearer on this level cannot act: `eid` goes beside them and takes it
    (out of a fight; in one only from a bearer lost for good, as nothing else will end
    it). None when the Heart needs no taking, or `eid` finds no way to the bearer."""
    holder = bearer(bot, game)
    if holder is None or holder == eid or not _helpless(game, holder):
        return None
    store = game.store
    hpos = store.get(holder, Position)
    if hpos.depth != game.depth or (game.mode != "explore" and not lost(game, holder)):
        return None
    if chebyshev(hpos, pos) <= 1:
        if store.get(eid, Actor).actions_left <= 0:
            return Wait()  # (the move took the turn's actions: the taking is the next one)
        return Take(holder, ",".join(map(str, _to_take(game, holder))))
    hazards = hazard_squares(game)
    goals = [(hpos.x + dx, hpos.y + dy) for dx, dy in STEPS
             if game.level.is_walkable(hpos.x + dx, hpos.y + dy)
             and (hpos.x + dx, hpos.y + dy) not in hazards]
    return towards(bot, game, eid, pos, goals, False)


def _helpless(game: Game, holder: int) -> bool:
    """Cannot act (helpless.can_act), and not merely for the pause of a rest (Resting, a
    quiet condition: it ends with the rest, and the Heart was taken off a resting Warrior
    for nothing, seed s24-a-3)."""
    if can_act(game, holder):
        return False
    return is_disabled(game.store, holder) or any(p.no_turn and not p.quiet
                                                  for p in plays(game, holder))


def _to_take(game: Game, holder: int) -> list[int]:
    """The Heart, and from a bearer down or turned to stone (helpless.lost) the salves,
    lights and fuel too, in the one action: the party may have to go on without them."""
    goal = game.content.explore.goal_item
    keep_all = lost(game, holder)
    out = []
    for item in carried(game.store, holder):
        idef = item_def_of(game, item)
        if idef is not None and (idef.id == goal or (keep_all and (
                idef.effect in KEEPS or fuel_turns(game, idef.id) > 0))):
            out.append(item)
    return out
