"""Traps & Treasure combat: hit on d6 >= Combat, save on d6 >= Might, then a wound.

A wound on a character crosses the next box of a rolled location; a spent location spills
to the Torso; a spent Head or Torso disables. Monsters just lose Hits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.engine.components import Disabled, HitBoxes, MonsterStats
from roguelike.engine.events import Event
from roguelike.engine.stats import NO_SAVE, attribute, name_of

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def roll_d6_check(game: Game, need: int) -> tuple[int, bool]:
    roll = game.streams.play.d(game.content.rules.combat_die)
    return roll, roll >= need


def attack(game: Game, attacker: int, defender: int, *, boxes: int = 1, weapon: str = "melee"
           ) -> list[Event]:
    """One attack roll, the defender's save, and the wound if both go the attacker's way."""
    store = game.store
    a_name, d_name = name_of(store, attacker), name_of(store, defender)
    events: list[Event] = []
    need = attribute(store, attacker, "combat")
    roll, hit = roll_d6_check(game, need)
    if not hit:
        events.append(Event("miss", f"{a_name} attacks {d_name} and misses "
                            f"(rolled {roll} vs Combat {need}).", attacker, defender,
                            roll=roll, need=need))
        return events
    events.append(Event("hit", f"{a_name} hits {d_name} (rolled {roll} vs Combat {need}).",
                        attacker, defender, roll=roll, need=need))
    return events + save_or_wound(game, defender, boxes=boxes, source=a_name)


def save_or_wound(game: Game, defender: int, *, boxes: int = 1, source: str = "") -> list[Event]:
    store = game.store
    d_name = name_of(store, defender)
    need = attribute(store, defender, "might")
    if need < NO_SAVE:
        roll, saved = roll_d6_check(game, need)
        if saved:
            return [Event("save", f"{d_name} saves (rolled {roll} vs Might {need}).",
                          defender, roll=roll, need=need)]
        events = [Event("nosave", f"{d_name} fails to save (rolled {roll} vs Might {need}).",
                        defender, roll=roll, need=need)]
    else:
        events = [Event("nosave", f"{d_name} cannot save.", defender)]
    return events + wound(game, defender, boxes=boxes, source=source)


def wound(game: Game, eid: int, *, boxes: int = 1, source: str = "",
          location: str | None = None) -> list[Event]:
    """Apply `boxes` wounds. For characters all boxes land in one rolled location."""
    store = game.store
    if store.has(eid, MonsterStats):
        return _wound_monster(game, eid, boxes, source)
    hit_boxes = store.get(eid, HitBoxes)
    rules = game.content.rules
    if location is None:
        face = game.streams.play.d(rules.location_die)
        location = game.content.location_for(face)
    events: list[Event] = []
    for _ in range(boxes):
        if store.has(eid, Disabled):
            break
        events += cross_box(game, eid, hit_boxes, location)
    return events


def cross_box(game: Game, eid: int, hit_boxes: HitBoxes, location: str) -> list[Event]:
    rules = game.content.rules
    name = name_of(game.store, eid)
    loc = hit_boxes.location(location)
    events: list[Event] = []
    if loc.spent:
        spill = hit_boxes.location(rules.spill_location)
        events.append(Event("spill", f"{name}'s {loc.name} is spent: the wound goes to the "
                            f"{spill.name}.", eid))
        loc = spill
    if loc.spent:
        return events + disable_if_spent(game, eid, hit_boxes)
    before = loc.value
    loc.crossed += 1
    after = loc.value
    events.append(Event("wound", f"{name} is wounded in the {loc.name}: "
                        f"{loc.attribute.capitalize()} {before} -> {after}.", eid))
    return events + disable_if_spent(game, eid, hit_boxes)


def disable_if_spent(game: Game, eid: int, hit_boxes: HitBoxes) -> list[Event]:
    store = game.store
    if store.has(eid, Disabled):
        return []
    for loc_id in game.content.rules.disabling_locations:
        loc = hit_boxes.location(loc_id)
        if loc.spent:
            store.add(eid, Disabled(cause=f"{loc.name} spent"))
            return game.on_disabled(eid, f"{name_of(store, eid)} is Disabled "
                                         f"({loc.name} spent)!")
    return []


def _wound_monster(game: Game, eid: int, hits: int, source: str) -> list[Event]:
    stats = game.store.get(eid, MonsterStats)
    stats.hits -= hits
    name = name_of(game.store, eid)
    if stats.hits > 0:
        return [Event("wound", f"{name} is hit ({stats.hits} of {stats.max_hits} Hits left).",
                      eid)]
    return game.on_monster_killed(eid, source)
