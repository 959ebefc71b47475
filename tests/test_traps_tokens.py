"""Mage Knight 001:25 "Treasure chests and wandering monster tokens may not begin the game on
a trap square": no event marker, monster, Pillager or treasure is stocked on a square whose
trap a step springs, and no monster placed in play (a wandering monster, Pillagers come to
loot, a marker's monster) appears on one either."""

from __future__ import annotations

import sys

from roguelike.core.components import Position
from roguelike.core.explore_components import LightSource
from roguelike.core.rng import Stream
from roguelike.engine.markers import event_markers as markers
from roguelike.engine.monsters import pillagers
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.traps.make import trap_squares
from roguelike.engine.turns.clock import _square_at_distance
from roguelike.tools.dump import level_json
from tests.trap_helpers import place

TOKENS = ("marker", "monster", "pillager", "treasure", "item")


def test_no_token_begins_on_a_trap_square_at_any_depth():
    """On every depth of 25 seeds (300 levels; before the rule about one level in seven had
    a marker or a monster on one), no event marker, monster, Pillager or treasure of the
    level dump stands on a square whose trap a step springs (the dump's `underfoot`: trap
    squares and trapped doorways). `python -m tests.test_traps_tokens N` checks N seeds by
    hand (12 levels each)."""
    squares, tokens = tokens_on_traps(25)
    assert squares > 300  # (trap squares there were to avoid)
    assert tokens == []


def tokens_on_traps(seeds: int) -> tuple[int, list[tuple[str, int, str]]]:
    squares, found = 0, []
    for i in range(seeds):
        for depth in range(1, 13):
            data = level_json(f"tokens-{i}", depth)
            under = {(t["x"], t["y"]) for t in data["traps"] if t["underfoot"]}
            squares += len(under)
            found += [(data["seed"], depth, e["kind"]) for e in data["entities"]
                      if e["kind"] in TOKENS and (e["x"], e["y"]) in under]
    return squares, found


BEYOND = """
##################
#1...#...........#
#2...+...........#
#3...#...........#
##################
"""


def _square(g, at):
    return place(g, "mk_falling_weight", at=at, placement="square")


def test_a_wandering_monster_never_appears_on_a_trap_square():
    """The wandering monster's square (unseen, free, nearest the rolled distance) is never
    a trap square: the square it would have had, trapped, gives another."""
    g = scenario(BEYOND)
    g.store.remove(g.party[0], LightSource)  # (the closed door hides the far room anyway)
    g.view_changed()
    first = _square_at_distance(g, 8)
    assert first is not None
    _square(g, first)
    assert first in trap_squares(g.store, g.content, 1)
    again = _square_at_distance(g, 8)
    assert again is not None and again != first
    assert g.level.is_walkable(*again) and not g.visible[again[1], again[0]]


def test_pillagers_come_to_loot_never_on_a_trap_square():
    """Pillagers arrive at a room's exit (its doorway here, or the nearest free square);
    a trapped one sends them to the next free square."""
    g = scenario(BEYOND)
    level = g.level
    level.room_map[1:4, 6:17] = 1
    level.rooms.append(level.rooms[0])
    markers.make_marker(g.store, 1, 12, 2, 1)
    first = pillagers.place(g.store, g.content, level, Stream("p", "x"), 1)
    spot = g.store.get(first[0], Position).xy
    assert spot == (5, 2)  # the doorway
    g.store.destroy(first[0])
    _square(g, spot)
    again = pillagers.place(g.store, g.content, level, Stream("p", "x"), 1)
    assert g.store.get(again[0], Position).xy not in trap_squares(g.store, g.content, 1)


def test_a_markers_monster_never_appears_on_a_trap_square():
    """A marker's monster in contact appears next to the checker, nearest the marker; the
    trapped square nearest it is passed over."""
    # in contact with the Leader at (1, 1): the free neighbour nearest the marker at (3, 1)
    # would be (2, 1)
    g = scenario(BEYOND)
    _square(g, (2, 1))
    g.streams.play = Scripted([1])  # the T&T chart: an Apprentice
    events = markers.spawn_monster(g, g.party[0], 3, 1, contact=True)
    appeared = next(e for e in events if e.kind == "monster")
    assert (appeared.x, appeared.y) != (2, 1)
    assert (appeared.x, appeared.y) not in trap_squares(g.store, g.content, 1)


if __name__ == "__main__":  # the stocking check over more seeds, by hand
    seen, bad = tokens_on_traps(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
    print(f"{seen} trap squares; tokens on them: {bad or 'none'}")
