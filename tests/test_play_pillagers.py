"""Issue 26 §1, Pillagers as noise, through the real keys at 80x24 and 120x40: the group
that rolls one initiative is one entry of the initiative line; a Pillager keeping its
distance stops `R` once (the rest it came in on is not broken) and `R` then rests on; `o`,
`G` and `R` share what they were told, so one announced to `R` does not stop `G`; the log
says how many Pillagers the level holds and what they carried off."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
from explore_kit import Steady, give_treasure, pillager
from test_comfort_snapshots import SIZES
from test_play_light import game_screen, settle, sidebar
from textual.pilot import Pilot

from roguelike.core.components import HitBoxes, Position
from roguelike.core.explore_components import Haul
from roguelike.core.rng import Stream
from roguelike.engine.creatures.inventory import unstow
from roguelike.engine.markers.event_markers import make_marker, markers_on
from roguelike.engine.monsters import pillagers
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

# The party rests at the west end of a hall; the Pillagers' camp is its east end (in view),
# or the room behind the door (out of view).
HALL = """
##########################
#1..................#....#
#2..................+....#
#3..................#....#
##########################
"""


def _hall(camp_in_view: bool):
    g = scenario(HALL)
    level = g.level
    if camp_in_view:
        level.room_map[1:4, 14:20] = 1
    else:
        level.room_map[1:4, 21:25] = 1
    level.rooms.append(level.rooms[0])
    level.pillager_camp_room = 1
    return g


def _hauler(g, x: int, y: int, gp: int = 30) -> int:
    """A Pillager on its way home with a Treasure of `gp` (snatched from the Leader)."""
    p = pillager(g, x, y)
    haul = g.store.get(p, Haul)
    item = give_treasure(g, g.party[0], gp)
    unstow(g, g.party[0], item)
    haul.items.append(item)
    haul.hauling = True
    return p


def _wound(g, boxes: int) -> None:
    g.store.get(g.party[0], HitBoxes).location("torso").crossed = boxes


def _crossed(g) -> int:
    return sum(loc.crossed for loc in g.store.get(g.party[0], HitBoxes).locations)


def _app() -> RoguelikeApp:
    return RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))


@asynccontextmanager
async def _rested(g, size: tuple[int, int], key: str = "R"
                  ) -> AsyncIterator[tuple[RoguelikeApp, Pilot]]:
    """`g` in play at `size`, after `key` (`R`: rest until healed or stopped)."""
    g.restart_round()
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press(key)
        await settle(pilot, app)
        yield app, pilot


def _log(app) -> str:
    return "\n".join(text for text, _gen in game_screen(app).log_view.messages)


@pytest.mark.parametrize("size", SIZES)
async def test_several_pillagers_are_one_entry_of_the_initiative_line(size):
    g = _hall(camp_in_view=False)
    for x in (21, 22, 23, 24):
        pillager(g, x, 2)
    pillager(g, 24, 1)
    async with _rested(g, size, ".") as (app, _pilot):
        rows = sidebar(app)
        at = next(i for i, r in enumerate(rows) if r.startswith("Initiative"))
        line = " ".join(rows[at:])
        tokens = line.split()[2:]
        pillager_tokens = [t for t in tokens if t.startswith("p")]
        assert len(pillager_tokens) == 1 and re.fullmatch(r"p[1-6]×5", pillager_tokens[0]), line
        assert len(tokens) == 4  # the three delvers and the group


@pytest.mark.parametrize("size", SIZES)
async def test_a_distant_pillager_stops_R_once_and_R_then_rests_on(size):
    g = _hall(camp_in_view=True)
    p = _hauler(g, 23, 2)
    _wound(g, 3)  # two rests to heal (Bed Rest: the party lies in the Camp)
    g.store.get(g.party[0], HitBoxes).location("arms").crossed = 2
    g.streams.play = Steady(6)  # no wandering monster to stop R (one Pillager: no roll-off)
    assert g.hostiles_in_view() == []
    async with _rested(g, size) as (app, pilot):
        screen = game_screen(app)
        rests = [a for _r, a in g.history if a["kind"] == "rest"]
        assert len(rests) == 1  # the Pillager came into view during the first
        assert g.hostiles_in_view() == [p]
        log = _log(app)
        assert "The rest is broken" not in log  # it kept its distance: the rest healed
        assert _crossed(g) == 5 - 2
        said = screen.status.hint + log
        assert "You see Pillager" in said and "stop o, G and R only this once on this level" in said
        # it carried its loot home in sight: the log says what was lost
        assert "A Pillager brings Treasure (30 gp) to the Pillager camp: lost to you" in log
        await pilot.press("R")  # the same Pillager, still in view: R rests on to the end
        await settle(pilot, app)
        assert len([a for _r, a in g.history if a["kind"] == "rest"]) == 3
        assert _crossed(g) == 0
        assert "fully rested" in screen.status.hint + _log(app)


async def test_a_pillager_announced_to_R_does_not_stop_G_when_it_comes_back_into_view():
    g = _hall(camp_in_view=True)
    p = _hauler(g, 23, 2)
    _wound(g, 1)
    async with _rested(g, (80, 24)) as (app, pilot):
        screen = game_screen(app)
        assert p in screen.commands.told and screen.travelling.told is screen.commands.told
        # the Pillager steps out of sight; once the travel is under way it is back in view
        where = g.store.get(p, Position)
        home = where.xy
        where.depth = 2
        g.view_changed()

        def back(game) -> None:
            if where.depth == 2:
                where.depth, (where.x, where.y) = 1, home
                game.view_changed()

        g.on_action.append(back)
        start = g.store.get(g.led, Position).xy
        await pilot.press("G", *["l"] * 6, "enter")
        await settle(pilot, app)
        assert where.depth == 1 and g.hostiles_in_view() == [p]
        assert g.store.get(g.led, Position).xy == (start[0] + 6, start[1])  # arrived
        assert "You see" not in screen.status.hint


async def test_the_log_says_what_pillagers_carried_off_out_of_sight_and_how_many_there_are():
    g = _hall(camp_in_view=False)
    p = _hauler(g, 22, 2, gp=40)
    pillager(g, 24, 3)
    _wound(g, 1)
    async with _rested(g, (120, 40)) as (app, _pilot):
        assert not g.store.get(p, Haul).items
        assert ("Out of sight, a Pillager carries Treasure (40 gp) to the Pillager camp: "
                "lost to you (2 Pillagers on this level).") in _log(app)


def test_pillagers_arriving_after_a_reveal_say_how_many_the_level_holds():
    g = _hall(camp_in_view=False)
    make_marker(g.store, 1, 5, 2, int(g.level.room_map[2, 5]))
    assert markers_on(g, 1, "unchecked")
    pillager(g, 24, 3)
    g.streams.play = Stream("arrive", "play")
    events = pillagers.arrive_after_reveal(g)
    text = events[0].text
    count = int(text.split(" ")[0])
    assert re.fullmatch(r"\d Pillagers? arrives? to loot \(rolled \d on 1d3\): "
                        rf"{count + 1} on this level\.", text), text


def test_after_one_distant_pillager_on_a_level_no_other_stops_a_run():
    """Fifteen Pillagers on a level stopped `G c` fifteen times (the lead's game, plum-otter-3
    D1 R543-R544): the first keeping its distance is news and stops a run once; the next
    ones on the same level are not, while a foe that is a threat always stops it."""
    from roguelike.engine.helpers.watch import Watch

    g = _hall(camp_in_view=True)
    told: set[int] = set()
    watch = Watch.take(g, told)
    first = pillager(g, 12, 2)
    assert first in g.hostiles_in_view() and first not in g.threats_in_view()
    said = watch.stop_reason(g, [])
    assert said is not None and "keeps its distance" in said
    watch = Watch.take(g, told)  # the next run, shared `told` as the screen's commands do
    second = pillager(g, 13, 3)
    assert second in g.hostiles_in_view()
    assert watch.stop_reason(g, []) is None
    # a Pillager on another level announced earlier does not count for this one
    g.store.get(first, Position).depth = 2
    g.store.get(second, Position).depth = 2
    watch = Watch.take(g, set(told))
    third = pillager(g, 14, 2)
    assert third in g.hostiles_in_view()
    said = watch.stop_reason(g, [])
    assert said is not None and "keeps its distance" in said
