"""Where the squares a dialog is about are on the screen, so the dialog can keep clear of
them (Modal.keep_clear), and the words that name such a square in its title."""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.engine.game import Game
from roguelike.ui.look import describe_square
from roguelike.ui.map_view import MapView


def map_rows(view: MapView, squares: list[tuple[int, int]]) -> tuple[int, int] | None:
    """(first, last) screen rows of the squares shown on the map; None when none is."""
    region = view.region
    ox, oy = view.origin
    rows = [region.y + y - oy for x, y in squares
            if 0 <= x - ox < region.width and 0 <= y - oy < region.height]
    return (min(rows), max(rows)) if rows else None


def subject_words(game: Game, origin: tuple[int, int], square: tuple[int, int]) -> str:
    """'Locked door, 1 square west': what is on the square and where, for a dialog title."""
    words = describe_square(game, *square, origin=origin).rstrip(".").replace("; ", ", ")
    return words[:1].upper() + words[1:]


def show_the_fallen(game: Game, view: MapView) -> tuple[int, int] | None:
    """At the end of a game: hold the camera on where the party fell, near the top of the
    map, and give the rows the end screen must keep clear of."""
    here = [game.store.get(e, Position) for e in game.party]
    squares = [p.xy for p in here if p.depth == game.depth]
    if not squares:
        return None
    xs, ys = [x for x, _ in squares], [y for _, y in squares]
    view.hold(((min(xs) + max(xs)) // 2, min(ys)), row_fraction=0.15)
    return map_rows(view, squares)
