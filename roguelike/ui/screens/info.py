"""Modal information screens: a choice list, inventory, character sheet, message history,
scores. All close with Escape; Tab moves to the next character where there is one."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from roguelike.core.components import Character, HitBoxes
from roguelike.engine.explore.light import items_word
from roguelike.engine.explore.supplies import burning, with_fuel
from roguelike.engine.game import Game
from roguelike.engine.saves import CLASSIC_SAVES, D6_SAVES, save_target
from roguelike.engine.stats import name_of
from roguelike.engine.words import plural
from roguelike.records.text import markup_text
from roguelike.ui import hooks
from roguelike.ui.conditions_view import condition_names, speed_now
from roguelike.ui.screens.modal import Modal

BOX_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 76; height: auto; max-height: 95%; border: round $accent;
                     background: $surface; padding: 0 1; }}
"""


def _markup_safe(text: str) -> str:
    """Text shown as itself: no markup, no control characters (names come from files)."""
    return markup_text(text)


class ChoiceScreen(Modal[str | None]):
    """Pick one of a few labelled options (an item, a spell); Escape picks nothing."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = BOX_CSS.format(name="ChoiceScreen") + """
    ChoiceScreen OptionList { height: auto; max-height: 16; }
    """

    def __init__(self, title: str, options: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"[b]{_markup_safe(self.title_text)}[/b]")
            yield OptionList(*[Option(_markup_safe(label), id=key)
                               for key, label in self.options])
            yield Static("[dim]Enter chooses, Escape cancels.[/dim]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def fit(self, box: Widget, rows: int) -> None:
        """Kept clear of its subject: the list scrolls within what is left of `rows` after
        the borders, the title and the footer."""
        width = max(10, min(76, self.app.size.width) - 4)
        title = -(-len(self.title_text) // width)
        self.query_one(OptionList).styles.max_height = max(3, rows - 2 - title - 1)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CharacterPager(Modal[None]):
    """A screen about one party member at a time; Tab shows the next."""

    BINDINGS = [Binding("escape,q", "dismiss", "Close"), Binding("tab", "next", "Next")]

    def __init__(self, game: Game, start: int) -> None:
        super().__init__()
        self.game = game
        self.index = game.party.index(start) if start in game.party else 0

    @property
    def eid(self) -> int:
        return self.game.party[self.index]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.text(), id="body")

    def action_next(self) -> None:
        self.index = (self.index + 1) % len(self.game.party)
        self.query_one("#body", Static).update(self.text())

    def text(self) -> str:
        raise NotImplementedError


class InventoryScreen(CharacterPager):
    DEFAULT_CSS = BOX_CSS.format(name="InventoryScreen")

    def text(self) -> str:
        g, eid = self.game, self.eid
        head = f"[b]Inventory: {name_of(g.store, eid)}[/b]\n{light_words(g, eid)}\n\n"
        items = hooks.carried(g, eid)
        body = "\n".join(f"  {chr(97 + i)}) {_markup_safe(with_fuel(g, it))}"
                         for i, it in enumerate(items)) or "  (nothing)"
        return head + body + "\n\n[dim]Tab: next character.  Escape closes.[/dim]"


def light_words(game: Game, eid: int) -> str:
    """'Light: Oil Lantern, 23 exploration turns left (5 Flasks of Oil to refill it)', or
    that `eid` carries none lit."""
    for lit in burning(game):
        if lit.bearer == eid:
            out = ", put out for the rest" if lit.out else ""
            refill = items_word(lit.refill, lit.refills)
            return (f"Light: {lit.light}{out}, {plural(lit.turns, 'exploration turn')} left "
                    f"({refill} to keep it burning)")
    return "Light: none lit"


class CharacterSheet(CharacterPager):
    DEFAULT_CSS = BOX_CSS.format(name="CharacterSheet")

    def text(self) -> str:
        g, eid = self.game, self.eid
        char = g.store.get(eid, Character)
        cls = g.content.classes[char.klass]
        lines = [f"[b]{name_of(g.store, eid)}[/b]  ({g.content.roles[char.role].name}, "
                 f"{cls.name})", _markup_safe(cls.text), ""]
        lines.append("[b]Hit boxes[/b] (x crossed, [reverse]n[/reverse] gray floor)")
        for loc in g.store.get(eid, HitBoxes).locations:
            boxes = " ".join("x" if i < loc.crossed else str(v) for i, v in
                             enumerate(loc.boxes))
            gray = " ".join(f"[reverse]{v}[/reverse]" for v in loc.gray)
            value, why = loc.value, ""
            if loc.attribute == "speed":  # what a Move gives, and why not the box value
                moves, reasons = speed_now(g, eid)
                if reasons:
                    value, why = moves, f"  ({loc.value} on the boxes; {'; '.join(reasons)})"
            lines.append(f"  {loc.name:<6} {loc.attribute.capitalize():<7} now {value}"
                         f"   {boxes} {gray}{why}")
        lines.append("")
        saves = []
        for cat in (*D6_SAVES, *CLASSIC_SAVES):
            try:
                need = save_target(g, eid, cat)
            except (RuntimeError, KeyError):
                continue
            die = "d6" if cat in D6_SAVES else "d20"
            saves.append(f"{cat} {need}+ ({die})")
        lines.append("[b]Saves[/b]  " + ", ".join(saves))
        words = condition_names(g, eid)
        lines.append(f"[b]Luck[/b] {char.luck}    [b]Experience[/b] {char.xp}    "
                     f"[b]Conditions[/b] {', '.join(words) or 'none'}")
        lines.append(_markup_safe(light_words(g, eid)))
        lines.append("\n[dim]Tab: next character.  Escape closes.[/dim]")
        return "\n".join(lines)


class MessageHistory(Modal[None]):
    BINDINGS = [Binding("escape,q,ctrl+p", "dismiss", "Close")]
    DEFAULT_CSS = """
    MessageHistory { align: center middle; }
    MessageHistory > Vertical { width: 95%; height: 90%; border: round $accent;
                                background: $surface; padding: 0 1; }
    MessageHistory VerticalScroll { height: 1fr; }
    """

    def __init__(self, messages: list[str]) -> None:
        super().__init__()
        self.messages = messages

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("[b]Message history[/b] (newest last; arrows and PgUp/PgDn scroll)")
            with VerticalScroll():
                # each message defused on its own: joined first, the newlines between them
                # would be shown as control characters (\x0a)
                yield Static("\n".join(_markup_safe(m) for m in self.messages)
                             or "(no messages yet)", id="history")
            yield Static("[dim]Escape closes.[/dim]")

    def on_mount(self) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.focus()
        self.call_after_refresh(scroll.scroll_end, animate=False)


class ScoresScreen(Modal[None]):
    BINDINGS = [Binding("escape,q", "dismiss", "Close")]
    DEFAULT_CSS = BOX_CSS.format(name="ScoresScreen")

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self.rows = rows

    def compose(self) -> ComposeResult:
        if not self.rows:
            body = "No scores yet. Bring treasure back to the Camp to make one."
        else:
            body = "\n".join(
                f"{i + 1:>2}. {row.get('score', 0):>7}  {_markup_safe(str(row.get('player', '')))}"
                f"  seed {_markup_safe(str(row.get('seed', '')))}"
                f"  {_markup_safe(str(row.get('outcome', '')))}"
                + (f"\n             [dim]{_markup_safe(str(row['party']))}[/dim]"
                   if row.get("party") else "")
                for i, row in enumerate(self.rows))
        with Vertical():
            yield Static(f"[b]High scores[/b]\n\n{body}\n\n[dim]Escape closes.[/dim]")
