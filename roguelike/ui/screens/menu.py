"""The main menu: continue or recover the saved game, a new game, a game on a chosen seed,
help, options, scores, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from roguelike.engine.base.seeds import SeedError, normalise_seed
from roguelike.records.lock import SlotBusy
from roguelike.records.save import SlotState
from roguelike.ui import hooks, local_records
from roguelike.ui.screens.dialogs import Confirm, HelpScreen, Prompt
from roguelike.ui.screens.info import ScoresScreen

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


def saved_game_words(state: SlotState) -> str:
    return f"the saved game (seed {state.seed})" if state.seed else "the saved game"


def continue_options(state: SlotState) -> list[Option]:
    """The menu's first entries for the save slot: Continue a game left cleanly, Recover
    one a crash interrupted (the same thing: the game as far as it was recorded)."""
    seed = f" (seed {state.seed})" if state.seed else ""
    if state.kind == "saved":
        return [Option(f"Continue the saved game{seed}", id="continue")]
    if state.kind == "interrupted":
        return [Option(f"Recover the interrupted game{seed}", id="continue")]
    if state.kind == "busy":
        return [Option("Continue: the saved game is open in another window", id="busy")]
    return []


class MainMenu(Screen[None]):
    """The menu asks the app (messages up) to start, continue or set up a game: those are
    the app's, which owns the game and the options."""

    class NewGame(Message):
        def __init__(self, seed: str | None) -> None:
            super().__init__()
            self.seed = seed  # None: a fresh random seed

    class ContinueGame(Message):
        pass

    class EditOptions(Message):
        pass

    # Every entry answers a letter, as the game's own keys do (H high scores, O options, ?
    # help), so the menu needs no arrow keys: issue 26.
    BINDINGS = [Binding("q,escape", "app.quit", "Quit"),
                Binding("c", "choose('continue')", "Continue"),
                Binding("n", "choose('new')", "New game"),
                Binding("s", "choose('seed')", "New game on a seed"),
                Binding("H,h", "choose('scores')", "High scores"),
                Binding("O,o", "choose('options')", "Options"),
                Binding("question_mark", "choose('help')", "Help")]
    KEYS = "Keys: c continue, n new game, s seed, H high scores, O options, ? help, q quit"
    DEFAULT_CSS = """
    MainMenu { align: center middle; }
    MainMenu > Vertical { width: 76; height: auto; }
    MainMenu #title { color: $accent; }
    MainMenu #keys { color: $text-muted; }
    MainMenu OptionList { height: auto; max-height: 10; border: round $panel-lighten-2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(TITLE, id="title")
            yield Static("Lead a Leader, a Mercenary and an Apprentice into the dungeon.\n")
            self._slot = local_records.state()
            yield OptionList(
                *continue_options(self._slot),
                Option("New game (random seed)", id="new"),
                Option("New game on a seed...", id="seed"),
                Option("Help", id="help"),
                Option("Options", id="options"),
                Option("High scores", id="scores"),
                Option("Quit (q)", id="quit"),
            )
            yield Static(self.KEYS, id="keys")

    def on_screen_resume(self) -> None:
        # back from a game: a game may have been saved, or have ended
        if local_records.state() != self._slot:
            self.refresh(recompose=True)
            self.call_after_refresh(lambda: self.query_one(OptionList).focus())

    def _new_game(self, seed: str | None) -> None:
        """Start a game, once the player agrees to give up the one in the slot (if any),
        through the party screen (the app's NewGame)."""
        state = local_records.state()

        def start(yes: bool | None = True) -> None:
            if yes:
                self.post_message(self.NewGame(seed))

        if state.kind in ("saved", "interrupted"):
            self.app.push_screen(Confirm(f"Start a new game and give up {saved_game_words(state)}? "
                                    "It cannot be continued afterwards."), start)
        else:
            start()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option.id or "")

    def action_choose(self, choice: str) -> None:
        """An entry chosen, by its letter or from the list."""
        app = self.app
        if choice == "continue" and self._slot.kind == "busy":
            choice = "busy"
        elif choice == "continue" and self._slot.kind not in ("saved", "interrupted"):
            self.notify("There is no saved game to continue: n starts a new one.")
            return
        if choice == "continue":
            self.post_message(self.ContinueGame())
        elif choice == "busy":
            self.notify(str(SlotBusy(self._slot.pid)), severity="warning", timeout=8)
        elif choice == "new":
            self._new_game(None)
        elif choice == "seed":
            def chosen(value: str | None) -> None:
                if value:
                    self._new_game(normalise_seed(value))

            app.push_screen(Prompt("Seed (words and numbers, e.g. amber wolf 17):",
                                   "amber wolf 17", seed_problem), chosen)
        elif choice == "help":
            app.push_screen(HelpScreen())
        elif choice == "options":
            self.post_message(self.EditOptions())
        elif choice == "scores":
            app.push_screen(ScoresScreen(hooks.top_scores()))
        elif choice == "quit":
            app.exit()
