"""The options screen: Enter (or the option's number) changes an option; saved at once."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from roguelike.ui.luck_asks import LUCK_WORDS
from roguelike.ui.options import CHOICES, Options, cycle
from roguelike.ui.screens.modal import Modal


def _shown(name: str, value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if name == "luck_prompt":
        return LUCK_WORDS.get(str(value), str(value))
    return str(value)


class OptionsScreen(Modal[Options]):
    BINDINGS = [Binding("escape,q", "close", "Close")]
    DEFAULT_CSS = """
    OptionsScreen { align: center middle; }
    OptionsScreen > Vertical { width: 76; height: auto; border: round $accent;
                               background: $surface; padding: 0 1; }
    OptionsScreen OptionList { height: auto; }
    """

    def __init__(self, options: Options) -> None:
        super().__init__()
        self.options = options

    def _items(self) -> list[Option]:
        return [Option(f"{i + 1}. {label}: {_shown(name, getattr(self.options, name))}", id=name)
                for i, (name, label, _values) in enumerate(CHOICES)]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._heading())
            yield OptionList(*self._items())
            yield Static("[dim]Enter or a number changes an option; Escape closes.[/dim]")

    def _heading(self) -> Text:
        app = self.app
        path = getattr(app, "options_path", None)
        text = Text.from_markup("[b]Options[/b]")
        text.append(f" (saved in {path})" if path is not None else "")
        depth = app.colour_depth() if hasattr(app, "colour_depth") else "full"
        if depth != "full":
            text.append("\nNO_COLOR is set: the colours are shown as greys." if depth == "mono"
                        else "\nThis terminal shows 16 colours: the palette is drawn in "
                             "its basic colours.", style="dim")
        return text

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.change(str(event.option.id))

    def on_key(self, event: object) -> None:
        char = getattr(event, "character", None)
        if char and char.isdigit() and 1 <= int(char) <= len(CHOICES):
            self.change(CHOICES[int(char) - 1][0])

    def change(self, name: str) -> None:
        self.options = cycle(self.options, name)
        olist = self.query_one(OptionList)
        keep = olist.highlighted
        olist.clear_options()
        olist.add_options(self._items())
        olist.highlighted = keep
        app = self.app
        if hasattr(app, "set_options"):
            app.set_options(self.options)

    def action_close(self) -> None:
        self.dismiss(self.options)
