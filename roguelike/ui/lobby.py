"""The SSH lobby: play or continue, challenges (lobby_challenges.py), a chosen seed,
watch, scores, options, password and keys. It runs in the session's child process and
talks to the host over the link socket (roguelike/host/lobby_link.py); it never touches
the accounts itself. A choice that leaves the lobby (play, continue, an attempt, watch,
quit) is sent, then the app exits.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from roguelike.records.text import markup_text, printable
from roguelike.ui.lobby_challenges import ChallengeList
from roguelike.ui.screens.menu import seed_problem
from roguelike.ui.screens.modal import Modal
from roguelike.ui.terminal_fit import TerminalFit

Reply = Callable[[dict[str, Any]], object]  # what it returns is not used
# A choice made this soon after the host's news put another option under the cursor was
# meant for the option that was there (two logins pressing Play at once: the other's game
# starts and "Take over" moves under this one's Enter): no one reads a menu that fast.
MENU_GRACE = 0.4  # seconds


class Link:
    """JSON lines over the socket the host passed as --link-fd."""

    def __init__(self, fd: int, app: LobbyApp) -> None:
        self.sock = socket.socket(fileno=fd)
        self.app = app
        self.pending: deque[Reply] = deque()

    def start(self) -> None:
        # only once the app runs: call_from_thread needs a running app
        threading.Thread(target=self._read, name="lobby-link", daemon=True).start()

    def request(self, message: dict[str, Any], on_reply: Reply) -> None:
        self.pending.append(on_reply)
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def _read(self) -> None:
        with self.sock.makefile("rb") as f:
            for line in f:
                try:
                    msg = json.loads(line)
                except ValueError:
                    continue
                self.app.call_from_thread(self.app.received, msg)
        self.app.call_from_thread(self.app.exit)  # the host went away


class LobbyApp(TerminalFit, App[None]):
    TITLE = "Traps & Treasure: lobby"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("q", "choose('quit')", "Quit")]
    CSS = """
    Screen { align: center middle; }
    #box { width: 72; height: auto; border: round $accent; padding: 0 1; }
    #message { color: $warning; height: auto; }
    OptionList { height: auto; max-height: 16; }
    """

    def __init__(self, link_fd: int) -> None:
        super().__init__()
        self.state: dict[str, Any] = {}
        self.link = Link(link_fd, self)
        self.moved_at = -MENU_GRACE  # (time.monotonic() when the cursor's option changed)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("Connecting...", id="welcome")
            yield OptionList(id="menu")
            yield Static("", id="message")

    def on_mount(self) -> None:
        self.link.start()

    def received(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "state":
            self.state = msg
            self.rebuild()
            for screen in self.screen_stack:
                if hasattr(screen, "refresh_state"):
                    screen.refresh_state(msg)
        elif msg.get("type") == "reply" and self.link.pending:
            self.link.pending.popleft()(msg)

    def say(self, text: str) -> None:
        self.query_one("#message", Static).update(printable(text))  # (may quote a player)

    def rebuild(self) -> None:
        st = self.state
        live = len(st.get("live", []))
        guest = st.get("guest", False)
        self.query_one("#welcome", Static).update(
            f"Welcome, [b]{markup_text(str(st.get('name', '?')))}[/b].  q quits.")
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        under = menu.highlighted_option.id if menu.highlighted_option else None
        saved = st.get("has_save", False)
        running = st.get("running", "")  # the account's one game, on another connection
        where = f"on host {markup_text(str(st['running_on']))}" if st.get("running_on") \
            else "on another connection"  # (another host sharing the database)
        attempt = st.get("attempt")  # its saved attempt at a challenge (host: challenge_host)
        menu.clear_options()
        if running:
            menu.add_options([
                Option("Reattach to your game" if running == "detached" else
                       f"Take over your game here (it is {where})",
                       id="reattach"),
                Option("Watch your game", id="watch_own", disabled=running == "detached")])
        menu.add_options([
            Option(("Continue your attempt at " + markup_text(str(attempt["code"])) if attempt
                    else "Continue your saved game") if saved else "Play (a new random seed)",
                   id="continue" if saved else "play",
                   disabled=bool(running) or bool(st.get("closing"))),
            Option(f"Challenges: the daily, the weekly, players' own "
                   f"({int(st.get('challenges', 0))} open)", id="challenges"),
            Option("Play a seed...", id="seed", disabled=saved or bool(running)),
            Option(f"Watch ({live} live)", id="watch"),
            Option("High scores", id="scores"),
            Option(f"Let others watch my games: {'yes' if st.get('allow_watch') else 'no'}",
                   id="allow_watch", disabled=guest),
        ])
        if not guest:  # a guest has no password and no keys to manage: not offered at all
            menu.add_options([
                Option("Change password", id="passwd"),
                Option(f"Manage keys ({len(st.get('keys', []))})", id="keys"),
            ])
        menu.add_options([Option("Quit", id="quit")])
        if st.get("notice"):
            self.say(st["notice"])
        elif saved and not running:
            self.say("Finish your saved game to start a new one.")
        menu.highlighted = highlighted if highlighted is not None else 0
        if under is not None and menu.highlighted_option is not None \
                and menu.highlighted_option.id != under:
            self.moved_at = time.monotonic()
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "menu" or time.monotonic() - self.moved_at < MENU_GRACE:
            return
        choice = event.option.id
        if choice in ("play", "continue", "reattach", "quit"):
            self.action_choose(choice)
        elif choice == "watch_own":
            self.choose({"op": "watch", "id": self.state.get("id", 0)})
        elif choice == "challenges":
            self.push_screen(ChallengeList())
        elif choice == "seed":
            def play(seed: str | None) -> None:
                if seed:
                    self.choose({"op": "play", "seed": seed})

            self.push_screen(Ask("Seed (words and numbers, e.g. amber wolf 17):",
                                 check=seed_problem), play)
        elif choice == "watch":
            self.push_screen(WatchList(self.state.get("live", [])))
        elif choice == "scores":
            self.link.request({"op": "scores"}, lambda r: self.push_screen(Scores(r)))
        elif choice == "allow_watch":
            self.link.request({"op": "allow_watch", "value": not self.state.get("allow_watch")},
                              lambda r: self.say(r.get("message", "")))
        elif choice == "passwd":
            self.push_screen(ChangePassword())
        elif choice == "keys":
            self.push_screen(Keys(self.state.get("keys", [])))

    def action_choose(self, op: str) -> None:
        self.choose({"op": op})

    def choose(self, message: dict[str, Any]) -> None:
        def done(reply: dict[str, Any]) -> None:
            if reply.get("ok"):
                self.exit()
            else:
                self.say(reply.get("message", "Refused."))

        self.link.request(message, done)


class Ask(Modal[str | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Cancel")]
    DEFAULT_CSS = """
    Ask { align: center middle; }
    Ask > Vertical { width: 66; height: auto; border: round $accent; background: $surface; }
    Ask .error { color: $error; }
    """

    def __init__(self, title: str, password: bool = False,
                 check: Callable[[str], str | None] | None = None) -> None:
        super().__init__()
        self.title_text, self.password, self.check = title, password, check

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield Input(password=self.password)
            yield Static("", classes="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        problem = self.check(event.value) if self.check else None
        if problem:
            self.query_one(".error", Static).update(problem)
            return
        self.dismiss(event.value)


class WatchList(Screen[None]):
    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def __init__(self, live: list[dict[str, Any]]) -> None:
        super().__init__()
        self.live = live

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(f"[b]{'player':<20} {'seed':<22} {'depth':>5} {'idle':>6} "
                         f"{'watch':>5}[/b]")
            yield OptionList(id="games")
            yield Static("Enter watches (q stops watching). Escape: back.")

    def on_mount(self) -> None:
        self.refresh_state({"live": self.live})

    def refresh_state(self, state: dict[str, Any]) -> None:
        games = self.query_one("#games", OptionList)
        keep = games.highlighted
        games.clear_options()
        for g in state.get("live", []):
            idle = f"{g['idle'] // 60}m" if g["idle"] >= 60 else f"{g['idle']}s"
            player, seed = markup_text(str(g["player"])), markup_text(str(g["seed"]))
            games.add_option(Option(f"{player:<20} {seed[:22]:<22} {g['depth']:>5} "
                                    f"{idle:>6} {g['watchers']:>5}", id=str(g["id"])))
        if not state.get("live"):
            games.add_option(Option("(nobody is playing)", disabled=True))
        else:
            games.highlighted = min(keep or 0, games.option_count - 1)
        games.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app: Any = self.app
        if event.option.id:
            app.choose({"op": "watch", "id": int(event.option.id)})


class Scores(Screen[None]):
    BINDINGS = [Binding("escape,q,enter", "app.pop_screen", "Back")]

    def __init__(self, reply: dict[str, Any]) -> None:
        super().__init__()
        self.reply = reply

    def compose(self) -> ComposeResult:
        rows = self.reply.get("scores") or []
        lines = [f"[b]{'#':>3} {'score':>7}  {'player':<20} {'seed':<24} {'depth':>5}[/b]"]
        lines += [f"{i:>3} {r['score']:>7}  {markup_text(str(r['player'])[:20]):<20} "
                  f"{markup_text(str(r['seed'])[:24]):<24} {r['depth']:>5}"
                  for i, r in enumerate(rows, 1)]
        text = "\n".join(lines) if rows else (self.reply.get("message") or "No scores yet.")
        with Vertical(id="box"):
            yield Static("[b]High scores[/b]\n\n" + text + "\n\n[dim]Escape: back[/dim]")


class ChangePassword(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("[b]Change password[/b]  (Escape: back)")
            yield Input(password=True, placeholder="current password", id="old")
            yield Input(password=True, placeholder="new password", id="new")
            yield Input(password=True, placeholder="new password again", id="again")
            yield Static("", id="result")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        values = {i.id: i.value for i in self.query(Input)}
        out = self.query_one("#result", Static)
        if event.input.id != "again":
            self.focus_next()
            return
        if values["new"] != values["again"]:
            out.update("The new passwords differ.")
            return
        app: Any = self.app
        app.link.request({"op": "passwd", "old": values["old"], "new": values["new"]},
                         lambda r: out.update(r.get("message", "")))


class Keys(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, keys: list[dict[str, Any]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("[b]Public keys[/b]  Enter on a key removes it. (Escape: back)")
            yield OptionList(id="keylist")
            yield Static("", id="result")

    def on_mount(self) -> None:
        self.refresh_state({"keys": self.keys})

    def refresh_state(self, state: dict[str, Any]) -> None:
        keylist = self.query_one("#keylist", OptionList)
        keep = keylist.highlighted
        keylist.clear_options()
        keylist.add_option(Option("Add a key (paste an OpenSSH public key line)...", id="add"))
        for k in state.get("keys", []):
            keylist.add_option(Option(markup_text(f"{k['key']} {k['comment']}"),
                                      id=f"key-{k['id']}"))
        keylist.highlighted = min(keep or 0, keylist.option_count - 1)
        keylist.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        app: Any = self.app
        out = self.query_one("#result", Static)

        def told(reply: dict[str, Any]) -> None:
            out.update(reply.get("message", ""))

        if event.option.id == "add":
            self.app.push_screen(Ask("Public key line:"), lambda v: v and app.link.request(
                {"op": "add_key", "line": v}, told))
        elif event.option.id and event.option.id.startswith("key-"):
            app.link.request({"op": "remove_key", "id": int(event.option.id[4:])}, told)


def run_lobby(link_fd: int) -> int:
    app = LobbyApp(link_fd)
    app.run()
    return app.return_code or 0  # 1 after a crash
