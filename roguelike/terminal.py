"""Whether the game's screen can run here, checked before any screen library is loaded.

A full-screen game needs its input, output and error output on a terminal (Textual draws
on the error stream and reads keys from the input), and a terminal that can move the cursor.
Without them it would spin on a closed input or draw into a file until killed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TextIO

# Terminals that cannot address the cursor (terminfo's dumb; `unknown` as Rich reads it).
CURSORLESS = ("dumb", "unknown")
HEADLESS = "sim, level, verify, scores, daily --print"


def _is_tty(stream: TextIO | None) -> bool:
    if stream is None:  # started with the descriptor closed
        return False
    try:
        return os.isatty(stream.fileno())
    except (OSError, ValueError):  # no descriptor at all (a replaced stream, a closed one)
        return False


def terminal_problem(stdin: TextIO | None, stdout: TextIO | None, stderr: TextIO | None,
                     env: Mapping[str, str]) -> str | None:
    """Why the game's screen cannot run with these streams and environment, or None."""
    missing = [name for name, stream in (("input", stdin), ("output", stdout),
                                         ("error output", stderr)) if not _is_tty(stream)]
    if missing:
        which = (", ".join(missing[:-1]) + " and " if len(missing) > 1 else "") + missing[-1]
        verb = "is" if len(missing) == 1 else "are"
        return (f"the game's screen needs a terminal, and its {which} {verb} not one (a "
                f"pipe, a file or no terminal at all). Start it from a terminal; the "
                f"commands {HEADLESS} run without one.")
    term = env.get("TERM", "")
    if term in CURSORLESS:
        return (f"this terminal (TERM={term}) cannot move the cursor, which the game's "
                "screen needs. Start it in a terminal emulator (xterm, GNOME Terminal, "
                "iTerm2, Windows Terminal, tmux...), whose TERM is e.g. xterm-256color.")
    return None


def refuse_without_terminal() -> bool:
    """Say why the screen cannot run here on stderr and return True; False when it can."""
    import sys

    problem = terminal_problem(sys.stdin, sys.stdout, sys.stderr, os.environ)
    if problem:
        print(f"roguelike: {problem}", file=sys.stderr)
    return problem is not None
