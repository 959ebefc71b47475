"""Who stands where, for the Game: the level's creatures and the party's side, the
creature on a square, and the squares taken.

A mixin of Game (engine/game.py), which owns the store. Its two kept answers are declared
here and live in game.kept (engine/base/kept.py): the level's creatures, keyed by the store's id
list, the level and the count of rule-made level changes (Game.changed_depth); the squares
taken, brought up to date from the moves log (Kept.moved) within the turn loop. Under
ROGUELIKE_CHECK_KEPT=1 every kept read is held to a full scan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.core.components import Actor, Position
from roguelike.engine.base.kept import Kept, declare

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore

# (the store's id list for Actor+Position, the depth, the count of "depths" changes, the
# non-party creatures on that depth, the same as a dict, the party's side): sides never
# change, and the store hands out a new list whenever that set changes
_Foes = tuple[list[int], int, int, list[tuple[int, Position]], dict[int, Position],
              list[tuple[int, Position]]]
FOES = declare("level_foes", __name__, ("entities", "level", "depths"),
               "the level's non-party creatures and the party's side, with their live "
               "Position rows: keyed by the Actor+Position id list, the depth and the "
               "rule-made level changes")
# creature_squares' answer: (actor ids, depth, "depths" count, "moves" count, squares, the
# moves log's length, creatures on each square, each creature's square or None)
_Squares = tuple[list[int], int, int, int, set[tuple[int, int]], int,
                 dict[tuple[int, int], int], dict[int, tuple[int, int] | None]]
SQUARES = declare("creature_squares", __name__, ("entities", "level", "depths"),
                  "the squares of the level's creatures, counted per square; within one "
                  "turn loop brought up to date from the moves log (Kept.moved)",
                  told=("moves",))


class Occupants:
    # (Game's, read here)
    store: EntityStore
    depth: int
    kept: Kept
    _positions: dict[int, Position]
    _actors: dict[int, Any]

    def level_foes(self) -> list[tuple[int, Position]]:
        """(id, Position) of the non-party creatures on this level, ascending; the list is
        kept (do not change it) until creatures come or go, the level changes or a creature
        changes level (Game.changed_depth). The positions are the live rows: the store hands
        out a new id list when a row is replaced too."""
        ids = self.store.ids(Actor, Position)
        depth = self.depth
        kept = self.kept
        depths = kept.changes["depths"]
        foes: _Foes | None = kept.values.get("level_foes")
        if foes is None or foes[0] is not ids or foes[1] != depth or foes[2] != depths:
            foes = FOES.put(self, self._foes_made(ids, depth, depths))
        elif kept.check:
            FOES.check(self, foes, self._foes_made(ids, depth, depths))
        return foes[3]

    def _foes_made(self, ids: list[int], depth: int, depths: int) -> _Foes:
        actors, positions = self._actors, self._positions
        rows = [(e, positions[e]) for e in ids
                if actors[e].side != "party" and positions[e].depth == depth]
        allies = [(e, positions[e]) for e in ids if actors[e].side == "party"]
        return (ids, depth, depths, rows, dict(rows), allies)

    def _foes(self) -> _Foes:
        """level_foes' whole kept answer (level_foes has just been asked)."""
        foes: _Foes = self.kept.values["level_foes"]
        return foes

    def level_allies(self) -> list[tuple[int, Position]]:
        """(id, Position) of the party's side, whatever their level (a delver left behind),
        ascending; kept with level_foes (do not change it)."""
        self.level_foes()
        foes: _Foes = self.kept.values["level_foes"]
        return foes[5]

    def creature_at(self, x: int, y: int) -> int | None:
        """The creature on (x, y) of this level (the lowest id): the first of the level's
        non-party creatures and the first of the party's side there, whichever is lower."""
        depth = self.depth
        found = None
        for eid, pos in self.level_foes():
            if pos.x == x and pos.y == y and pos.depth == depth:
                found = eid
                break
        foes: _Foes = self.kept.values["level_foes"]  # (level_allies, just kept)
        for eid, pos in foes[5]:
            if pos.x == x and pos.y == y and pos.depth == depth:
                return eid if found is None or eid < found else found
        return found

    def creatures_at(self, depth: int | None = None, skip: int = 0
                     ) -> dict[tuple[int, int], int]:
        """Square -> the creature there (the lowest id, as creature_at finds it) on `depth`
        (default: the level played), leaving out `skip`. One pass over the creatures for a
        caller that tests many squares while nobody moves (a monster's walk, a step choice);
        positions change in place everywhere, so it is a snapshot, not a kept index."""
        if depth is not None and depth != self.depth:  # (another level's: a full scan)
            positions = self.store.table(Position)
            out: dict[tuple[int, int], int] = {}
            for eid in self.store.ids(Actor, Position):
                pos = positions[eid]
                if pos.depth == depth and eid != skip:
                    out.setdefault((pos.x, pos.y), eid)
            return out
        depth = self.depth
        out = {}
        for rows in (self.level_foes(), self.level_allies()):
            for eid, pos in rows:
                if pos.depth == depth and eid != skip:
                    square = (pos.x, pos.y)
                    other = out.get(square)
                    if other is None or eid < other:
                        out[square] = eid
        return out

    def creature_squares(self) -> set[tuple[int, int]]:
        """The squares of every creature on this level (do not change the set; use it at
        once: the next call may update it in place). Within the turn loop the answer is
        kept while the creatures and the level are the same, and when creatures moved
        (each through on_moved) just their squares are looked at again, as for
        hostiles_in_loop; outside it (creatures may be put anywhere by hand) it is made
        afresh."""
        ids, depth = self.store.ids(Actor, Position), self.depth
        kept = self.kept
        depths, moves, moved = kept.changes["depths"], kept.changes["moves"], kept.moved
        last: _Squares | None = kept.values.get("creature_squares")
        if last is not None and kept.in_run and last[0] is ids and last[1] == depth \
                and last[2] == depths:
            if last[3] != moves:
                if len(moved) - last[5] != moves - last[3]:  # not all of them noted
                    last = None
                else:
                    self._squares_moved(last[4], last[6], last[7], last[5])
                    last = SQUARES.put(self, (*last[:3], moves, last[4], len(moved),
                                              last[6], last[7]))
            if last is not None:
                if kept.check:
                    SQUARES.check(self, last[4], self._squares_made(depth)[0])
                return last[4]
        squares, counts, where = self._squares_made(depth)
        if kept.in_run:
            SQUARES.put(self, (ids, depth, depths, moves, squares, len(moved), counts, where))
        return squares

    def _squares_made(self, depth: int) -> tuple[set[tuple[int, int]], dict[tuple[int, int], int],
                                                 dict[int, tuple[int, int] | None]]:
        counts: dict[tuple[int, int], int] = {}
        where: dict[int, tuple[int, int] | None] = {}
        self.level_foes()
        foes = self._foes()
        for rows in (foes[3], foes[5]):
            for e, p in rows:
                if p.depth == depth:
                    square = where[e] = (p.x, p.y)
                    counts[square] = counts.get(square, 0) + 1
                else:
                    where[e] = None
        return set(counts), counts, where

    def _squares_moved(self, squares: set[tuple[int, int]], counts: dict[tuple[int, int], int],
                       where: dict[int, tuple[int, int] | None], at: int) -> None:
        """creature_squares' kept answer brought up to date with the creatures the moves
        log noted from `at` on (the same creatures, on the same level: each moved in
        place)."""
        positions, depth = self._positions, self.depth
        for eid in self.kept.moved[at:]:
            if eid not in where:
                continue  # (not one of the level's creatures nor of the party)
            pos = positions[eid]
            square = (pos.x, pos.y) if pos.depth == depth else None
            old = where[eid]
            if square == old:
                continue
            where[eid] = square
            if old is not None:
                left = counts[old] - 1
                if left:
                    counts[old] = left
                else:
                    del counts[old]
                    squares.discard(old)
            if square is not None:
                counts[square] = counts.get(square, 0) + 1
                squares.add(square)

    def entities_at(self, x: int, y: int) -> list[int]:
        return [e for e, p in self.store.query(Position)
                if p.depth == self.depth and p.x == x and p.y == y]
