"""Issue 26 §1, what matters is off screen: the main menu answers letter keys (`H` high
scores, `n` new game, `c` continue), and the party screen's focused field is seen in
every palette, in 16 colours and under NO_COLOR (it differed from the rest by one shade of
grey, 235 against 234, which 16 colours and NO_COLOR draw alike)."""

from __future__ import annotations

import pytest
from rich.color import ColorSystem
from rich.style import Style
from textual.color import Color

from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.records import live
from roguelike.records.session import track
from roguelike.ui import local_records
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ScoresScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.theme import PALETTES

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES)
async def test_the_menu_answers_H_n_and_c(size):
    game = Game("x-1")  # a saved game for c to continue
    track(game, local_records.folder(), local_records.slot())
    game.perform(Wait())
    live.find(game).close(clean=True)
    app = RoguelikeApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert "c continue, n new game" in app.screen.query_one("#keys").render().plain
        await pilot.press("H")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.game.seed == "x-1"
        assert app.game.history == game.history
        await pilot.press("S")  # saved: back to the menu
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        await pilot.press("n")  # a new game asks before it gives up the saved one
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)


async def test_c_with_no_saved_game_says_so_and_stays():
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        assert any("no saved game" in str(n.message) for n in app._notifications)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)


def _look(style: Style, depth: str) -> tuple[object, ...]:
    """What a cell looks like on a terminal of `depth`: its colours as that terminal draws
    them (all colours, 16, or the greys the app's NO_COLOR filter left) and its attributes."""
    def shown(color):  # (None: the terminal's default)
        if color is None or depth != "16":
            return color
        return color.downgrade(ColorSystem.STANDARD)
    return (shown(style.color), shown(style.bgcolor), bool(style.reverse),
            bool(style.bold), bool(style.underline))


def _row(app, text: str, depth: str) -> list[tuple[str, tuple[object, ...]]]:
    """The cells of the screen row holding `text`, through the app's line filters."""
    for strip in app.screen._compositor.render_strips():
        if text in strip.text:
            segments = list(strip)
            for filt in app.get_line_filters():
                segments = filt.apply(segments, Color(0, 0, 0))
            return [(ch, _look(seg.style or Style(), depth))
                    for seg in segments for ch in seg.text]
    raise AssertionError(f"no row holds {text!r}")


def _field(cells, word: str) -> set[tuple[object, ...]]:
    text = "".join(ch for ch, _look in cells)
    at = text.index(word)
    return {look for _ch, look in cells[at:at + len(word)]}


LOOKS = [(palette, depth, (80, 24)) for palette in PALETTES
         for depth in ("full", "16", "mono")] + \
    [("classic", depth, (120, 40)) for depth in ("full", "16", "mono")]


@pytest.mark.parametrize(("palette", "depth", "size"), LOOKS)
async def test_the_focused_party_field_is_seen_in_every_palette_and_without_colour(
        palette, depth, size, monkeypatch):
    if depth == "mono":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = RoguelikeApp(options=Options(palette=palette))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, PartyScreen)
        await pilot.pause()  # (the Leader's class has the focus from the start)
        assert app.screen.focused.id == "class-0"
        leader, mercenary = _row(app, "Leader", depth), _row(app, "Mercenary", depth)
        assert "▸ Leader" in "".join(ch for ch, _l in leader)
        assert "▸ Mercenary" not in "".join(ch for ch, _l in mercenary)
        # the focused class (Warrior) looks unlike the one beside it (Rogue), with no
        # shade of grey counted: the focused cells are reversed
        focused, other = _field(leader, "Warrior"), _field(mercenary, "Rogue")
        assert focused.isdisjoint(other)
        assert all(look[2] for look in focused) and not any(look[2] for look in other)
        await pilot.press("tab")  # the Leader's name
        await pilot.pause()
        assert app.screen.focused.id == "name-0"
        leader, mercenary = _row(app, "Leader", depth), _row(app, "Mercenary", depth)
        assert _field(leader, "name (optional)").isdisjoint(
            _field(mercenary, "name (optional)"))
