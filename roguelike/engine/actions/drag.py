"""Dragging a companion who cannot act: the dragger steps back one square and hauls them
into the square it left (RULES.md "Dragging a helpless companion")."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from roguelike.core.components import Conditions, Door, Position
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.actions.basic import moved_too
from roguelike.engine.base.action import Action, Result, done, fail, spend_action
from roguelike.engine.base.stats import chebyshev, name_of, speed
from roguelike.engine.base.words import compass
from roguelike.engine.creatures.helpless import can_act
from roguelike.engine.status.conditions import move_blocked
from roguelike.engine.status.conditions import speed as speed_now
from roguelike.engine.traps import confine

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def body_refusal(game: Game, actor: int, frm: int) -> str:
    """Why `actor` may not drag `frm` at all (whichever way it steps), or ''."""
    store = game.store
    if frm == actor or frm not in game.party:
        return "Drag only a companion."
    name = name_of(store, frm)
    pos, here = store.try_get(frm, Position), store.get(actor, Position)
    if pos is None or pos.depth != here.depth or chebyshev(pos, here) > 1:
        return f"{name} must be next to you."
    if can_act(game, frm):
        return f"{name} can act: they can walk."
    # (a trap's hold has its own ways out: freeing, struggling, the disarm)
    return confine.block_reason(game, frm) or move_blocked(game, frm, *here.xy)


def step_refusal(game: Game, actor: int, frm: int, dx: int, dy: int) -> str:
    """Why `actor` may not step back by (dx, dy) hauling `frm` after it, or ''. The step
    is an ordinary step's: walls, a closed door, anyone standing there, a hold on the
    dragger refuse it."""
    if not (-1 <= dx <= 1 and -1 <= dy <= 1) or not (dx or dy):
        return "A drag is one step back."
    store = game.store
    here = store.get(actor, Position)
    nx, ny = here.x + dx, here.y + dy
    if store.get(frm, Position).xy == (nx, ny):
        return f"Step away from {name_of(store, frm)}: they follow into your square."
    if not game.level.is_walkable(nx, ny):
        return "There is a wall in the way."
    door = game.door_at(nx, ny)
    if door is not None and not store.get(door, Door).open:
        return "A closed door is in the way."
    other = game.creature_at(nx, ny)
    if other is not None:
        return f"{name_of(store, other)} is in the way."
    held = game.step_blocked(actor, nx, ny) or confine.block_reason(game, actor) \
        or move_blocked(game, actor, nx, ny)
    if held:
        return held
    points = speed(store, actor)
    conds = store.try_get(actor, Conditions)
    if conds is not None and conds.active:
        points = speed_now(game, actor, points)
    return "Too slow to move." if points <= 0 else ""


def drag_steps(game: Game, actor: int, frm: int) -> list[tuple[int, int]]:
    """The steps back (dx, dy) that `actor` may take hauling `frm` now; none when it may
    not drag them at all."""
    if body_refusal(game, actor, frm):
        return []
    return [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
            if (dx or dy) and not step_refusal(game, actor, frm, dx, dy)]


@dataclass(frozen=True)
class Drag(Action):
    """Step back one square (dx, dy) hauling an adjacent companion who cannot act (down,
    turned to stone, asleep: helpless.can_act) into the square you left. One action; the
    two moves are ordinary moves, so traps and lasting effects see both (as a swap's)."""

    kind: ClassVar[str] = "drag"
    frm: int
    dx: int
    dy: int

    def perform(self, game: Game, actor: int) -> Result:
        why = body_refusal(game, actor, self.frm) \
            or step_refusal(game, actor, self.frm, self.dx, self.dy)
        if why:
            return fail(why)
        blocked = spend_action(game, actor)
        if blocked:
            return blocked
        store = game.store
        pos, body = store.get(actor, Position), store.get(self.frm, Position)
        old = pos.xy
        pos.x, pos.y = pos.x + self.dx, pos.y + self.dy
        body.x, body.y = old
        events = [Event("drag", f"{name_of(store, actor)} steps back "
                        f"{compass(self.dx, self.dy)}, dragging {name_of(store, self.frm)}.",
                        actor, self.frm, x=old[0], y=old[1]),
                  Event("move", "", actor, x=pos.x, y=pos.y),
                  Event("move", "", self.frm, x=body.x, y=body.y)]
        events += game.on_moved(actor)
        return done(*events, *moved_too(game, self.frm))
