"""What a watcher sees besides the game: a 'watching NAME' banner and the window title.

The banner is drawn on the watcher's side only, never into the game or its screen copy.
When the watcher's window is taller than the game it sits on the row under the game for
good; when it is smaller than the game (which is then framed to fit, host/screen.py) it is
the window's last row for good, and says both sizes; otherwise it covers the right end of
the game's last row (the status bar) for SHOW_FOR seconds after joining and after any key
that is not a quit key, and a repaint then takes it away. The window title says it all the
time (pushed and popped, xterm's title stack, so the watcher's own title comes back).
"""

from __future__ import annotations

SHOW_FOR = 4.0
TITLE_PUSH, TITLE_POP = b"\x1b[22;0t", b"\x1b[23;0t"


def banner(name: str, game: tuple[int, int], window: tuple[int, int]) -> tuple[bytes, bool]:
    """(the banner's bytes, whether it stays: it has a row of its own under the game, or
    the game is framed in a smaller window and its last row is the banner's)."""
    (cols, rows), (win_cols, win_rows) = game, window
    if win_cols < cols or win_rows < rows:  # framed (host/screen.py): say so, and why
        text = (f" watching {name} \u00b7 the player's screen is {cols}x{rows}, yours "
                f"{win_cols}x{win_rows}: a larger window shows it all \u00b7 q stops ")
        return _at(text[:max(1, win_cols)], win_rows, 1), True
    width = max(1, min(win_cols, cols))
    text = f" watching {name} \u00b7 q stops "[:width]
    below = win_rows > rows
    row, col = (rows + 1, 1) if below else (min(win_rows, rows), width - len(text) + 1)
    return _at(text, row, col), below


def _at(text: str, row: int, col: int) -> bytes:
    # DECSC/DECRC keep the game's cursor and style as they were
    return f"\x1b7\x1b[{row};{col}H\x1b[0;30;43m{text}\x1b[0m\x1b8".encode()


def title(name: str) -> bytes:
    return TITLE_PUSH + f"\x1b]2;watching {name} (q stops)\x07".encode()


def watched_title(count: int) -> bytes:
    """The player's window title: how many watch the game."""
    who = "nobody watching" if count == 0 else f"{count} watching"
    return f"\x1b]2;Traps & Treasure \u00b7 {who}\x07".encode()
