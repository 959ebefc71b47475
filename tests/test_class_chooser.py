"""The party screen's class chooser ("◂ Warrior ▸", roguelike/ui/class_chooser.py) through
the real keys and the mouse, at both sizes: ←/→, h/l and a class's first letter turn it,
the role's about line follows, Tab visits every field, Enter starts with the party shown
from a chooser, Escape backs out, a click on ◂ or ▸ turns it."""

from __future__ import annotations

import pytest

from roguelike.content.loader import default_content
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.class_chooser import ClassChooser
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.party import PartyScreen

SIZES = [(80, 24), (120, 40)]
TEXT = {k: c.text for k, c in default_content().classes.items()}


async def _party_screen(pilot, app) -> PartyScreen:
    await pilot.pause()
    await pilot.press("n")  # the menu's New game: the party first
    await pilot.pause()
    assert isinstance(app.screen, PartyScreen)
    return app.screen


def _about(screen: PartyScreen, i: int) -> str:
    return str(screen.query_one(f"#about-{i}").render())


def _shown(screen: PartyScreen, i: int) -> str:
    return str(screen.query_one(f"#class-{i}", ClassChooser).render())


@pytest.mark.parametrize("size", SIZES)
async def test_arrows_h_l_and_a_letter_turn_a_class_and_enter_starts_with_it(size):
    app = RoguelikeApp()
    async with app.run_test(size=size) as pilot:
        screen = await _party_screen(pilot, app)
        # the Leader's class has the focus from the start: ←/→ turn it at once
        assert screen.focused is not None and screen.focused.id == "class-0"
        assert "◂" in _shown(screen, 0) and "Warrior" in _shown(screen, 0)
        await pilot.press("right")
        await pilot.pause()
        assert "Rogue" in _shown(screen, 0) and TEXT["rogue"][:30] in _about(screen, 0)
        await pilot.press("l")  # Rogue -> Mage
        await pilot.pause()
        assert "Mage" in _shown(screen, 0) and TEXT["mage"][:30] in _about(screen, 0)
        await pilot.press("right")  # past the last: round to the first
        await pilot.pause()
        assert "Warrior" in _shown(screen, 0) and TEXT["warrior"][:30] in _about(screen, 0)
        await pilot.press("left", "h")  # back round: Mage, then Rogue
        await pilot.pause()
        assert "Rogue" in _shown(screen, 0)
        await pilot.press("m")  # a class's first letter jumps to it
        await pilot.pause()
        assert "Mage" in _shown(screen, 0) and TEXT["mage"][:30] in _about(screen, 0)
        await pilot.press("x")  # no class begins with x: nothing turns, nothing else
        await pilot.pause()
        assert "Mage" in _shown(screen, 0) and app.screen is screen
        await pilot.press("tab", "tab")  # past the name to the Mercenary's class
        assert screen.focused is not None and screen.focused.id == "class-1"
        await pilot.press("w")  # Rogue -> Warrior
        await pilot.press("enter")  # Enter on a chooser starts with the party shown
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.game.party_spec == (("leader", "mage"), ("mercenary", "warrior"),
                                       ("apprentice", "mage"))


@pytest.mark.parametrize("size", SIZES)
async def test_tab_visits_every_field_in_order_and_shift_tab_goes_back(size):
    app = RoguelikeApp()
    async with app.run_test(size=size) as pilot:
        screen = await _party_screen(pilot, app)
        order = ["class-0", "name-0", "class-1", "name-1", "class-2", "name-2", "start",
                 "default", "class-0"]
        seen = [screen.focused.id if screen.focused else None]
        for _ in order[1:]:
            await pilot.press("tab")
            seen.append(screen.focused.id if screen.focused else None)
        assert seen == order
        await pilot.press("shift+tab")
        assert screen.focused is not None and screen.focused.id == "default"
        await pilot.press("shift+tab", "shift+tab")
        assert screen.focused is not None and screen.focused.id == "name-2"


@pytest.mark.parametrize("size", SIZES)
async def test_escape_backs_out_and_a_click_on_the_arrows_turns_a_class(size):
    app = RoguelikeApp()
    async with app.run_test(size=size) as pilot:
        screen = await _party_screen(pilot, app)
        chooser = screen.query_one("#class-1", ClassChooser)
        assert "Rogue" in _shown(screen, 1)
        await pilot.click(chooser, offset=(chooser.size.width - 1, 0))  # on ▸
        await pilot.pause()
        assert "Mage" in _shown(screen, 1) and TEXT["mage"][:30] in _about(screen, 1)
        await pilot.click(chooser, offset=(chooser.size.width // 2, 0))  # on the name: focus
        await pilot.pause()
        assert "Mage" in _shown(screen, 1) and screen.focused is chooser
        await pilot.click(chooser, offset=(0, 0))  # on ◂
        await pilot.click(chooser, offset=(0, 0))
        await pilot.pause()
        assert "Warrior" in _shown(screen, 1)
        assert screen.chosen()[1] == ("mercenary", "warrior")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
