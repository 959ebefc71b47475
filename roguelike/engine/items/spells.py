"""Traps & Treasure spells: a Wits check to cast, then range, area and duration as written.

Walls start on the target square and run up to their length in the direction named by the
action's `option` (n, ne, e, se, s, sw, w, nw), stopping at anything in the way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from roguelike.content.explore import SpellDef
from roguelike.core.components import Appearance, Character, Named, Position
from roguelike.core.dice import parse
from roguelike.core.events import Event
from roguelike.core.explore_components import SpellHealed, SpellWall
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base import rule_calls as adapters
from roguelike.engine.base.action import DIRECTIONS, Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import chebyshev, name_of
from roguelike.engine.base.words import a_an, capital, plural
from roguelike.engine.combat.attack import attack, save_or_wound
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.status.conditions import resolve
from roguelike.engine.status.fatigue_checks import check_or_offer
from roguelike.world import tiles as T
from roguelike.world.sight import clear_line

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.rng import Streams
    from roguelike.engine.base.views import HasContent, StoreAndContent
    from roguelike.engine.game import Game

# (a fire wall is drawn like DCSS's clouds, not `^`, the traps' glyph)
WALL_LOOK = {"fire": ("§", "bright_red", "fire wall"), "stone": ("#", "grey70", "stone wall")}


def known_spells(game: StoreAndContent, caster: int) -> list[str]:
    char = game.store.try_get(caster, Character)
    if char is None:
        return []
    spells = game.content.explore.spells
    return [s for s in game.content.classes[char.klass].spells if s in spells]


def _in_reach(game: Game, caster: int, spell: SpellDef, x: int, y: int) -> bool:
    here = game.store.get(caster, Position)
    if not game.level.in_bounds(x, y) or max(abs(x - here.x), abs(y - here.y)) > spell.range:
        return False
    if spell.range <= 1:
        return True
    return bool(game.visible[y, x]) and clear_line(game.transparency(), here.xy, (x, y))


def spell_targets(game: Game, caster: int, spell_id: str) -> dict[str, Any]:
    """What the UI's targeting view needs: range, area, the squares that can be chosen."""
    spell = game.content.explore.spells[spell_id]
    here = game.store.get(caster, Position)
    squares = []
    for y in range(here.y - spell.range, here.y + spell.range + 1):
        for x in range(here.x - spell.range, here.x + spell.range + 1):
            if _in_reach(game, caster, spell, x, y) and game.level.is_walkable(x, y):
                squares.append((x, y))
    option = "direction" if spell.area == "wall" else "location" if spell.effect == "heal" \
        else ""
    return {"spell": spell.id, "name": spell.name, "range": spell.range, "area": spell.area,
            "size": spell.size, "option": option,
            "options": sorted(DIRECTIONS) if option == "direction" else [],
            "squares": squares}


def wall_squares(game: Game, x: int, y: int, facing: str, length: int) -> list[tuple[int, int]]:
    """From (x, y) along `facing` until length, a wall, a door, stairs or a creature."""
    dx, dy = DIRECTIONS[facing]
    out: list[tuple[int, int]] = []
    for i in range(length):
        sx, sy = x + dx * i, y + dy * i
        if not game.level.is_walkable(sx, sy) or game.level.tile(sx, sy) not in (
                T.FLOOR, T.CORRIDOR) or game.creature_at(sx, sy) is not None:
            break
        if any(game.store.has(e, SpellWall) for e in game.entities_at(sx, sy)):
            break
        out.append((sx, sy))
    return out


@dataclass(frozen=True)
class Cast(Action):
    """Cast a spell at a square. option: a wall's direction, or the location Heal mends."""

    kind: ClassVar[str] = "cast"
    spell: str
    x: int
    y: int
    option: str = ""

    def perform(self, game: Game, actor: int) -> Result:
        refused = aim_refusal(game, actor, self.spell, self.x, self.y)
        if refused:
            return fail(refused)
        spell = game.content.explore.spells[self.spell]
        refused = _option_refusal(game, spell, self, game.creature_at(self.x, self.y))
        if refused:
            return fail(refused)
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        args = [actor, *self.encode(game)]
        ok, events = check_or_offer(game, actor, "wits", f"casting {spell.name}", "cast", args)
        if ok is None:  # luck could still turn the failure: the player decides first
            return done(*events)
        return done(*events, *resume_cast(game, args, ok))

    def encode(self, game: HasContent) -> list[int]:
        """The cast as integers (a pending luck decision keeps only integers)."""
        ids, options = _cast_words(game.content)
        return [ids.index(self.spell), self.x, self.y, options.index(self.option)]


