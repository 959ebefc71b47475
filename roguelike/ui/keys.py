"""Keys to commands. Movement has vi-keys, arrows and the numeric keypad, as players expect."""

from __future__ import annotations

MOVES: dict[str, tuple[int, int]] = {
    "h": (-1, 0), "j": (0, 1), "k": (0, -1), "l": (1, 0),
    "y": (-1, -1), "u": (1, -1), "b": (-1, 1), "n": (1, 1),
    "left": (-1, 0), "down": (0, 1), "up": (0, -1), "right": (1, 0),
    "home": (-1, -1), "pageup": (1, -1), "end": (-1, 1), "pagedown": (1, 1),
    "1": (-1, 1), "2": (0, 1), "3": (1, 1), "4": (-1, 0), "6": (1, 0),
    "7": (-1, -1), "8": (0, -1), "9": (1, -1),
}

# key -> command name; the game screen maps command names to handlers.
COMMANDS: dict[str, str] = {
    "full_stop": "rest_or_end", "5": "rest_or_end", "period": "rest_or_end",
    "tab": "next_leader",
    "greater_than_sign": "descend", "less_than_sign": "ascend",
    "question_mark": "help",
    "Q": "quit",
    "x": "look", "semicolon": "look",
}

HELP: list[tuple[str, str]] = [
    ("arrows / hjklyubn / keypad", "step; the first step of a turn spends a Move action"),
    (". or 5", "end the move early; with no move under way, end the turn"),
    ("Tab", "lead the next party member (out of combat)"),
    ("> and <", "take the stairs with the party gathered"),
    ("x or ;", "look around (move the cursor, Escape to stop)"),
    ("?", "this help"),
    ("Q", "quit (asks first)"),
]
