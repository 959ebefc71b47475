"""What a character can do to the square beside it (or its own): the doors, traps and
trapped companions there, as a short menu of actions with their odds.

The UI's "act" command and a bump into a locked door show these; the bot uses them too.
Each entry is an ordinary action, so a refusal still explains itself when it is tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from roguelike.engine.actions import Action, OpenDoor
from roguelike.engine.components import Door, Position, Trap
from roguelike.engine.explore.checks import fatigue_penalty
from roguelike.engine.explore.components import Listened, SecretDoor, Stuck
from roguelike.engine.explore.data import explore_data
from roguelike.engine.explore.doors import (
    BreakDoor,
    CloseDoor,
    ForceDoor,
    Listen,
    LockDoor,
    PickLock,
    force_need,
    lockpicks_refusal,
)
from roguelike.engine.stats import attribute, is_disabled, name_of
from roguelike.engine.traps import confine
from roguelike.engine.traps.actions import Disarm, Expose, Free, Struggle, disarmable
from roguelike.engine.traps.describe import disarm_odds

if TYPE_CHECKING:
    from roguelike.engine.game import Game

SQUARES = ((0, 0), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action


def _d6_words(game: Game, actor: int, attr: str, need: int | None = None) -> str:
    """'Might 4: 3 in 6' - a d6 check's odds as the log will roll it."""
    base = attribute(game.store, actor, attr) if need is None else need
    target = base + fatigue_penalty(game, actor)
    chance = max(0, min(6, 7 - target))
    return f"d6 {target}+: {chance} in 6"


def _door_choices(game: Game, actor: int, dx: int, dy: int, door: int) -> list[Choice]:
    store = game.store
    state = store.get(door, Door)
    out: list[Choice] = []
    if confine.top(game, door) is not None and confine.escape_ways(game, actor, door, False):
        out.append(Choice("Force the sealed door", Free(dx, dy)))
    if state.open:
        if not state.broken:
            out.append(Choice("Close the door", CloseDoor(dx, dy)))
        return out
    rules = explore_data(game.content).doors
    if state.locked:
        if lockpicks_refusal(game, actor) is None:
            out.append(Choice(f"Pick the lock (Wits, {_d6_words(game, actor, 'wits')})",
                              PickLock(dx, dy)))
        out.append(Choice(f"Break the door down (Might, {_d6_words(game, actor, 'might')}; "
                          "noisy)", BreakDoor(dx, dy)))
    elif store.has(door, Stuck):
        need = force_need(game, actor)
        out.append(Choice(f"Force the stuck door ({_d6_words(game, actor, 'might', need)}; "
                          "noisy)", ForceDoor(dx, dy)))
    else:
        out.append(Choice("Open the door", OpenDoor(dx, dy)))
        if not state.broken and lockpicks_refusal(game, actor) is None:
            out.append(Choice(f"Lock the door (Wits, {_d6_words(game, actor, 'wits')})",
                              LockDoor(dx, dy)))
    heard = store.try_get(door, Listened)
    if heard is None or actor not in heard.by:
        need = rules.listen_target
        out.append(Choice(f"Listen at the door ({_d6_words(game, actor, 'wits', need)}, "
                          "once)", Listen(dx, dy)))
    return out


def _trap_choices(game: Game, actor: int, dx: int, dy: int, x: int, y: int) -> list[Choice]:
    store = game.store
    depth = store.get(actor, Position).depth
    out: list[Choice] = []
    for t in store.ids(Trap, Position):
        tpos = store.get(t, Position)
        trap = store.get(t, Trap)
        if (tpos.depth, tpos.x, tpos.y) != (depth, x, y) or not disarmable(game, t) \
                or actor not in trap.known_by:
            continue
        mk = game.content.trap_stocking.mage_knight  # type: ignore[union-attr]
        quick, _ = disarm_odds(game, actor, t, slow=False)
        slow, _ = disarm_odds(game, actor, t, slow=True)
        out.append(Choice(f"Disarm quickly ({mk.disarm_quick_cost} movement points; "
                          f"{quick} in 36)", Disarm(dx, dy, 0)))
        out.append(Choice(f"Disarm slowly ({mk.disarm_slow_cost} movement points, "
                          f"+{mk.disarm_slow_bonus}; {slow} in 36)", Disarm(dx, dy, 1)))
        break
    return out


def choices(game: Game, actor: int, dx: int, dy: int) -> list[Choice]:
    """Everything `actor` can try at the square (dx, dy) from it; (0, 0) is its own."""
    store = game.store
    pos = store.get(actor, Position)
    x, y = pos.x + dx, pos.y + dy
    if not game.level.in_bounds(x, y):
        return []
    out: list[Choice] = []
    if (dx, dy) == (0, 0):
        if confine.top(game, actor) is not None and confine.escape_ways(game, actor, actor,
                                                                         True):
            out.append(Choice("Struggle to break free", Struggle()))
    else:
        door = game.door_at(x, y)
        if door is not None and not store.has(door, SecretDoor):
            out += _door_choices(game, actor, dx, dy, door)
        other = game.creature_at(x, y)
        if other is not None and confine.top(game, other) is not None \
                and confine.escape_ways(game, actor, other, False):
            out.append(Choice(f"Free {name_of(store, other)}", Free(dx, dy)))
    out += _trap_choices(game, actor, dx, dy, x, y)
    return out


def hint(game: Game, actor: int, dx: int, dy: int) -> str:
    """A word on what someone else could do there: a locked door a companion's lockpicks
    would open."""
    store = game.store
    pos = store.get(actor, Position)
    door = game.door_at(pos.x + dx, pos.y + dy)
    if door is None or store.has(door, SecretDoor) or (dx, dy) == (0, 0):
        return ""
    state = store.get(door, Door)
    if not state.locked or state.open or lockpicks_refusal(game, actor) is None:
        return ""
    for member in game.party:
        if member != actor and not is_disabled(store, member) \
                and lockpicks_refusal(game, member) is None:
            return f"{name_of(store, member)} could pick the lock."
    return ""


def squares_with_choices(game: Game, actor: int) -> list[tuple[int, int]]:
    """The directions (own square first) where `actor` has something to do."""
    return [d for d in SQUARES if choices(game, actor, *d)]


def expose_choice() -> Choice:
    """Looking over the squares around for trap squares is free (seed 001): always offered
    on the character's own square, since it cannot tell in advance where they are."""
    return Choice("Look over the squares around for trap squares (free)", Expose())
