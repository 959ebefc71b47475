"""The calls the shared game loop makes into exploration (one place to wire at merge)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Character, Disabled, MonsterStats, Position
from roguelike.core.events import Event
from roguelike.core.explore_components import SecretDoor, SpellWall
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import is_disabled
from roguelike.engine.creatures.inventory import bank, give_start_kit, in_camp, roll_treasure
from roguelike.engine.doors import doorways as doors
from roguelike.engine.items import spells
from roguelike.engine.levels.depths import leave_dungeon as leave_dungeon  # (re-exported)
from roguelike.engine.levels.depths import score_parts as score_parts  # (re-exported)
from roguelike.engine.markers import event_markers as markers
from roguelike.engine.monsters import pillagers
from roguelike.engine.turns import clock

if TYPE_CHECKING:
    from roguelike.engine.game import Game
    from roguelike.engine.light.lighting import Sighted


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


def on_moved(game: Game, eid: int, stage: int = 0) -> list[Event]:
    """A creature's step, as exploration sees it, from `stage` on: 0 a fire wall it passes
    through, 1 the markers next to a standing delver, 2 the Camp's bank. A roll there that
    waits on luck keeps the rest behind it (`explore_moved`)."""
    store = game.store
    events: list[Event] = []
    # (fire_wall_burns finds nothing while no wall stands anywhere: every step comes here)
    if stage == 0 and store.ids(SpellWall, Position):
        events += spells.fire_wall_burns(game, eid)
        if waiting(game):
            then(game, "explore_moved", [eid, 1])
            return events
    by_type = store.by_type
    if eid not in by_type.get(Character, ()):  # a monster's step: nothing more to see to
        return events
    if eid in by_type.get(Disabled, ()):
        return events
    # (check_near finds nothing without an unchecked marker next to the square: the
    # question asked first, by itself, on a standing character's step)
    if stage <= 1 and markers._unchecked_near(game, by_type[Position][eid]):
        events += markers.check_near(game, eid)
        if waiting(game):
            then(game, "explore_moved", [eid, 2])
            return events
        if not store.alive(eid) or is_disabled(store, eid):
            return events
    if in_camp(game, eid):
        events += bank(game, eid)
    return events


def continue_explore_moved(game: Game, args: list[int]) -> list[Event]:
    """The rest of a step's consequences after a roll that waited on luck (a step's
    traps, before all of these, wait in `traps_moved`: Game.on_moved)."""
    eid, stage = args
    store = game.store
    if not store.has(eid, Position):
        return []
    if stage == 2 and (not store.alive(eid) or is_disabled(store, eid)):
        return []  # (what check_near's caller asks after it)
    return on_moved(game, eid, stage)


def on_monster_killed(game: Game, eid: int) -> list[Event]:
    """Before the body goes: a Pillager drops its haul; a monster may leave Treasure."""
    events = pillagers.drop_haul(game, eid)
    stats = game.store.try_get(eid, MonsterStats)
    pos = game.store.try_get(eid, Position)
    mon = game.content.monsters.get(stats.kind) if stats else None
    if mon is not None and pos is not None and mon.treasure:
        events += roll_treasure(game, list(mon.treasure), pos.x, pos.y, f"the {mon.name}")
    return events
