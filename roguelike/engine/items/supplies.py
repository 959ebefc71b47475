"""What the party has to see by and to spend, as the sidebar and the lists show it: each
light burning (or put out for a rest in the dark) with its bearer, the exploration turns it
has left and the refills in its bearer's pack; the lights and fuel carried besides; the
gold carried and banked. Read only: nothing here changes the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from roguelike.core.explore_components import Doused, Item, Ledger, LightSource, Treasure
from roguelike.engine.base.stats import name_of
from roguelike.engine.creatures.inventory import carried, item_def_of
from roguelike.engine.light.lighting import LOW_TURNS, items_word, refills

if TYPE_CHECKING:
    from roguelike.engine.game import Game


class Burning(NamedTuple):
    bearer: int
    who: str
    kind: str  # the [[light_source]] id
    light: str  # the light's name ("Oil Lantern")
    turns: int  # exploration turns left, rounded up (0: none)
    refills: int  # what in the bearer's pack keeps it burning
    refill: str  # what one refill is ("Flask of Oil", "Torch")
    out: bool  # put out for a rest in the dark, lit again when it ends
    low: bool  # within LOW_TURNS of going out for good (no refill in the pack)


def burning(game: Game) -> list[Burning]:
    """Every party member's light, lit or put out for a rest, in party order."""
    data = game.content.explore
    store = game.store
    out = []
    for eid in game.party:
        lit = store.try_get(eid, LightSource)
        light = lit or store.try_get(eid, Doused)
        if light is None:
            continue
        ldef = data.lights.get(light.kind)
        if ldef is None:
            continue
        spare = len(refills(game, eid, light.kind))
        turns = -(-max(0, light.rounds_left) // data.rounds_per_turn)
        refill = data.items[ldef.fuel_item].name if ldef.fuel_item in data.items \
            else ldef.name
        out.append(Burning(eid, name_of(store, eid), ldef.id, ldef.name, turns, spare, refill,
                           lit is None, not spare and turns <= LOW_TURNS))
    return out


def spare_lights(game: Game) -> list[tuple[str, int]]:
    """(name, count) of the lights and fuel the party carries that no burning light's
    bearer holds for it (a torch in a pack, a flask of oil with no lantern lit), by name."""
    data = game.content.explore
    fuels = {ldef.fuel_item for ldef in data.lights.values() if ldef.fuel_item}
    kept = {item for b in burning(game) for item in refills(game, b.bearer, b.kind)}
    counts: dict[str, int] = {}
    for eid in game.party:
        for item in carried(game.store, eid):
            idef = item_def_of(game, item)
            if idef is not None and item not in kept and (idef.effect == "light"
                                                           or idef.id in fuels):
                counts[idef.name] = counts.get(idef.name, 0) + 1
    return sorted(counts.items())


def fuel_for(game: Game, item: int) -> str:
    """What a carried item is to the party's lights, for the item lists: 'fuel for
    Leader's Oil Lantern, 23 turns left', 'a spare light, 6 turns'; '' for other things."""
    idef = item_def_of(game, item)
    if idef is None:
        return ""
    lights = game.content.explore.lights
    lamps = [ldef for ldef in lights.values() if ldef.fuel_item == idef.id]
    if lamps:
        lit = [b for b in burning(game) if lights[b.kind].fuel_item == idef.id]
        if lit:
            return "; ".join(f"fuel for {b.who}'s {b.light}, {b.turns} turns left"
                             for b in lit)
        return f"{' or '.join(d.name for d in lamps)} fuel"
    if idef.effect == "light" and idef.light in lights:
        return f"a spare light, {lights[idef.light].burn_turns} turns"
    return ""


def gold(game: Game) -> tuple[int, int, bool]:
    """(gp carried by the party, gp banked, whether the Heart of the Deep is carried):
    treasure counts for the score once banked in the Camp."""
    goal = game.content.explore.goal_item
    store = game.store
    gp, heart = 0, False
    for eid in game.party:
        for item in carried(store, eid):
            it = store.try_get(item, Item)
            if it is not None and it.kind == goal:
                heart = True
                continue
            tr = store.try_get(item, Treasure)
            if tr is not None:
                gp += tr.gp
    found = store.ids(Ledger)  # (read only: ledger() would make one where none is)
    banked = store.get(found[0], Ledger).banked_gp if found else 0
    return gp, banked, heart


def with_fuel(game: Game, item: int) -> str:
    """An item's name for a list, with what it is to the lights: 'Flask of Oil (fuel for
    Leader's Oil Lantern, 23 turns left)'."""
    fuel = fuel_for(game, item)
    return name_of(game.store, item) + (f" ({fuel})" if fuel else "")


__all__ = ["Burning", "burning", "fuel_for", "gold", "items_word", "spare_lights",
           "with_fuel"]
