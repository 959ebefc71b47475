"""Help that teaches, and the first game's how-to (issue 18, point 7)."""

from __future__ import annotations

from test_comfort_snapshots import screen_text

from roguelike.content.loader import default_content
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.glyphs import legend
from roguelike.ui.help_text import help_text
from roguelike.ui.options import load_options
from roguelike.ui.screens.dialogs import Confirm, HelpScreen
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.howto import HowTo


def test_help_explains_the_map_the_sidebar_the_rolls_a_turn_and_each_spell():
    content = default_content()
    text = help_text(content, [("o", "auto-explore")])
    for glyph, words in legend(content):
        if words in text:
            continue
        assert f"[b]{glyph}[/b]" in text, glyph  # monsters: in one paragraph by glyph
    assert "T 33456[/b] is Might 3 now" in text and "floor: never crossed" in text
    assert "lower is better" in text and "Speed is the reverse" in text
    assert "two actions" in text and "6 down to 1" in text
    for spell in content.explore.spells.values():
        assert spell.name in text and spell.text in text
    assert "a Mage (Wits 3 at the start): 4 in 6" in text


async def test_help_in_a_game_gives_the_partys_own_odds():
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.game is app.game
        text = help_text(app.game.content, app.keymap.help_rows(), app.game)
        assert "Apprentice Mage (Wits 3): 4 in 6" in text


async def test_a_first_game_shows_the_how_to_once(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))  # a new player: no options yet
    assert not load_options()[0].seen_howto
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True, howto=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HowTo)
        shown = " ".join(screen_text(app).replace("│", " ").split())
        for words in ("Heart of the Deep", "R rests to heal", "Any key: start playing"):
            assert words in shown, words  # the goal, healing and the way out, whole at 80x24
        await pilot.press("j")  # any key skips it
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
    assert load_options()[0].seen_howto  # remembered in the player's options
    again = RoguelikeApp(seed="amber-wolf-17", straight_in=True, howto=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, Confirm)  # the first game waits in the slot
        await pilot.press("y")  # given up for a new one
        await pilot.pause()
        assert isinstance(again.screen, GameScreen)
