"""The party's sight, for the Game: what the party sees, the level's transparency and its
doors, the fields of view behind them, the hostiles in view, and the explicit step that
takes the view into the explored squares (`take_in_view`).

A mixin of Game (engine/game.py), which owns the level and the store. Its kept answers
are declared here and live in game.kept (engine/base/kept.py), each kept while what it was made
of stays the same or until it is told of a change: the view until Game.view_changed (a
delver moved, fell or stood, a light changed, a door it may reach opened or shut), the
transparency and the fields of view until the tiles change (Game.invalidate_terrain).
Under ROGUELIKE_CHECK_KEPT=1 every kept read is held to a fresh computation.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from roguelike.core.components import Actor, Door, Position
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.kept import Kept, declare
from roguelike.engine.light.lighting import party_sight, sight_reaches
from roguelike.engine.turns import explore_hooks as explore
from roguelike.world import tiles as T
from roguelike.world.fov import LevelSight, fov_map

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.rule_state import RuleState
    from roguelike.world.level import Level

_OPEN = attrgetter("open")  # a Door row's open flag (transparency)

VIEW = declare("party_view", __name__, (), told=("tiles",), why=(
    "(view, sight): what the standing delvers see and the fields of view behind it "
    "(light.party_sight); dropped by view_changed, and kept through a door opened or shut "
    "out of its reach"))
TAKEN = declare("view_taken", __name__, ("map",), why=(
    "the view last taken into the explored squares (take_in_view), by identity (the "
    "array itself is held): the same view again adds nothing, as a new view is a new array"))
# The kept records below are slotted dataclasses, not NamedTuples: Python 3.11 reads a slot
# with a specialised instruction and a NamedTuple field through a descriptor looked up on
# every read (14 against 45 ns here; made, 170 against 310), and the turn loop reads _Seen
# after every creature action.
_Squares = tuple[tuple[int, int], ...]
_DoorRows = list[tuple[tuple[int, int], Door]]


@dataclass(slots=True)
class _Clear:
    """The kept transparency and what it was made from."""

    key: tuple[int, _Squares]  # (depth, the closed doors' squares)
    clear: np.ndarray
    serial: int  # stands for the key in the fields of view's keys
    doors: _DoorRows  # the level_doors list it was made from (by identity)
    open_flags: list[bool]  # their open flags then
    rows: list[Door]  # their Door rows


CLEAR = declare("transparency", __name__, ("level", "doors"), told=("tiles",), why=(
    "the level's transparency: its tiles less its closed doors, keyed by the depth and "
    "the closed doors (one pass over the doors' open flags while their list is the same)"))
FOVS = declare("fovs", __name__, ("map",), told=("tiles",), why=(
    "[serials, fovs, loaded]: a serial for each transparency key, the field of view from "
    "a square by (serial, x, y, radius) (0: the whole of it), and the tcod map the "
    "transparency is loaded in; dropped only with the transparency, whose serial names "
    "its fields of view"))
KNOWN = declare("known_tiles", __name__, ("level", "entities"), told=("tiles",), why=(
    "the level's tiles with unfound secret doors as wall, keyed by the depth and the "
    "hidden squares"))


@dataclass(slots=True)
class _Doors:
    """The kept doorways of a level and what they were made from."""

    door_ids: dict[tuple[int, int], int]  # the level's (by identity)
    ids: list[int]  # the store's Door id list (by identity)
    length: int  # len(door_ids) then
    doors: _DoorRows  # the answer


DOORS = declare("level_doors", __name__, ("level", "entities"), why=(
    "(square, Door row) of the level's doorways, keyed by the level's door_ids, its "
    "length and the store's Door id list"))
VIEW_BYTES = declare("view_bytes", __name__, ("map",), why=(
    "(view, its bytes, width): the view as one byte a square, by the view's identity"))


@dataclass(slots=True)
class _Seen:
    """The turn loop's last hostiles answer and what it was made from."""

    view: np.ndarray  # (by identity)
    ids: list[int]  # the store's actor id list (by identity)
    depth: int
    depths: int  # the "depths" count then
    moves: int  # the "moves" count then
    out: list[int]  # the answer
    moved_at: int  # the moves log's length then


