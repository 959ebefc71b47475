"""The Textual application: the main menu and the game screen.

The keymap and the player's options are read once at start (a bad keymap file stops the
game with a clear error before the terminal is taken over).
"""

from __future__ import annotations

import contextlib
import secrets
from pathlib import Path

from textual.app import App

from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.records.signals import install_signal_save
from roguelike.ui import hooks, local_records
from roguelike.ui.hosted import begin_hosted
from roguelike.ui.keymap import Keymap, load_keymap
from roguelike.ui.options import FILE as OPTIONS_FILE
from roguelike.ui.options import Options, apply_to_game, load_options, save_options
from roguelike.ui.screens.dialogs import Confirm
from roguelike.ui.screens.game_commands import command_ids
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu, saved_game_words
from roguelike.ui.screens.options_screen import OptionsScreen
from roguelike.ui.screens.party import PartyScreen
from roguelike.ui.terminal_fit import TerminalFit
from roguelike.ui.theme import PALETTES, Styles
from roguelike.ui.userdata import UserFileError, config_dir
from roguelike.ui.warm_styles import KEPT


class RoguelikeApp(TerminalFit, App[None]):
    TITLE = "Traps & Treasure"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, seed: str | None = None,
                 party: tuple[tuple[str, ...], ...] | None = None,
                 straight_in: bool = False, palette: str | None = None,
                 keymap: Keymap | None = None, options: Options | None = None,
                 data_dir: str | None = None, player_name: str = "",
                 status_fd: int | None = None, howto: bool = False,
                 go_fd: int | None = None) -> None:
        super().__init__()
        self.howto = howto  # offer a new player's first game the how-to (ui/screens/howto)
        # Hosted play (roguelike.host): a per-account data folder, see ui/hosted.py.
        self.data_dir, self.player_name, self.status_fd = data_dir, player_name, status_fd
        self.go_fd = go_fd  # a hosted game started ahead of Play, held (ui/held.py)
        self.initial_seed = seed
        self.party: tuple[tuple[str, ...], ...] = party or DEFAULT_PARTY
        self.party_given = party is not None
        self.straight_in = straight_in
        # a hosted account's settings live in its own folder, never in the host's
        self.settings_dir = Path(data_dir) if data_dir is not None else config_dir()
        self.keymap = keymap or load_keymap(command_ids(),
                                            overrides=self.settings_dir / "keymap.toml")
        self.options_problem = ""
        if options is None:
            options, self.options_problem = load_options(self.options_path)
        if palette is not None:
            options = Options(**{**options.__dict__, "palette": palette})
        self.options = options
        self.styles_ = Styles(PALETTES[options.palette], self.colour_depth())
        self.game: Game | None = None
        self._quit_unsaved = False  # Ctrl+Q's save failed once: the next one just quits
        KEPT.give(self)  # in a game forked from the host's zygote: its parsed styles

    @property
    def options_path(self) -> Path:
        return self.settings_dir / OPTIONS_FILE

    def on_mount(self) -> None:
        if self.data_dir is not None:
            begin_hosted(self)
            return
        self._install_signal_save()
        self.push_screen(MainMenu())
        if self.options_problem:
            self.notify(self.options_problem, severity="warning", timeout=8)
        if self.straight_in:
            self.start_straight_in(self.initial_seed or self.fresh_seed())

    def start_straight_in(self, seed: str) -> None:
        """`roguelike play` and `daily`: straight into a new game, unless a game waits in the
        save slot. Then ask first: NetHack and DCSS resume a saved game when started, and a
        player who types `roguelike play` from habit must not give theirs up unawares."""
        state = local_records.state()
        if state.kind not in ("saved", "interrupted"):
            self.start_game(seed)
            return

        def answered(give_up: bool | None) -> None:
            if give_up:
                self.start_game(seed)
            else:
                self.continue_game()

        words = saved_game_words(state)
        self.push_screen(Confirm(
            f"{words[:1].upper()}{words[1:]} is waiting in the save slot. Give it "
            f"up and start a new game (seed {seed})? y: start anew (the saved game can no "
            "longer be continued). n: continue the saved game."), answered)

    def fresh_seed(self) -> str:
        return f"delve-{secrets.randbelow(1_000_000)}"

    def new_game(self, seed: str) -> bool:
        """A new game on `seed`: the player chooses the party first (the default party is
        one key away), unless the command line named the party. False if the game could not
        be started (start_game said why)."""
        if self.party_given:
            return self.start_game(seed)

        screen = PartyScreen(seed, self.party)

        def chosen(party: tuple[tuple[str, ...], ...] | None) -> None:
            if party is not None:
                self.party = party
                self.start_game(screen.seed)  # (a held game is told its seed at Play)

        self.push_screen(screen, chosen)
        return True

    def start_game(self, seed: str) -> bool:
        return self.play(Game(seed, self.party))

    def _install_signal_save(self) -> None:
        """A hang-up or a shutdown saves the game in play, then the app closes."""
        def saved(_signum: int) -> None:
            self.call_later(self.exit)

        def live() -> Game | None:
            return self.game if self.game is not None and not self.game.over else None

        # ValueError: not the main thread (tests may drive the app from elsewhere)
        with contextlib.suppress(ValueError):
            self._saver = install_signal_save(live, local_records.save_path(),
                                              on_saved=saved)

    async def action_quit(self) -> None:
        """Ctrl+Q (and the menu's q): a game in play is saved first, as S and a hang-up do,
        so closing the game never loses it; if it cannot be saved the player is told, and a
        second Ctrl+Q quits anyway."""
        game = self.game
        in_play = game is not None and not game.over and any(
            isinstance(s, GameScreen) for s in self.screen_stack)
        if game is not None and in_play and not self._quit_unsaved:
            problem = hooks.save_and_quit(game, self.data_dir)
            if problem:
                self._quit_unsaved = True
                self.notify(f"{problem} Ctrl+Q again quits without saving.",
                            severity="error", timeout=15)
                return
        self.exit()

    def on_unmount(self) -> None:
        saver = getattr(self, "_saver", None)
        if saver is not None:  # the process may live on (tests, a bot): normal signals back
            saver.uninstall()
        if self.game is not None:  # left without saving: the journal stays to recover it
            hooks.end_records(self.game)

    def on_main_menu_new_game(self, message: MainMenu.NewGame) -> None:
        self.new_game(message.seed or self.fresh_seed())

    def on_main_menu_continue_game(self, _message: MainMenu.ContinueGame) -> None:
        self.continue_game()

    def on_main_menu_edit_options(self, _message: MainMenu.EditOptions) -> None:
        self.push_screen(OptionsScreen(self.options))

    def continue_game(self) -> None:
        game, notes = local_records.load()
        for note in notes:
            self.notify(note, timeout=10, severity="warning" if game is None else
                        "information")
        if game is not None:
            self.play(game)

    def play(self, game: Game) -> bool:
        """Show `game` in play, recorded in the save slot from its first action (a crash
        loses nothing). False, with a message, if it cannot be recorded there."""
        def journal_problem(text: str) -> None:
            self.notify(text, severity="error", timeout=15)

        if not game.history:
            apply_to_game(self.options, game)
        ok, problem = hooks.begin_records(game, self.data_dir, self.player_name,
                                          journal_problem)
        if problem:
            self.notify(problem, severity="error", timeout=10)
        if not ok:
            return False
        self.game = game
        self.push_screen(GameScreen(game, self.styles_, self.keymap, self.options))
        return True

    def set_options(self, options: Options) -> None:
        """Options changed on the options screen: save them and apply them at once."""
        palette_changed = options.palette != self.options.palette
        self.options = options
        try:
            save_options(options, self.options_path)
        except UserFileError as err:  # the change still holds until the game closes
            self.notify(f"{err} The option is changed for this session only.",
                        severity="error", timeout=10)
        if palette_changed:
            self.styles_ = Styles(PALETTES[options.palette], self.colour_depth())
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                if palette_changed:
                    screen.restyle(self.styles_)
                screen.set_options(options)
        if self.game is not None and not self.game.history:
            apply_to_game(options, self.game)  # later on, the next game: a record's rules
            # never change in the middle of it


def run_app(seed: str | None = None, party: tuple[tuple[str, ...], ...] | None = None,
            straight_in: bool = False, data_dir: str | None = None, player_name: str = "",
            status_fd: int | None = None, go_fd: int | None = None) -> int:
    # the how-to is for local play (a hosted player's lobby is the host's to shape)
    app = RoguelikeApp(seed=seed, party=party, straight_in=straight_in, data_dir=data_dir,
                       player_name=player_name, status_fd=status_fd,
                       howto=data_dir is None, go_fd=go_fd)
    app.run()
    return app.return_code or 0  # 1 after a crash (Textual has shown the traceback)
