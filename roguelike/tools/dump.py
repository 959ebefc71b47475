"""`roguelike level`: a generated and stocked level as a picture or JSON."""

from __future__ import annotations

import json
from typing import Any, TextIO

from roguelike.content.loader import default_content
from roguelike.core.components import Actor, Door, Named, Position
from roguelike.core.ecs import EntityStore
from roguelike.core.explore_components import Item, Marker, Treasure
from roguelike.engine.levels.stock import stock_level
from roguelike.engine.traps.level_rows import trap_rows
from roguelike.world.level import Level
from roguelike.world.mapgen import generate


def level_json(seed: str, depth: int) -> dict[str, Any]:
    content = default_content()
    level = generate(seed, depth)
    store = EntityStore()
    stock_level(store, content, level, seed)
    return describe(seed, level, store)


def _kind(store: EntityStore, eid: int) -> str:
    if store.has(eid, Door):
        return "door"
    if store.has(eid, Marker):
        return "marker"
    if store.has(eid, Treasure) or store.has(eid, Item):
        return "treasure" if store.has(eid, Treasure) else "item"
    actor = store.try_get(eid, Actor)
    if actor is not None:
        return "pillager" if actor.side == "pillager" else "monster"
    return "thing"


def marker_rows(store: EntityStore, level: Level) -> list[dict[str, Any]]:
    return [{"x": p.x, "y": p.y, "room": m.room, "state": m.state}
            for _e, m, p in store.query(Marker, Position) if p.depth == level.depth]


def describe(seed: str, level: Level, store: EntityStore) -> dict[str, Any]:
    entities = []
    for eid, pos in store.query(Position):
        if pos.depth != level.depth:
            continue
        named = store.try_get(eid, Named)
        entities.append({"id": eid, "kind": _kind(store, eid),
                         "name": named.name if named else "", "x": pos.x, "y": pos.y})
    camp = level.rooms[level.camp_room]
    return {
        "seed": seed,
        "depth": level.depth,
        "width": level.width,
        "height": level.height,
        "tiles": level.rows(),
        "rooms": [{"id": r.id, "x": r.x, "y": r.y, "w": r.w, "h": r.h, "kind": r.kind}
                  for r in level.rooms],
        "doors": [{"x": x, "y": y} for x, y in level.doors],
        "stairs": {
            "up": {"x": level.stairs_up[0], "y": level.stairs_up[1]},
            "down": ({"x": level.stairs_down[0], "y": level.stairs_down[1]}
                     if level.stairs_down else None),
        },
        "camp": {"room": camp.id, "x": level.stairs_up[0], "y": level.stairs_up[1]},
        "pillager_camp": {"room": level.pillager_camp_room},
        "entities": entities,
        "traps": trap_rows(store, default_content(), level.depth),
        "markers": marker_rows(store, level),
    }


def dump_levels(seed: str, depth: int, count: int | None, as_json: bool, out: TextIO) -> None:
    """One level as a picture or JSON; with `count`, the levels of seeds SEED-0... as JSON."""
    if count is not None:
        for i in range(count):
            out.write(json.dumps(level_json(f"{seed}-{i}", depth), separators=(",", ":")))
            out.write("\n")
        return
    data = level_json(seed, depth)
    if as_json:
        out.write(json.dumps(data) + "\n")
        return
    rows = [list(r) for r in data["tiles"]]
    for ent in data["entities"]:
        if ent["kind"] in ("monster", "pillager"):
            rows[ent["y"]][ent["x"]] = "M"
    out.write("\n".join("".join(r) for r in rows) + "\n")
