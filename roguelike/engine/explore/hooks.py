"""The calls the shared game loop makes into exploration (one place to wire at merge)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character, Disabled, MonsterStats, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import SecretDoor, SpellWall
from roguelike.engine.explore import clock, drag, items, markers, pillagers, spells  # noqa: F401
from roguelike.engine.explore import doors as doors  # (`x as x`: the game loop reads it)
from roguelike.engine.explore.depths import leave_dungeon as leave_dungeon  # (re-exported)
from roguelike.engine.explore.depths import score_parts as score_parts  # (re-exported)
from roguelike.engine.explore.inventory import (  # noqa: F401 - actions register on import
    Bank,
    bank,
    give_start_kit,
    in_camp,
    roll_treasure,
)
from roguelike.engine.stats import is_disabled

if TYPE_CHECKING:
    from roguelike.engine.explore.light import Sighted
    from roguelike.engine.game import Game


def on_start(game: Game) -> list[Event]:
    game.knowledge_checks.append(secret_door_known)
    return give_start_kit(game)


def secret_door_known(game: Game, eid: int) -> bool | None:
    """For Game.knowledge_checks: an unfound secret door is not drawn (it looks like wall)."""
    return False if game.store.has(eid, SecretDoor) else None


def hidden_walls(game: Sighted) -> list[tuple[int, int]]:
    """Squares the party takes for wall: unfound secret doors on this level."""
    return list(doors.secret_squares(game))


def on_round(game: Game) -> list[Event]:
    return clock.on_round(game)


def on_moved(game: Game, eid: int) -> list[Event]:
    store = game.store
    # (fire_wall_burns finds nothing while no wall stands anywhere: every step comes here)
    events = spells.fire_wall_burns(game, eid) if store.ids(SpellWall, Position) else []
    by_type = store.by_type
    if eid not in by_type.get(Character, ()):  # a monster's step: nothing more to see to
        return events
    if eid in by_type.get(Disabled, ()):
        return events
    # (check_near finds nothing without an unchecked marker next to the square: the
    # question asked first, by itself, on a standing character's step)
    if markers._unchecked_near(game, by_type[Position][eid]):
        events += markers.check_near(game, eid)
        if not store.alive(eid) or is_disabled(store, eid):
            return events
    if in_camp(game, eid):
        events += bank(game, eid)
    return events


def on_monster_killed(game: Game, eid: int) -> list[Event]:
    """Before the body goes: a Pillager drops its haul; a monster may leave Treasure."""
    events = pillagers.drop_haul(game, eid)
    stats = game.store.try_get(eid, MonsterStats)
    pos = game.store.try_get(eid, Position)
    mon = game.content.monsters.get(stats.kind) if stats else None
    if mon is not None and pos is not None and mon.treasure:
        events += roll_treasure(game, list(mon.treasure), pos.x, pos.y, f"the {mon.name}")
    return events
