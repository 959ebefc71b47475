"""Accessible mode's announcements: each newly seen creature or trap, with its direction,
as a plain sentence a screen reader can read out ("A Mercenary, 4 squares north-east.")."""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.engine.base.stats import name_of
from roguelike.engine.game import Game
from roguelike.engine.helpers.watch import direction_words, known_things


class Announcer:
    def __init__(self) -> None:
        self.seen: set[tuple[int, int]] = set()  # (depth, entity id)

    def news(self, game: Game) -> list[str]:
        """Sentences about what came into view since the last call."""
        here = game.store.get(game.awaiting or game.led, Position).xy
        visible = game.visible
        found: list[tuple[int, str]] = [(e, "") for e in game.hostiles_in_view()]
        for eid, kind in known_things(game).items():
            pos = game.store.get(eid, Position)
            if kind == "trap" and visible[pos.y, pos.x]:
                found.append((eid, " (trap)"))
        out = []
        for eid, suffix in found:
            key = (game.depth, eid)
            if key in self.seen:
                continue
            self.seen.add(key)
            where = direction_words(here, game.store.get(eid, Position).xy)
            out.append(f"{name_of(game.store, eid)}{suffix}, {where}.")
        return out
