"""Who stands where, for the Game: the level's creatures and the party's side, the
creature on a square, and the squares taken.

A mixin of Game (engine/game.py), which owns the store and the turn loop's counters read
here: `moves` and `_moved` (on_moved notes every creature moved), `depth_moves` (a creature
changed level), `_in_run` (inside the turn loop nothing moves but through the rules). The
kept answers are this part's own (tests/test_perf_moves.py holds them to full scans).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.core.components import Actor, Position

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore


class Occupants:
    # (Game's, read here)
    store: EntityStore
    depth: int
    depth_moves: int
    moves: int
    _moved: list[int]
    _in_run: bool
    _positions: dict[int, Position]
    _actors: dict[int, Any]

    def _init_occupants(self) -> None:
        # (the store's id list for Actor+Position, the depth, depth_moves, and the non-party
        # creatures on that depth): sides never change, and the store hands out a new list
        # whenever that set changes
        self._foes: tuple[list[int], int, int, list[tuple[int, Position]],
                          dict[int, Position], list[tuple[int, Position]]] | None = None
        # creature_squares' answer: (actor ids, depth, depth_moves, moves, squares, _moved's
        # length, creatures on each square, each creature's square or None)
        self._squares: tuple[list[int], int, int, int, set[tuple[int, int]], int,
                             dict[tuple[int, int], int],
                             dict[int, tuple[int, int] | None]] | None = None

    def level_foes(self) -> list[tuple[int, Position]]:
        """(id, Position) of the non-party creatures on this level, ascending; the list is
        kept (do not change it) until creatures come or go, the level changes or a creature
        changes level (the chute bumps depth_moves). The positions are the live rows: the
        store hands out a new id list when a row is replaced too."""
        ids = self.store.ids(Actor, Position)
        depth = self.depth
        foes = self._foes
        if foes is None or foes[0] is not ids or foes[1] != depth \
                or foes[2] != self.depth_moves:
            actors, positions = self._actors, self._positions
            rows = [(e, positions[e]) for e in ids
                    if actors[e].side != "party" and positions[e].depth == depth]
            allies = [(e, positions[e]) for e in ids if actors[e].side == "party"]
            foes = self._foes = (ids, depth, self.depth_moves, rows, dict(rows), allies)
        return foes[3]

    def level_allies(self) -> list[tuple[int, Position]]:
        """(id, Position) of the party's side, whatever their level (a delver left behind),
        ascending; kept with level_foes (do not change it)."""
        self.level_foes()
        return self._foes[5]  # type: ignore[index]

    def creature_at(self, x: int, y: int) -> int | None:
        """The creature on (x, y) of this level (the lowest id): the first of the level's
        non-party creatures and the first of the party's side there, whichever is lower."""
        depth = self.depth
        found = None
        for eid, pos in self.level_foes():
            if pos.x == x and pos.y == y and pos.depth == depth:
                found = eid
                break
        for eid, pos in self._foes[5]:  # type: ignore[index]  # (level_allies, just kept)
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
        _hostiles_in_loop; outside it (creatures may be put anywhere by hand) it is made
        afresh."""
        ids, depth = self.store.ids(Actor, Position), self.depth
        kept = self._squares
        if kept is not None and self._in_run and kept[0] is ids and kept[1] == depth \
                and kept[2] == self.depth_moves:
            if kept[3] == self.moves:
                return kept[4]
            if len(self._moved) - kept[5] == self.moves - kept[3]:  # all of them noted
                self._squares_moved(kept[4], kept[6], kept[7], kept[5])
                self._squares = (*kept[:3], self.moves, kept[4], len(self._moved),
                                 kept[6], kept[7])
                return kept[4]
        counts: dict[tuple[int, int], int] = {}
        where: dict[int, tuple[int, int] | None] = {}
        self.level_foes()
        for rows in (self._foes[3], self._foes[5]):  # type: ignore[index]
            for e, p in rows:
                if p.depth == depth:
                    square = where[e] = (p.x, p.y)
                    counts[square] = counts.get(square, 0) + 1
                else:
                    where[e] = None
        squares = set(counts)
        if self._in_run:
            self._squares = (ids, depth, self.depth_moves, self.moves, squares,
                             len(self._moved), counts, where)
        return squares

    def _squares_moved(self, squares: set[tuple[int, int]], counts: dict[tuple[int, int], int],
                       where: dict[int, tuple[int, int] | None], at: int) -> None:
        """creature_squares' kept answer brought up to date with the creatures on_moved
        noted from `at` on (the same creatures, on the same level: each moved in place)."""
        positions, depth = self._positions, self.depth
        for eid in self._moved[at:]:
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
