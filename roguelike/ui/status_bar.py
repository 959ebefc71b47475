"""Status line (depth, round, whose turn, actions and movement left) and the initiative
tracker (this round's order, the one acting marked).

Each draws the model (view_models.py) its screen pushes down with `set_model`; the status
line's hint is the screen's too. Neither sees the game."""

from __future__ import annotations

from rich.style import Style

from roguelike.ui.lines import BLANK, LinesWidget, Part
from roguelike.ui.log_view import LogView
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import StatusModel, TrackerModel

DONE = Style(color="#585858")  # a token whose turn has passed


class StatusBar(LinesWidget):
    DEFAULT_CSS = """
    StatusBar { width: 100%; height: 1; background: $panel; }
    """

    def __init__(self, model: StatusModel, styles: Styles) -> None:
        super().__init__()
        self.model = model
        self.styles_ = styles
        self.hint = ""
        self.overflow: LogView | None = None  # where a hint too long for this line goes
        self._hint_here = True

    def set_model(self, model: StatusModel) -> None:
        self.model = model
        self.update_lines()

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
        st = self.styles_
        parts = self._status()
        if self.hint and self._hint_here:
            parts.append((self.hint + "  ", st.fg("#87afff")))
        used = sum(len(t) for t, _ in parts)
        seed = f"seed {self.model.seed}"
        if used + len(seed) < width:
            parts.append((" " * (width - used - len(seed)) + seed, st.fg("#6c6c6c")))
        return [parts]

    def _status(self) -> list[Part]:
        """Depth, round, mode, whose turn with actions and movement left, game over."""
        m, st = self.model, self.styles_
        mode = "COMBAT" if m.combat else "Explore"
        parts: list[Part] = [(f"D{m.depth} ", st.fg("white", bold=True)),
                             (f"R{m.round} ", st.fg("#bcbcbc")),
                             (f"{mode} ", st.fg("#ff5f5f" if m.combat else "#87d787",
                                                bold=True))]
        acting = m.acting
        if acting is not None:
            doing = (f"moving, {acting.move_points} MP left" if acting.move_points
                     else "ready")
            parts.append((f"{acting.name}: action {acting.number}/{acting.per_turn}, "
                          f"{doing}  ", st.fg(st.palette.highlight)))
        if m.over:
            parts.append(("GAME OVER  ", st.fg("#ff5f5f", bold=True)))
        return parts


class InitiativeTracker(LinesWidget):
    DEFAULT_CSS = """
    InitiativeTracker { width: 100%; height: 1fr; min-height: 2; }
    """

    def __init__(self, model: TrackerModel, styles: Styles) -> None:
        super().__init__()
        self.model = model
        self.styles_ = styles

    def set_model(self, model: TrackerModel) -> None:
        self.model = model
        self.update_lines()

    def drawn_from(self) -> object:
        return self.model, self.styles_

    def build(self, width: int, height: int) -> list[list[Part]]:
        """'Initiative R3  W6 R3 p2x5 M1': the round, then each token in the order they act
        (the Pillagers one token, counted), wrapping under it."""
        m, st = self.model, self.styles_
        title = f"Initiative R{m.round} "
        row: list[Part] = [(title, st.fg("#bcbcbc", bold=True))]
        lines: list[list[Part]] = []
        used = len(title)
        for glyph, initiative, state, many in m.tokens:
            token = f"{glyph}{initiative}" + (f"×{many}" if many > 1 else "")
            if state == "now":
                style = st.fg(st.palette.highlight, bold=True, reverse=True)
            elif state == "done":
                style = DONE
            else:
                style = st.fg("white")
            if used + len(token) > width and used:  # (its trailing space may go)
                lines.append(row)
                row, used = [], 0
            row += [(token, style), (" ", BLANK)]
            used += len(token) + 1
        lines.append(row)
        return lines
