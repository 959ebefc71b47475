"""What the screens ask the rule modules (inventory, spells, ranged attacks, traps, saves,
scores), in one place, so the screens stay free of engine details."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roguelike.core.components import Position
from roguelike.engine.base.action import Action
from roguelike.engine.base.words import a_an, direction_words
from roguelike.engine.combat import shooting, targeting
from roguelike.engine.creatures import inventory
from roguelike.engine.game import Game
from roguelike.engine.helpers.watch import thing_kind
from roguelike.engine.items import spells
from roguelike.engine.rule_registry import ACTIONS
from roguelike.engine.traps.describe import describe_trap
from roguelike.records import account, live, scores
from roguelike.records.live import no_notice
from roguelike.records.lock import SlotBusy
from roguelike.records.save import SaveError, suspend_game
from roguelike.records.session import track
from roguelike.ui import local_records
from roguelike.ui.userdata import save_dir

# UI command -> the engine action kind that does it (every one is in the registry, ACTIONS:
# tests/test_comfort_ui.py holds it so)
COMMAND_KINDS: dict[str, str] = {
    "pickup": "pick_up",
    "drop": "drop",
    "search": "search",  # traps and secret doors in one action
    "fire": "shoot",
    "cast": "cast",
    "rest": "rest",
}
# Extra describers for look: each returns words about an entity, or None to pass.
DESCRIBERS: list[Callable[[Game, int], str | None]] = []


def action_class(command: str) -> type[Action]:
    """The engine's action class for a UI command (a command not listed is its own kind)."""
    return ACTIONS[COMMAND_KINDS.get(command, command)]


def build_action(cls: type[Action], **values: Any) -> Action | str:
    """Fill the action's fields by name from what the UI knows; a reason when one is missing."""
    args = {}
    for f in dataclasses.fields(cls):
        if f.name in values:
            args[f.name] = values[f.name]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            return f"The {cls.kind} action needs {a_an(f.name)}, which this screen cannot give."
    return cls(**args)


def carried(game: Game, eid: int) -> list[int]:
    return inventory.carried(game.store, eid)


def items_at(game: Game, x: int, y: int) -> list[int]:
    """Things lying on a square that can be picked up."""
    return [e for e in game.entities_at(x, y)
            if thing_kind(game, e) in ("item", "treasure") and game.is_drawn(e)]


def items_beside(game: Game, x: int, y: int) -> list[int]:
    """Things lying on the squares next to (x, y) that can be picked up, square by square."""
    return [e for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy
            for e in items_at(game, x + dx, y + dy)]


def lying_words(game: Game, item: int, here: tuple[int, int]) -> str:
    """Where a thing on the ground lies from `here`: "" on it, else ", 1 square east"."""
    pos = game.store.get(item, Position).xy
    return "" if pos == here else f", {direction_words(here, pos)}"


def known_spells(game: Game, eid: int) -> list[tuple[str, str, int]]:
    """(spell id, name, range) for each spell a character can cast."""
    default = targeting.spell_range(game)
    out = []
    for sid in spells.known_spells(game, eid):
        info = spells.spell_targets(game, eid, sid)
        out.append((sid, str(info.get("name", sid)), int(info.get("range", default))))
    return out


def ranged_reach(game: Game, eid: int) -> int:
    """How far a character shoots (0 for those without a ranged weapon)."""
    return int(shooting.ranged_reach(game, eid))


def describe_entity(game: Game, eid: int) -> str | None:
    for fn in DESCRIBERS:
        words = fn(game, eid)
        if words:
            return words
    if thing_kind(game, eid) == "trap":
        return describe_trap(game, eid)
    return None


def _slot(data_dir: str | None, player: str = "") -> tuple[Path, str, str]:
    """(folder, slot, player) of the game's save slot: a hosted account's (`data_dir`
    given) or the local player's."""
    if data_dir is not None:
        return account.save_dir(Path(data_dir)), account.SAVE_SLOT, player
    return local_records.folder(), local_records.slot(), local_records.player_name()


def begin_records(game: Game, data_dir: str | None = None, player: str = "",
                  notify: Callable[[str], None] | None = None) -> tuple[bool, str]:
    """Make `game` the slot's game in play: journalled action by action (a crash loses
    nothing) and autosaved on level changes. (play it?, a message for the player): not
    when another window plays the slot; with a warning when the save folder cannot be
    written (the game is then played unrecorded)."""
    folder, slot, who = _slot(data_dir, player)
    try:
        track(game, folder, slot, who, notify or no_notice)
    except SlotBusy as err:
        return False, str(err)
    except (OSError, SaveError) as err:
        why = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        return True, (f"This game cannot be recorded in {folder} ({why}): it cannot be "
                      "saved, and a crash or quitting loses it.")
    return True, ""


def end_records(game: Game) -> None:
    """The app is closing with `game` still in play: stop journalling it (its journal stays
    as it is, so the next start offers to recover it)."""
    journal = live.find(game)
    if journal is not None:
        journal.close(clean=False)


def save_and_quit(game: Game, data_dir: str | None = None) -> str | None:
    """Save and leave (the slot of a hosted account when `data_dir` is given); None when
    saved, else why not."""
    folder, slot, _who = _slot(data_dir)
    try:
        suspend_game(game, folder, slot, _who)
    except (OSError, SaveError) as err:
        return f"The game could not be saved: {err}"
    return None


def top_scores(limit: int = 20) -> list[dict[str, Any]]:
    return list(scores.top_scores(save_dir(), None, limit))


def position(game: Game, eid: int) -> tuple[int, int]:
    return game.store.get(eid, Position).xy
