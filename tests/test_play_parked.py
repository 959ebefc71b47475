"""A Pillager parked in the way is named once; the next `o` explores elsewhere, or says in
one line what is left (bookkeeping found in play: with two parked Pillagers, each further
`o` repeated "... and stays there, though the party stood aside", nothing done between).
"""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES
from test_comfort_ui import until_idle
from test_play_give_way import PILLAGER_AT, _corridor, _unhurt

from roguelike.core.components import Position
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import PAST, Explorer
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

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
            await until_idle(pilot, screen)
            said.append(screen.status.hint)
        return said


@pytest.mark.parametrize("size", SIZES)
async def test_o_names_a_parked_pillager_once_and_explores_elsewhere_through_the_keys(size):
    g, _p = _parked(elsewhere=True)
    said = await _presses(g, size, 3)
    assert STAYS in said[0] and not any(STAYS in m for m in said[1:])
    assert g.level.explored[ELSEWHERE].all() and _unhurt(g)