def _cast_words(content: Content) -> tuple[list[str], list[str]]:
    """Spell ids and cast options in a fixed order, for Cast.encode."""
    locations = {loc.id for cls in content.classes.values() for loc in cls.locations}
    return (list(content.explore.spells),
            ["", *sorted(DIRECTIONS), *sorted(locations)])


def resume_cast(game: Game, args: list[int], ok: bool) -> list[Event]:
    """What the casting roll decided: the spell's effect on a success, nothing on a failure."""
    if not ok:
        return []
    actor, spell_index, x, y, option = args
    ids, options = _cast_words(game.content)
    cast = Cast(ids[spell_index], x, y, options[option])
    spell = game.content.explore.spells[cast.spell]
    return _EFFECTS[spell.effect](game, actor, spell, cast, game.creature_at(x, y))


def aim_refusal(game: Game, actor: int, spell_id: str, x: int, y: int) -> str:
    """Why `actor` cannot cast `spell_id` at (x, y), whatever option it is given (a wall's
    direction, the location Heal mends); '' when the square will do. Cast asks it first,
    and the targeting view asks it before the cast, so the two agree."""
    if spell_id not in known_spells(game, actor):
        return "You do not know that spell."
    spell = game.content.explore.spells[spell_id]
    if not _in_reach(game, actor, spell, x, y):
        return f"{spell.name} reaches {plural(spell.range, 'square')} you can see."
    if spell.area != "target":
        return ""
    target = game.creature_at(x, y)
    if target is None:
        return "There is nobody there."
    if spell.effect == "force_bolt" and target == actor:
        return "Not at yourself."
    if spell.effect == "heal" and game.store.try_get(target, Character) is None:
        return "Heal mends characters."
    return ""


def _option_refusal(game: Game, spell: SpellDef, cast: Cast, target: int | None) -> str:
    """What aim_refusal leaves to the option: a wall's direction and room, Heal's location
    and its once a game."""
    if spell.area == "wall":
        if cast.option not in DIRECTIONS:
            return f"Give the wall a direction: {', '.join(sorted(DIRECTIONS))}."
        if not wall_squares(game, cast.x, cast.y, cast.option, spell.size):
            return "There is no room for a wall there."
        return ""
    if spell.effect == "heal" and target is not None:
        char = game.store.get(target, Character)
        if spell.once_per_target and game.store.has(target, SpellHealed):
            return f"{name_of(game.store, target)} has had their healing spell this game."
        locs = {loc.id for loc in game.content.classes[char.klass].locations}
        if cast.option not in locs:
            return f"Choose the location to heal: {', '.join(sorted(locs))}."
    return ""


# the spell effects that strike whom they reach (the others give a condition, mend or wall)
STRIKING_EFFECTS = ("force_bolt", "fire_wall")


def harmful(game: Game, spell_id: str) -> bool:
    """Whether the spell harms whom it strikes or catches, as the content says it: an
    effect that strikes (Force Bolt's attack, Fire Wall's burn), or a condition the
    content does not mark `beneficial` (Confusion's Confused; a Sleep would be Asleep).
    (Read from the data the rules already use, so the content's digest, and every record
    made with it, stays the same.)"""
    spell = game.content.explore.spells[spell_id]
    if spell.effect in STRIKING_EFFECTS:
        return True
    return bool(spell.condition) and not resolve(game, spell.condition).beneficial


def caught_by(game: Game, spell_id: str, x: int, y: int) -> list[int]:
    """The creatures a harmful spell cast at (x, y) would strike or catch: Confusion every
    creature within its radius (the caster too), a targeted spell the one there; none for
    a spell that is not harmful, nor for a wall (it stops short of creatures,
    wall_squares)."""
    spell = game.content.explore.spells[spell_id]
    if not harmful(game, spell_id) or spell.area == "wall":
        return []
    if spell.area == "target":
        who = game.creature_at(x, y)
        return [] if who is None else [who]
    return _in_radius(game, spell, x, y, [*game.level_foes(), *game.level_allies()])


def _in_radius(game: Game, spell: SpellDef, x: int, y: int,
               among: Iterable[tuple[int, Position]]) -> list[int]:
    """The creatures of `among` standing within the spell's radius of (x, y)."""
    centre = Position(game.depth, x, y)
    return [eid for eid, pos in among
            if pos.depth == game.depth and chebyshev(pos, centre) <= spell.size
            and game.creature_at(pos.x, pos.y) == eid]


