"""Issue 26 through the real keys, at 80x24 and 120x40: `F` plays the party's round of a
fight (engine/helpers/fight_round.py): a fight won with a few presses where it took a key per
action; the Rogue shoots a Zombie across a known trap rather than walk onto it; a badly
hurt delver steps back."""

from __future__ import annotations

import pytest
from test_fight_round import GAP, _foe, _hall, _hurt, _known_pit, _party, _put

from roguelike.core.components import Position
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.helpers.fight_round import ROUND_DONE
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen

SIZES = [(80, 24), (120, 40)]


async def _open(pilot, app, game) -> GameScreen:
    app.play(game)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def _press_f(pilot, screen: GameScreen) -> None:
    """F, then wait for the round to be played (the run stops by itself)."""
    await pilot.press("F")
    for _ in range(500):
        await pilot.pause(0.01)
        if screen.auto is None:
            return
    raise AssertionError("the round did not stop")


def _app() -> RoguelikeApp:
    return RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))


@pytest.mark.parametrize("size", SIZES)
async def test_f_plays_the_partys_round_and_wins_a_fight_in_a_few_presses(size):
    game = _hall(_party("warrior", "rogue", "mage"), {(12, 2): "goblin", (13, 4): "goblin"})
    async with _app().run_test(size=size) as pilot:
        screen = await _open(pilot, pilot.app, game)
        start, before = game.round, game.actions_taken
        await _press_f(pilot, screen)
        assert game.round == start + 1 and screen.status.hint == ROUND_DONE
        assert game.actions_taken - before >= 3  # every delver, on its own count
        presses = 1
        while game.mode == "combat" and presses < 12:
            await _press_f(pilot, screen)
            presses += 1
        assert game.mode == "explore" and not game.over
        assert screen.status.hint == "The fight is over."
        # each of these actions was a key of its own before (a step, a blow, a `.`)
        assert game.actions_taken - before >= 3 * presses


@pytest.mark.parametrize("size", SIZES)
async def test_f_the_rogue_shoots_the_zombie_across_the_spikes(size):
    game = scenario(GAP.replace("#2.1.^", "#2...^").replace("#.............#",
                                                              "#..1..........#", 1),
                    monsters={"z": "zombie"}, party=_party("warrior", "rogue"),
                    luck_prompt="never")
    rogue = game.party[1]
    pit = game.store.get(_known_pit(game, (5, 2)), Position).xy
    async with _app().run_test(size=size) as pilot:
        screen = await _open(pilot, pilot.app, game)
        at = game.store.get(rogue, Position).xy
        await _press_f(pilot, screen)
        kinds = [a["kind"] for _r, a in game.history]
        assert "shoot" in kinds
        assert game.store.get(rogue, Position).xy == at != pit  # it shot from where it stood


@pytest.mark.parametrize("size", SIZES)
async def test_f_a_badly_hurt_delver_steps_back_rather_than_being_refused(size):
    game = _hall(_party("warrior", "warrior"), {(5, 3): "ogre"})
    hurt, mate = game.party
    _put(game, hurt, (4, 3))
    _put(game, mate, (5, 4))
    _hurt(game, hurt)
    foe = _foe(game)
    async with _app().run_test(size=size) as pilot:
        screen = await _open(pilot, pilot.app, game)
        gap = chebyshev(game.store.get(hurt, Position), game.store.get(foe, Position))
        await _press_f(pilot, screen)
        assert "badly hurt" not in screen.status.hint
        assert chebyshev(game.store.get(hurt, Position), game.store.get(foe, Position)) > gap
        assert "step" in [a["kind"] for _r, a in game.history]


@pytest.mark.parametrize("size", SIZES)
async def test_f_with_no_foe_says_so(size):
    game = _hall(_party("warrior"), {})
    async with _app().run_test(size=size) as pilot:
        screen = await _open(pilot, pilot.app, game)
        await pilot.press("F")
        await pilot.pause()
        assert screen.auto is None and screen.status.hint == "No foe in view."
        assert game.history == []
