"""The player's options, kept as TOML in the save folder (options.toml).

A damaged file is not fatal: the defaults are used and the problem is reported once, so a
player is never locked out of the game by a typo in a settings file.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from roguelike.content.schema import ContentError, build
from roguelike.engine.game import Game
from roguelike.ui.theme import PALETTES
from roguelike.ui.userdata import config_dir, toml_value, write_atomically

FILE = "options.toml"


@dataclass(frozen=True)
class Options:
    palette: str = "classic"
    reduced_motion: bool = False
    # which failed rolls ask to be bought with luck (ui/luck_asks.py): "harm" asks only
    # where the failure hurts a delver
    luck_prompt: Literal["ask", "harm", "never"] = "harm"
    confirm_danger: bool = True
    accessible: bool = False
    rest_in_dark: bool = False  # R puts the lights out while the party rests (engine Rest.dark)
    seen_howto: bool = False  # the first game's how-to was shown (ui/screens/howto.py)

    def validate(self) -> tuple[str, str] | None:
        if self.palette not in PALETTES:
            return "palette", f"must be one of {', '.join(PALETTES)}"
        return None


# What the options screen shows, in order: (field, label, the values it cycles through)
CHOICES: list[tuple[str, str, tuple[Any, ...]]] = [
    ("palette", "Colours", tuple(PALETTES)),
    ("reduced_motion", "Reduced motion (no animations)", (False, True)),
    ("luck_prompt", "Offer luck after a failed roll", ("harm", "ask", "never")),
    ("confirm_danger", "Confirm moves onto armed traps, into a trap's lasting harm or darkness",
     (True, False)),
    ("accessible", "Accessible mode (plain message lines, visible cursor)", (False, True)),
    ("rest_in_dark", "Put the lights out to rest (R): saves light, hides foes", (False, True)),
]


def options_path() -> Path:
    return config_dir() / FILE


def load_options(path: Path | None = None) -> tuple[Options, str]:
    """The saved options (or defaults) and a problem to report, '' when all is well."""
    path = path or options_path()
    if not path.is_file():
        return Options(), ""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        return build(Options, data, str(path)), ""
    except tomllib.TOMLDecodeError as err:
        return Options(), f"{path}: not valid TOML ({err}); using default options."
    except ContentError as err:
        return Options(), f"{err}; using default options."


def save_options(options: Options, path: Path | None = None) -> None:
    lines = ["# Options of the Traps & Treasure roguelike (written by the game)."]
    for f in dataclasses.fields(options):
        lines.append(f"{f.name} = {toml_value(getattr(options, f.name))}")
    write_atomically(path or options_path(), "\n".join(lines) + "\n")


def cycle(options: Options, name: str) -> Options:
    """The options with `name` moved to its next value."""
    values = next(v for f, _label, v in CHOICES if f == name)
    now = getattr(options, name)
    nxt = values[(values.index(now) + 1) % len(values)] if now in values else values[0]
    return dataclasses.replace(options, **{name: nxt})


def apply_to_game(options: Options, game: Game) -> None:
    """Pass the options the engine understands (luck prompts) into a game: "harm" is the
    engine's "ask", the screen keeping the harmless rolls without asking."""
    game.options.luck_prompt = "never" if options.luck_prompt == "never" else "ask"
