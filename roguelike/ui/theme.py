"""Colours for the map and panels, in named palettes (plain data, chosen by option)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style


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


class Styles:
    """Rich styles built once per palette: the map draws thousands of cells a frame."""

    def __init__(self, palette: Palette) -> None:
        self.palette = palette
        self._cache: dict[tuple[str, bool, bool], Style] = {}

    def fg(self, color: str, bold: bool = False, reverse: bool = False) -> Style:
        key = (color, bold, reverse)
        style = self._cache.get(key)
        if style is None:
            style = Style(color=color, bold=bold, reverse=reverse)
            self._cache[key] = style
        return style

    def on(self, color: str, bgcolor: str) -> Style:
        """A colour on a background colour, built once."""
        key = (f"{color} on {bgcolor}", False, False)
        style = self._cache.get(key)
        if style is None:
            style = Style(color=color, bgcolor=bgcolor)
            self._cache[key] = style
        return style
