"""Text snapshots of issue 18's new screens at 80x24 and 120x40: the party screen, the door
question of auto-explore, the use menu and a Healing Salve's location menu, a wall's
direction, and the end screen of a quit. `UPDATE_SNAPSHOTS=1 pytest
tests/test_snapshots_play.py` rewrites them."""

from __future__ import annotations

import re

import pytest
from test_comfort_snapshots import SIZES, check, screen_text

from roguelike.core.components import HitBoxes
from roguelike.ui import local_records
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen

STAMP = re.compile(r"\d{8}-\d{6}")


@pytest.fixture(autouse=True)
def fixed_places(tmp_path, monkeypatch):
    """Records under a short relative folder, by a fixed player: the end screen names them."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ROGUELIKE_SAVES", "saves")
    monkeypatch.setattr(local_records, "player_name", lambda: "player")


async def _settle(pilot, app) -> None:
    for _ in range(1500):
        await pilot.pause(0.02)
        screen = app.screen
        if not isinstance(screen, GameScreen) or screen.auto is None:
            break
    await pilot.pause()


def _shot(app, name: str, size: tuple[int, int]) -> None:
    check(f"{name}_{size[0]}x{size[1]}", STAMP.sub("YYYYMMDD-HHMMSS", screen_text(app)))


@pytest.mark.parametrize("size", SIZES)
async def test_play_screens(size):
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True,
                       options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        await _settle(pilot, app)
        game = app.game
        steps = [(("o",), "door_question"), (("escape", "U"), "use_menu"),
                 # (the Rogue stands beside the Warrior, in step: "for whom?" first)
                 (("down", "enter", "enter"), "use_location"),
                 # (the party stands in step in the corridor: the wall is aimed into the
                 # room, four squares east of the Mage)
                 (("escape", "tab", "tab", "z", "down", "down", "down", "enter", "l", "l",
                   "l", "l", "enter"), "wall_direction"),
                 (("escape", "Q", "y"), "quit_end")]
        for keys, name in steps:
            if name == "use_menu":  # (after `o`, which would rest a wound off first)
                torso = game.store.get(game.party[0], HitBoxes).location("torso")
                torso.crossed = 2  # a wound for the salve to mend
                next(s for s in app.screen_stack if isinstance(s, GameScreen)).refresh_all()
            await pilot.press(*keys)
            await _settle(pilot, app)
            _shot(app, name, size)


@pytest.mark.parametrize("size", SIZES)
async def test_party_screen(size):
    app = RoguelikeApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", *"amber wolf 17", "enter")
        await pilot.pause()
        _shot(app, "party", size)
