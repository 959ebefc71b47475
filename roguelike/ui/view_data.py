"""What the dungeon widgets draw: plain, immutable data, nothing of the game.

The screen builds these from the game after each action (view_models.py, the builders) and
pushes them down to the widgets (map_view.py, party_panel.py, status_bar.py) with their
`set_model`: Textual's "attributes down, messages up", by a method rather than a reactive,
as the map's model holds arrays that do not compare with `==`. A model is a snapshot of the
moment it was built: its arrays are copies, made read-only, so it neither goes stale under
a widget nor can a widget change it. This module imports nothing of the engine, so neither
do the widgets that draw it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

# How a map sprite is coloured; the map turns it into a style of its palette.
DELVER = "delver"  # `colour` is the delver's class (the palette's party colour)
DOWNED = "downed"  # a knocked-out or disabled delver
PILLAGER = "pillager"
MONSTER = "monster"
OWN = "own"  # its own colour (`colour`), seen now
REMEMBERED = "remembered"  # out of sight, or harmless now (a disarmed trap)


class Sprite(NamedTuple):
    """The one thing drawn on a map square (the highest layer there)."""

    x: int
    y: int
    glyph: str
    look: str  # one of the names above
    colour: str  # the class (DELVER) or the content's colour (OWN); else ""
    bold: bool
    acting: bool  # the one whose turn it is: drawn reversed


@dataclass(frozen=True, slots=True, eq=False)
class MapModel:
    """One level as the party knows it, at the moment of building (the arrays are
    read-only copies)."""

    depth: int
    width: int
    height: int
    tiles: np.ndarray  # int16 tile codes as the party believes them (unfound secret door: wall)
    visible: np.ndarray  # bool: seen now
    explored: np.ndarray  # bool: seen once
    sprites: tuple[Sprite, ...]  # at most one a square
    focus: tuple[int, int]  # the square the camera follows: the one acting, or the leader

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height


class Location(NamedTuple):
    """One body location's hit boxes, as LocationBoxes holds them."""

    name: str
    attribute: str
    value: int  # the attribute's value now
    boxes: tuple[int, ...]
    crossed: int
    gray: tuple[int, ...]


class Delver(NamedTuple):
    eid: int
    name: str
    glyph: str  # the class's glyph
    klass: str
    marker: str  # ">" acting now, "*" leading, " " neither
    luck: int
    locations: tuple[Location, ...]
    down: str | None  # why it is down, in the log's words; None if standing
    tags: tuple[str, ...]  # its other conditions' short labels
    speed: int | None = None  # the Speed a Move gives now, where the load or a condition
    # makes it differ from the legs' box value (None: as the box says)


class Acting(NamedTuple):
    """Whose turn it is, and how far into it."""

    name: str
    number: int  # this action's number, 1..per_turn
    per_turn: int
    move_points: int


class StatusModel(NamedTuple):
    depth: int
    round: int
    combat: bool
    seed: str
    acting: Acting | None
    over: bool


class Token(NamedTuple):
    """One creature in this round's initiative order, or the Pillagers of the level, who
    roll one initiative as a group (`many` of them)."""

    glyph: str
    initiative: int
    state: str  # "now" (acting), "done" (its turn has passed) or "to come"
    many: int = 1  # (tuple has a count)


class TrackerModel(NamedTuple):
    round: int
    tokens: tuple[Token, ...]


class Light(NamedTuple):
    """A party member's light: lit, or put out for a rest in the dark."""

    who: str
    light: str  # its name ("Oil Lantern")
    turns: int  # exploration turns left, rounded up
    refills: int  # what in its bearer's pack keeps it burning
    refill_words: str  # those refills named and counted ("4 Flasks of Oil")
    out: bool  # put out for a rest in the dark
    low: bool  # about to go out for good: nothing in the pack refills it


class Supplies(NamedTuple):
    """The sidebar's lights and gold."""

    lights: tuple[Light, ...]
    spare: tuple[tuple[str, int], ...]  # lights and fuel carried besides: (name, count)
    spare_words: str  # the same, counted in words ("5 Torches, 1 Flask of Oil")
    carried: int  # gp of the treasure the party carries
    banked: int  # gp banked in the Camp (the score's treasure)
    heart: bool  # the Heart of the Deep is carried


class DungeonModel(NamedTuple):
    """Everything the dungeon widgets draw (layout.DungeonWidgets.set_model)."""

    map: MapModel
    party: tuple[Delver, ...]
    status: StatusModel
    tracker: TrackerModel
    supplies: Supplies
