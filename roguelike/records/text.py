"""Text from files and accounts: refuse control characters in records, defuse them on screens.

A player name, a seed or any other string read from a record, the score table or an account
may hold terminal escape sequences (`\\x1b[31m`, an OSC title change `\\x1b]0;...\\x07`).
Written raw, they would recolour, retitle or scramble the reader's terminal. Records refuse
such text outright (`control_problem`); everything that shows text from a file or an account
on a terminal passes it through `printable` first.
"""

from __future__ import annotations

import re

# C0 and C1 controls, DEL, and the invisible format characters that reorder or hide text
# (bidirectional overrides and isolates, zero-width marks, the BOM): a name must read as it
# is stored
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069"
                      "\ufeff]")


def control_problem(text: str) -> str | None:
    """None for clean text, else what is wrong (for a player: the first control character)."""
    found = _CONTROL.search(text)
    if found is None:
        return None
    return f"holds the control character U+{ord(found.group()):04X} at position {found.start()}"


def printable(text: str) -> str:
    """The text with each control character shown as a visible `\\xNN` / `\\uNNNN` escape."""
    if _CONTROL.search(text) is None:  # the usual case: nothing to copy
        return text
    return _CONTROL.sub(_visible, text)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def markup_text(text: str) -> str:
    """`printable(text)` to put inside Textual/Rich markup: a `[` is shown, never a tag."""
    return printable(text).replace("[", "\\[")
