"""The Traps & Treasure trap chart for event markers (seed 003): d6 picks the trap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from roguelike.core.components import Position
from roguelike.core.events import Event
from roguelike.engine.traps.make import make_trap
from roguelike.engine.traps.trigger import spring

if TYPE_CHECKING:
    from roguelike.engine.game import Game


def spring_tt_trap(game: Game, victim_eid: int, x: int, y: int, roll: int | None = None
                   ) -> list[Event]:
    """Roll (or use `roll`) on the T&T trap chart and spring that trap at (x, y) on the
    victim. Area traps take the smaller of a 3-square radius and the room."""
    face = roll if roll is not None else game.streams.play.d(6)
    profile = next(t for t in game.content.traps.values() if t.roll == face)
    room = game.level.room_at(x, y)
    eid = make_trap(game.store, game.content, profile, Position(game.depth, x, y),
                    placement="room", room=-1 if room is None else room,
                    rng=game.streams.play)
    # a roll made by the caller was told by the caller (a marker's "A trap: ... (rolled 3)")
    text = "" if roll is not None else f"Trap chart: rolled {face}, {profile.name}."
    events = [Event("trap_chart", text, victim_eid, eid, x=x, y=y, roll=face)]
    return events + spring(game, eid, victim_eid)
