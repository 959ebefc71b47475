"""The sidebar's supplies: each light with its bearer and the exploration turns it has left,
the lights and fuel carried besides, and the gold carried and banked.

It draws the model (view_data.Supplies) its screen pushes down with `set_model`; it never
sees the game. Each line is written at the longest length that fits the sidebar (28
columns at 80x24, 34 wider), so nothing is cut off mid-word; with too few rows the spare
lights go first, and the lights share a line before the gold would be dropped."""

from __future__ import annotations

from roguelike.ui.lines import LinesWidget, Part
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import Light, Supplies

LIGHT_INK = "#ffd787"
LOW_INK = "#ff5f5f"
SPARE_INK = "#bcbcbc"


def fitted(candidates: list[str], width: int) -> str:
    """The first candidate that fits `width` columns, else the last one cut to fit."""
    for text in candidates:
        if len(text) <= width:
            return text
    return candidates[-1][:width]


def light_text(light: Light, width: int) -> str:
    """'Leader: Oil Lantern, 23 turns, 4 Flasks of Oil' as far as it fits: '!' marks a
    light about to go out for good, '(out)' one put out for a rest in the dark."""
    return fitted(light_forms(light, width), width)


def light_forms(light: Light, width: int) -> list[str]:
    """light_text's candidates, longest first; the last is the shortest there is."""
    mark = "!" if light.low else ""
    out = " (out)" if light.out else ""
    short = light.light.split(" ")[-1]  # "Oil Lantern" -> "Lantern"
    turns, plus = light.turns, f" +{light.refills}"
    who = light.who
    first = who.split(" ")[0]  # "Leader Warrior" -> "Leader"
    forms = [f"{mark}{who}: {light.light}{out}, {turns} turns, {light.refill_words}",
             f"{mark}{first}: {light.light}{out}, {turns} turns, {light.refill_words}",
             f"{mark}{first}: {short}{out}, {turns} turns, {light.refill_words}",
             f"{mark}{first}: {light.light}{out} {turns} turns{plus}",
             f"{mark}{first}: {short}{out} {turns} turns{plus}",
             f"{mark}{first}: {short}{out} {turns}t{plus}"]
    # then the bearer's name shortened, never the light, its turns or its refills
    tail = f" {short}{out} {turns}t{plus}"
    room = width - len(mark) - len(tail) - 1
    if room >= 3:
        forms.append(f"{mark}{first[:room]}:{tail}")
    forms.append(f"{mark}{short}{out} {turns}t{plus}")
    return forms


def gold_text(m: Supplies, width: int) -> str:
    heart = "Heart + " if m.heart else ""
    return fitted([f"Gold: {heart}{m.carried} gp carried, {m.banked} banked",
                   f"Gold {heart}{m.carried} carried, {m.banked} banked",
                   f"Gold {heart}{m.carried} carried {m.banked} bank",
                   f"{heart}{m.carried} gp carried {m.banked} bank",
                   f"{heart}{m.carried}gp/{m.banked} banked"], width)


def wanted_rows(m: Supplies) -> int:
    """Rows to show everything: a line a light (or the warning that none burns), the spare
    lights, the gold."""
    return max(1, len(m.lights)) + (1 if m.spare else 0) + 1


class SupplyPanel(LinesWidget):
    DEFAULT_CSS = """
    SupplyPanel { width: 100%; height: 3; }
    """

    def __init__(self, model: Supplies, styles: Styles) -> None:
        super().__init__()
        self.model = model
        self.styles_ = styles
        self.most_rows = 6  # what the sidebar leaves it (layout.DungeonWidgets.fit)

    def set_model(self, model: Supplies) -> None:
        self.model = model
        self.fit_rows()
        self.update_lines()

    def fit_rows(self) -> None:
        rows = max(2, min(wanted_rows(self.model), self.most_rows))
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    def drawn_from(self) -> object:
        return self.model, self.styles_

    def build(self, width: int, height: int) -> list[list[Part]]:
        m, st = self.model, self.styles_
        light_rows: list[list[Part]] = []
        for light in m.lights:
            ink = st.fg(LOW_INK, bold=True) if light.low else st.fg(LIGHT_INK)
            light_rows.append([(light_text(light, width), ink)])
        if not m.lights:
            light_rows.append([(fitted(["No light burning! U lights one.",
                                        "No light burning!", "No light!"], width),
                                st.fg(LOW_INK, bold=True))])
        gold = [(gold_text(m, width), st.fg(st.palette.treasure))]
        spare = [(fitted([f"Spare: {m.spare_words}", m.spare_words], width),
                  st.fg(SPARE_INK))] if m.spare else []
        room = height - 1  # (the gold's row)
        if len(light_rows) > room:  # too many lights for the rows: they share lines
            light_rows = _shared(m.lights, width, max(1, room), st)
        rows = light_rows
        if spare and len(rows) < room:
            rows = [*rows, spare]
        return [*rows, gold]


def _shared(lights: tuple[Light, ...], width: int, rows: int, st: Styles
            ) -> list[list[Part]]:
    """The lights in `rows` lines, several to a line ('Lantern 23t+4  Torch 5t+0'), a
    light about to go out in the warning colour."""
    per = -(-len(lights) // rows)
    out: list[list[Part]] = []
    for start in range(0, len(lights), per):
        line: list[Part] = []
        for light in lights[start:start + per]:
            text = light_forms(light, width)[-1]
            ink = st.fg(LOW_INK, bold=True) if light.low else st.fg(LIGHT_INK)
            line += [(text, ink), (" ", st.fg(LIGHT_INK))]
        out.append(line)
    return out
