"""Making a trap entity from its profile, and the per-depth index of where traps are."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.content.loader import Content
from roguelike.content.traps import TrapDef
from roguelike.core.components import Appearance, Named, Position, Trap
from roguelike.core.ecs import EntityStore
from roguelike.core.rng import Stream
from roguelike.engine.base.kept import declare

if TYPE_CHECKING:
    from roguelike.engine.base.views import StoreAndContent
    from roguelike.engine.game import Game

ARMED = ("hidden", "exposed", "armed")


def one_of_size(steps: list[dict[str, Any]]) -> int:
    """How many options the profile's one_of step has (0 when it has none)."""
    for step in steps:
        if step["op"] == "one_of":
            return len(step["options"])
        if step["op"] == "spell":
            n = one_of_size(step["effect"])
            if n:
                return n
    return 0


def make_trap(store: EntityStore, content: Content, profile: TrapDef, pos: Position, *,
              placement: str, room: int, rng: Stream, rank: int = 0, d12: int = 0) -> int:
    options = one_of_size(profile.effect)
    family = content.trap_stocking.families[profile.family]
    beyond = max(0, pos.depth - profile.rank) if profile.rank else 0
    trap = Trap(profile.id, placement, room=room, rank=rank, d12=d12, beyond=beyond,
                option=rng.below(options) if options else -1)
    if profile.detection >= 6 and profile.trigger == "forced":
        trap.state = "exposed"  # an open pit is plain to see
    return store.create(Position(pos.depth, pos.x, pos.y),
                        Appearance(family.glyph, family.color, 1),
                        Named(profile.name), trap)


TRAP_INDEX = declare("trap_index", __name__, ("entities",),
                     "trap squares and room traps per depth, keyed by store.next_id")


def index(game: Game, depth: int) -> tuple[dict[tuple[int, int], list[int]],
                                           dict[int, list[int]]]:
    """Trap squares by position and room traps by room, for one depth; rebuilt when any
    entity has been created since (traps never move). Kept (TRAP_INDEX): every step asks."""
    stamp = game.store.next_id
    cached: tuple[int, dict[int, Any]] | None = TRAP_INDEX.get(game)
    if cached is None or cached[0] != stamp:
        cached = TRAP_INDEX.put(game, (stamp, {}))
    per_depth = cached[1]
    found = per_depth.get(depth)
    if found is None:
        found = per_depth[depth] = _index_of(game, depth)
    elif game.kept.check:
        TRAP_INDEX.check(game, found, _index_of(game, depth))
    return found


def _index_of(game: StoreAndContent, depth: int) -> tuple[dict[tuple[int, int], list[int]],
                                              dict[int, list[int]]]:
    squares: dict[tuple[int, int], list[int]] = {}
    rooms: dict[int, list[int]] = {}
    for eid, trap, pos in game.store.query(Trap, Position):
        if pos.depth != depth:
            continue
        if springs_underfoot(game.content, trap):
            squares.setdefault(pos.xy, []).append(eid)
        elif trap.room >= 0:
            rooms.setdefault(trap.room, []).append(eid)
    return squares, rooms


def springs_underfoot(content: Content, trap: Trap) -> bool:
    """Whether stepping on the trap's own square springs it: a trap square (Mage Knight
    001) or a trapped doorway (index's `squares`); a room trap springs on entering the
    room, wherever its point lies."""
    return trap.placement == "square" or content.traps[trap.profile].trigger == "door"


def trap_squares(store: EntityStore, content: Content, depth: int) -> set[tuple[int, int]]:
    """The squares of level `depth` a step onto springs a trap: Mage Knight 001:25
    "Treasure chests and wandering monster tokens may not begin the game on a trap
    square", so stocking and the monsters placed in play keep off them."""
    return {(pos.x, pos.y) for _eid, trap, pos in store.query(Trap, Position)
            if pos.depth == depth and springs_underfoot(content, trap)}