SEEN = declare("hostiles_in_loop", __name__, ("map", "entities", "level", "depths"),
               told=("moves",), why=(
                   "the turn loop's last hostiles_in_view answer, brought up to date from "
                   "the moves log while the view and the creatures are the same"))


class PartySight:
    # (Game's, read here; store, depth, party and content make it light.Sighted)
    store: EntityStore
    depth: int
    party: list[int]
    content: Content
    kept: Kept
    state: RuleState

    if TYPE_CHECKING:
        @property
        def level(self) -> Level: ...

        def level_foes(self) -> list[tuple[int, Position]]: ...

    def view_changed(self, at: tuple[int, int] | None = None) -> None:
        """What the party sees may differ: a delver moved, fell or stood, a light changed.
        `at`: only that square's transparency changed (a door opened or shut there); the
        view is kept when no field of view behind it came near that square
        (light.sight_reaches), as monsters open doors all over the level."""
        kept = self.kept
        if at is not None:
            view = kept.values.get("party_view")
            if view is not None and not sight_reaches(self, view[1], *at):
                return
        VIEW.drop(self)

    def known_tiles(self) -> np.ndarray:
        """This level's tiles as the party believes them: unfound secret doors are wall.
        Drawing, look and automatic walks use this; rules use the real tiles."""
        hidden = tuple(explore.hidden_walls(self))
        key = (self.depth, hidden)  # (by value: a change of tiles is told, "tiles")
        kept = self.kept
        known: tuple[object, np.ndarray] | None = kept.values.get("known_tiles")
        if known is None or known[0] != key:
            known = KNOWN.put(self, (key, self._known_made(hidden)))
        elif kept.check:
            KNOWN.check(self, known[1], self._known_made(hidden))
        return known[1]

    def _known_made(self, hidden: _Squares) -> np.ndarray:
        tiles = self.level.tiles.copy()
        for x, y in hidden:
            tiles[y, x] = T.WALL
        return tiles

    def transparency(self) -> np.ndarray:
        """Which squares let light through: tiles, less this level's closed doors."""
        doors = self.level_doors()
        kept = self.kept
        last: _Clear | None = kept.values.get("transparency")
        # (asked for every new view: while the doorways are the same list and none opened
        # or shut, one pass over their open flags answers, with no key built)
        if last is not None and last.doors is doors \
                and last.open_flags == list(map(_OPEN, last.rows)):
            if kept.check:
                CLEAR.check(self, last.clear, self._clear_made(last.key[1]))
            return last.clear
        return self._clear_new(doors, last).clear

    def _clear_new(self, doors: _DoorRows, last: _Clear | None) -> _Clear:
        """The transparency kept anew: the doors opened or shut, or their list changed."""
        kept = self.kept
        closed = tuple([xy for xy, door in doors if not door.open])
        key = (self.depth, closed)
        fovs = self._fovs()
        if last is None or last.key != key:
            clear = self._clear_made(closed)
            serials = fovs[0]
            if len(serials) >= 1024:  # (a serial must never stand for two keys in fovs)
                serials.clear()
                fovs[1].clear()
            serial = serials.setdefault(key, len(serials))
        else:
            clear, serial = last.clear, last.serial
            if kept.check:
                CLEAR.check(self, clear, self._clear_made(closed))
        rows = [door for _xy, door in doors]
        made = _Clear(key, clear, serial, doors, list(map(_OPEN, rows)), rows)
        CLEAR.put(self, made)
        return made

    def _clear_made(self, closed: _Squares) -> np.ndarray:
        clear: np.ndarray = T.TRANSPARENT[self.level.tiles]
        for x, y in closed:
            clear[y, x] = False
        return clear

    def _fovs(self) -> list[Any]:
        fovs: list[Any] | None = self.kept.values.get("fovs")
        if fovs is None:
            fovs = FOVS.put(self, [{}, {}, None])
        return fovs

    def level_doors(self) -> _DoorRows:
        """(square, Door row) of this level's doorways, in door_ids order; kept while the
        level, its doorways and the store's Door rows stay the same (a row replaced or a
        door made or destroyed gives a new id list). Do not modify the list."""
        door_ids = self.level.door_ids
        ids = self.store.ids(Door)
        kept = self.kept
        last: _Doors | None = kept.values.get("level_doors")
        if last is None or last.door_ids is not door_ids or last.ids is not ids \
                or last.length != len(door_ids):
            last = DOORS.put(self, _Doors(door_ids, ids, len(door_ids),
                                          self._doors_made(door_ids)))
        elif kept.check:
            DOORS.check(self, last.doors, self._doors_made(door_ids))
        return last.doors

    def _doors_made(self, door_ids: dict[tuple[int, int], int]) -> _DoorRows:
        doors = self.store.table(Door)
        return [(xy, doors[eid]) for xy, eid in door_ids.items()]

    def take_in_view(self) -> None:
        """The explored squares (rule state: travel and auto-explore read them, and they
        are in state_hash) take in what the party sees now. An explicit step, never a side
        effect of a read: after every action of a delver (Game.try_action: the one led,
        and each companion following in step) and of every creature (turn_loop), so what
        is explored never depends on whether anything else looked. Not while a roll
        waits on luck: the rule it interrupted is half-way through."""
        kept = self.kept
        values = kept.values
        last = values.get("party_view")
        # (after most actions the view is the one already taken: nothing to add, and no
        # property, luck queue or level read to find that out)
        if last is not None and last[0] is values.get("view_taken") and not kept.check:
            return
        if self.state.luck_queue.items:
            return
        view = self.visible
        explored = self.level.explored
        if view is not kept.values.get("view_taken"):
            explored |= view
            TAKEN.put(self, view)
        elif kept.check:  # (the view taken already: every square of it is explored)
            TAKEN.check(self, True, not (view & ~explored).any())

    @property
    def visible(self) -> np.ndarray:
        """Squares any standing party member can see now."""
        kept = self.kept
        view: tuple[np.ndarray, tuple[np.ndarray, np.ndarray]] | None = \
            kept.values.get("party_view")
        if view is None:
            if self.state.luck_queue.items:
                # A roll waits on luck, half-way through a rule: what the party sees now is
                # shown but not kept (nor explored: explore_view is not run meanwhile)
                return party_sight(self)[0]
            # what the carried lights show (light/lighting.py), and the sight behind it
            view = VIEW.put(self, party_sight(self))
        elif kept.check:
            VIEW.check(self, view, party_sight(self))
        return view[0]

    def fov_from(self, clear: np.ndarray, x: int, y: int, radius: int = 0) -> np.ndarray:
        """The whole field of view from (x, y) over `clear` (this level's transparency),
        or with a radius that of a light there (cut to the square of the radius),
        remembered while the walls and doors stay the same: when one delver steps, the
        others' and the lights they carry need no new FOV (replays verify faster). Do
        not modify it."""
        last: _Clear | None = self.kept.values.get("transparency")
        key = (last.serial if last is not None else -1, x, y, radius)
        fovs = self._fovs()
        fov: np.ndarray | None = fovs[1].get(key)
        if fov is None:
            if len(fovs[1]) >= 64:
                fovs[1].clear()
            loaded = fovs[2]  # (clear loaded into a tcod map once, not per FOV)
            if loaded is None or loaded.clear is not clear:
                loaded = fovs[2] = LevelSight(clear)
            fov = fovs[1][key] = loaded.fov(x, y, radius)
        elif self.kept.check:
            FOVS.check(self, fov, fov_map(clear, x, y, radius))
        return fov

    def transparency_key(self) -> object:
        self.transparency()
        last: _Clear = self.kept.values["transparency"]
        return last.key

    def hostiles_in_view(self) -> list[int]:
        """Non-party creatures on this level the party sees, ascending (after every monster
        action: the creatures of other levels and the party's own members are filtered out
        once per change of actors, of level, or of a creature's level)."""
        view = self.visible
        depth = self.depth
        rows = self.level_foes()
        seen = self.kept.values.get("view_bytes")
        # (the bytes made once per view: most asks find them kept)
        flat, width = self._view_bytes(view) if seen is None or seen[0] is not view \
            or self.kept.check else (seen[1], seen[2])
        return [eid for eid, pos in rows if pos.depth == depth and flat[pos.y * width + pos.x]]

    def _view_bytes(self, view: np.ndarray) -> tuple[bytes, int]:
        """The view as one byte a square, made once per view (a new array each time the
        view changes): indexing bytes is several times quicker than a numpy scalar."""
        kept = self.kept
        seen: tuple[np.ndarray, bytes, int] | None = kept.values.get("view_bytes")
        if seen is None or seen[0] is not view:
            seen = VIEW_BYTES.put(self, (view, view.astype(bool, copy=False).tobytes(),
                                         view.shape[1]))
        elif kept.check:
            VIEW_BYTES.check(self, seen[1], view.astype(bool, copy=False).tobytes())
        return seen[1], seen[2]

    def hostiles_in_loop(self) -> list[int]:
        """hostiles_in_view for the turn loop: after most creature actions nobody moved
        (a Pillager waits, an attack) and the view is the same, so the last answer stands;
        when only creatures moved (each through on_moved), just they are looked at again.
        Kept only within one turn loop (between calls to perform, anything may have been
        moved by hand: the moves log starts afresh, told of "moves")."""
        kept = self.kept
        values, changes = kept.values, kept.changes
        seen: _Seen | None = values.get("hostiles_in_loop")
        view = values.get("party_view")
        ids = self.store.ids(Actor, Position)
        depths, moves = changes["depths"], changes["moves"]
        if seen is not None and view is not None and seen.view is view[0] \
                and seen.ids is ids and seen.depth == self.depth and seen.depths == depths:
            out: list[int] | None = seen.out
            if seen.moves != moves:
                out = self._hostiles_after_moves(seen, moves - seen.moves)
                if out is not None:
                    SEEN.put(self, _Seen(seen.view, ids, self.depth, depths, moves, out,
                                         len(kept.moved)))
            if out is not None:
                if kept.check:
                    SEEN.check(self, out, self.hostiles_in_view())
                return out
        out = self.hostiles_in_view()
        SEEN.put(self, _Seen(values["party_view"][0], ids, self.depth, depths, moves, out,
                             len(kept.moved)))
        return out

    def _hostiles_after_moves(self, seen: _Seen, count: int) -> list[int] | None:
        """The last answer with the `count` creatures moved since (the moves log from
        seen.moved_at) looked at again, the view and the actors being the same; None when a full
        scan is due."""
        at, moved = seen.moved_at, self.kept.moved
        if count > 16 or len(moved) - at != count:
            return None
        foes = self.kept.values.get("level_foes")
        if foes is None:
            return None
        # (the view read through `visible`, as hostiles_in_view reads it)
        view = self.visible
        if foes[0] is not seen.ids or foes[1] != self.depth or foes[2] != seen.depths \
                or view is not seen.view:
            return None
        flat, width = self._view_bytes(view)
        depth, rows = self.depth, foes[4]
        out = seen.out
        for eid in moved[at:]:
            pos = rows.get(eid)
            if pos is None:
                continue  # a delver, or a creature of another level
            inside = pos.depth == depth and bool(flat[pos.y * width + pos.x])
            if inside != (eid in out):
                out = [e for e in out if e != eid] if not inside else sorted([*out, eid])
        return out
