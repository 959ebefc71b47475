"""The main menu: a new game, a game on a chosen seed, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from roguelike.engine.seeds import SeedError, normalise_seed
from roguelike.ui.screens.dialogs import Prompt

TITLE = r"""
 _____                       ___     _____
|_   _| _ __ _ _ __  ___    ( _ )   |_   _| _ ___ __ _ ____  _ _ _ ___
  | || '_/ _` | '_ \(_-<    / _ \/\   | || '_/ -_) _` (_-< || | '_/ -_)
  |_||_| \__,_| .__//__/    \___/\/   |_||_| \___\__,_/__/\_,_|_| \___|
              |_|
"""


def seed_problem(text: str) -> str | None:
    try:
        normalise_seed(text)
    except SeedError as err:
        return str(err)
    return None


class MainMenu(Screen[None]):
    BINDINGS = [Binding("q,escape", "app.quit", "Quit")]
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu > Vertical { width: 76; height: auto; }
    MainMenu #title { color: $accent; }
    MainMenu OptionList { height: auto; max-height: 10; border: round $panel-lighten-2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE, id="title")
            yield Static("Lead a Leader, a Mercenary and an Apprentice into the dungeon.\n")
            from roguelike.ui import local_records

            self._offered_continue = local_records.has_save()
            saved = [Option("Continue the saved game", id="continue")] \
                if self._offered_continue else []
            yield OptionList(
                *saved,
                Option("New game (random seed)", id="new"),
                Option("New game on a seed...", id="seed"),
                Option("Help", id="help"),
                Option("Options", id="options"),
                Option("High scores", id="scores"),
                Option("Quit (q)", id="quit"),
            )

    def on_screen_resume(self) -> None:
        # back from a game: a save may have appeared (or been consumed)
        from roguelike.ui import local_records

        if local_records.has_save() != self._offered_continue:
            self.refresh(recompose=True)
            self.call_after_refresh(lambda: self.query_one(OptionList).focus())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app = self.app
        choice = event.option.id
        if choice == "continue":
            app.continue_game()  # type: ignore[attr-defined]
        elif choice == "new":
            app.start_game(app.fresh_seed())  # type: ignore[attr-defined]
        elif choice == "seed":
            def chosen(value: str | None) -> None:
                if value:
                    app.start_game(normalise_seed(value))  # type: ignore[attr-defined]

            app.push_screen(Prompt("Seed (words and numbers, e.g. amber wolf 17):",
                                   "amber wolf 17", seed_problem), chosen)
        elif choice == "help":
            from roguelike.ui.screens.dialogs import HelpScreen

            app.push_screen(HelpScreen())
        elif choice == "options":
            from roguelike.ui.screens.options_screen import OptionsScreen

            app.push_screen(OptionsScreen(app.options))  # type: ignore[attr-defined]
        elif choice == "scores":
            from roguelike.ui import hooks
            from roguelike.ui.screens.info import ScoresScreen

            app.push_screen(ScoresScreen(hooks.top_scores()))
        elif choice == "quit":
            app.exit()
