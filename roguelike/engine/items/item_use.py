"""Using items: lights, Healing Salve, the Crystal Ball, and thrown burning oil or holy water.

Which rule an item follows is its `effect` in content/items.toml.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.content.explore import ItemDef
from roguelike.core.components import Character, MonsterStats, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import LightSource, Marker
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import attribute, chebyshev, name_of
from roguelike.engine.base.words import a_an, plural
from roguelike.engine.combat.attack import wound
from roguelike.engine.creatures.inventory import carried, item_def_of, may_use, unstow
from roguelike.engine.light.lighting import light_up
from roguelike.engine.markers.event_markers import resolve
from roguelike.engine.status.fatigue_checks import check_or_offer
from roguelike.engine.status.saves import saving_throw
from roguelike.world.sight import clear_line

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasContent, StoreAndContent
    from roguelike.engine.game import Game

# Classic misses land in a 1d12 clock direction: offsets per hour, in half-squares.
CLOCK = [(0, -2), (1, -2), (2, -1), (2, 0), (2, 1), (1, 2), (0, 2), (-1, 2), (-2, 1),
         (-2, 0), (-2, -1), (-1, -2)]


@dataclass(frozen=True)
class UseItem(Action):
    """Use a carried item. x, y: the target square (thrown flasks, Crystal Ball, salve on a
    companion); option: the hit location a Healing Salve heals."""

    kind: ClassVar[str] = "use_item"
    item: int
    x: int = -1
    y: int = -1
    option: str = ""

    def perform(self, game: Game, actor: int) -> Result:
        if self.item not in carried(game.store, actor):
            return fail("You are not carrying that.")
        idef = item_def_of(game, self.item)
        if idef is None:
            return fail("That cannot be used.")
        if not may_use(game, actor, self.item):
            return fail(f"Only {a_an(' or '.join(c.capitalize() for c in idef.classes))} can use "
                        f"the {idef.name}.")
        handler = _HANDLERS.get(idef.effect)
        if handler is None:
            return fail(f"The {idef.name} is not used that way.")
        return handler(self, game, actor, idef)


def _consume(game: Game, actor: int, item: int) -> None:
    unstow(game, actor, item)
    game.store.destroy(item)


def _use_light(use: UseItem, game: Game, actor: int, idef: ItemDef) -> Result:
    if game.store.has(actor, LightSource):
        return fail("You already carry a lit light.")
    ldef = game.content.explore.lights[idef.light]
    fuel = None
    if ldef.fuel_item:
        fuel = next((i for i in carried(game.store, actor)
                     if (d := item_def_of(game, i)) is not None and d.id == ldef.fuel_item),
                    None)
        if fuel is None:
            return fail(f"The {idef.name} needs "
                        f"{a_an(game.content.explore.items[ldef.fuel_item].name)}.")
    blocked = spend_action(game, actor)
    if blocked:
        return blocked
    if fuel is not None:
        _consume(game, actor, fuel)
    if idef.consumable:
        _consume(game, actor, use.item)
    return done(light_up(game, actor, ldef.id))


def _target_character(game: Game, actor: int, x: int, y: int, reach: int) -> int | Result:
    if x < 0:
        return actor
    here = game.store.get(actor, Position)
    if max(abs(x - here.x), abs(y - here.y)) > reach:
        return fail("Too far away.")
    who = game.creature_at(x, y)
    if who is None or not game.store.has(who, Character):
        return fail("There is no character there.")
    return who


def _use_salve(use: UseItem, game: Game, actor: int, idef: ItemDef) -> Result:
    who = _target_character(game, actor, use.x, use.y, max(1, idef.range))
    if isinstance(who, Result):
        return who
    locs = {loc.id for loc in game.content.classes[
        game.store.get(who, Character).klass].locations}
    if use.option not in locs:
        return fail(f"Choose the location to heal: {', '.join(sorted(locs))}.")
    blocked = spend_action(game, actor)
    if blocked:
        return blocked
    _consume(game, actor, use.item)
    return done(Event("item", f"{name_of(game.store, actor)} uses {a_an(idef.name)}.", actor),
                *adapters.heal_box(game, who, use.option))


def _use_crystal_ball(use: UseItem, game: Game, actor: int, idef: ItemDef) -> Result:
    store = game.store
    here = store.get(actor, Position)
    marker = next((e for e, _m, p in store.query(Marker, Position)
                   if p.depth == here.depth and p.x == use.x and p.y == use.y), None)
    if marker is None:
        return fail("Point the Crystal Ball at an event marker.")
    if chebyshev(store.get(marker, Position), here) > idef.range:
        return fail(f"The Crystal Ball reaches {plural(idef.range, 'square')}.")
    if store.get(marker, Marker).state != "unchecked":
        return fail("That marker has already been checked.")
    blocked = spend_action(game, actor)
    if blocked:
        return blocked
    ok, events = check_or_offer(game, actor, "wits", "reading the Crystal Ball",
                                "crystal_ball", [actor, marker])
    return done(*events, *([] if ok is None else resume_crystal_ball(game, [actor, marker], ok)))


def resume_crystal_ball(game: Game, args: list[int], ok: bool) -> list[Event]:
    actor, marker = args
    if not ok:  # T&T: failed Crystal Ball checks are ignored
        return [Event("item", "The Crystal Ball stays cloudy.", actor)]
    if not game.store.alive(marker):
        return []
    return resolve(game, marker, actor, True, remote=True)


def throw_refusal(game: Game, actor: int, idef: ItemDef, x: int, y: int) -> str:
    """Why a throw of `idef` at (x, y) would be refused; '' when it flies (the targeting
    view asks it before the throw)."""
    reach = throw_reach(game, idef)
    here = game.store.get(actor, Position)
    dist = max(abs(x - here.x), abs(y - here.y))
    if x < 0 or dist > reach or dist == 0:
        return f"Throw it at a square within {reach}."
    if not game.visible[y, x] or not clear_line(game.transparency(), here.xy, (x, y)):
        return "You cannot see a clear throw there."
    return ""


def thrown_at(game: Game, idef: ItemDef, x: int, y: int) -> list[int]:
    """Whom a throw landing on (x, y) would harm: the creature there and everyone within
    the splash's square of it whom the item harms (Holy Water harms the undead alone)."""
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            who = game.creature_at(x + dx, y + dy)
            if who is not None and game.store.alive(who) and _harmed(game, who, idef):
                out.append(who)
    return out


