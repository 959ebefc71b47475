"""Traps & Treasure spells: a Wits check to cast, then range, area and duration as written.

Walls start on the target square and run up to their length in the direction named by the
action's `option` (n, ne, e, se, s, sw, w, nw), stopping at anything in the way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from roguelike.core.components import Appearance, Character, Named, Position
from roguelike.core.dice import parse
from roguelike.core.events import Event
from roguelike.core.explore_components import SpellHealed, SpellWall
from roguelike.engine.action_base import DIRECTIONS, Action, Result, done, fail, spend_action
from roguelike.engine.combat import attack, save_or_wound
from roguelike.engine.explore import adapters
from roguelike.engine.explore.checks import check_or_offer
from roguelike.engine.explore.data import SpellDef, explore_data
from roguelike.engine.explore.inventory import ledger
from roguelike.engine.luck_queue import resumer
from roguelike.engine.stats import chebyshev, name_of
from roguelike.engine.words import plural
from roguelike.world import tiles as T
from roguelike.world.sight import clear_line

if TYPE_CHECKING:
    from roguelike.engine.game import Game

# (a fire wall is drawn like DCSS's clouds, not `^`, the traps' glyph)
WALL_LOOK = {"fire": ("§", "bright_red", "fire wall"), "stone": ("#", "grey70", "stone wall")}


def known_spells(game: Game, caster: int) -> list[str]:
    char = game.store.try_get(caster, Character)
    if char is None:
        return []
    spells = explore_data(game.content).spells
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
    spell = explore_data(game.content).spells[spell_id]
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
        spells = explore_data(game.content).spells
        if self.spell not in known_spells(game, actor):
            return fail("You do not know that spell.")
        spell = spells[self.spell]
        if not _in_reach(game, actor, spell, self.x, self.y):
            return fail(f"{spell.name} reaches {plural(spell.range, 'square')} you can see.")
        target = game.creature_at(self.x, self.y)
        refused = _refusal(game, actor, spell, self, target)
        if refused:
            return fail(refused)
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        args = [actor, *self.encode(game)]
        ok, events = check_or_offer(game, actor, "wits", f"casting {spell.name}", "cast", args)
        if ok is None:  # luck could still turn the failure: the player decides first
            return done(*events)
        return done(*events, *_finish_cast(game, args, ok))

    def encode(self, game: Game) -> list[int]:
        """The cast as integers (a pending luck decision keeps only integers)."""
        ids, options = _cast_words(game)
        return [ids.index(self.spell), self.x, self.y, options.index(self.option)]


def _cast_words(game: Game) -> tuple[list[str], list[str]]:
    """Spell ids and cast options in a fixed order, for Cast.encode."""
    locations = {loc.id for cls in game.content.classes.values() for loc in cls.locations}
    return (list(explore_data(game.content).spells),
            ["", *sorted(DIRECTIONS), *sorted(locations)])


@resumer("cast")
def _finish_cast(game: Game, args: list[int], ok: bool) -> list[Event]:
    """What the casting roll decided: the spell's effect on a success, nothing on a failure."""
    if not ok:
        return []
    actor, spell_index, x, y, option = args
    ids, options = _cast_words(game)
    cast = Cast(ids[spell_index], x, y, options[option])
    spell = explore_data(game.content).spells[cast.spell]
    return _EFFECTS[spell.effect](game, actor, spell, cast, game.creature_at(x, y))


def _refusal(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
             ) -> str:
    if spell.area == "wall":
        if cast.option not in DIRECTIONS:
            return f"Give the wall a direction: {', '.join(sorted(DIRECTIONS))}."
        if not wall_squares(game, cast.x, cast.y, cast.option, spell.size):
            return "There is no room for a wall there."
        return ""
    if spell.area == "radius":
        return ""
    if target is None:
        return "There is nobody there."
    if spell.effect == "force_bolt" and target == actor:
        return "Not at yourself."
    if spell.effect == "heal":
        char = game.store.try_get(target, Character)
        if char is None:
            return "Heal mends characters."
        if spell.once_per_target and game.store.has(target, SpellHealed):
            return f"{name_of(game.store, target)} has had their healing spell this game."
        locs = {loc.id for loc in game.content.classes[char.klass].locations}
        if cast.option not in locs:
            return f"Choose the location to heal: {', '.join(sorted(locs))}."
    return ""


def _duration(game: Game, spell: SpellDef) -> int:
    return parse(spell.duration).roll(game.streams.play)


def _condition(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
               ) -> list[Event]:
    assert target is not None
    return adapters.add_condition(game, target, spell.condition, _duration(game, spell),
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
    rounds = _duration(game, spell)
    centre = Position(game.depth, cast.x, cast.y)
    caught = [eid for eid, pos in list(game.store.query(Position))
              if pos.depth == game.depth and chebyshev(pos, centre) <= spell.size
              and game.creature_at(pos.x, pos.y) == eid]
    return _confuse(game, spell, rounds, caught)


def _confuse(game: Game, spell: SpellDef, rounds: int, caught: list[int]) -> list[Event]:
    """Each creature caught resists with a Wits check, in turn; a delver's failure luck
    could still turn waits for the answer, and the others' checks wait behind it."""
    events: list[Event] = []
    index = list(explore_data(game.content).spells).index(spell.id)
    for i, eid in enumerate(caught):
        ok, said = check_or_offer(game, eid, "wits", "resisting Confusion",
                                  "resist_confusion", [index, rounds, eid, *caught[i + 1:]])
        events += said
        if ok is None:
            break
        if not ok:
            events += adapters.add_condition(game, eid, spell.condition, rounds, spell.id)
    return events


@resumer("resist_confusion")
def _resisted(game: Game, args: list[int], ok: bool) -> list[Event]:
    index, rounds, eid, *caught = args
    spell = list(explore_data(game.content).spells.values())[index]
    events = [] if ok or not game.store.alive(eid) else \
        adapters.add_condition(game, eid, spell.condition, rounds, spell.id)
    return events + _confuse(game, spell, rounds, caught)


def _wall(kind: str) -> Callable[..., list[Event]]:
    def make(game: Game, actor: int, spell: SpellDef, cast: Cast, target: int | None
             ) -> list[Event]:
        rounds = _duration(game, spell)
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
        return [Event("spell", f"A {name} {plural(len(squares), 'square')} long rises for "
                      f"{plural(rounds, 'round')}.", actor, x=cast.x, y=cast.y,
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
