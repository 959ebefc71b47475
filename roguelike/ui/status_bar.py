"""Status line (depth, round, whose turn, actions and movement left) and the initiative
tracker (this round's order, the one acting marked)."""

from __future__ import annotations

from rich.style import Style

from roguelike.core.components import Actor, Appearance
from roguelike.engine.game import Game
from roguelike.engine.stats import name_of
from roguelike.ui.lines import BLANK, LinesWidget, Part
from roguelike.ui.log_view import LogView
from roguelike.ui.theme import Styles

DONE = Style(color="#585858")  # a token whose turn has passed


class StatusBar(LinesWidget):
    DEFAULT_CSS = """
    StatusBar { width: 100%; height: 1; background: $panel; }
    """

    def __init__(self, game: Game, styles: Styles) -> None:
        super().__init__()
        self.game = game
        self.styles_ = styles
        self.hint = ""
        self.overflow: LogView | None = None  # where a hint too long for this line goes
        self._hint_here = True

    def update_lines(self) -> None:
        """A hint that does not fit after the status (an aiming line at 80 columns) is not
        cut: the log shows it whole, wrapped, below its messages."""
        width = self.size.width
        fits = width <= 0 or sum(len(t) for t, _ in self._status()) + len(self.hint) <= width
        if self.overflow is not None:
            self.overflow.pin("" if fits else self.hint)
        self._hint_here = fits or self.overflow is None
        super().update_lines()

    def build(self, width: int, height: int) -> list[list[Part]]:
        g, st = self.game, self.styles_
        parts = self._status()
        if self.hint and self._hint_here:
            parts.append((self.hint + "  ", st.fg("#87afff")))
        used = sum(len(t) for t, _ in parts)
        seed = f"seed {g.seed}"
        if used + len(seed) < width:
            parts.append((" " * (width - used - len(seed)) + seed, st.fg("#6c6c6c")))
        return [parts]

    def _status(self) -> list[Part]:
        """Depth, round, mode, whose turn with actions and movement left, game over."""
        g, st = self.game, self.styles_
        mode = "COMBAT" if g.mode == "combat" else "Explore"
        parts: list[Part] = [(f"D{g.depth} ", st.fg("white", bold=True)),
                             (f"R{g.round} ", st.fg("#bcbcbc")),
                             (f"{mode} ", st.fg("#ff5f5f" if g.mode == "combat" else "#87d787",
                                                bold=True))]
        eid = g.awaiting
        if eid is not None:
            act = g.store.get(eid, Actor)
            per_turn = g.content.rules.actions_per_turn
            number = per_turn - act.actions_left + (0 if act.move_points else 1)
            number = max(1, min(per_turn, number))
            doing = f"moving, {act.move_points} MP left" if act.move_points else "ready"
            parts.append((f"{name_of(g.store, eid)}: action {number}/{per_turn}, {doing}  ",
                          st.fg(st.palette.highlight)))
        if g.over:
            parts.append(("GAME OVER  ", st.fg("#ff5f5f", bold=True)))
        return parts


class InitiativeTracker(LinesWidget):
    DEFAULT_CSS = """
    InitiativeTracker { width: 100%; height: 3; }
    """

    def __init__(self, game: Game, styles: Styles) -> None:
        super().__init__()
        self.game = game
        self.styles_ = styles

    def build(self, width: int, height: int) -> list[list[Part]]:
        g, st = self.game, self.styles_
        lines: list[list[Part]] = [[(f"Initiative, round {g.round}", st.fg("#bcbcbc",
                                                                           bold=True))]]
        row: list[Part] = []
        used = 0
        for i, eid in enumerate(g.order):
            if not g.store.alive(eid) or not g.store.has(eid, Appearance):
                continue
            app = g.store.get(eid, Appearance)
            init = g.store.get(eid, Actor).initiative
            token = f"{app.glyph}{init}"
            if eid == g.current:
                style = st.fg(st.palette.highlight, bold=True, reverse=True)
            elif i < g.turn_index:
                style = DONE
            else:
                style = st.fg("white")
            if used + len(token) + 1 > width:
                lines.append(row)
                row, used = [], 0
            row += [(token, style), (" ", BLANK)]
            used += len(token) + 1
        lines.append(row)
        return lines
