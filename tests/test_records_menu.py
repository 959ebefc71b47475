"""The menu's Continue / Recover entry and the game's records in the real app (pilot)."""

from __future__ import annotations

import pytest
from records_util import bot_game
from textual.widgets import OptionList

from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.records import account, live, scores
from roguelike.records import save as S
from roguelike.records.replay import verify_file
from roguelike.records.session import track
from roguelike.ui import hooks, local_records
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.screens.dialogs import Confirm, GameOver
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.party import PartyScreen


def _crash(game: Game) -> None:
    """What a kill -9 leaves behind (see test_records_journal.py)."""
    journal = live.find(game)
    journal.close(clean=False)


def _first_option(app) -> tuple[str, str]:
    option = app.screen.query_one(OptionList).get_option_at_index(0)
    return option.id, str(option.prompt)


async def test_the_menu_offers_recover_after_a_crash_and_continue_after_a_save():
    game = Game("x-1")
    track(game, local_records.folder(), local_records.slot())
    game.perform(Wait())
    _crash(game)
    app = RoguelikeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert _first_option(app) == ("continue", "Recover the interrupted game (seed x-1)")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game.history == game.history
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert _first_option(app) == ("continue", "Continue the saved game (seed x-1)")


async def test_a_new_game_asks_before_giving_up_the_saved_one():
    game = Game("x-1")
    track(game, local_records.folder(), local_records.slot())
    game.perform(Wait())
    _crash(game)
    app = RoguelikeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # New game (random seed)
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "x-1" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and S.load_game(
            local_records.folder(), local_records.slot()).game.history == game.history
        await pilot.press("enter")  # (New game is still the highlighted one)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)  # given up: then the party is chosen
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game.seed != "x-1"
        assert local_records.state().seed == app.game.seed


async def test_a_game_recovered_over_is_recorded_once_and_shows_its_end():
    """The process died between the party's last action and the game's records."""
    game = Game("e-1")
    track(game, local_records.folder(), local_records.slot())
    bot_game(game=game, actions=20000, budget=0, record=False)
    assert game.over
    _crash(game)
    assert local_records.state().kind == "interrupted"
    app = RoguelikeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameOver):
                break
        assert isinstance(app.screen, GameOver)
        replays = list((local_records.folder() / "replays").glob("*.replay.json"))
        assert len(replays) == 1 and local_records.state().kind == "none"


async def test_quitting_a_game_ends_it_recorded_once_and_retires_it():
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        assert local_records.state().kind == "interrupted"
        await pilot.press("Q", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOver) and local_records.state().kind == "none"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu) and _first_option(app)[0] == "new"
    rows = scores.top_scores(local_records.folder())
    assert [(r["seed"], r["outcome"]) for r in rows] == [("x-1", "quit")]
    replay = local_records.folder() / rows[0]["replay"]
    assert verify_file(replay)["verified"]
    journal = list(local_records.folder().glob("*.journal*"))
    assert journal and all(p.name.endswith(".ended") for p in journal)


async def test_an_unwritable_save_folder_warns_and_still_plays(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("ROGUELIKE_SAVES", str(blocked / "saves"))
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("j")
        assert app.game.history


def test_a_hosted_game_is_journalled_and_resumed_in_its_account(tmp_path):
    game = Game("x-2")
    ok, problem = hooks.begin_records(game, str(tmp_path), "ann")
    assert ok and not problem
    for _ in range(3):
        game.perform(Wait())
    assert account.has_save(tmp_path)  # a child killed now: the lobby offers Continue
    _crash(game)
    resumed, notes = account.resume(tmp_path)
    assert resumed.history == game.history and not notes
    assert (account.save_dir(tmp_path) / "game.journal").is_file()


@pytest.fixture(autouse=True)
def _close_journals():
    yield
    for journal in list(live._open.values()):
        journal.close(clean=False)


async def test_play_straight_in_asks_before_giving_up_a_saved_game():
    """`roguelike play` with a game in the slot: NetHack and DCSS would resume it; here the
    player is asked, n continues the saved game and y starts the new one."""
    game = Game("x-1")
    track(game, local_records.folder(), local_records.slot())
    game.perform(Wait())
    _crash(game)
    app = RoguelikeApp(seed="y-2", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert "x-1" in app.screen.question and "y-2" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game.seed == "x-1"
        assert app.game.history == game.history
    app = RoguelikeApp(seed="y-2", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await pilot.pause()
        assert app.game is not None and app.game.seed == "y-2"
        assert local_records.state().seed == "y-2"


async def test_play_straight_in_with_an_empty_slot_asks_nothing():
    app = RoguelikeApp(seed="y-2", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, Confirm)
        assert app.game is not None and app.game.seed == "y-2"
