"""A Pillager parked in the way is named once; the next `o` explores elsewhere, or says in
one line what is left (bookkeeping found in play: with two parked Pillagers, each further
`o` repeated "... and stays there, though the party stood aside", nothing done between).
"""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES
from test_play_give_way import PILLAGER_AT, _corridor, _unhurt
from test_play_keys import until_idle

from roguelike.core.components import Position
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import PAST, Explorer
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.info import ChoiceScreen

STAYS = "and stays there, though the party stood aside"
ELSEWHERE = (slice(1, 3), slice(1, 3))  # (y, x) a corner of the room west, unexplored


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _parked(elsewhere: bool) -> tuple[Game, int]:
    """The corridor with a Pillager that stays in it (its camp), ground past it to explore
    and, with `elsewhere`, a corner of the room behind the party too."""
    g, p = _corridor(hauling=False)
    if elsewhere:
        g.level.explored[ELSEWHERE] = False
    return g, p


def test_the_next_o_explores_elsewhere_after_naming_it_once():
    g, p = _parked(elsewhere=True)
    explorer = Explorer()
    _events, why = travel.run(g, explorer, limit=300)
    assert STAYS in why
    _events, again = travel.run(g, explorer.again(), limit=600)
    assert STAYS not in again
    assert g.level.explored[ELSEWHERE].all()  # (the useful thing left: done)
    assert g.store.get(p, Position).xy == PILLAGER_AT and _unhurt(g)


def test_with_nothing_else_left_o_says_in_one_line_what_is_past_it():
    g, _p = _parked(elsewhere=False)
    explorer = Explorer()
    travel.run(g, explorer, limit=300)
    whys = []
    for _ in range(3):
        explorer = explorer.again()
        whys.append(travel.run(g, explorer, limit=2000)[1])
    assert not any(STAYS in w for w in whys)
    assert whys[-1].startswith(f"{PAST} the Pillager parked") and "walk into it" in whys[-1]


async def _presses(g: Game, size: tuple[int, int], n: int) -> list[str]:
    """What each of `n` presses of `o` stopped with (the status line)."""
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        said = []
        for _ in range(n):
            await pilot.press("o")
            await until_idle(pilot, app)
            await pilot.pause()
            if isinstance(app.screen, ChoiceScreen):  # (walk up to it? not now)
                said.append(app.screen.title_text)
                await pilot.press("escape")
                await until_idle(pilot, app)
                continue
            said.append(screen.status.hint)
        return said


@pytest.mark.parametrize("size", SIZES)
async def test_o_names_a_parked_pillager_once_and_explores_elsewhere_through_the_keys(size):
    g, _p = _parked(elsewhere=True)
    said = await _presses(g, size, 3)
    assert STAYS in said[0] and not any(STAYS in m for m in said[1:])
    assert g.level.explored[ELSEWHERE].all() and _unhurt(g)


# ----- with nothing else left, o offers to walk up to it (stop 38, point 2) -------------
def _named_and_left() -> tuple[Game, int, Explorer]:
    """The Pillager named once, the party backed off into the room; nothing else left."""
    g, p = _parked(elsewhere=False)
    explorer = Explorer()
    travel.run(g, explorer, limit=300)
    return g, p, explorer.again()


def test_o_walks_up_to_a_parked_pillager_on_enter_and_stops_beside_it():
    g, p, explorer = _named_and_left()
    asked: list[str] = []
    _events, why = travel.run(g, explorer, limit=2000,
                              answer=lambda q: asked.append(q.text) or 0)
    assert len(asked) == 1 and asked[0].startswith(f"{PAST} the Pillager parked")
    assert asked[0].endswith("Walk up to it?")
    assert why.startswith("Beside the Pillager parked") and "walk into it" in why, why
    here = g.store.get(g.led, Position)
    assert max(abs(here.x - PILLAGER_AT[0]), abs(here.y - PILLAGER_AT[1])) == 1
    assert g.store.get(p, Position).xy == PILLAGER_AT and _unhurt(g)
    assert "attack" not in [a["kind"] for _r, a in g.history]  # (the fight: the player's)


def test_leave_it_is_remembered_and_o_says_the_line_alone():
    g, _p, explorer = _named_and_left()
    asked: list[str] = []
    _events, why = travel.run(g, explorer, limit=2000,
                              answer=lambda q: asked.append(q.text) or 1)
    again = travel.run(g, explorer.again(), limit=2000,
                       answer=lambda q: asked.append(q.text) or 1)[1]
    assert len(asked) == 1
    assert why.startswith(f"{PAST} the Pillager parked") and again == why


@pytest.mark.parametrize("size", SIZES)
async def test_o_offers_the_walk_up_to_a_parked_pillager_through_the_keys(size):
    g, _p = _parked(elsewhere=False)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        for _ in range(4):  # (names it; searches the walls; then asks)
            await pilot.press("o")
            await until_idle(pilot, app)
            await pilot.pause()
            if isinstance(app.screen, ChoiceScreen):
                break
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.options[0][1] == "Walk up to it"
        await pilot.press("enter")
        await until_idle(pilot, app)
        await pilot.pause()
        assert screen.status.hint.startswith("Beside the Pillager parked"), screen.status.hint
        here = g.store.get(g.led, Position)
        assert max(abs(here.x - PILLAGER_AT[0]), abs(here.y - PILLAGER_AT[1])) == 1


def test_a_parked_square_seen_empty_is_opened_again():
    """One named parked, then gone while out of sight: its square, seen without it, is no
    longer kept shut (explore-8: `o` walked up to a square the Pillager had left and said
    to walk into it, press after press)."""
    g, p, explorer = _named_and_left()
    assert [e for e, _xy in explorer.give_way.parked_squares(g)] == [p]
    # (gone: down the corridor, out of the party's sight)
    g.store.add(p, Position(1, 16, 8))
    g.view_changed()
    assert not g.visible[8, 16]
    assert g.visible[PILLAGER_AT[1], PILLAGER_AT[0]]
    assert explorer.give_way.parked_squares(g) == []
