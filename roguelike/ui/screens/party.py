"""Choosing the party of a new game: each role's class and a name, the default one key away.

Enter starts at once with the party shown (the default party unless changed), from any
field; Tab moves to each role's class and name; ←/→ (or h/l, or a class's first letter)
turn a class (roguelike/ui/class_chooser.py: one line, not a dropdown, since the screen is
what a hosted game spends most of its first CPU on). Names are checked as they are typed
(engine/creatures/starting_party.py: printable, at most 20 characters, no markup); an empty
name keeps the role-and-class name. The party, names and all, is part of the game's record,
as its seed is.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from roguelike.content.loader import Content, default_content
from roguelike.engine.creatures.starting_party import (
    NAME_MAX,
    Member,
    member_name,
    name_problem,
    party_problem,
)
from roguelike.engine.game import DEFAULT_PARTY
from roguelike.ui.class_chooser import ClassChooser
from roguelike.ui.screens.modal import Modal


class PartyScreen(Modal[tuple[Member, ...] | None]):
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("enter", "start", "Start")]
    DEFAULT_CSS = """
    PartyScreen { align: center middle; }
    PartyScreen > Vertical { width: 78; height: auto; max-height: 100%; border: round $accent;
                             background: $surface; padding: 0 1; }
    PartyScreen .row { height: 1; margin-top: 1; }
    PartyScreen .role { width: 13; }
    PartyScreen ClassChooser { margin-right: 1; }
    PartyScreen Input { width: 1fr; }
    PartyScreen .about { color: $text-muted; height: auto; }
    PartyScreen #problem { color: $error; height: auto; }
    PartyScreen #buttons { height: 3; margin-top: 1; align: center middle; }
    PartyScreen Input:focus,
    PartyScreen Button:focus { text-style: reverse bold; }
    """

    def __init__(self, seed: str, party: tuple[Member, ...],
                 content: Content | None = None) -> None:
        super().__init__()
        self.seed = seed
        self.start_party = party
        self.content = content or default_content()

    def compose(self) -> ComposeResult:
        classes = [(c.name, c.id) for c in self.content.classes.values()]
        with Vertical() as box:
            box.border_title = f"Choose your party  (seed {self.seed})"
            yield Static("←/→ turns a class, Tab moves, Enter starts, Escape: back.\n"
                         "Enter takes the party shown (the default unless changed).")
            for i, member in enumerate(self.start_party):
                with Horizontal(classes="row"):
                    yield Static(self._role_label(i, False), classes="role", id=f"role-{i}")
                    yield ClassChooser(classes, member[1], id=f"class-{i}")
                    yield Input(member_name(member), placeholder="name (optional)",
                                max_length=NAME_MAX, compact=True, id=f"name-{i}")
                yield Static(self._about(i, member[1]), classes="about", id=f"about-{i}")
            yield Static("", id="problem")
            with Horizontal(id="buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Default party", id="default")

    def set_seed(self, seed: str) -> None:
        """The game's seed, told after the screen was drawn (a held game, ui/held.py)."""
        self.seed = seed
        self.query(Vertical).first().border_title = f"Choose your party  (seed {seed})"

    def on_mount(self) -> None:
        # (the Leader's class, so ←/→ turn it at once as the first line says, and Enter
        # still starts: a first Tab from Start went to Default party, not to a class)
        self.query_one("#class-0").focus()

    def _role_label(self, i: int, focused: bool) -> str:
        """The role's name, pointed at while its class or name has the focus: the focus
        is seen by a mark and reverse video, never by a shade alone (in 16 colours or
        NO_COLOR two shades of grey are one)."""
        role = self.content.roles[self.start_party[i][0]]
        return f"[b]{'▸ ' if focused else '  '}{role.name}[/b]"

    def on_descendant_focus(self, _event: events.DescendantFocus) -> None:
        focused = self.focused.id if self.focused is not None else None
        for i in range(len(self.start_party)):
            here = focused in (f"class-{i}", f"name-{i}")
            self.query_one(f"#role-{i}", Static).update(self._role_label(i, here))

    def _about(self, i: int, klass: str) -> str:
        role = self.content.roles[self.start_party[i][0]]
        return f"  {self.content.classes[klass].text} {role.text}".replace("[", "\\[")

    def on_class_chooser_changed(self, event: ClassChooser.Changed) -> None:
        i = int(str(event.chooser.id).split("-")[1])
        self.query_one(f"#about-{i}", Static).update(self._about(i, event.value))

    def on_input_changed(self, event: Input.Changed) -> None:
        problem = name_problem(event.value.strip())
        self.query_one("#problem", Static).update(problem or "")

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self._start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "default":
            self.dismiss(DEFAULT_PARTY)
        else:
            self._start()

    def chosen(self) -> tuple[Member, ...]:
        """The party as the screen shows it (a name left empty keeps the default name)."""
        out: list[Member] = []
        for i, member in enumerate(self.start_party):
            klass = self.query_one(f"#class-{i}", ClassChooser).value
            name = self.query_one(f"#name-{i}", Input).value.strip()
            out.append((member[0], klass, name) if name else (member[0], klass))
        return tuple(out)

    def action_start(self) -> None:
        """Enter on a class chooser (an input submits, a button presses, on their own)."""
        self._start()

    def _start(self) -> None:
        party = self.chosen()
        problem = party_problem(party, self.content)
        if problem:
            self.query_one("#problem", Static).update(problem[0].upper() + problem[1:] + ".")
            return
        self.dismiss(party)

    def action_cancel(self) -> None:
        self.dismiss(None)
