"""The luck offers of one effect asked one by one through the real keys (issue 26 section 3):
a volley of darts with two failed saves asks twice, each prompt with the roll, the need,
the cost and the luck held, and each answer is an action of the game's record."""

from __future__ import annotations

import pytest
from luck_kit import answer_all, guard
from test_luck_pause import CASES, _seed_for

from roguelike.core.components import Character
from roguelike.engine.actions.basic import Step
from roguelike.engine.base.luck_queue import offer_waiting
from roguelike.engine.status.luck import KeepRoll, SpendLuck
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.luck_prompt import LuckPrompt

DARTS = "darts 2d6 (multi-shot)"


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def prompt_text(app) -> str:
    return " ".join(app.screen.text.split())


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_two_queued_offers_are_asked_in_turn_through_the_keys(size):
    make = CASES[DARTS][0]
    seed = _seed_for(DARTS)
    game, _act = make(seed, "ask")
    guard(game)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="ask"))
    answers = []
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("k")  # north, onto the trap square: the darts fly
        await pilot.pause()
        assert isinstance(app.screen, LuckPrompt)
        first = offer_waiting(game)
        luck = game.store.get(first.eid, Character).luck
        text = prompt_text(app)
        assert f"rolled {first.roll}, needs {first.need}" in text
        assert f"Spend {first.cost} of {luck} luck" in text
        await pilot.press("n")  # keep the roll: the wound, then the darts go on
        await pilot.pause()
        answers.append(False)
        assert isinstance(app.screen, LuckPrompt)  # the second offer, asked at once
        second = offer_waiting(game)
        assert second is not None and second != first
        assert f"rolled {second.roll}, needs {second.need}" in prompt_text(app)
        await pilot.press("y")  # spend on this one
        await pilot.pause()
        answers.append(True)
        while isinstance(app.screen, LuckPrompt):  # any later ones: kept
            await pilot.press("n")
            await pilot.pause()
            answers.append(False)
        assert offer_waiting(game) is None
    said = [e.text for e in game.log]
    assert any("lets the Might roll stand" in t for t in said)
    assert any(f"spends {second.cost} luck on the Might roll" in t for t in said)
    kinds = [a["kind"] for _r, a in game.history]
    assert kinds[:len(answers) + 1] == ["step"] + ["spend_luck" if a else "keep_roll"
                                                   for a in answers]
    # the same answers sent straight to the engine make the same game
    again, _act = make(seed, "ask")
    again.perform(Step(0, -1))
    for buy in answers:
        offer = offer_waiting(again)
        again.perform(SpendLuck(offer.cost) if buy else KeepRoll())
    assert again.state_hash() == game.state_hash()


def test_the_engine_case_the_pilot_plays_asks_twice_or_more():
    """(The seed the pilot test plays keeps asking at least twice when every roll is kept:
    its first answer leaves another offer to ask.)"""
    make = CASES[DARTS][0]
    game, act = make(_seed_for(DARTS), "ask")
    act(game)
    assert len(answer_all(game, False)) >= 2
