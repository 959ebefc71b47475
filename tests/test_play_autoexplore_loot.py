"""Auto-explore (`o`) through the real keys at 80x24 and 120x40 (issue 26, playtest
findings 6, 11a and 11b): the best checker walks in front to a marker, the loot seen is
picked up (a treasure as the player answers), and a delver held by a lasting Monstrous
Hand is freed the way the player picks rather than rested beside."""

from __future__ import annotations

import pytest
from test_autoexplore_held import _held_in_the_hall
from test_autoexplore_loot import HALL, _check_events, _rooms
from test_play_newcomer import playing, settle

from roguelike.core.components import Position
from roguelike.engine.creatures.inventory import carried, make_item, make_treasure
from roguelike.engine.helpers.autoexplore_held import held_fast_by_trap
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import scenario
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


async def _answer(pilot, app, words: str) -> None:
    """Pick the option of the question on screen whose label holds `words`."""
    assert isinstance(app.screen, ChoiceScreen)
    pick = next(i for i, (_k, label) in enumerate(app.screen.options) if words in label)
    for _ in range(pick):
        await pilot.press("down")
    await settle(pilot, app, "enter")


@pytest.mark.parametrize("size", SIZES)
async def test_o_sends_the_mage_in_front_to_check_a_marker(size):
    game = _rooms("m1")
    _warrior, _rogue, mage = game.party
    make_marker(game.store, 1, 8, 1, room=0)
    async with playing(game, size) as (app, pilot):
        for _ in range(6):
            if _check_events(game):
                break
            await settle(pilot, app, "o")
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("escape")
                await pilot.pause()
        checks = _check_events(game)
        assert checks and checks[0].actor == mage
        assert "You now lead Apprentice Mage." in [e.text for e in game.log]


@pytest.mark.parametrize("size", SIZES)
async def test_o_picks_up_the_loot_seen_and_asks_about_treasure(size):
    game = scenario(HALL, seed="m3")
    salve = make_item(game, "healing_salve", Position(1, 13, 3))
    gold, _said = make_treasure(game, 1, 10, 2)
    async with playing(game, size) as (app, pilot):
        await settle(pilot, app, "o")
        assert isinstance(app.screen, ChoiceScreen)
        assert "Pick it up?" in app.screen.title_text
        await _answer(pilot, app, "Leave it lying")
        for _ in range(4):
            if not game.store.has(salve, Position):
                break
            await settle(pilot, app, "o")
        assert isinstance(app.screen, GameScreen)
        assert any(salve in carried(game.store, e) for e in game.party)
        assert game.store.has(gold, Position)  # left lying, as answered
        await settle(pilot, app, "o")  # and not asked about again
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_o_asks_how_to_free_a_delver_held_by_a_monstrous_hand(size):
    game = _held_in_the_hall([6] * 400)
    async with playing(game, size) as (app, pilot):
        await settle(pilot, app, "o")
        assert isinstance(app.screen, ChoiceScreen)
        labels = [label for _k, label in app.screen.options]
        assert labels[0] == "Mercenary Rogue: disarm it slowly (6 movement points; 15 in 36)"
        assert any("break away" in label for label in labels)
        await _answer(pilot, app, "disarm it slowly")
        for _ in range(4):
            if not held_fast_by_trap(game):
                break
            await settle(pilot, app, "o")
        assert not held_fast_by_trap(game)
        assert not any(e.kind == "rest" for e in game.log)
