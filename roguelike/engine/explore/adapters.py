"""Adapters to functions other areas own (conditions, healing, XP, traps, pursuit).

Each imports the real function lazily and falls back to a small stand-in when the module is
not in this branch. MERGE: once issue 3 (combat/conditions) and issue 4 (traps) are merged,
the fallbacks below marked FALLBACK can be deleted.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from roguelike.engine.components import Character, Conditions, Disabled, HitBoxes
from roguelike.engine.events import Event
from roguelike.engine.stats import name_of

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def _find(module: str, name: str) -> Callable[..., Any] | None:
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    fn = getattr(mod, name, None)
    return fn if callable(fn) else None


def conditions_module_present() -> bool:
    return _find("roguelike.engine.conditions", "add_condition") is not None


def add_condition(game: Game, eid: int, cond_id: str, rounds: int, source: str = ""
                  ) -> list[Event]:
    real = _find("roguelike.engine.conditions", "add_condition")
    if real is not None:
        out = real(game, eid, cond_id, rounds, source=source)
        return list(out) if isinstance(out, list) else []
    # FALLBACK (issue 3 owns conditions): record it on the shared Conditions component.
    conds = game.store.try_get(eid, Conditions)
    if conds is None:
        conds = Conditions()
        game.store.add(eid, conds)
    conds.active[cond_id] = max(rounds, conds.active.get(cond_id, 0))
    return [Event("condition", f"{name_of(game.store, eid)} is {cond_id} for {rounds} "
                  f"round{'s' if rounds != 1 else ''}.", eid)]


def has_condition(game: Game, eid: int, cond_id: str) -> bool:
    real = _find("roguelike.engine.conditions", "has_condition")
    if real is not None:
        return bool(real(game, eid, cond_id))
    conds = game.store.try_get(eid, Conditions)  # FALLBACK
    return conds is not None and conds.active.get(cond_id, 0) != 0


def tick_fallback_conditions(game: Game) -> None:
    """FALLBACK: count conditions down once a round while issue 3's module is absent."""
    if conditions_module_present():
        return
    for _eid, conds in game.store.query(Conditions):
        for cid in sorted(conds.active):
            if conds.active[cid] > 0:
                conds.active[cid] -= 1
                if conds.active[cid] == 0:
                    del conds.active[cid]


def heal_box(game: Game, eid: int, location_id: str) -> list[Event]:
    real = _find("roguelike.engine.healing", "heal_box") or \
        _find("roguelike.engine.combat", "heal_box")
    if real is not None:
        return list(real(game, eid, location_id))
    # FALLBACK: uncross one box there; a Head and Torso with boxes left lift Disabled.
    boxes = game.store.get(eid, HitBoxes)
    loc = boxes.location(location_id)
    name = name_of(game.store, eid)
    if loc.crossed <= 0:
        return [Event("heal", f"{name}'s {loc.name} has no wound to heal.", eid)]
    before = loc.value
    loc.crossed -= 1
    events = [Event("heal", f"{name}'s {loc.name} is healed: {loc.attribute.capitalize()} "
                    f"{before} -> {loc.value}.", eid)]
    spent = any(boxes.location(lid).spent for lid in game.content.rules.disabling_locations)
    if game.store.has(eid, Disabled) and not spent:
        game.store.remove(eid, Disabled)
        game.invalidate_view()
        events.append(Event("heal", f"{name} is back on their feet.", eid))
    return events


def award_xp(game: Game, eid: int, amount: int, reason: str) -> list[Event]:
    real = _find("roguelike.engine.experience", "award_xp")
    if real is not None:
        return list(real(game, eid, amount, reason))
    char = game.store.try_get(eid, Character)  # FALLBACK
    if char is None or amount <= 0:
        return []
    char.xp += amount
    return [Event("xp", f"{name_of(game.store, eid)} gains {amount} XP ({reason}).", eid)]


def on_treasure_dropped(game: Game, dropper: int, x: int, y: int) -> list[Event]:
    """Pursuers may stop for dropped treasure (issue 3's pursuit rule), if it exists."""
    for module in ("roguelike.engine.pursuit", "roguelike.engine.morale",
                   "roguelike.engine.combat"):
        real = _find(module, "on_treasure_dropped")
        if real is not None:
            return list(real(game, dropper, x, y))
    return []


def spring_tt_trap(game: Game, victim: int, x: int, y: int, roll: int) -> list[Event]:
    real = _find("roguelike.engine.traps", "spring_tt_trap")
    if real is not None:
        return list(real(game, victim, x, y, roll=roll))
    from roguelike.engine.explore.tt_trap_fallback import spring

    return spring(game, victim, x, y, roll)
