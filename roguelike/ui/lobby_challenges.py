"""The lobby's challenges: the list (daily, weekly and players' own), one challenge with
its board and what the player may do (start the ranked attempt, play it for practice, end
a saved attempt as it stands), joining one by its code, and making one.

Like the rest of the lobby these screens only ask the host (host/challenge_host.py) over
the link; what they show of a player (a name, a title, a party) is escaped for markup.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from roguelike.challenges.board import format_rows, time_left
from roguelike.challenges.model import iso, utc_now
from roguelike.records.text import markup_text


def _ask(screen: Screen[Any], message: dict[str, Any], on_reply: Any) -> None:
    app: Any = screen.app
    app.link.request(message, on_reply)


class ChallengeList(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                Binding("n", "create", "New challenge"), Binding("j", "join", "Join")]

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("[b]Challenges[/b]  (Escape: back)")
            yield OptionList(id="challenges")
            yield Static("Enter opens one, with its board. n: make your own. j: join one "
                         "by its code:")
            yield Input(placeholder="a challenge's code, then Enter", id="code")

    def on_mount(self) -> None:
        _ask(self, {"op": "challenges"}, self.show)

    def show(self, reply: dict[str, Any]) -> None:
        menu = self.query_one("#challenges", OptionList)
        menu.clear_options()
        now = utc_now()
        for ch in reply.get("challenges") or []:
            when = (f"opens {ch['opens'][:16]} UTC" if ch["opens"] > iso(now) else
                    time_left(ch["closes"], now))
            mine = f" · {markup_text(ch['mine'])}" if ch.get("mine") else ""
            menu.add_option(Option(f"{markup_text(ch['code']):<15} "
                                   f"{markup_text(ch['title'][:18]):<18} {when}{mine}",
                                   id=f"c:{ch['code']}"))
        menu.add_option(Option("Make a challenge...", id="create"))
        menu.highlighted = 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid.startswith("c:"):
            self.app.push_screen(ChallengeView(oid[2:]))
        elif oid == "create":
            self.action_create()

    def action_join(self) -> None:
        self.query_one("#code", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip().lower()
        if code:
            event.input.value = ""
            self.app.push_screen(ChallengeView(code))

    def action_create(self) -> None:
        self.app.push_screen(MakeChallenge())


class ChallengeView(Screen[None]):
    """One challenge: what it is, what the player may do, and its board."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]
    DEFAULT_CSS = "ChallengeView #box { max-height: 100%; }"

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code
        self.detail: dict[str, Any] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield Static(f"Challenge {markup_text(self.code)}...", id="head")
            yield OptionList(id="actions")
            yield Static("", id="result")
            yield Static("", id="board")

    def on_mount(self) -> None:
        _ask(self, {"op": "challenge", "code": self.code}, self.show)

    def refresh_state(self, _state: dict[str, Any]) -> None:
        """The lobby's state changed (an attempt ended, say): ask again."""
        if self.detail:
            _ask(self, {"op": "challenge", "code": self.code}, self.show)

    def show(self, reply: dict[str, Any]) -> None:
        if not reply.get("ok"):
            self.query_one("#head", Static).update(markup_text(reply.get("message", "")))
            self.query_one("#actions", OptionList).add_option(Option("Back", id="back"))
            return
        self.detail = reply
        ch = reply["challenge"]
        seed = (f"seed [b]{markup_text(ch['seed'])}[/b]" if ch["seed"] else
                "seed hidden until your attempt starts")
        you = f"\n{markup_text(reply['you'])}" if reply.get("you") else ""
        self.query_one("#head", Static).update(
            f"[b]{markup_text(ch['title'])}[/b]  code [b]{markup_text(ch['code'])}[/b]\n"
            f"{seed} · {markup_text(reply['party'])} · {reply['rule']}\n"
            f"{ch['opens'][:16]} to {ch['closes'][:16]} UTC, "
            f"{time_left(ch['closes'], utc_now())} · game {markup_text(ch['game_version'])}"
            f"{you}")
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        if reply.get("can") == "ranked":
            actions.add_option(Option("Start your ranked attempt (it counts from your "
                                      "first action)", id="ranked"))
        elif reply.get("can") == "practice":
            actions.add_option(Option("Play it for practice (your ranked attempt is "
                                      "done)", id="practice"))
        if reply.get("mine"):
            actions.add_option(Option("End your saved attempt here, scored as it stands",
                                      id="end"))
        actions.add_option(Option("Back", id="back"))
        actions.highlighted = 0
        actions.focus()
        self.query_one("#board", Static).update(self._board_text(reply["board"]))

    def _board_text(self, board: dict[str, Any]) -> str:
        lines = [f"[b]Board[/b] ({board['total']} ranked; witnessed = the host ran it, "
                 "local = sent in, proved)"]
        if board["rows"]:
            table = format_rows(board["rows"], compact=True)
            lines += [f"[b]{markup_text(table[0])}[/b]", *map(markup_text, table[1:])]
        else:
            lines.append("No verified games yet.")
        if board.get("practice"):
            lines.append(f"[b]Practice[/b] (not ranked), {board['practice_total']}:")
            lines += [markup_text(t) for t in format_rows(board["practice"], compact=True)[1:]]
        for r in board.get("unsettled", [])[:5]:
            what = "pending" if r["status"] == "pending" else "refused"
            why = r.get("reason") or r.get("note") or "being verified"
            lines.append(markup_text(f"{what}: {r['player']}: {why}"[:140]))
        return "\n".join(lines)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app: Any = self.app
        oid = event.option.id
        if oid in ("ranked", "practice"):
            app.choose({"op": "attempt", "code": self.code, "practice": oid == "practice"})
        elif oid == "end":
            _ask(self, {"op": "end_attempt"}, self.ended)
        elif oid == "back":
            self.app.pop_screen()

    def ended(self, reply: dict[str, Any]) -> None:
        self.query_one("#result", Static).update(markup_text(reply.get("message", "")))
        _ask(self, {"op": "challenge", "code": self.code}, self.show)


