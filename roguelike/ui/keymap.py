"""The keymap: defaults in content/keymap.toml, the player's overrides in the save folder.

Both files are checked on load; a bad one is refused with the file, entry and field named
(ContentError), so a typo never leaves a player with dead keys and no idea why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from roguelike.content.data_files import content_root, read_labelled
from roguelike.content.schema import ContentError, build
from roguelike.ui.userdata import config_dir

DIRECTIONS: dict[str, tuple[int, int]] = {
    "north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0),
    "north_west": (-1, -1), "north_east": (1, -1), "south_west": (-1, 1),
    "south_east": (1, 1),
}
NAMED_KEYS = frozenset({
    "up", "down", "left", "right", "home", "end", "pageup", "pagedown", "tab", "enter",
    "escape", "space", "backspace", "delete", "insert", *(f"f{i}" for i in range(1, 13)),
})
_MODIFIED = re.compile(r"^(ctrl|shift|alt)\+[a-z0-9]$")
# Textual's names for some printable characters, so a player may write either.
CHAR_NAMES = {
    ",": "comma", ";": "semicolon", ".": "full_stop", "<": "less_than_sign",
    ">": "greater_than_sign", "?": "question_mark", "#": "number_sign", "%": "percent_sign",
    "=": "equals_sign", "@": "at", "/": "slash", "*": "asterisk", "+": "plus", "-": "minus",
    ":": "colon", "!": "exclamation_mark", "&": "ampersand", "'": "apostrophe",
    "\"": "quotation_mark", "(": "left_parenthesis", ")": "right_parenthesis",
    "[": "left_square_bracket", "]": "right_square_bracket", "{": "left_curly_bracket",
    "}": "right_curly_bracket", "^": "circumflex_accent", "_": "underscore", "~": "tilde",
    "|": "vertical_line", "\\": "backslash", "$": "dollar_sign", "`": "grave_accent",
    " ": "space",
}
_NAME_CHARS = {v: k for k, v in CHAR_NAMES.items()}
DEFAULT_FILE = "keymap.toml"


@dataclass(frozen=True)
class CommandDef:
    id: str
    keys: list[str]
    help: str


@dataclass(frozen=True)
class KeymapFile:
    source: str
    move: dict[str, list[str]]
    command: list[CommandDef]


@dataclass(frozen=True)
class OverrideFile:
    move: dict[str, list[str]] = field(default_factory=dict)
    commands: dict[str, list[str]] = field(default_factory=dict)


def canonical(key: str) -> str | None:
    """The one spelling a key is stored under, or None when it is not a key."""
    if len(key) == 1 and key.isprintable():
        return key
    low = key.lower()
    if low in _NAME_CHARS:
        return _NAME_CHARS[low]
    if low in NAMED_KEYS or _MODIFIED.match(low):
        return low
    return None


def display(key: str) -> str:
    """How the help screen writes a key."""
    if key.startswith("ctrl+"):
        return "Ctrl-" + key[5:].upper()
    if len(key) == 1:
        return key
    return {"pageup": "PgUp", "pagedown": "PgDn"}.get(key, key.capitalize())


@dataclass
class Keymap:
    moves: dict[str, tuple[int, int]]  # canonical key -> direction
    commands: dict[str, str]  # canonical key -> command id
    order: list[CommandDef]  # help order, with the keys in force
    move_keys: dict[str, list[str]]  # direction name -> keys in force

    def lookup(self, key: str, character: str | None
               ) -> tuple[str, tuple[int, int] | str] | None:
        """('move', (dx, dy)) or ('command', id) for a key event, or None."""
        for k in (key, character):
            if not k:
                continue
            name = canonical(k) if len(k) > 1 else k
            if name is None:
                continue
            if name in self.moves:
                return ("move", self.moves[name])
            if name in self.commands:
                return ("command", self.commands[name])
        return None

    def keys_for(self, command: str) -> list[str]:
        return next((c.keys for c in self.order if c.id == command), [])

    def help_rows(self) -> list[tuple[str, str]]:
        rows = []
        moves = " ".join("".join(k for k in keys if len(k) == 1 and k.isalpha())
                         for keys in self.move_keys.values())
        rows.append((f"{moves}, arrows, keypad", "step (the first step of a turn spends a "
                     "Move action); walking into a foe attacks it"))
        for cmd in self.order:
            rows.append((" or ".join(display(k) for k in cmd.keys) or "(unbound)", cmd.help))
        return rows


def _check_keys(keys: list[str], file: str, entry: str, fld: str) -> list[str]:
    out = []
    for i, key in enumerate(keys):
        name = canonical(key)
        if name is None:
            raise ContentError(file, entry, f"{fld}[{i}]", f"{key!r} is not a key name")
        out.append(name)
    return out


def load_keymap(known: set[str], defaults: Path | None = None,
                overrides: Path | None = None) -> Keymap:
    """Read the defaults and the player's overrides; `known` are the command ids the UI has."""
    defaults = defaults or content_root() / DEFAULT_FILE
    label = DEFAULT_FILE
    data = build(KeymapFile, read_labelled(defaults, label), label)
    move_keys: dict[str, list[str]] = {}
    for name, keys in data.move.items():
        if name not in DIRECTIONS:
            raise ContentError(label, "move", name, f"unknown direction; use one of "
                               f"{', '.join(DIRECTIONS)}")
        move_keys[name] = _check_keys(keys, label, "move", name)
    cmds: dict[str, CommandDef] = {}
    for cmd in data.command:
        if cmd.id not in known:
            raise ContentError(label, cmd.id, "id", "no such command")
        if cmd.id in cmds:
            raise ContentError(label, cmd.id, "id", "duplicate id")
        cmds[cmd.id] = CommandDef(cmd.id, _check_keys(cmd.keys, label, cmd.id, "keys"),
                                  cmd.help)
    over_path = overrides or config_dir() / "keymap.toml"
    if over_path.is_file():
        label = str(over_path)
        olabel = str(over_path)
        over = build(OverrideFile, read_labelled(over_path, olabel), olabel)
        for name, keys in over.move.items():
            if name not in DIRECTIONS:
                raise ContentError(olabel, "move", name, "unknown direction")
            move_keys[name] = _check_keys(keys, olabel, "move", name)
        for cid, keys in over.commands.items():
            if cid not in cmds:
                raise ContentError(olabel, "commands", cid, "no such command; see "
                                   "content/keymap.toml for the list")
            cmds[cid] = CommandDef(cid, _check_keys(keys, olabel, "commands", cid),
                                   cmds[cid].help)
    return _index(move_keys, list(cmds.values()), label)


def _index(move_keys: dict[str, list[str]], order: list[CommandDef], label: str) -> Keymap:
    owner: dict[str, str] = {}
    moves: dict[str, tuple[int, int]] = {}
    commands: dict[str, str] = {}

    def claim(key: str, who: str) -> None:
        if key in owner and owner[key] != who:
            raise ContentError(label, who, "keys", f"key {display(key)!r} is also bound to "
                               f"{owner[key]}")
        owner[key] = who

    for name, keys in move_keys.items():
        for key in keys:
            claim(key, f"move {name}")
            moves[key] = DIRECTIONS[name]
    for cmd in order:
        for key in cmd.keys:
            claim(key, cmd.id)
            commands[key] = cmd.id
    return Keymap(moves, commands, order, move_keys)