def _use_throw(use: UseItem, game: Game, actor: int, idef: ItemDef) -> Result:
    refused = throw_refusal(game, actor, idef, use.x, use.y)
    if refused:
        return fail(refused)
    here = game.store.get(actor, Position)
    dist = max(abs(use.x - here.x), abs(use.y - here.y))
    blocked = spend_action(game, actor)
    if blocked:
        return blocked
    _consume(game, actor, use.item)
    return done(*throw_fire(game, actor, idef, use.x, use.y, dist))


def throw_fire(game: Game, actor: int, idef: ItemDef, x: int, y: int, dist: int
               ) -> list[Event]:
    """Classic burning oil on the T&T d6: a hit on current Combat is a direct hit, a miss by
    1-2 still splashes, a 1 sets the thrower alight, any other miss lands astray."""
    rng = game.streams.play
    need = attribute(game.store, actor, "combat")
    roll = rng.d(6)
    name = name_of(game.store, actor)
    events = [Event("throw", f"{name} throws the {idef.name} (rolled {roll} vs Combat "
                    f"{need}).", actor, x=x, y=y, roll=roll, need=need)]
    if roll == 1:
        events.append(Event("throw", f"{name} is splashed with fire!", actor))
        return events + _direct(game, actor, idef)
    target = game.creature_at(x, y)
    if roll >= need:
        if target is not None:
            events += _direct(game, target, idef)
        return events + _splash(game, idef, x, y, skip=target)
    if roll >= need - 2:
        events.append(Event("throw", "A near miss: it splashes.", actor))
        return events + _splash(game, idef, x, y)
    band = game.content.explore.missiles[idef.missile]
    count = 1 if dist <= band.short_squares else 2 if dist <= band.medium_squares else 5
    feet = sum(rng.d(10) for _ in range(count))  # Classic: 1d10 / 2d10 / 5d10 feet off
    hour = rng.d(12)
    squares = (feet + 4) // 5
    ox, oy = CLOCK[hour % 12]
    lx, ly = x, y
    for step in range(1, squares + 1):
        nx, ny = x + ox * step // 2, y + oy * step // 2
        if not game.level.is_walkable(nx, ny):
            break
        lx, ly = nx, ny
    events.append(Event("throw", f"It misses and lands {feet} feet off at {hour} o'clock.",
                        actor, x=lx, y=ly))
    return events + _splash(game, idef, lx, ly)


def _harmed(game: StoreAndContent, eid: int, idef: ItemDef) -> bool:
    if not idef.harms:
        return True
    stats = game.store.try_get(eid, MonsterStats)
    mon = game.content.monsters.get(stats.kind) if stats else None
    return mon is not None and idef.harms in mon.abilities


def _direct(game: Game, eid: int, idef: ItemDef) -> list[Event]:
    """1d8 hit points now (every 4 is a Hit, RULES.md) and burning for another round."""
    if not _harmed(game, eid, idef):
        return [Event("throw", f"It does not harm {name_of(game.store, eid)}.", eid)]
    hp = game.streams.play.d(8)
    hits = (hp + 3) // 4
    events = [Event("throw", f"{name_of(game.store, eid)} is hit directly: {hp} damage = "
                    f"{plural(hits, 'Hit')}.", eid, roll=hp)]
    events += wound(game, eid, boxes=hits, source=idef.name)
    if game.store.alive(eid):
        events += adapters.add_condition(game, eid, "burning", 1, idef.id)
    return events


def _splash(game: Game, idef: ItemDef, x: int, y: int, skip: int | None = None
            ) -> list[Event]:
    """Everyone within 1 square saves on Might (Classic: vs Blast) or takes 1 Hit (1d3)."""
    events: list[Event] = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            who = game.creature_at(x + dx, y + dy)
            if who is None or who == skip or not game.store.alive(who) \
                    or not _harmed(game, who, idef):
                continue
            ok, evs = saving_throw(game, who, "might")
            events += evs
            if not ok:
                events += wound(game, who, boxes=1, source=idef.name)
    return events


_HANDLERS = {
    "light": _use_light,
    "heal_box": _use_salve,
    "crystal_ball": _use_crystal_ball,
    "throw_fire": _use_throw,
}
# What a use of each effect is aimed at, for the UI: nothing, a character (and then a hit
# location), an event marker, or a square to throw at.
AIMS = {"light": "", "heal_box": "character", "crystal_ball": "marker", "throw_fire": "square"}


def usable(game: Game, eid: int) -> list[tuple[int, ItemDef]]:
    """The carried items `eid` may use (UseItem), with their definitions, in pack order."""
    out = []
    for item in carried(game.store, eid):
        idef = item_def_of(game, item)
        if idef is not None and idef.effect in _HANDLERS and may_use(game, eid, item):
            out.append((item, idef))
    return out


def throw_reach(game: HasContent, idef: ItemDef) -> int:
    """How far a thrown item goes (its missile's long range, in squares)."""
    return game.content.explore.missiles[idef.missile].long_squares
