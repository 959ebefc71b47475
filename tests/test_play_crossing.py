"""`o` at a lasting effect that is the only way on asks once, and Enter walks the party
through it the shortest way (bookkeeping found in play: ochre finch 5's depth 1, where the
last locked doors lay past a lasting fire; `o` named the fire on every press and the
player had to step through by hand). Any other answer steps into nothing.
"""

from __future__ import annotations

import pytest
from explore_kit import Steady
from test_comfort_snapshots import SIZES, screen_text
from test_snapshots_play import _settle as settle
from test_walks_round_a_buzz_saw import ONE_WAY, TWO_WAYS, _hits_taken, _saw
from trap_helpers import place

from roguelike.core.components import Door, HitBoxes, Position
from roguelike.core.explore_components import Treasure
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.crossing import STAY_OUT, WALK_THROUGH
from roguelike.engine.helpers.watch import lasting_effects
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import spring
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.info import ChoiceScreen

SAW = (9, 3)


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _fire(game: Game, at: tuple[int, int]) -> None:
    """Fire Jets sprung at `at` by a stand-in delver, put back whole: the fire lasts (1 Hit
    to whoever steps in or ends a move there), and the party knows it (ochre finch 5's)."""
    mage = game.party[2]
    pos = game.store.get(mage, Position)
    home = pos.xy
    pos.x, pos.y = at
    spring(game, place(game, "mk_fire_jets", at=at, placement="square"), mage)
    pos.x, pos.y = home
    for loc in game.store.get(mage, HitBoxes).locations:
        loc.crossed = 0
    assert lasting_effects(game) == [at]


def _gap(saw: bool = False) -> Game:
    """The party west of a fire (or a buzz saw) in the only gap to a room unexplored."""
    game = scenario(ONE_WAY)
    game.level.explored[:, 10:] = False
    (_saw if saw else _fire)(game, SAW)
    for eid, _item in list(game.store.query(Treasure)):  # (no question about loot here)
        game.store.destroy(eid)
    return game


def _past(game: Game) -> list[int]:
    return [e for e in game.party if game.store.get(e, Position).x > SAW[0]]


def test_enter_walks_through_and_the_companions_come_out_too():
    game = _gap()
    explorer = Explorer()
    asked: list[str] = []

    def enter(question: travel.Question) -> int:
        asked.append(question.text)
        return 0

    for _ in range(8):  # (each wound the saw deals stops the walk, as any wound does)
        travel.run(game, explorer, answer=enter)
        explorer = explorer.again()
        if len(_past(game)) == 3:
            break
    assert len(asked) == 1 and "fire" in asked[0] and asked[0].endswith("Walk through it?")
    assert len(_past(game)) == 3  # (all through, nobody left standing in the saw)
    assert game.level.explored[1:4, 10:14].all()


def test_stay_out_steps_into_nothing_and_says_the_line():
    game = _gap()
    _events, why = travel.run(game, Explorer(), answer=lambda q: q.options.index(STAY_OUT))
    assert "Step in yourself if you must." in why and _hits_taken(game) == 0
    assert not _past(game)


async def _o_then(size: tuple[int, int], answer: str) -> tuple[Game, str]:
    game = _gap()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("o")
        await settle(pilot, app)
        assert isinstance(app.screen, ChoiceScreen)
        asked = " ".join(screen_text(app).split())
        await pilot.press(answer)
        for _ in range(8):  # (o again after each wound, as a player would)
            await settle(pilot, app)
            if len(_past(game)) == 3 or answer != "enter":
                break
            await pilot.press("o")
    return game, asked


@pytest.mark.parametrize("size", SIZES)
async def test_o_then_enter_through_the_keys_crosses_the_saw(size):
    game, asked = await _o_then(size, "enter")
    assert "Walk through it?" in asked and WALK_THROUGH in asked
    assert len(_past(game)) == 3


@pytest.mark.parametrize("size", SIZES)
async def test_o_then_escape_through_the_keys_steps_into_nothing(size):
    game, _asked = await _o_then(size, "escape")
    assert not _past(game) and _hits_taken(game) == 0


