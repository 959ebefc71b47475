"""Pilot tests: the real Textual app driven by keys."""

from __future__ import annotations

from roguelike.core.components import MonsterStats, Position
from roguelike.engine.scenario import Scripted, scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.screens.dialogs import Confirm, GameOver, HelpScreen
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.party import PartyScreen


async def test_start_walk_and_quit_to_menu():
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.game
        assert game is not None and game.seed == "amber-wolf-17"
        lead = game.awaiting
        start = game.store.get(lead, Position).xy
        await pilot.press("j")  # the arrival room of this seed has floor below the stairs
        assert game.store.get(lead, Position).xy == (start[0], start[1] + 1)
        await pilot.press("l", "l")
        assert game.store.get(lead, Position).xy == (start[0] + 2, start[1] + 1)
        assert game.actions_taken == 3
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("Q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")  # a quit ends the game like a death: the end screen first
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        assert game.over and game.outcome == "quit"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_fight_on_a_scenario_map_and_game_over():
    game = scenario("""
        #########
        #1m.....#
        #.......#
        #.......#
        #########
    """, monsters={"m": "apprentice"}, party=(("leader", "warrior"),))
    foe = next(e for e, _ in game.store.query(MonsterStats))
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(game)
        await pilot.pause()
        # make sure it is the Warrior's turn, then hit: 6 to hit, 1 to (fail to) save
        while game.awaiting is None:
            await pilot.press("period")
        game.streams.play = Scripted([6, 1])
        await pilot.press("l")  # stepping into the foe attacks it
        assert not game.store.alive(foe)
        log = [m for m, _ in app.screen.log_view.messages]
        assert any("Apprentice falls" in m for m in log)
        assert any("rolled 6 vs Combat 3" in m for m in log)
        # now let a foe take the Warrior down: game over shows its screen
        from roguelike.core.components import Disabled

        game.store.add(game.party[0], Disabled("test"))
        game.on_disabled(game.party[0], "down")
        app.screen.show([])
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_menu_seed_prompt_refuses_bad_seed_then_starts():
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("down", "enter")  # "New game on a seed..."
        await pilot.pause()
        await pilot.press(*"../etc", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)  # refused with a message
        assert "characters other than" in str(app.screen.query_one(".error").render())
        await pilot.press("escape")
        await pilot.press("enter")  # the highlight stays on "New game on a seed..."
        await pilot.pause()
        await pilot.press(*"Red Fox 3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)  # the party first; Enter: the default
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game is not None and app.game.seed == "red-fox-3"


async def test_unknown_key_is_explained_not_fatal():
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("W")
        assert "Unknown key" in app.screen.status.hint


async def test_look_describes_squares():
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("x")
        assert "Leader Warrior" in app.screen.status.hint
        await pilot.press("j")
        assert "floor" in app.screen.status.hint
        await pilot.press("escape")
        assert app.screen.map.cursor is None


async def test_the_hangup_save_handler_is_removed_when_the_app_closes():
    import signal

    before = signal.getsignal(signal.SIGTERM)
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert signal.getsignal(signal.SIGTERM) != before  # a hang-up saves the game
    assert signal.getsignal(signal.SIGTERM) == before
