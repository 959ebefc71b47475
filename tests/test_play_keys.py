"""Pilot tests of issue 18's points 2, 3 and 8 through the real keys: `o` that asks at a
locked door and searches on a second press, `Q` that ends the game like a death, and a new
game's party chosen on its own screen."""

from __future__ import annotations

from explore_kit import door_at
from textual.widgets import OptionList

from roguelike.core.explore_components import SecretDoor
from roguelike.engine.base.stats import name_of
from roguelike.engine.helpers.autoexplore import EXPLORED
from roguelike.engine.scenario import scenario
from roguelike.records import scores
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.dialogs import GameOver
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen, ScoresScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.userdata import save_dir


async def until_idle(pilot, app, limit: int = 1500) -> None:
    for _ in range(limit):
        screen = app.screen
        if not isinstance(screen, GameScreen) or screen.auto is None:
            return
        await pilot.pause(0.02)


async def test_o_walks_to_the_locked_door_asks_and_enter_picks_it_until_it_gives():
    # amber-wolf-17 starts in a room whose one way out is a door found locked
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True,
                       options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game
        await pilot.press("o")
        await until_idle(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "locked door (1 square west)" in app.screen.title_text
        # (the quiet way first: breaking it down is noisy, door_plans)
        assert "Mercenary Rogue: pick the lock" in app.screen.options[0][1]
        seen = int(game.level.explored.sum())
        await pilot.press("enter")  # the first way, tried until the door gives
        await until_idle(pilot, app)
        kinds = [a["kind"] for _r, a in game.history]
        assert "pick_lock" in kinds and "break_door" not in kinds
        assert int(game.level.explored.sum()) > seen + 40  # and it went on exploring
        assert isinstance(app.screen, GameScreen) and app.screen.status.hint


async def test_a_second_o_searches_for_secret_doors_once_the_level_is_done():
    game = scenario("""
        ##############
        #1...>#......#
        #.....+......#
        #.....#......#
        ##############
    """, party=(("leader", "warrior"),), rolls=[6] * 60)
    door = door_at(game, 6, 2)
    game.store.add(door, SecretDoor())
    game.invalidate_terrain()
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(120, 40)) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("o")
        await until_idle(pilot, app)
        assert app.screen.status.hint.startswith(EXPLORED)
        assert "o again searches" in app.screen.status.hint
        await pilot.press("o")
        await until_idle(pilot, app)
        assert "search" in [a["kind"] for _r, a in game.history]
        assert not game.store.has(door, SecretDoor)


async def test_a_new_game_chooses_the_party_and_a_quit_ends_it_scored():
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # New game on a seed...
        await pilot.pause()
        await pilot.press(*"amber wolf 17", "enter")
        await pilot.pause()
        party = app.screen
        assert isinstance(party, PartyScreen)
        await pilot.press("right")  # Warrior -> Rogue
        await pilot.pause()
        await pilot.press("tab", *"[Brand]")  # the Leader's name: markup is refused
        await pilot.pause()
        assert "cannot hold [" in str(party.query_one("#problem").render())
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is party  # not started with a bad name
        for _ in range(7):
            await pilot.press("backspace")
        await pilot.press(*"Brand", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.game
        assert game.party_spec[0] == ("leader", "rogue", "Brand")
        assert game.party_spec[1:] == (("mercenary", "rogue"), ("apprentice", "mage"))
        assert name_of(game.store, game.party[0]) == "Brand"
        await pilot.press("Q", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOver) and game.outcome == "quit"
        assert "gives up the delve" in app.screen.text and "Score" in app.screen.text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        row = scores.top_scores(save_dir())[0]
        assert row["outcome"] == "quit" and row["party"].startswith("Brand (Leader Rogue)")
        menu = app.screen.query_one(OptionList)
        want = next(i for i in range(menu.option_count)
                    if menu.get_option_at_index(i).id == "scores")
        await pilot.press(*["down"] * (want - (menu.highlighted or 0)), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        assert "Brand (Leader Rogue)" in str(app.screen.query_one("Static").render())


async def test_the_default_party_is_one_key_away():
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # New game (random seed): the party screen, then Enter
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.party_spec == (("leader", "warrior"), ("mercenary", "rogue"),
                                       ("apprentice", "mage"))
