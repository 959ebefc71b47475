"""`o` and the treasure it finds (bookkeeping found in play): who carries it is asked at
the first treasure, and the answer is taken again at the next, unasked (ochre finch 5's
depth 1 asked seven times, each answered with Enter). "Leave it lying" is about one
treasure: the next is asked about. A treasure taken unasked whose walk a key stopped is
asked about at the next `o`: the player's way to leave one lying."""

from __future__ import annotations

import pytest
from test_autoexplore_loot import HALL
from test_play_autoexplore_loot import SIZES, _answer
from test_play_newcomer import playing, settle

from roguelike.core.components import Position
from roguelike.engine.creatures.inventory import make_treasure
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.travel import Question
from roguelike.engine.scenario import scenario
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen

SPOTS = ((10, 2), (13, 3), (14, 1))


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _hall(seed: str = "m3") -> tuple[Game, list[int]]:
    game = scenario(HALL, seed=seed)
    return game, [make_treasure(game, 1, x, y)[0] for x, y in SPOTS]


def _lying(game: Game, gold: list[int]) -> list[int]:
    return [g for g in gold if game.store.has(g, Position)]


def test_the_first_answer_is_taken_at_the_next_treasures():
    game, gold = _hall()
    asked: list[Question] = []
    walk = travel.Run(game, Explorer())  # (its news kept whole: nobody reads it on the way)
    travel.run(game, walk, limit=300, answer=lambda q: asked.append(q) or 0)
    assert len(asked) == 1 and _lying(game, gold) == []
    assert walk.news.count("as at the last treasure") == 2


def test_leaving_one_lying_asks_about_the_next():
    game, gold = _hall("m4")
    asked: list[Question] = []
    travel.run(game, Explorer(), limit=300,
               answer=lambda q: asked.append(q) or len(q.options) - 1)
    assert len(asked) == 3 and len(_lying(game, gold)) == 3


def test_a_walk_to_one_taken_unasked_stopped_by_a_key_asks_at_the_next_o():
    game, _gold = _hall()
    first = Explorer()
    walk = travel.Run(game, first)
    for _ in range(300):  # (a key stops the run once the habit has chosen a bearer)
        why = walk.advance(game.perform)
        if isinstance(why, Question):
            first.answer(why, 0)
            continue
        if first.carry.unasked or why:
            break
    taken = next(iter(first.carry.unasked))
    assert game.store.has(taken, Position)
    asked: list[Question] = []
    travel.run(game, first.again(), limit=300, answer=lambda q: asked.append(q) or 0)
    assert [q.about for q in asked] == [taken]


@pytest.mark.parametrize("size", SIZES)
async def test_o_asks_about_the_first_treasure_only(size):
    game, gold = _hall()
    async with playing(game, size) as (app, pilot):
        screen = app.screen
        await settle(pilot, app, "o")
        await _answer(pilot, app, "picks it up")
        questions = 1
        for _ in range(6):
            if isinstance(app.screen, ChoiceScreen):
                questions += 1
                await settle(pilot, app, "enter")
                continue
            if not _lying(game, gold):
                break
            await settle(pilot, app, "o")
        assert isinstance(app.screen, GameScreen)
        assert questions == 1 and _lying(game, gold) == []
        log = [m for m, _ in screen.log_view.messages]
        assert any("as at the last treasure" in m for m in log)
