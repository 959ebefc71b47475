"""Issue 26 §2: defects a tester found playing, each through the real keys of the game's
screen (Textual pilot at 80x24 and 120x40)."""

from __future__ import annotations

import pytest

from roguelike.core.events import Event
from roguelike.engine.explore.inventory import carried
from roguelike.engine.stats import name_of
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.dialogs import GameOver
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import MessageHistory
from roguelike.ui.userdata import save_dir

SIZES = [(80, 24), (120, 40)]
SEED = "amber-wolf-17"


@pytest.mark.parametrize("size", SIZES)
async def test_message_history_shows_one_message_a_line(size):
    app = RoguelikeApp(seed=SEED, straight_in=True, options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        game.log.append(Event("note", "First [bold]thing[/bold] said."))
        game.log.append(Event("note", "Second thing said."))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, MessageHistory)
        shown = str(app.screen.query_one("#history").render())
        assert "\\x0a" not in shown and "\\x" not in shown
        lines = shown.splitlines()
        assert lines[-2:] == ["First [bold]thing[/bold] said.", "Second thing said."]
        assert len(lines) == len(app.screen.messages)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_the_morgue_file_names_what_each_delver_carries(size):
    app = RoguelikeApp(seed=SEED, straight_in=True, options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        kit = {eid: [name_of(game.store, it) for it in carried(game.store, eid)]
               for eid in game.party}
        await pilot.press("Q", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
    morgue = next((save_dir() / "morgue").glob("*.txt")).read_text()
    carrying = morgue.split("The party:")[1].split("Last messages:")[0]
    for names in kit.values():
        for name in names:
            assert f"      {name}" in carrying, name
    assert "Flask of Oil" in carrying
    numbers = [line.strip() for line in carrying.splitlines() if line.strip().isdigit()]
    assert numbers == [], "entity numbers instead of items"
