"""Modal dialogs: help, a yes/no question, a text prompt, the end of a game."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Static

from roguelike.content.loader import default_content
from roguelike.engine.game import Game
from roguelike.records.text import markup_text
from roguelike.ui.help_text import help_text
from roguelike.ui.screens.modal import Modal


class HelpScreen(Modal[None]):
    """The keys in force (defaults plus the player's overrides), then what the screen shows
    and how a turn goes (ui/help_text.py); during a game, with the party's own odds."""

    BINDINGS = [Binding("escape,question_mark,q", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 90%; max-width: 96; height: auto; max-height: 95%;
                            border: round $accent; background: $surface; padding: 0 1; }
    HelpScreen VerticalScroll { height: auto; max-height: 100%; }
    """

    def __init__(self, rows: list[tuple[str, str]] | None = None, game: Game | None = None
                 ) -> None:
        super().__init__()
        self.rows = rows
        self.game = game

    def compose(self) -> ComposeResult:
        rows = self.rows
        if rows is None:
            keymap = getattr(self.app, "keymap", None)
            rows = keymap.help_rows() if keymap is not None else []
        content = self.game.content if self.game is not None else default_content()
        with Vertical(), VerticalScroll():
            yield Static(help_text(content, rows, self.game))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()  # arrows and PgUp/PgDn scroll at once


class Confirm(Modal[bool]):
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]
    DEFAULT_CSS = """
    Confirm { align: center middle; }
    Confirm > Static { width: auto; max-width: 70; border: round $warning; background: $surface;
                       padding: 0 1; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(f"{self.question}  [b](y/n)[/b]")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class Prompt(Modal[str | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    Prompt { align: center middle; }
    Prompt > Vertical { width: 60; height: auto; border: round $accent; background: $surface;
                        padding: 0 1; }
    Prompt Static.error { color: $error; }
    """

    def __init__(self, title: str, placeholder: str = "",
                 check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.placeholder = placeholder
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield Input(placeholder=self.placeholder)
            yield Static("", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = event.value
        if self.check is not None:
            problem = self.check(value)
            if problem:
                self.query_one(".error", Static).update(problem)
                return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class GameOver(Modal[None]):
    """The end of a game: the verdict and the score's parts, then each banking that made
    the treasure part (scrolling when there are many), then how to go on."""

    BINDINGS = [Binding("enter,escape,space", "dismiss", "Continue")]
    DEFAULT_CSS = """
    GameOver { align: center middle; }
    GameOver > VerticalScroll { width: 64; height: auto; border: double $error;
                                background: $surface; padding: 0 2;
                                border-subtitle-color: $text; }
    """

    def __init__(self, text: str, bankings: list[str] | None = None) -> None:
        super().__init__()
        self.text = text
        self.bankings = bankings or []

    def compose(self) -> ComposeResult:
        # (the whole box scrolls when the bankings are many; how to go on stays in view on
        # its border)
        with VerticalScroll() as box:
            box.border_subtitle = "Enter: back to the menu"
            yield Static(self.text)
            if self.bankings:
                yield Static("\n[b]Treasure banked[/b] (each time, as it happened)\n"
                             + "\n".join(markup_text(line) for line in self.bankings))

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(VerticalScroll).focus()  # arrows and PgUp/PgDn scroll it
