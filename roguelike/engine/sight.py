"""The party's sight, for the Game: what the party sees, the level's transparency and its
doors, the fields of view behind them, and the hostiles in view.

A mixin of Game (engine/game.py), which owns the level, the store and the turn loop's
counters read here; the caches below are this part's own, each kept while what it was made
of stays the same (tests/test_perf_view.py holds every read to a fresh one).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

import numpy as np

from roguelike.core.components import Actor, Door, Position
from roguelike.engine.explore import hooks as explore
from roguelike.engine.explore.light import party_sight, sight_reaches
from roguelike.engine.kept import Kept
from roguelike.world import tiles as T
from roguelike.world.fov import LevelSight

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.ecs import EntityStore
    from roguelike.world.level import Level

_OPEN = attrgetter("open")  # a Door row's open flag (transparency)


class PartySight:
    # (Game's, read here; store, depth, party and content make it light.Sighted)
    store: EntityStore
    depth: int
    party: list[int]
    content: Content
    kept: Kept
    depth_moves: int
    moves: int
    _moved: list[int]
    _foes: tuple[list[int], int, int, list[tuple[int, Position]],
                 dict[int, Position], list[tuple[int, Position]]] | None

    if TYPE_CHECKING:
        @property
        def level(self) -> Level: ...

        def level_foes(self) -> list[tuple[int, Position]]: ...

    def _init_sight(self) -> None:
        self._view: np.ndarray | None = None
        self._sight: tuple[np.ndarray, np.ndarray] | None = None  # party_sight's, with _view
        # (key, transparency, serial, the level_doors list, their open flags, their Door
        # rows): the serial stands for the key in the FOVs' keys (a number hashes faster
        # than the tuple of closed doors); one serial per key while _fovs holds FOVs made
        # under it (both are cleared together)
        self._clear: tuple[object, np.ndarray, int, list[tuple[tuple[int, int], Door]],
                           list[bool], list[Door]] | None = None
        self._clear_serials: dict[object, int] = {}
        self._known: tuple[object, np.ndarray] | None = None
        # (door_ids, the Door id list, its length, [(square, Door row)]): level_doors
        self._doors: tuple[dict[tuple[int, int], int], list[int], int,
                           list[tuple[tuple[int, int], Door]]] | None = None
        self._fovs: dict[object, np.ndarray] = {}  # (doors serial, x, y) -> field of view
        self._level_sight: LevelSight | None = None  # fov_from's tcod map of a `clear`
        self._view_bytes: tuple[np.ndarray, bytes, int] | None = None  # (view, its bytes, width)
        # The turn loop's last hostiles_in_view answer and what it depended on: (view,
        # actor id list, depth, depth_moves, moves, answer, _moved's length); forgotten at
        # each _run start.
        self._seen: tuple[np.ndarray, list[int], int, int, int, list[int], int] | None = None

    def invalidate_view(self, at: tuple[int, int] | None = None) -> None:
        """Forget the party's view. `at`: the only square whose transparency changed (a
        door opened there); the view is kept when no field of view behind it came near
        that square (light.party_sight), as monsters open doors all over the level."""
        if at is not None and self._view is not None and self._sight is not None \
                and not sight_reaches(self, self._sight, *at):
            return
        self._view = None

    def known_tiles(self) -> np.ndarray:
        """This level's tiles as the party believes them: unfound secret doors are wall.
        Drawing, look and automatic walks use this; rules use the real tiles."""
        hidden = tuple(explore.hidden_walls(self))
        key = (self.depth, hidden, id(self.level.tiles))
        if self._known is None or self._known[0] != key:
            tiles = self.level.tiles.copy()
            for x, y in hidden:
                tiles[y, x] = T.WALL
            self._known = (key, tiles)
        return self._known[1]

    def transparency(self) -> np.ndarray:
        """Which squares let light through: tiles, less this level's closed doors."""
        doors = self.level_doors()
        kept = self._clear
        # (asked for every new view: while the doorways are the same list and none opened
        # or shut, one pass over their open flags answers, with no key built)
        if kept is not None and kept[3] is doors and kept[4] == list(map(_OPEN, kept[5])):
            return kept[1]
        closed = tuple([xy for xy, door in doors if not door.open])
        key = (self.depth, closed)
        if kept is None or kept[0] != key:
            clear: np.ndarray = T.TRANSPARENT[self.level.tiles]
            for x, y in closed:
                clear[y, x] = False
            serials = self._clear_serials
            if len(serials) >= 1024:  # (a serial must never stand for two keys in _fovs)
                serials.clear()
                self._fovs.clear()
            serial = serials.setdefault(key, len(serials))
        else:
            clear, serial = kept[1], kept[2]
        rows = [door for _xy, door in doors]
        self._clear = (key, clear, serial, doors, list(map(_OPEN, rows)), rows)
        return clear

    def level_doors(self) -> list[tuple[tuple[int, int], Door]]:
        """(square, Door row) of this level's doorways, in door_ids order; kept while the
        level, its doorways and the store's Door rows stay the same (a row replaced or a
        door made or destroyed gives a new id list). Do not modify the list."""
        level = self.level
        door_ids = level.door_ids
        ids = self.store.ids(Door)
        kept = self._doors
        if kept is None or kept[0] is not door_ids or kept[1] is not ids \
                or kept[2] != len(door_ids):
            doors = self.store.table(Door)
            kept = self._doors = (door_ids, ids, len(door_ids),
                                  [(xy, doors[eid]) for xy, eid in door_ids.items()])
        return kept[3]

    @property
    def visible(self) -> np.ndarray:
        """Squares any standing party member can see now."""
        if self._view is None:
            # what the carried lights show (explore/light.py), and the sight behind it
            view, self._sight = party_sight(self)
            self.level.explored |= view
            self._view = view
        return self._view

    def fov_from(self, clear: np.ndarray, x: int, y: int) -> np.ndarray:
        """The whole field of view from (x, y) over `clear` (this level's transparency),
        remembered while the walls and doors stay the same: when one delver steps, the
        others' and the lights they carry need no new FOV (replays verify faster)."""
        key = (self._clear[2] if self._clear is not None else -1, x, y)
        fov = self._fovs.get(key)
        if fov is None:
            if len(self._fovs) >= 64:
                self._fovs.clear()
            loaded = self._level_sight  # (clear loaded into a tcod map once, not per FOV)
            if loaded is None or loaded.clear is not clear:
                loaded = self._level_sight = LevelSight(clear)
            fov = loaded.fov(x, y)  # light limits sight (explore/light.py)
            self._fovs[key] = fov
        return fov

    def transparency_key(self) -> object:
        self.transparency()
        assert self._clear is not None
        return self._clear[0]

    def hostiles_in_view(self) -> list[int]:
        """Non-party creatures on this level the party sees, ascending (after every monster
        action: the creatures of other levels and the party's own members are filtered out
        once per change of actors, of level, or of a creature's level)."""
        view = self.visible
        depth = self.depth
        rows = self.level_foes()
        seen = self._view_bytes
        if seen is None or seen[0] is not view:
            # the view as one byte a square, made once per view (a new array each time the
            # view changes): indexing bytes is several times quicker than a numpy scalar
            seen = self._view_bytes = (view, view.astype(bool, copy=False).tobytes(), view.shape[1])
        flat, width = seen[1], seen[2]
        return [eid for eid, pos in rows if pos.depth == depth and flat[pos.y * width + pos.x]]

    def _hostiles_in_loop(self) -> list[int]:
        """hostiles_in_view for the turn loop: after most creature actions nobody moved
        (a Pillager waits, an attack) and the view is the same, so the last answer stands;
        when only creatures moved (each through on_moved), just they are looked at again.
        Kept only within one _run (between calls to perform, anything may have been moved
        by hand); tests/test_perf_speed.py checks every answer against a fresh one."""
        seen = self._seen
        view = self._view
        ids = self.store.ids(Actor, Position)
        if seen is not None and view is not None and seen[0] is view and seen[1] is ids \
                and seen[2] == self.depth and seen[3] == self.depth_moves:
            if seen[4] == self.moves:
                return seen[5]
            out = self._hostiles_after_moves(seen[5], seen[6], self.moves - seen[4])
            if out is not None:
                self._seen = (view, ids, self.depth, self.depth_moves, self.moves, out,
                              len(self._moved))
                return out
        out = self.hostiles_in_view()
        self._seen = (self._view, ids, self.depth,  # type: ignore[assignment]
                      self.depth_moves, self.moves, out, len(self._moved))
        return out

    def _hostiles_after_moves(self, last: list[int], at: int, count: int) -> list[int] | None:
        """The last answer with the `count` creatures moved since (on_moved's list from
        `at`) looked at again, the view and the actors being the same; None when a full
        scan is due."""
        foes, seen, moved = self._foes, self._view_bytes, self._moved
        # (the view read through `visible`, as hostiles_in_view reads it: test_perf_view
        # checks every read of it against a fresh one)
        # (_seen is set: _hostiles_in_loop, the only caller, tested it; not again here)
        if (count > 16 or len(moved) - at != count or foes is None
                or foes[0] is not self._seen[1]  # type: ignore[index]  # (set: see above)
                or foes[1] != self.depth or foes[2] != self.depth_moves
                or seen is None or seen[0] is not self.visible):
            return None
        flat, width, depth, rows = seen[1], seen[2], self.depth, foes[4]
        out = last
        for eid in moved[at:]:
            pos = rows.get(eid)
            if pos is None:
                continue  # a delver, or a creature of another level
            inside = pos.depth == depth and bool(flat[pos.y * width + pos.x])
            if inside != (eid in out):
                out = [e for e in out if e != eid] if not inside else sorted([*out, eid])
        return out
