"""Issue 26 §1, banked gold only in a message: the sidebar shows the gold carried and the
gold banked, and banking in the Camp (`a`, `.`) moves it from one to the other; through
the real keys at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from explore_kit import give_treasure
from test_comfort_snapshots import SIZES
from test_play_light import game_screen, settle, sidebar

from roguelike.engine.creatures.inventory import ledger
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.info import ChoiceScreen


async def _pick(pilot, app, start: str) -> None:
    """Choose the entry of the menu on screen that begins with `start`."""
    await pilot.pause()
    assert isinstance(app.screen, ChoiceScreen)
    labels = [label for _key, label in app.screen.options]
    at = next(i for i, label in enumerate(labels) if label.startswith(start))
    await pilot.press(*["down"] * at, "enter")
    await pilot.pause()


def _gold(app) -> str:
    return next(r for r in sidebar(app) if r.startswith("Gold"))


@pytest.mark.parametrize("size", SIZES)
async def test_the_sidebar_shows_gold_carried_and_banked(size):
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True,
                       options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        give_treasure(game, game.party[0], 30)  # the Leader comes back with a find
        give_treasure(game, game.party[0], 20)
        game_screen(app).refresh_all()
        await pilot.pause()
        assert "50" in _gold(app) and "carried" in _gold(app)
        assert _gold(app).endswith("0 banked")
        await pilot.press("a")  # act: the door beside comes first ...
        await _pick(pilot, app, "Something else")
        await pilot.press(".")  # ... then your own square: bank, in the Camp
        await _pick(pilot, app, "Bank")
        await settle(pilot, app)
        assert ledger(game).banked_gp == 50
        gold = _gold(app)
        assert gold.endswith("50 banked") and " 0 " in gold and "carried" in gold, gold
