"""Healing boxes and getting back up: Heal and Healing Salve call heal_box, rest and
regeneration heal_any; Knocked Out characters recover by themselves after a while
(DungeonPunk) and are Injured afterwards, as is anyone brought round from a knock-out
(DungeonPunk 004: with no luck "they lay there injured until they heal normally"). Injured
ends only through rest (engine/rest/resting_turn.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Disabled, HitBoxes, MonsterStats
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import box_change, plural
from roguelike.engine.status import conditions as C
from roguelike.engine.status.luck import gain_luck

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def heal_box(game: Game, eid: int, location_id: str, healer: int = 0) -> list[Event]:
    """Un-cross one box of a location; a character whose Head and Torso are no longer spent
    gets up (Disabled or Knocked Out lifted)."""
    store = game.store
    boxes = store.try_get(eid, HitBoxes)
    if boxes is None:
        return []
    loc = boxes.location(location_id)
    if loc.crossed == 0:
        return [Event("info", f"{name_of(store, eid)}'s {loc.name} is unhurt.", eid)]
    before = loc.value
    loc.crossed -= 1
    change = box_change(loc.attribute, before, loc.value, len(loc.boxes) - loc.crossed)
    events = [Event("heal", f"{name_of(store, eid)}'s {loc.name} heals: {change}.", eid)]
    return events + get_up_if_able(game, eid, healer)


def get_up_if_able(game: Game, eid: int, healer: int = 0) -> list[Event]:
    """A character down whose Head and Torso are no longer spent stands up; one who was
    down from wounds (Knocked Out, or Disabled at zero luck) is Injured (DungeonPunk)."""
    store = game.store
    down = store.try_get(eid, Disabled)
    if down is None:
        return []
    boxes = store.get(eid, HitBoxes)
    if any(boxes.location(i).spent for i in game.content.rules.disabling_locations):
        return []
    knocked_out = C.has_condition(game, eid, "knocked_out") \
        or C.has_condition(game, eid, "disabled")
    store.remove(eid, Disabled)
    events = C.remove_condition(game, eid, "knocked_out") + C.remove_condition(game, eid,
                                                                               "disabled")
    events.append(Event("recover", f"{name_of(store, eid)} is back on their feet.", eid))
    if knocked_out:  # DungeonPunk: recovering from a knock-out leaves you Injured
        events += C.add_condition(game, eid, "injured", C.UNTIL_ENDED, "knock-out")
    if healer:
        events += gain_luck(game, healer, "rescue")
    game.view_changed()
    return events


def recover_from_knockout(game: Game, eid: int) -> list[Event]:
    """The knock-out has run its course: the spent Head or Torso gets one box back."""
    store = game.store
    boxes = store.try_get(eid, HitBoxes)
    if boxes is None or not store.has(eid, Disabled):
        return C.remove_condition(game, eid, "knocked_out")
    events: list[Event] = []
    for loc_id in game.content.rules.disabling_locations:
        loc = boxes.location(loc_id)
        if loc.spent:
            loc.crossed -= 1
            events.append(Event("heal", f"{name_of(store, eid)} comes round "
                                f"({loc.name} {loc.attribute.capitalize()} {loc.value}).",
                                eid))
    return events + get_up_if_able(game, eid)


def heal_full(game: Game, eid: int) -> list[Event]:
    """Every crossed box (a monster: every Hit) back, as regeneration does one at a time."""
    stats = game.store.try_get(eid, MonsterStats)
    if stats is not None:
        return heal_any(game, eid, stats.max_hits - stats.hits)
    boxes = game.store.try_get(eid, HitBoxes)
    return heal_any(game, eid, sum(loc.crossed for loc in boxes.locations)) if boxes else []


def heal_any(game: Game, eid: int, amount: int) -> list[Event]:
    """Regeneration: Head and Torso first, then the worst hurt location; monsters +1 Hit."""
    store = game.store
    stats = store.try_get(eid, MonsterStats)
    if stats is not None:
        if stats.hits >= stats.max_hits:
            return []
        stats.hits = min(stats.max_hits, stats.hits + amount)
        return [Event("heal", f"{name_of(store, eid)} regenerates "
                      f"({plural(stats.hits, 'Hit')}).", eid)]
    boxes = store.try_get(eid, HitBoxes)
    if boxes is None:
        return []
    events: list[Event] = []
    for _ in range(amount):
        hurt = sorted((loc for loc in boxes.locations if loc.crossed),
                      key=lambda loc: (loc.id not in game.content.rules.disabling_locations,
                                       -loc.crossed, loc.id))
        if not hurt:
            break
        events += heal_box(game, eid, hurt[0].id)
    return events
