"""The dungeon screen: map, party hit boxes, initiative, log and status.

Data flows down (the screen tells widgets to redraw from the game) and the player's keys
become engine actions; the engine's events become log lines.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from roguelike.engine.actions import Action, EndMove, Lead, Step, TakeStairs, Wait
from roguelike.engine.components import Actor, Character, Position
from roguelike.engine.events import Event
from roguelike.engine.game import Game
from roguelike.ui.keys import COMMANDS, MOVES
from roguelike.ui.log_view import LogView
from roguelike.ui.look import describe_square
from roguelike.ui.map_view import MapView
from roguelike.ui.party_panel import PartyPanel
from roguelike.ui.screens.dialogs import Confirm, GameOver, HelpScreen
from roguelike.ui.status_bar import InitiativeTracker, StatusBar
from roguelike.ui.theme import Styles


class GameScreen(Screen[None]):
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #main { height: 1fr; }
    GameScreen #sidebar { width: 28; border-left: vkey $panel-lighten-2; }
    GameScreen LogView { height: 5; border-top: hkey $panel-lighten-2; }
    """

    def __init__(self, game: Game, styles: Styles) -> None:
        super().__init__()
        self.game = game
        self.styles_ = styles
        self.looking = False
        self.map = MapView(game, styles)
        self.party_panel = PartyPanel(game, styles)
        self.tracker = InitiativeTracker(game, styles)
        self.log_view = LogView()
        self.status = StatusBar(game, styles)
        self._ended = False

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield self.map
            with Vertical(id="sidebar"):
                yield self.party_panel
                yield self.tracker
        yield self.log_view
        yield self.status

    def on_mount(self) -> None:
        self.log_view.add([e.text for e in self.game.log[-5:]])
        self.call_after_refresh(self.refresh_all)

    def on_resize(self, event: events.Resize) -> None:
        self.log_view.styles.height = 8 if event.size.height >= 36 else 5
        self.query_one("#sidebar").styles.width = 34 if event.size.width >= 110 else 28

    def refresh_all(self) -> None:
        self.map.redraw()
        self.party_panel.update_lines()
        self.tracker.update_lines()
        self.status.update_lines()

    # ----- input -----------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        key = event.key
        if self.looking:
            event.stop()
            self._look_key(key)
            return
        if key in MOVES:
            event.stop()
            self.act(Step(*MOVES[key]))
            return
        command = COMMANDS.get(key) or COMMANDS.get(event.character or "")
        if command is None:
            if event.is_printable:
                self.status.hint = f"Unknown key '{event.character}'. Press ? for help."
                self.status.update_lines()
            return
        event.stop()
        getattr(self, f"cmd_{command}")()

    def act(self, action: Action) -> None:
        if self.game.over:
            return
        self.status.hint = ""
        evs = self.game.perform(action)
        self.show(evs)

    def show(self, evs: list[Event]) -> None:
        refusals = [e.text for e in evs if e.kind in ("fail", "info")]
        if refusals:  # a refused command costs nothing: say why on the status line
            self.status.hint = refusals[-1]
        self.log_view.add([e.text for e in evs if e.text and e.kind not in ("fail", "info")])
        self.refresh_all()
        if self.game.over and not self._ended:
            self._ended = True
            self.app.push_screen(GameOver(self.summary()), lambda _: self.app.pop_screen())

    def summary(self) -> str:
        g = self.game
        verdict = {"defeat": "[b red]The party has fallen.[/]"}.get(
            g.outcome, f"[b]{g.outcome or 'The delve ends.'}[/]")
        return (f"{verdict}\n\nSeed: {g.seed}\nDeepest level: {g.deepest}\n"
                f"Rounds: {g.round}   Actions: {g.actions_taken}   Foes felled: {g.kills}")

    # ----- commands --------------------------------------------------------------------
    def cmd_rest_or_end(self) -> None:
        eid = self.game.awaiting
        if eid is not None and self.game.store.get(eid, Actor).move_points > 0:
            self.act(EndMove())
        else:
            self.act(Wait())

    def cmd_next_leader(self) -> None:
        g = self.game
        order = g.store.get(g.led, Character).order
        evs: list[Event] = []
        for step in range(1, len(g.party)):
            evs = g.perform(Lead((order + step) % len(g.party)))
            if evs and evs[0].kind != "fail":
                break
        self.show(evs)

    def cmd_descend(self) -> None:
        self.act(TakeStairs("down"))

    def cmd_ascend(self) -> None:
        self.act(TakeStairs("up"))

    def cmd_help(self) -> None:
        self.app.push_screen(HelpScreen())

    def cmd_quit(self) -> None:
        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(Confirm("Abandon this game?"), answer)

    def cmd_look(self) -> None:
        self.looking = True
        eid = self.game.awaiting or self.game.led
        self.map.cursor = self.game.store.get(eid, Position).xy
        self._describe()

    def _look_key(self, key: str) -> None:
        if key in ("escape", "x", "semicolon", "q"):
            self.looking = False
            self.map.cursor = None
            self.status.hint = ""
            self.refresh_all()
            return
        if key in MOVES:
            dx, dy = MOVES[key]
            x, y = self.map.cursor or (0, 0)
            level = self.game.level
            self.map.cursor = (min(max(0, x + dx), level.width - 1),
                               min(max(0, y + dy), level.height - 1))
        self._describe()

    def _describe(self) -> None:
        assert self.map.cursor is not None
        self.status.hint = describe_square(self.game, *self.map.cursor)
        self.refresh_all()
