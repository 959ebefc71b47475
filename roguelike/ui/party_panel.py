"""The party panel: every character's hit boxes, current attributes, luck and conditions.

It draws the party's model (view_data.Delver, built by view_models.py) its screen pushes
down with `set_model`; a click on a delver's rows goes up as a message. It never sees the
game."""

from __future__ import annotations

from textual import events
from textual.message import Message

from roguelike.ui.lines import BLANK, LinesWidget, Part
from roguelike.ui.theme import Styles
from roguelike.ui.view_data import Delver, Location

SHORT = {"wits": "Wi", "might": "Mi", "combat": "Co", "speed": "Sp"}


def fit_tags(tags: list[str], room: int) -> str:
    """Condition labels in `room` columns: with their rounds if they fit, else the labels
    alone, else as many as fit and a count of the rest ('PSN +2')."""
    full = " ".join(tags)
    if len(full) <= room:
        return full
    bare = [t.split(" ")[0] for t in tags]
    for shown in range(len(bare), 0, -1):
        text = " ".join(bare[:shown]) + (f" +{len(bare) - shown}" if shown < len(bare) else "")
        if len(text) <= room:
            return text
    return f"+{len(bare)}" if room >= 2 else ""


def box_parts(loc: Location, styles: Styles) -> list[Part]:
    """A location's boxes: crossed as 'x', open as their value, gray on a gray ground."""
    p = styles.palette
    parts: list[Part] = [(loc.name[0], styles.fg("white", bold=True)), (" ", BLANK)]
    for i, value in enumerate(loc.boxes):
        if i < loc.crossed:
            parts.append(("x", styles.fg(p.crossed, bold=True)))
        else:
            parts.append((str(value)[-1], styles.fg("white")))
    for value in loc.gray:
        parts.append((str(value)[-1], styles.on("black", p.gray_box)))
    return parts


def stat_part(loc: Location, speed: int | None, styles: Styles) -> Part:
    """'Wi5 ', or the Speed a Move gives now with the box value after it where they
    differ ('Sp4(6) ': two Treasures carried), drawn as a warning."""
    short = SHORT.get(loc.attribute, loc.attribute[:2])
    if loc.attribute == "speed" and speed is not None and speed != loc.value:
        return f"{short}{speed}({loc.value}) ", styles.fg("#ffaf5f")
    return f"{short}{loc.value} ", styles.fg("#bcbcbc")


class PartyPanel(LinesWidget):
    DEFAULT_CSS = """
    PartyPanel { width: 100%; height: auto; min-height: 12; }
    """

    def __init__(self, model: tuple[Delver, ...], styles: Styles) -> None:
        super().__init__()
        self.model = model
        self.styles_ = styles
        self.row_owner: list[int] = []  # which character each row shows (mouse selection)

    def set_model(self, model: tuple[Delver, ...]) -> None:
        self.model = model
        self.update_lines()

    def drawn_from(self) -> object:
        return self.model, self.styles_

    def build(self, width: int, height: int) -> list[list[Part]]:
        st = self.styles_
        p = st.palette
        out: list[list[Part]] = []
        roomy = height >= 6 * len(self.model)
        owners: list[int] = []
        for delver in self.model:
            color = p.party.get(delver.klass, "white")
            head: list[Part] = [(delver.marker, st.fg(p.highlight, bold=True)),
                                (delver.glyph + " ", st.fg(color, bold=True)),
                                (delver.name, st.fg(color))]
            used = 3 + len(delver.name)
            # "Luck 10", not "L10": the card's "L" row is the Legs, and a DCSS player reads
            # a bare L10 as a level (L10 only where the name leaves no room)
            luck = f" Luck {delver.luck}"
            if used + len(luck) > width:
                luck = f" L{delver.luck}"
            head.append((" " * max(1, width - used - len(luck)) + luck, st.fg("#d7d787")))
            out.append(head)
            locs = delver.locations
            if roomy:
                for loc in locs:
                    out.append([("  ", BLANK), *box_parts(loc, st)])
            else:
                for a, b in zip(locs[0::2], locs[1::2], strict=False):
                    row = [("  ", BLANK), *box_parts(a, st)]
                    pad = max(1, 10 - sum(len(t) for t, _ in row))
                    out.append([*row, (" " * pad, BLANK), *box_parts(b, st)])
            stats: list[Part] = [("  ", BLANK)]
            down = delver.down
            if down is not None:  # the log's words, with the rounds left: nothing else counts
                stats.append((down, st.fg(p.crossed, bold=True)))
            else:
                for loc in locs:
                    stats.append(stat_part(loc, delver.speed, st))
                room = width - sum(len(t) for t, _ in stats)
                tags = fit_tags(list(delver.tags), room)
                if tags:
                    stats.append((tags, st.fg("#ffaf5f")))
            out.append(stats)
            owners += [delver.eid] * (len(out) - len(owners))
        self.row_owner = owners
        return out

    def owner_of_row(self, row: int) -> int | None:
        return self.row_owner[row] if 0 <= row < len(self.row_owner) else None

    class Chosen(Message):
        """A delver's rows were clicked: lead it."""

        def __init__(self, eid: int) -> None:
            super().__init__()
            self.eid = eid

    def on_click(self, event: events.Click) -> None:
        eid = self.owner_of_row(event.y)
        if eid is not None:
            event.stop()  # the screen hears of the delver instead of a bare click
            self.post_message(self.Chosen(eid))
