"""The Textual application: the main menu and the game screen."""

from __future__ import annotations

import secrets

from textual.app import App

from roguelike.engine.game import DEFAULT_PARTY, Game
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.theme import PALETTES, Styles


class RoguelikeApp(App[None]):
    TITLE = "Traps & Treasure"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, seed: str | None = None,
                 party: tuple[tuple[str, str], ...] | None = None,
                 straight_in: bool = False, palette: str = "classic",
                 data_dir: str | None = None, player_name: str = "",
                 status_fd: int | None = None) -> None:
        super().__init__()
        # Hosted play (roguelike.host): a per-account data folder, see ui/hosted.py.
        self.data_dir, self.player_name, self.status_fd = data_dir, player_name, status_fd
        self.initial_seed = seed
        self.party = party or DEFAULT_PARTY
        self.straight_in = straight_in
        self.styles_ = Styles(PALETTES[palette])
        self.game: Game | None = None

    def on_mount(self) -> None:
        if self.data_dir is not None:
            from roguelike.ui.hosted import begin_hosted

            begin_hosted(self)
            return
        self.push_screen(MainMenu())
        if self.straight_in:
            self.start_game(self.initial_seed or self.fresh_seed())

    def fresh_seed(self) -> str:
        return f"delve-{secrets.randbelow(1_000_000)}"

    def start_game(self, seed: str) -> None:
        self.play(Game(seed, self.party))

    def play(self, game: Game) -> None:
        self.game = game
        self.push_screen(GameScreen(game, self.styles_))


def run_app(seed: str | None = None, party: tuple[tuple[str, str], ...] | None = None,
            straight_in: bool = False, data_dir: str | None = None, player_name: str = "",
            status_fd: int | None = None) -> int:
    RoguelikeApp(seed=seed, party=party, straight_in=straight_in, data_dir=data_dir,
                 player_name=player_name, status_fd=status_fd).run()
    return 0
