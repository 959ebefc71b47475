"""`roguelike replay FILE`: watch a recorded game in the game's own widgets.

Keys: Space pause/resume, + and - speed, . or Right one action, 1-9 jump to the first
arrival at that depth, Home back to the start, End to the end, q or Escape quit. The keys
are on the status line, or whole at the bottom of the log where the line is too narrow.
"""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.timer import Timer

from roguelike.records.replay import ReplayError, ReplayPlayer
from roguelike.terminal import refuse_without_terminal
from roguelike.ui.layout import DungeonWidgets, layout_css
from roguelike.ui.terminal_fit import TerminalFit
from roguelike.ui.theme import PALETTES, Styles
from roguelike.ui.view_models import dungeon_model

SPEEDS = (1.0, 0.5, 0.25, 0.1, 0.05, 0.02)  # seconds per action
FAST_BATCH = 5  # at the top speed several actions share one frame


class ReplayScreen(Screen[None]):
    DEFAULT_CSS = layout_css("ReplayScreen")

    def __init__(self, player: ReplayPlayer, styles: Styles) -> None:
        super().__init__()
        self.player = player
        self.widgets = DungeonWidgets(dungeon_model(player.game), styles)
        w = self.widgets
        self.map, self.party_panel, self.tracker = w.map, w.party_panel, w.tracker
        self.log_view, self.status = w.log_view, w.status
        self.speed = 2
        self.paused = False
        self.timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield from self.widgets.compose()

    def on_mount(self) -> None:
        self.widgets.fit(self.app.size.width, self.app.size.height)  # (as the game screen)
        self._retime()
        self.call_after_refresh(self.redraw)

    def on_resize(self, event: events.Resize) -> None:
        self.widgets.fit(event.size.width, event.size.height)

    def _retime(self) -> None:
        if self.timer is not None:
            self.timer.stop()
        self.timer = self.set_interval(SPEEDS[self.speed], self.tick)

    def tick(self) -> None:
        if self.paused or self.player.finished:
            return
        batch = FAST_BATCH if self.speed == len(SPEEDS) - 1 else 1
        lines: list[str] = []
        for _ in range(batch):
            lines += [e.text for e in self.player.step() if e.text]
            if self.player.finished:
                break
        self.log_view.add(lines)
        self.redraw()

    def redraw(self) -> None:
        p = self.player
        state = "ended" if p.finished else "paused" if self.paused else \
            f"speed {self.speed + 1}/{len(SPEEDS)}"
        self.status.hint = (f"REPLAY {p.position}/{p.total} {state}"
                            + (f" - {p.error}" if p.error else "")
                            + "  [Space pause, +/- speed, . step, 1-9 depth, Home/End, q]")
        # (a jump back re-simulates: the model is of the player's new game)
        self.widgets.set_model(dungeon_model(p.game), full=True)

    def on_key(self, event: events.Key) -> None:
        key = event.key
        event.stop()
        if key in ("q", "escape"):
            self.app.exit()
            return
        if key == "space":
            self.paused = not self.paused
        elif key in ("plus", "equals_sign"):
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
            self._retime()
        elif key in ("minus", "hyphen"):
            self.speed = max(0, self.speed - 1)
            self._retime()
        elif key in ("full_stop", "right"):
            self.paused = True
            self.log_view.add([e.text for e in self.player.step() if e.text])
        elif key == "home":
            self.player.restart()
            self.log_view.add(["Back to the start."])
        elif key == "end":
            self.paused = True  # at the end: nothing more would play, and Home goes back
            self.player.jump_to(self.player.total)
            self.log_view.add([f"The end: action {self.player.position} of "
                               f"{self.player.total}."])
        elif event.character and event.character.isdigit() and event.character != "0":
            depth = int(event.character)
            found = self.player.jump_to_depth(depth)
            self.log_view.add([f"Depth {depth} reached at action {self.player.position}."
                               if found else f"This game never reaches depth {depth}."])
        self.redraw()


class ReplayApp(TerminalFit, App[None]):
    TITLE = "Traps & Treasure: replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, player: ReplayPlayer) -> None:
        super().__init__()
        self.player = player

    def on_mount(self) -> None:
        styles = Styles(PALETTES["classic"], self.colour_depth())
        self.push_screen(ReplayScreen(self.player, styles))


def run_replay(path: Path | str) -> int:
    try:
        player = ReplayPlayer.open(Path(path))
    except ReplayError as err:
        print(f"roguelike: {err}")
        return 2
    if refuse_without_terminal():
        return 2
    app = ReplayApp(player)
    app.run()
    return app.return_code or 0  # 1 after a crash