FIELDS = (("title", "Title (may be blank)"),
          ("seed", "Seed (blank: a fresh secret one), e.g. amber wolf 17"),
          ("party", "Party: any, or three classes, e.g. warrior,rogue,mage"),
          ("closes", "Closes (UTC): 3d, 12h, sunday, 2026-12-06, 2026-12-06 18:00"),
          ("attempts", "Attempts: one (one ranked attempt) or best (best of many)"),
          ("hidden", "Hide the seed until each player's attempt starts? yes or no"))


DEFAULTS = {"party": "any", "closes": "3d", "attempts": "one", "hidden": "no"}  # (blank)


class MakeChallenge(Screen[None]):
    """The form, one line a field (it fits an 80x24 terminal)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = """
    MakeChallenge Input { border: none; height: 1; padding: 0 1; background: $boost; }
    MakeChallenge Input:focus { border: none; background: $accent 40%; }
    MakeChallenge .label { height: 1; margin-top: 1; }
    MakeChallenge #box { max-height: 100%; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="box"):
            yield Static("[b]Make a challenge[/b]  (Enter: next field; Enter on the last "
                         "makes it; a blank field takes what it shows; Escape: back)")
            for name, label in FIELDS:
                yield Static(label, classes="label")
                yield Input(id=name, placeholder=DEFAULTS.get(name, ""))
            yield Static("", id="result")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != FIELDS[-1][0]:
            self.focus_next()
            return
        values = {i.id: i.value.strip() or DEFAULTS.get(i.id, "") for i in self.query(Input)
                  if i.id}
        hidden = values.get("hidden", "").strip().lower()
        if hidden not in ("yes", "no", "y", "n", ""):
            self.query_one("#result", Static).update("Hide the seed: yes or no.")
            return
        _ask(self, {"op": "create_challenge", **values, "hidden": hidden in ("yes", "y")},
             self.made)

    def made(self, reply: dict[str, Any]) -> None:
        self.query_one("#result", Static).update(markup_text(reply.get("message", "")))
        if reply.get("ok") and reply.get("code"):
            self.app.switch_screen(ChallengeView(str(reply["code"])))
