"""The traps of a level as plain rows for `roguelike level --json`."""

from __future__ import annotations

from typing import Any

from roguelike.content.loader import Content
from roguelike.core.components import Position, Trap
from roguelike.core.ecs import EntityStore
from roguelike.engine.traps.make import springs_underfoot


def trap_rows(store: EntityStore, content: Content, depth: int) -> list[dict[str, Any]]:
    rows = []
    for eid, trap, pos in store.query(Trap, Position):
        if pos.depth != depth:
            continue
        profile = content.traps[trap.profile]
        rows.append({
            "id": eid, "profile": profile.id, "name": profile.name, "x": pos.x, "y": pos.y,
            "rank": trap.rank or None, "d12": trap.d12 or None, "placement": trap.placement,
            "room": trap.room if trap.room >= 0 else None, "source": profile.source,
            "family": profile.family, "state": trap.state, "beyond": trap.beyond,
            "trigger": profile.trigger, "underfoot": springs_underfoot(content, trap),
        })
    return rows
