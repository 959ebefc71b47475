"""How the palettes are drawn on 16 colours and without colour, and what the start-up check
says about the terminal (no process needed: a pseudo-terminal pair stands in)."""

from __future__ import annotations

import os

import pytest
from rich.color import Color

from roguelike.terminal import terminal_problem
from roguelike.ui.theme import ANSI16, BASIC16, GREYS, MONO, PALETTES, Styles, depth_for

ROLES = ("wall", "floor", "remembered", "door", "stairs", "monster", "pillager", "trap",
         "marker", "treasure", "crossed", "gray_box", "highlight")


def test_depth_follows_the_terminal():
    assert depth_for("truecolor", False) == "full" and depth_for("256", False) == "full"
    assert depth_for("standard", False) == "16"
    assert depth_for("truecolor", True) == depth_for("standard", True) == "mono"


@pytest.mark.parametrize("name", list(PALETTES))
def test_16_colours_draw_every_role_readably_and_tell_seen_from_remembered(name):
    styles = Styles(PALETTES[name], "16")
    assert styles.palette.name == name  # the player's choice is still shown as theirs
    drawn = {role: getattr(styles.palette, role) for role in ROLES}
    assert all(c in ANSI16.values() for c in drawn.values())
    assert ANSI16["black"] not in drawn.values() and ANSI16["blue"] not in drawn.values()
    assert drawn["floor"] != drawn["remembered"] and drawn["wall"] != drawn["remembered"]
    assert len(set(styles.palette.party.values())) == 3
    # any other colour (content's items and traps) lands on a readable one
    for colour in ("#3a3a3a", "#000080", "#101010", "#d7af5f", "white", "#123456"):
        shown = styles.fg(colour).color
        assert shown is not None
        assert shown.get_truecolor() not in (Color.parse(ANSI16["black"]).get_truecolor(),
                                             Color.parse(ANSI16["blue"]).get_truecolor())


def test_without_colour_everything_is_one_of_three_greys():
    styles = Styles(PALETTES["classic"], "mono")
    assert styles.palette.floor != styles.palette.remembered
    greys = {Color.parse(g) for g in GREYS}
    for colour in ("#ff5f5f", "#3a3a3a", "#d7af5f", "#ffffff", "cyan"):
        assert styles.fg(colour).color in greys
    assert {getattr(MONO, r) for r in ROLES} <= set(GREYS)
    assert {getattr(BASIC16, r) for r in ROLES} <= set(ANSI16.values())


def test_full_colour_is_untouched():
    styles = Styles(PALETTES["classic"])
    assert styles.palette is PALETTES["classic"]
    assert styles.fg("#3a3a3a").color == Color.parse("#3a3a3a")


class Streams:
    """A pseudo-terminal pair and a plain pipe, as file objects."""

    def __init__(self) -> None:
        self.master, slave = os.openpty()
        self.tty = os.fdopen(slave, "w")
        r, w = os.pipe()
        self.pipe_r, self.pipe = os.fdopen(r), os.fdopen(w, "w")

    def close(self) -> None:
        for f in (self.tty, self.pipe, self.pipe_r):
            f.close()
        os.close(self.master)


@pytest.fixture
def streams():
    s = Streams()
    yield s
    s.close()


def test_a_terminal_on_all_three_streams_passes(streams):
    tty = streams.tty
    assert terminal_problem(tty, tty, tty, {"TERM": "xterm-256color"}) is None
    assert terminal_problem(tty, tty, tty, {}) is None  # no TERM: Textual still copes


def test_each_stream_that_is_not_a_terminal_is_named(streams):
    tty, pipe = streams.tty, streams.pipe
    assert "its output is not one" in terminal_problem(tty, pipe, tty, {"TERM": "xterm"})
    assert "its input is not one" in terminal_problem(None, tty, tty, {"TERM": "xterm"})
    said = terminal_problem(pipe, pipe, pipe, {"TERM": "xterm"})
    assert "input, output and error output are not one" in said


@pytest.mark.parametrize("term", ["dumb", "unknown"])
def test_a_terminal_that_cannot_move_the_cursor_is_refused(streams, term):
    tty = streams.tty
    assert f"TERM={term}" in terminal_problem(tty, tty, tty, {"TERM": term})
