"""What the screens ask the rule modules (inventory, spells, ranged attacks, traps, saves,
scores), in one place, so the screens stay free of engine details."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from roguelike.engine import fight_actions, targeting
from roguelike.engine.actions import _REGISTRY, Action
from roguelike.engine.components import Named, Position
from roguelike.engine.explore import inventory, spells
from roguelike.engine.game import Game
from roguelike.engine.traps.describe import describe_trap
from roguelike.engine.watch import thing_kind

# UI command -> engine action kinds that do it, in order of preference.
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "pickup": ("pick_up",),
    "drop": ("drop",),
    "search": ("search",),  # traps and secret doors in one action
    "fire": ("shoot",),
    "cast": ("cast",),
    "rest": ("rest",),
}
# Extra describers for look: each returns words about an entity, or None to pass.
DESCRIBERS: list[Callable[[Game, int], str | None]] = []


def action_class(command: str) -> type[Action] | None:
    for kind in ACTION_KINDS.get(command, (command,)):
        if kind in _REGISTRY:
            return _REGISTRY[kind]
    return None


def build_action(cls: type[Action], **values: Any) -> Action | str:
    """Fill the action's fields by name from what the UI knows; a reason when one is missing."""
    args = {}
    for f in dataclasses.fields(cls):
        if f.name in values:
            args[f.name] = values[f.name]
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            return f"The {cls.kind} action needs a {f.name}, which this screen cannot give."
    return cls(**args)


def not_available(what: str) -> str:
    return f"{what} is not available yet."


def carried(game: Game, eid: int) -> list[int]:
    return inventory.carried(game.store, eid)


def items_at(game: Game, x: int, y: int) -> list[int]:
    """Things lying on a square that can be picked up."""
    return [e for e in game.entities_at(x, y)
            if thing_kind(game, e) in ("item", "treasure") and game.is_drawn(e)]


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
    return int(fight_actions.ranged_reach(game, eid))


def describe_entity(game: Game, eid: int) -> str | None:
    for fn in DESCRIBERS:
        words = fn(game, eid)
        if words:
            return words
    if thing_kind(game, eid) == "trap":
        return describe_trap(game, eid)
    return None


def save_and_quit(game: Game, data_dir: str | None = None) -> str | None:
    """Save to the player's slot (a hosted account's folder when `data_dir` is given);
    None when saved, else why not."""
    from roguelike.records.save import SaveError

    try:
        if data_dir is not None:
            from roguelike.host import records_link
            from roguelike.records.save import save_game

            save_game(game, records_link.save_dir(Path(data_dir)), "game")
        else:
            from roguelike.ui import local_records

            local_records.save_now(game)
    except (OSError, SaveError) as err:
        return f"The game could not be saved: {err}"
    return None


def top_scores(limit: int = 20) -> list[dict[str, Any]]:
    from roguelike.records import scores
    from roguelike.ui.userdata import save_dir

    return list(scores.top_scores(save_dir(), None, limit))


def entity_name(game: Game, eid: int) -> str:
    named = game.store.try_get(eid, Named)
    return named.name if named else "something"


def position(game: Game, eid: int) -> tuple[int, int]:
    return game.store.get(eid, Position).xy