def test_a_crossing_chosen_that_cannot_start_is_not_asked_again():
    """Found in play (copper hare 9, depth 2): Enter on the question, but the way in was
    barred (a companion held in vines on it); the walk asked again at once, for ever.
    Now it says the line, and the next `o` does not ask again."""
    game = _gap()
    explorer = Explorer()
    leader = game.led
    cost = travel.travel_cost(game, leader) * 0  # (no way anywhere: nothing to step on)
    edge = [g for g in travel.frontier(game) if g[0] >= SAW[0]]
    question = explorer.crossing.ask(game, leader, edge, travel.travel_cost(game, leader),
                                     "Past")
    assert isinstance(question, travel.Question)
    explorer.answer(question, 0)
    assert explorer.crossing.step(game, leader, cost) is None
    again = explorer.again().crossing.ask(game, leader, edge,
                                          travel.travel_cost(game, leader), "Past")
    assert isinstance(again, str) and again.endswith("Step in yourself if you must.")


def test_one_knocked_out_in_it_is_dragged_out_and_the_crossing_called_off():
    """A buzz saw (1d6 Hits) knocks the Mage out as she crosses: she is dragged out, never
    waited for in it (a harness run waited her out in a fire: struck each round), and
    the crossing is not taken up again; the line says what is left."""
    game = _gap(saw=True)
    explorer = Explorer()
    events = []
    whys = []
    for _ in range(4):
        more, why = travel.run(game, explorer, answer=lambda q: 0)
        events += more
        whys.append(why)
        explorer = explorer.again()
    mage = game.party[2]
    assert any(e.kind == "drag" and e.target == mage for e in events)
    assert game.store.get(mage, Position).xy != SAW
    assert whys[-1].endswith("Step in yourself if you must.")


def test_an_effect_with_a_way_round_it_is_not_named_as_the_way_on():
    """Found in play (copper hare 9, depth 2): the ground ahead could be reached without
    stepping in, yet `o` named a Spiked Pit's spikes as the only way on, asked to walk
    through, and the crossing, finding nobody behind them, never took a step. Only an
    effect with no way round it is the way on."""
    game = scenario(TWO_WAYS)
    game.level.explored[:, :] = True  # (both ways known)
    _fire(game, (9, 1))  # (the top way: the bottom way to (13, 3) is open)
    eid = game.led
    cost = travel.travel_cost(game, eid)
    assert travel.effect_on_the_way(game, eid, [(13, 3)], cost, "Past") is None
    assert travel.effect_on_the_way(game, eid, [(13, 1)], cost, "Past") is not None


# A door in the fire, the only way on, found locked as the crossing reaches it (hunt-4's
# depth 3, a gas over a door: every o stopped, "The door is locked.", the crossing walking
# into it again).
DOOR_PAST = """
###################
#123.....#....#...#
#........#....#...#
#.............+...#
###################
"""


DOOR = (14, 3)


def _door_past() -> Game:
    game = scenario(DOOR_PAST)
    game.level.explored[:, 15:] = False
    _fire(game, DOOR)
    game.streams.play = Steady(2)  # (the door, first met in the fire, is locked: 1-2)
    assert not game.store.get(game.door_at(*DOOR), Door).checked
    for eid, _item in list(game.store.query(Treasure)):
        game.store.destroy(eid)
    return game


def test_the_crossing_stops_short_of_a_locked_door_and_o_asks_about_it():
    game = _door_past()
    explorer = Explorer()
    asked: list[str] = []
    whys = []
    for _ in range(6):
        _events, why = travel.run(game, explorer,
                                  answer=lambda q: asked.append(q.text) or 0)
        whys.append(why)
        explorer = explorer.again()
        if any("locked door" in a for a in asked):
            break
    assert "The door is locked." not in whys, whys
    assert asked[0].endswith("Walk through it?")
    assert any(a.startswith("The way on is through a locked door") for a in asked), asked


@pytest.mark.parametrize("size", SIZES)
async def test_o_through_the_fire_to_a_locked_door_through_the_keys(size):
    game = _door_past()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        titles, hints = [], []
        for _ in range(8):  # (o, Enter at the fire; a wound stops the walk: o again)
            await pilot.press("o")
            await settle(pilot, app)
            if isinstance(app.screen, ChoiceScreen):
                titles.append(app.screen.title_text)
                if "locked door" in titles[-1]:
                    break
                await pilot.press("enter")
                await settle(pilot, app)
            hints.append(screen.status.hint)
        assert any("locked door" in t for t in titles), (titles, hints)
        assert not any("The door is locked." in h for h in hints), hints
