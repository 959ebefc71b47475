"""`o` with a delver caught in a net while unconscious (found by the
explore-rate harness on explore-17 D2 R159). Its struggle was offered, dropped at once as
it could not act, and offered again: the same question over and over with no time
passing (4,005 of them before the harness gave up; a player pressing Enter each time).
Now `o` waits for it to come to, then asks once."""

from __future__ import annotations

import pytest
from explore_kit import Steady
from test_comfort_snapshots import SIZES
from test_party_keys import until_idle
from trap_helpers import place

from roguelike.engine.actions.basic import Wait
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.travel import Question
from roguelike.engine.scenario import scenario
from roguelike.engine.status.conditions import add_condition
from roguelike.engine.traps.trigger import spring
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen

HALL = """
##################
#.21.............#
#3...............#
##################
"""


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _netted_and_out(rounds: int = 2):
    g = scenario(HALL, party=(("leader", "warrior"), ("mercenary", "rogue"),
                              ("apprentice", "mage")))
    g.streams.play = Steady(1)  # (every struggle fails; no wandering monster)
    lead = g.party[0]
    spring(g, place(g, "net", at=(3, 1), placement="square"), lead)
    add_condition(g, lead, "unconscious", rounds)
    g.level.explored[:, 10:] = False
    g.restart_round()
    return g, lead


def test_o_waits_for_a_netted_delver_to_come_to_then_asks_once():
    g, _lead = _netted_and_out()
    asked: list[Question] = []
    explorer = Explorer()
    walk = travel.Run(g, explorer)
    start = g.round
    for _ in range(40):
        why = walk.advance(g.perform)
        if isinstance(why, Question):
            asked.append(why)
            break
        assert why is None, why
    assert g.round > start and "wait" in [a["kind"] for _r, a in g.history]
    assert len(asked) == 1 and "caught (net)" in asked[0].text
    assert any("struggles" in o for o in asked[0].options)


def test_while_it_is_out_the_decision_is_a_wait_not_a_question():
    g, _lead = _netted_and_out()
    assert Explorer()(g, g.awaiting) == Wait()


@pytest.mark.parametrize("size", SIZES)
async def test_through_the_keys_one_question_for_the_netted_delver(size):
    g, _lead = _netted_and_out()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        start = g.round
        await pilot.press("o")
        await until_idle(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "caught (net)" in app.screen.title_text
        assert g.round > start  # (asked once it has come to: before, at once, and again)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
