"""The bot in a fight: whom to strike and with what, and when to step back.

A careful party leaves Pillagers be until one strikes at it (003: they fight only when
engaged), counterattacks the Jaws a trap springs on it (001: one counterattack ends them) but
never walks into the jaws of any other immobile foe (it is shot at from range, or left),
lets the Mage fight with Force Bolt and Confusion from a distance, throws Holy Water
at the undead and burning oil at the strong, and steps a delver a wound from going down out
of reach while a companion stands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.bot.journey import fuel_turns, light_scarce
from roguelike.core.components import Actor, MonsterStats, Position, TrapFigure
from roguelike.engine.actions.basic import Attack
from roguelike.engine.actions.fight_actions import RangedAttack
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.combat.shooting import can_shoot, ranged_reach
from roguelike.engine.creatures.inventory import carried, item_def_of
from roguelike.engine.game import Game
from roguelike.engine.helpers.fight_sense import (
    anyone_shoots,
    boxes_to_down,
    castable,
    helped,
    hits_left,
    immobile,
    spell_choice,
    step_back,
)
from roguelike.engine.items.item_use import UseItem, throw_refusal
from roguelike.engine.items.spells import known_spells

if TYPE_CHECKING:
    from roguelike.bot.player import Bot

OIL_HIT_DICE = 4  # burning oil is thrown only at foes this strong ...
OIL_KEPT = 1  # ... keeping this many flasks for the lantern


def undead(game: Game, foe: int) -> bool:
    stats = game.store.try_get(foe, MonsterStats)
    mon = game.content.monsters.get(stats.kind) if stats else None
    return mon is not None and "undead" in mon.abilities


def fight(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """The fighting delver's action, or None when no foe here needs fighting (the caller
    explores)."""
    store = game.store
    positions, actors = store.table(Position), store.table(Actor)
    foes = _foes(bot, game)
    if not foes:
        return None
    act = actors[eid]
    if act.actions_left <= 0:
        return _step_back(bot, game, eid, pos, foes) if act.move_points > 0 else None
    mobile = [f for f in foes if not immobile(game, f)]
    near = [f for f in mobile if chebyshev(positions[f], pos) <= 1]
    jaws = [f for f in foes if f not in mobile and chebyshev(positions[f], pos) <= 1]
    figure = next((f for f in jaws if store.has(f, TrapFigure)), None)
    if figure is not None:
        # (001: one counterattack ends a trap's figure, and disarms the trap if it wounds)
        return Attack(figure)
    mage = "force_bolt" in known_spells(game, eid)
    # (care.castable: the Mage stood bolting a regenerating foe in vain on a six alone)
    casts = mage and castable(game, eid)
    if jaws or (near and (mage or (boxes_to_down(game, eid) <= 1 and helped(game, eid)))):
        back = _step_back(bot, game, eid, pos, foes)
        if back is not None:
            return back
    heal = bot.heal(game, eid, pos, reach_only=True)
    if heal is not None:
        return heal
    if casts:
        spell = spell_choice(game, eid, pos, foes)
        if spell is not None:
            return spell
    thrown = _throw(bot, game, eid, pos, foes)
    if thrown is not None:
        return thrown
    if near:
        return Attack(min(near, key=lambda f: hits_left(game, f)))
    if ranged_reach(game, eid) > 0:
        # (can_shoot refuses every foe without a ranged weapon: asked only with one)
        shot = next((f for f in sorted(foes, key=lambda f: chebyshev(positions[f], pos))
                     if not can_shoot(game, eid, f)), None)
        if shot is not None:
            return RangedAttack(shot)
    if not mobile:
        if not anyone_shoots(game):
            # no one can reach it from afar: as a last resort, hand to hand
            adjacent = [f for f in foes if chebyshev(positions[f], pos) <= 1]
            if adjacent:
                return Attack(adjacent[0])
            return bot.towards(game, eid, pos, [positions[f].xy for f in foes], False)
        return None  # (let it be: explore on, around it)
    goals = [positions[f].xy for f in mobile]
    if mage:  # the Mage keeps out of reach: it only closes to see a foe to bolt
        return bot.towards(game, eid, pos, goals, False) \
            if min(chebyshev(positions[f], pos) for f in mobile) > 2 else None
    return bot.towards(game, eid, pos, goals, False)


def _foes(bot: Bot, game: Game) -> list[int]:
    """The hostiles in view the party fights: every one but a Pillager that has not struck
    at it (003: they fight only when engaged)."""
    actors = game.store.table(Actor)
    return [f for f in game.hostiles_in_view()
            if actors[f].side != "pillager" or f in bot.angry_pillagers]


def strike_back(bot: Bot, game: Game, eid: int, pos: Position) -> Action | None:
    """While a fight that walked a loop is set aside (guard.Guard): no closing in and no
    stepping back, but a foe next to the delver is still struck (a ban that left the party
    standing under a Rival Leader's blows lost whole games)."""
    store = game.store
    if store.get(eid, Actor).actions_left <= 0:
        return None
    positions = store.table(Position)
    near = [f for f in _foes(bot, game) if chebyshev(positions[f], pos) <= 1
            and (not immobile(game, f) or store.has(f, TrapFigure))]
    return Attack(min(near, key=lambda f: hits_left(game, f))) if near else None


def _step_back(bot: Bot, game: Game, eid: int, pos: Position, foes: list[int]
               ) -> Action | None:
    """A step to a free square no foe stands next to, when there is one."""
    positions = game.store.table(Position)
    return step_back(game, eid, pos, [positions[f] for f in foes])


def _throw(bot: Bot, game: Game, eid: int, pos: Position, foes: list[int]) -> Action | None:
    """Holy Water at an undead foe; burning oil at a strong one (a flask kept for the
    lantern, and none that the trip's light needs: a flask is 24 turns of the lantern's
    light, and there is no more light in the dungeon); never where the splash would reach
    a delver."""
    store = game.store
    positions = store.table(Position)
    water = bot.find(game, eid, "throw_fire", "holy_water")
    oil = bot.find(game, eid, "throw_fire", "oil_flask")
    if water is None and oil is None:
        return None
    flasks = sum(1 for i in carried(store, eid) if bot.kind_of(game, i) == "oil_flask")
    party = [store.get(m, Position) for m in game.party if m != eid]
    flask = water if water is not None else oil
    idef = item_def_of(game, flask) if flask is not None else None  # (both reach 10)
    for f in foes:
        fpos = positions[f]
        d = chebyshev(fpos, pos)
        if d < 2 or d > 6 or idef is None or throw_refusal(game, eid, idef, fpos.x, fpos.y) \
                or any(p.depth == fpos.depth and chebyshev(p, fpos) <= 1 for p in party):
            continue
        if water is not None and undead(game, f):
            return UseItem(water, fpos.x, fpos.y)
        stats = store.try_get(f, MonsterStats)
        if oil is not None and flasks > OIL_KEPT and stats is not None \
                and stats.hit_dice >= OIL_HIT_DICE and not undead(game, f) \
                and not light_scarce(game, 2 * fuel_turns(game, "oil_flask")):
            return UseItem(oil, fpos.x, fpos.y)
    return None
