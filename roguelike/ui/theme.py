"""Colours for the map and panels, in named palettes (plain data, chosen by option), and how
they are shown on what the terminal can do: millions of colours, 16, or none (NO_COLOR).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rich.color import Color
from rich.style import Style

# What the terminal shows: "full" (256 colours or more), "16" (TERM=xterm, linux, screen...),
# "mono" (NO_COLOR is set).
Depth = Literal["full", "16", "mono"]


@dataclass(frozen=True)
class Palette:
    name: str
    wall: str
    floor: str
    remembered: str
    door: str
    stairs: str
    party: dict[str, str]
    monster: str
    pillager: str
    trap: str
    marker: str
    treasure: str
    crossed: str
    gray_box: str
    highlight: str


PALETTES: dict[str, Palette] = {
    "classic": Palette(
        "classic", wall="#8a8a8a", floor="#5f5f5f", remembered="#3a3a3a", door="#d7af5f",
        stairs="#ffffff", party={"warrior": "#5fd7ff", "rogue": "#87ff87", "mage": "#ff87ff"},
        monster="#ff5f5f", pillager="#ffd75f", trap="#ff8700", marker="#d7d7ff",
        treasure="#ffd700", crossed="#af0000", gray_box="#6c6c6c", highlight="#ffff00",
    ),
    # Okabe-Ito colours: distinguishable with every common colour-vision deficiency.
    "colorblind": Palette(
        "colorblind", wall="#999999", floor="#666666", remembered="#3c3c3c", door="#e69f00",
        stairs="#ffffff", party={"warrior": "#56b4e9", "rogue": "#009e73", "mage": "#cc79a7"},
        monster="#d55e00", pillager="#f0e442", trap="#e69f00", marker="#56b4e9",
        treasure="#f0e442", crossed="#d55e00", gray_box="#777777", highlight="#f0e442",
    ),
    "contrast": Palette(
        "contrast", wall="#ffffff", floor="#bcbcbc", remembered="#767676", door="#ffff00",
        stairs="#ffffff", party={"warrior": "#00ffff", "rogue": "#00ff00", "mage": "#ff00ff"},
        monster="#ff0000", pillager="#ffff00", trap="#ff8700", marker="#00ffff",
        treasure="#ffff00", crossed="#ff0000", gray_box="#9e9e9e", highlight="#ffff00",
    ),
}


# The 16 colours exactly as Rich sends them to a 16-colour terminal (rich._palettes'
# STANDARD_PALETTE), so each role below lands on the intended colour number.
ANSI16 = {
    "black": "#000000", "red": "#aa0000", "green": "#00aa00", "yellow": "#aa5500",
    "blue": "#0000aa", "magenta": "#aa00aa", "cyan": "#00aaaa", "white": "#aaaaaa",
    "bright_black": "#555555", "bright_red": "#ff5555", "bright_green": "#55ff55",
    "bright_yellow": "#ffff55", "bright_blue": "#5555ff", "bright_magenta": "#ff55ff",
    "bright_cyan": "#55ffff", "bright_white": "#ffffff",
}
# Too dark to read on the black ground: never chosen for a colour that is not meant dark.
_UNREADABLE = ("black", "blue")
GREYS = ("#555555", "#aaaaaa", "#ffffff")  # the three greys every terminal shows apart

# Nearest-colour matching would put the remembered map (#3a3a3a) on black, and the visible
# floor on the remembered grey: on 16 colours each role gets its colour by hand.
BASIC16 = Palette(
    "basic", wall=ANSI16["white"], floor=ANSI16["white"], remembered=ANSI16["bright_black"],
    door=ANSI16["yellow"], stairs=ANSI16["bright_white"],
    party={"warrior": ANSI16["bright_cyan"], "rogue": ANSI16["bright_green"],
           "mage": ANSI16["bright_magenta"]},
    monster=ANSI16["bright_red"], pillager=ANSI16["bright_yellow"], trap=ANSI16["red"],
    marker=ANSI16["bright_blue"], treasure=ANSI16["bright_yellow"], crossed=ANSI16["red"],
    gray_box=ANSI16["white"], highlight=ANSI16["bright_yellow"],
)
# Without colour, brightness alone: seen things light, remembered ones dim, whatever
# moves or matters brightest. Glyphs tell the kinds apart.
MONO = Palette(
    "mono", wall=GREYS[1], floor=GREYS[1], remembered=GREYS[0], door=GREYS[1],
    stairs=GREYS[2], party={"warrior": GREYS[2], "rogue": GREYS[2], "mage": GREYS[2]},
    monster=GREYS[2], pillager=GREYS[2], trap=GREYS[2], marker=GREYS[2], treasure=GREYS[2],
    crossed=GREYS[2], gray_box=GREYS[1], highlight=GREYS[2],
)


def depth_for(color_system: str | None, no_color: bool) -> Depth:
    """The depth for Rich's colour system name (as Textual's console detects it from TERM
    and COLORTERM) and whether NO_COLOR is set."""
    if no_color:
        return "mono"
    if color_system in ("standard", "windows"):
        return "16"
    return "full"


def _rgb(color: str) -> tuple[int, int, int]:
    t = Color.parse(color).get_truecolor()
    return t.red, t.green, t.blue


def shown_as(color: str, depth: Depth) -> str:
    """The colour to draw `color` with on a terminal of this depth."""
    if depth == "full" or color in GREYS or color in ANSI16.values():
        return color
    r, g, b = _rgb(color)
    if depth == "mono":
        light = (2126 * r + 7152 * g + 722 * b) // 10000
        return GREYS[2] if light >= 160 else GREYS[1]

    def distance(name: str) -> int:
        r2, g2, b2 = _rgb(ANSI16[name])
        return (r - r2) ** 2 + (g - g2) ** 2 + (b - b2) ** 2

    return ANSI16[min((n for n in ANSI16 if n not in _UNREADABLE), key=distance)]


def palette_for(palette: Palette, depth: Depth) -> Palette:
    """The palette actually drawn: the chosen one, or the 16-colour or grey one (the
    chosen palette's name is kept, so the options screen still shows the player's choice)."""
    if depth == "full":
        return palette
    return replace(BASIC16 if depth == "16" else MONO, name=palette.name)


class Styles:
    """Rich styles built once per palette: the map draws thousands of cells a frame."""

    def __init__(self, palette: Palette, depth: Depth = "full") -> None:
        self.depth: Depth = depth
        self.palette = palette_for(palette, depth)
        self._cache: dict[tuple[str, bool, bool], Style] = {}

    def fg(self, color: str, bold: bool = False, reverse: bool = False) -> Style:
        key = (color, bold, reverse)
        style = self._cache.get(key)
        if style is None:
            style = Style(color=shown_as(color, self.depth), bold=bold, reverse=reverse)
            self._cache[key] = style
        return style

    def on(self, color: str, bgcolor: str) -> Style:
        """A colour on a background colour, built once."""
        key = (f"{color} on {bgcolor}", False, False)
        style = self._cache.get(key)
        if style is None:
            # the ink is meant dark (black on a gray box): not lifted off the ground
            ink = color if color == "black" else shown_as(color, self.depth)
            style = Style(color=ink, bgcolor=shown_as(bgcolor, self.depth))
            self._cache[key] = style
        return style