def _duration(streams: Streams, spell: SpellDef) -> int:
    return parse(spell.duration).roll(streams.play)


def _condition(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
               ) -> list[Event]:
    assert target is not None
    return adapters.add_condition(game, target, spell.condition, _duration(game.streams, spell),
                                  spell.id)


def _heal(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
          ) -> list[Event]:
    assert target is not None
    if spell.once_per_target:
        game.store.add(target, SpellHealed())
    return adapters.heal_box(game, target, cast.option)


def _force_bolt(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
                ) -> list[Event]:
    assert target is not None
    return attack(game, actor, target, boxes=1, weapon="force_bolt", reach=spell.range)


def _confusion(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
               ) -> list[Event]:
    rounds = _duration(game.streams, spell)
    # (every entity with a Position, in the store's order: the order of the Wits checks)
    caught = _in_radius(game, spell, cast.x, cast.y, list(game.store.query(Position)))
    return _confuse(game, spell, rounds, caught)


def _confuse(game: Game, spell: SpellDef, rounds: int, caught: list[int]) -> list[Event]:
    """Each creature caught resists with a Wits check, in turn; a delver's failure luck
    could still turn waits for the answer, and the others' checks wait behind it."""
    events: list[Event] = []
    index = list(game.content.explore.spells).index(spell.id)
    for i, eid in enumerate(caught):
        ok, said = check_or_offer(game, eid, "wits", "resisting Confusion",
                                  "resist_confusion", [index, rounds, eid, *caught[i + 1:]])
        events += said
        if ok is None:
            break
        if not ok:
            events += adapters.add_condition(game, eid, spell.condition, rounds, spell.id)
    return events


def resume_resist_confusion(game: Game, args: list[int], ok: bool) -> list[Event]:
    index, rounds, eid, *caught = args
    spell = list(game.content.explore.spells.values())[index]
    events = [] if ok or not game.store.alive(eid) else \
        adapters.add_condition(game, eid, spell.condition, rounds, spell.id)
    return events + _confuse(game, spell, rounds, caught)


def _wall(kind: str) -> Callable[..., list[Event]]:
    def make(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
             ) -> list[Event]:
        rounds = _duration(game.streams, spell)
        expires = ledger(game).clock + rounds
        glyph, color, name = WALL_LOOK[kind]
        squares = wall_squares(game, cast.x, cast.y, cast.option, spell.size)
        for x, y in squares:
            tile = -1
            if kind == "stone":
                tile = game.level.tile(x, y)
                game.level.tiles[y, x] = T.WALL
            game.store.create(Position(game.depth, x, y), Appearance(glyph, color, 1),
                              Named(name), SpellWall(kind, expires, tile))
        game.invalidate_terrain()
        return [Event("spell", f"{capital(a_an(name))} {plural(len(squares), 'square')} "
                      f"long rises for {plural(rounds, 'round')}.", actor, x=cast.x, y=cast.y,
                      roll=rounds)]
    return make


def expire_walls(game: Game) -> list[Event]:
    clock = ledger(game).clock
    events: list[Event] = []
    for eid, wall, pos in list(game.store.query(SpellWall, Position)):
        if wall.expires > clock:
            continue
        if wall.tile >= 0:
            game.levels[pos.depth].tiles[pos.y, pos.x] = wall.tile
        game.store.destroy(eid)
        game.invalidate_terrain()
        events.append(Event("spell", f"The {wall.kind} wall fades.", x=pos.x, y=pos.y))
    return events[:1]


def fire_wall_burns(game: Game, eid: int) -> list[Event]:
    """Moving through a Fire Wall is an automatic hit (the Might save still applies)."""
    if not game.store.ids(SpellWall, Position):
        return []  # the common case, after every step: no walls stand anywhere
    pos = game.store.get(eid, Position)
    for _w, wall, wpos in game.store.query(SpellWall, Position):
        if wall.kind == "fire" and wpos.depth == pos.depth and wpos.xy == pos.xy:
            return [Event("spell", f"{name_of(game.store, eid)} passes through the fire wall!",
                          eid), *save_or_wound(game, eid, source="Fire Wall")]
    return []


_EFFECTS = {
    "condition": _condition,
    "heal": _heal,
    "force_bolt": _force_bolt,
    "confusion": _confusion,
    "fire_wall": _wall("fire"),
    "stone_wall": _wall("stone"),
}
