"""Issue 26 §1, getting somewhere is slow: `G` then a jump key puts the travel cursor on
the next item (`i`), event marker (`m`), door (`d`), stairs (`s`) or unexplored ground
(`x`), nearest first and the next one on a second press, and Enter travels there; through
the real keys at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES
from test_play_light import game_screen, settle

from roguelike.core.components import Position
from roguelike.engine.creatures.inventory import make_item, make_treasure
from roguelike.engine.helpers.travel import frontier, route_to
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

MAP = """
#######################
#1.....#.........+....#
#2.....+.........#....#
#3.....#.....>...#....#
#......#.........#....#
#######################
"""
TORCH, TREASURE, MARKER = (4, 4), (11, 1), (18, 1)
DOORS = [(7, 2), (17, 1)]  # nearest first from the Leader at (1, 1)
STAIRS = (13, 3)


def _game():
    g = scenario(MAP)
    make_item(g, "torch", Position(1, *TORCH))
    make_treasure(g, 1, *TREASURE)
    make_marker(g.store, 1, *MARKER, 0)
    g.level.explored[:] = True
    g.level.explored[2:5, 19:22] = False  # a corner of the east room not seen yet
    g.restart_round()
    return g


async def _cursor_after(pilot, app, *keys: str) -> tuple[int, int] | None:
    await pilot.press(*keys)
    await pilot.pause()
    return game_screen(app).map.cursor


@pytest.mark.parametrize("size", SIZES)
async def test_G_and_a_jump_key_put_the_cursor_on_the_next_target(size):
    g = _game()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = game_screen(app)
        assert await _cursor_after(pilot, app, "G", "d") == DOORS[0]
        assert "1 of 2 doors" in screen.status.hint
        assert await _cursor_after(pilot, app, "d") == DOORS[1]  # again: the next
        assert await _cursor_after(pilot, app, "d") == DOORS[0]  # and round again
        assert await _cursor_after(pilot, app, "s") == STAIRS
        assert await _cursor_after(pilot, app, "m") == MARKER
        assert await _cursor_after(pilot, app, "i") == TORCH
        assert await _cursor_after(pilot, app, "i") == TREASURE
        edge = await _cursor_after(pilot, app, "x")
        assert edge in frontier(g)
        here = g.store.get(g.led, Position).xy
        dist = route_to(g, [here])
        assert dist[edge[1], edge[0]] == min(dist[y, x] for x, y in frontier(g))
        assert await _cursor_after(pilot, app, "l") == (edge[0] + 1, edge[1])  # by hand
        await pilot.press("escape")
        # Enter travels to the square jumped to
        assert await _cursor_after(pilot, app, "G", "i", "i") == TREASURE
        await pilot.press("enter")
        await settle(pilot, app)
        assert g.store.get(g.led, Position).xy == TREASURE
        assert [a["kind"] for _r, a in g.history].count("step") >= 10


async def test_a_jump_with_nothing_of_its_kind_says_so():
    g = scenario("""
        ########
        #1.....#
        ########
    """, party=(("leader", "warrior"),))
    g.level.explored[:] = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(g)
        await pilot.pause()
        before = await _cursor_after(pilot, app, "G")
        assert await _cursor_after(pilot, app, "d") == before
        assert game_screen(app).status.hint.startswith("No known doors on this level.")
