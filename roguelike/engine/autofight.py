"""Auto-fight (DCSS's Tab; here `F`): one action of a plain fight for the delver to act.

It attacks the nearest foe in reach (melee, or the ranged weapon when no foe is next to it),
or else takes a step toward the nearest foe it can reach over known ground; first it gets up
from Prone or picks up a knocked-away weapon. It refuses when the delver is badly hurt: a
Head or Torso with one box left (watch.low_health, the same line that stops a run), where
one more wound there disables it and the player should choose.
"""

from __future__ import annotations

from roguelike.core.components import Conditions, Position
from roguelike.engine.action_base import Action
from roguelike.engine.actions import Attack, Step
from roguelike.engine.checks import fight_state
from roguelike.engine.fight_actions import GetUp, RangedAttack, RecoverWeapon
from roguelike.engine.game import Game
from roguelike.engine.shooting import can_shoot
from roguelike.engine.stats import chebyshev, is_disabled, name_of
from roguelike.engine.travel import downhill, travel_cost, whole_action
from roguelike.engine.watch import low_health
from roguelike.world.paths import distance_map


def badly_hurt(game: Game, eid: int) -> str:
    """Why auto-fight will not fight for `eid`, or ''."""
    loc = low_health(game, eid)
    if loc is None:
        return ""
    return (f"{name_of(game.store, eid)} is badly hurt ({loc} has one box left): fight by "
            "hand, or get away.")


def foes_in_view(game: Game) -> list[int]:
    """Standing foes the party sees, nearest first is the caller's to sort."""
    return [e for e in game.hostiles_in_view() if not is_disabled(game.store, e)]


def fight_step(game: Game, eid: int, careful: bool = True) -> Action | str:
    """The next action of a plain fight for `eid`, or why there is none. `careful` False
    fights on however hurt (the auto-explore harness's stand-in for the player)."""
    if careful:
        hurt = badly_hurt(game, eid)
        if hurt:
            return hurt
    store = game.store
    foes = foes_in_view(game)
    if not foes:
        return "No foe in view."
    conds = store.try_get(eid, Conditions)
    if conds is not None and "prone" in conds.active:
        return whole_action(game, eid, GetUp())
    if fight_state(game, eid).disarmed:
        return whole_action(game, eid, RecoverWeapon())
    here = store.get(eid, Position)
    reach = game.content.rules.melee_reach
    by_distance = sorted(foes, key=lambda f: (chebyshev(store.get(f, Position), here), f))
    for foe in by_distance:
        if chebyshev(store.get(foe, Position), here) <= reach:
            return whole_action(game, eid, Attack(foe))
    for foe in by_distance:
        if not can_shoot(game, eid, foe):
            return whole_action(game, eid, RangedAttack(foe))
    step = _toward(game, eid, [store.get(f, Position).xy for f in by_distance])
    if step is None:
        return f"No way to reach {name_of(store, by_distance[0])}."
    return step


def _toward(game: Game, eid: int, squares: list[tuple[int, int]]) -> Step | None:
    """A step toward the nearest of the foes at `squares`, over known ground, round the
    other creatures (companions swap places, so they do not block)."""
    cost = travel_cost(game)
    for other, pos in game.level_foes():
        if other != eid:
            cost[pos.y, pos.x] = 0
    for x, y in squares:
        cost[y, x] = max(1, int(cost[y, x]))
    return downhill(game, eid, distance_map(cost, squares))
