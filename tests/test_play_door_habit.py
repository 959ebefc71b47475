"""`o` at locked and stuck doors (bookkeeping found in play): the quiet way is offered first, and
the way the player chose at one door is taken again at the next of its kind, unasked.

Players answered every door question with Enter ("best odds"): the Warrior's break at 4 in
6 came before the Rogue's pick at 3 in 6, though breaking keeps the dungeon noisy for an
exploration turn (2 in 6 for a wandering monster instead of 1) and leaves a door that
never shuts, for half a try saved. And the same question came at every door.
"""

from __future__ import annotations

import pytest
from explore_kit import Steady, door_at
from test_comfort_snapshots import SIZES
from test_party_keys import until_idle

from roguelike.core.components import Door
from roguelike.core.explore_components import Stuck
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer, door_plans
from roguelike.engine.helpers.travel import Question
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen

TWO_DOORS = """
##########################
#1.....+.....+..........#
#2.....#.....#..........#
#3.....#.....#..........#
##########################
"""


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _two_doors(second_stuck: bool = False) -> Game:
    g = scenario(TWO_DOORS, seed="s5")
    g.streams.play = Steady(6)  # (every try works at once; no wandering monster)
    for x in (7, 13):
        state = g.store.get(door_at(g, x, 1), Door)
        state.checked = state.locked = True
    if second_stuck:
        second = door_at(g, 13, 1)
        g.store.get(second, Door).locked = False
        g.store.add(second, Stuck())
    g.level.explored[:, 7:] = False
    return g


def _kinds(g: Game) -> list[str]:
    return [a["kind"] for _r, a in g.history]


def test_the_quiet_way_through_a_locked_door_is_offered_first():
    g = _two_doors()
    plans, _text = door_plans(g, door_at(g, 7, 1))
    labels = [p.label for p in plans]
    assert labels[0].startswith("Mercenary Rogue: pick the lock")
    assert labels[1].startswith("Leader Warrior: break it down") and "noisy" in labels[1]


def test_the_way_chosen_at_one_locked_door_is_taken_at_the_next_unasked():
    g = _two_doors()
    asked: list[Question] = []
    explorer = Explorer()
    walk = travel.Run(g, explorer)

    def answer(q: Question) -> int:
        asked.append(q)
        return next(i for i, o in enumerate(q.options) if o.startswith("Leader Warrior"))

    news: list[str] = []
    for _ in range(400):
        why = walk.advance(g.perform)
        if walk.news:
            news.append(walk.news)
            walk.news = ""
        if isinstance(why, Question):
            explorer.answer(why, answer(why))
            continue
        if why:
            break
    assert len(asked) == 1  # the first door only
    assert "(tried again until it works, and taken at the next locked door;" in asked[0].text
    assert _kinds(g).count("break_door") == 2 and "pick_lock" not in _kinds(g)
    assert all(g.store.get(door_at(g, x, 1), Door).open for x in (7, 13))
    assert any(n.startswith("Leader Warrior: break it down") and "as at the last locked door"
               in n for n in news)


def test_a_stuck_door_after_a_locked_one_is_asked_about():
    g = _two_doors(second_stuck=True)
    asked: list[Question] = []
    travel.run(g, Explorer(), limit=400, answer=lambda q: asked.append(q) or 0)
    assert [("locked" in q.text, "stuck" in q.text) for q in asked] == [(True, False),
                                                                       (False, True)]


def test_the_habit_lasts_from_one_press_of_o_to_the_next():
    g = _two_doors()
    first = Explorer()
    walk = travel.Run(g, first)
    while not g.store.get(door_at(g, 7, 1), Door).open:  # (then a key stops the run)
        why = walk.advance(g.perform)
        if isinstance(why, Question):
            first.answer(why, 0)
    assert not g.store.get(door_at(g, 13, 1), Door).open
    asked: list[Question] = []
    travel.run(g, first.again(), limit=400, answer=lambda q: asked.append(q) or 0)
    assert asked == [] and g.store.get(door_at(g, 13, 1), Door).open


@pytest.mark.parametrize("size", SIZES)
async def test_o_asks_at_the_first_locked_door_only(size):
    g = _two_doors()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        await pilot.press("o")
        await until_idle(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.options[0][1].startswith("Mercenary Rogue: pick the lock")
        await pilot.press("enter")
        questions = 1
        for _ in range(8):  # (o again after each stop for what it finds)
            await until_idle(pilot, app)
            await pilot.pause()
            if isinstance(app.screen, ChoiceScreen):
                questions += 1
                await pilot.press("enter")
                continue
            assert isinstance(app.screen, GameScreen)
            if g.store.get(door_at(g, 13, 1), Door).open:
                break
            await pilot.press("o")
        assert questions == 1 and g.store.get(door_at(g, 13, 1), Door).open
        assert _kinds(g).count("pick_lock") == 2 and "break_door" not in _kinds(g)
        log = [m for m, _ in screen.log_view.messages]
        assert any("as at the last locked door" in m for m in log)


# ----- a lock picked that turns out stuck (found in play: "That door is not locked.") ------
def _locked_and_stuck() -> Game:
    """The first door locked and stuck at once, as a trap's seal leaves a door it locks:
    the lock picked, the door still will not open. Every die shows 4: the Rogue's pick
    (Wits 4) works, a force (5 or 6) does not."""
    g = _two_doors()
    g.streams.play = Steady(4)
    g.store.add(door_at(g, 7, 1), Stuck())
    return g


def test_a_lock_picked_that_stays_stuck_is_asked_about_not_picked_again():
    g = _locked_and_stuck()
    asked: list[Question] = []
    travel.run(g, Explorer(), limit=400, answer=lambda q: asked.append(q) or 0)
    assert len(asked) == 2 and "stuck door" in asked[1].text, [q.text for q in asked]
    assert not any("not locked" in e.text for e in g.log)
    assert "break_door" in _kinds(g)  # (Enter: the way through a stuck door)
    assert all(g.store.get(door_at(g, x, 1), Door).open for x in (7, 13))


@pytest.mark.parametrize("size", SIZES)
async def test_o_never_picks_a_door_that_is_not_locked_through_the_keys(size):
    g = _locked_and_stuck()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        asked = []
        await pilot.press("o")
        for _ in range(3):
            await until_idle(pilot, app)
            await pilot.pause()
            if not isinstance(app.screen, ChoiceScreen):
                break
            asked.append(app.screen.title_text)
            await pilot.press("enter")
        assert len(asked) == 2 and "stuck door" in asked[1], asked
        assert "not locked" not in screen.status.hint
        assert not any("not locked" in m for m, _ in screen.log_view.messages)
