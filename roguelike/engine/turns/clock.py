"""Time: a round is one pass of initiative (10 s); every 60 rounds is an exploration turn,
when lights burn, the unrested tire and the wandering-monster check is rolled. The party's
rest (rest/resting_turn.py) ends on the clock too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from roguelike.content.explore import roll_expr
from roguelike.core.components import Actor, Position, Wanderer
from roguelike.core.events import Event
from roguelike.core.explore_components import Fatigue
from roguelike.engine.base.stats import is_disabled, name_of
from roguelike.engine.base.words import a_an, a_name, capital, plural, the_name
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.items.spells import expire_walls
from roguelike.engine.light.lighting import burn
from roguelike.engine.rest.resting_turn import RESTING, Rest, tick
from roguelike.engine.status import conditions as C
from roguelike.engine.traps.make import trap_squares
from roguelike.world import tiles as T
from roguelike.world.paths import UNREACHABLE, distance_map
from roguelike.world.stocking import pick_weighted, spawn_table

if TYPE_CHECKING:
    from roguelike.engine.game import Game

FATIGUE_NAMES = ("rested", "mildly fatigued", "severely fatigued", "exhausted")
__all__ = ["Rest", "on_round", "tire", "wandering_check"]  # Rest: its old home, still asked


def on_round(game: Game) -> list[Event]:
    """Once per round (hooked into turn_loop.new_round)."""
    led = ledger(game)
    led.clock += 1
    events = burn(game, 1) + expire_walls(game)
    if led.clock % game.content.explore.rounds_per_turn == 0:
        events += tire(game) + wandering_check(game)
    return events + tick(game, led)


def tire(game: Game) -> list[Event]:
    """Classic: rest one turn in six. Each sixth unrested turn costs a fatigue level."""
    rest = game.content.explore.rest
    events: list[Event] = []
    for eid in game.party:
        fat = game.store.try_get(eid, Fatigue)
        if fat is None or is_disabled(game.store, eid) or C.has_condition(game, eid, RESTING):
            continue
        fat.active_turns += 1
        if fat.active_turns > rest.active_turns and fat.level < rest.max_fatigue:
            fat.active_turns = 0
            fat.level += 1
            fat.halved = fat.level >= rest.halve_speed_at
            events.append(Event("fatigue", f"{name_of(game.store, eid)} is "
                                f"{FATIGUE_NAMES[fat.level]} (-{fat.level} on d6 rolls): "
                                "the party needs rest.", eid, roll=fat.level))
    return events


def noisy(game: Game) -> bool:
    led = ledger(game)
    return game.mode == "combat" or led.noisy_until > led.clock


def wandering_check(game: Game) -> list[Event]:
    """1 in 6 each turn, 2 in 6 where noisy (DungeonPunk); distance 2d6x2 squares and the
    Classic 2d6 reaction decide how the encounter opens."""
    events = moved_on(game)
    data = game.content.explore
    rng = game.streams.play
    odds = data.rest.noisy_in_six if noisy(game) else data.rest.quiet_in_six
    roll = rng.d(6)
    if roll > odds:
        return events
    table = spawn_table(game.content, game.depth)
    if not table:
        return events
    kind = pick_weighted(rng, table)
    want = roll_expr(data.encounter_distance, rng)
    reaction = rng.d(6) + rng.d(6)
    row = next(r for r in data.reaction if r.roll_min <= reaction <= r.roll_max)
    head = f"Wandering monster (rolled {roll}, {odds} in 6): "
    if row.id == "friendly":
        return [*events, Event("wander", head + f"{a_an(game.content.monsters[kind].name)} "
                               f"passes by ({row.name}, reaction {reaction}).", roll=reaction)]
    spot = _square_at_distance(game, want)
    if spot is None:
        return events
    awake = row.id in ("hostile", "unfriendly")
    mid = make_monster(game.store, game.content, kind, Position(game.depth, *spot),
                       awake=awake)
    if not awake:
        game.store.add(mid, Wanderer())
    how = "comes for the party" if awake else "lurks, waiting"
    return [*events, Event("wander", head + f"{a_name(game, mid)} "
                           f"{plural(want, 'square')} away {how} ({row.name}, reaction "
                           f"{reaction}).", mid, x=spot[0], y=spot[1], roll=reaction)]


def moved_on(game: Game) -> list[Event]:
    """Wanderers that came unroused ("lurks, waiting") and are still asleep and out of
    sight a turn later move on, off the level (our choice, RULES.md "Wandering monsters":
    a party that lingered gathered some 600 of them, seed s22-a-9)."""
    store = game.store
    view = game.visible
    gone = [eid for eid, _w, actor, pos in store.query(Wanderer, Actor, Position)
            if pos.depth == game.depth and not actor.awake and not view[pos.y, pos.x]]
    events = []
    for eid in gone:
        events.append(Event("wander", f"{capital(the_name(game, eid))} that lurked nearby has "
                            "moved on.", eid))
        game.withdraw(eid)
    if gone:
        game.view_changed()
    return events


def _square_at_distance(game: Game, want: int) -> tuple[int, int] | None:
    """An unseen, free floor square whose walking distance from the party is nearest `want`."""
    level = game.level
    starts = [game.store.get(e, Position).xy for e in game.party
              if not is_disabled(game.store, e)]
    if not starts:
        return None
    cost = T.WALKABLE[level.tiles].astype("int16")
    dist = distance_map(cost, starts)
    view = game.visible
    free = (dist < UNREACHABLE) & ~view & (level.tiles == T.FLOOR)
    for x, y in trap_squares(game.store, game.content, game.depth):
        free[y, x] = False  # Mage Knight 001:25: no wandering monster begins on a trap square
    for _e, _a, p in game.store.query(Actor, Position):
        if p.depth == game.depth:
            free[p.y, p.x] = False
    if not free.any():
        return None
    # the least (|d - want|, y, x): the first such square row by row
    off = np.where(free, np.abs(dist.astype(np.int64) - want), np.iinfo(np.int64).max)
    y, x = divmod(int(off.argmin()), level.width)
    return x, y
