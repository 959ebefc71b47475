"""The game's kept answers (caches): one container, one declaration per answer.

A game makes one `Kept` (`game.kept`) and nothing else holds derived state for the rule
modules: each owning module declares its answer here by name (`declare`), with what makes
it stale, and reads and writes it only through that declaration. The module keeps its own
compute function; the container holds the values and knows nothing of the rules.

Two ways an answer is kept fresh, and its declaration says which:
- told of changes (`told`): `changed(kind)` drops every answer told of that kind; the game's
  named change methods call it: Game.invalidate_terrain (the tiles changed in place),
  Game.door_changed (a door opened, shut or was locked), Game.changed_depth (a rule moved
  a creature to another level), Kept.start_run (the moves log starts afresh); a change
  only one answer hears is its owner's to tell, by dropping it (`Answer.drop`: the party's
  view, Game.view_changed);
- keyed (`keyed_by`): the answer is kept with the inputs it was made from and made again
  when they differ; `keyed_by` names their kinds and the key holds exactly them. A set of
  entities ("entities") is keyed by the entity store's own change tracking: `store.ids`
  hands out the same list until an add, remove or destroy touches the set (ecs.py's
  _forget, its write hook), so the list's identity is the key; comparing it costs one
  `is` where a callback on every write would cost every step.

What moved is the one change told on every step, so it is logged rather than told: Game.on_moved
counts it (`changes["moves"]`) and notes who (`moved`), and the answers about creatures
(engine/turns/occupants.py, party_sight.py's hostiles) bring themselves up to date from
that log while `in_run` says every move is being told (inside the turn loop); when the log
starts afresh, "moves" is told and they go.

Under ROGUELIKE_CHECK_KEPT=1 (read once, when the game is made) every read of a kept
answer that would be returned as it is recomputes it and raises `StaleAnswer` unless the
two are equal: a bot game played under it holds every cache to a fresh computation.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from roguelike.core.lean_dataclass import dataclass

CHECK_ENV = "ROGUELIKE_CHECK_KEPT"

# What may make an answer stale: the changes the game tells of, and the inputs a keyed
# answer is keyed by.
KINDS = frozenset({
    # told or logged by the game
    "moves",       # a creature moved (Game.on_moved, logged), or the moves log starts
                   # afresh (Kept.start_run: a new turn loop, or the log grew past
                   # MOVED_KEEP): told, it drops the answers kept from the log
    "depths",      # a rule moved a creature to another level (Game.changed_depth: a chute)
    "doors",       # a door opened, shut, locked or unlocked (Game.door_changed; its fields
                   # in a key)
    "tiles",       # the tiles of a level changed in place (Game.invalidate_terrain)
    "traps",       # a trap sprung, re-armed or disarmed (its state, where it is written;
                   # read as a counter in keys)
    # what a keyed answer's key holds
    "level",       # the level looked at (game.depth, or the tiles array of another level)
    "entities",    # the set of entities having some component types (the store's id lists)
    "rows",        # component fields the key holds by value: a trap's state, a hazard's
                   # squares or start, a light's square and kind, where the party stands
    "round",       # the round number
    "map",         # another kept answer it is derived from (a map, the transparency)
})
# (an answer with no kinds at all is a memo of a pure function of its key: never stale;
# an answer only its owner knows to be stale, as the party's view, is dropped by its owner
# with Answer.drop rather than by a kind nothing else hears)

MOVED_KEEP = 512  # moves Kept.moved notes in one turn loop (a round's walks, mostly)

V = TypeVar("V")
T = TypeVar("T")

_DECLARED: dict[str, Answer[Any]] = {}
# kind -> the answers Kept.changed drops on it
_TOLD: dict[str, tuple[str, ...]] = dict.fromkeys(sorted(KINDS), ())


class StaleAnswer(AssertionError):
    """A kept answer differs from a fresh computation (raised under ROGUELIKE_CHECK_KEPT)."""


@dataclass(frozen=True, slots=True)
class Answer(Generic[V]):
    """One kept answer: its name (its slot in Kept.values), the module that owns and
    computes it, and what makes it stale."""

    name: str
    owner: str
    stale_on: tuple[str, ...]  # everything that makes it stale: `told` and its key's kinds
    told: tuple[str, ...] = ()  # the kinds Kept.changed drops it on (not in its key)
    why: str = ""

    def drop(self, game: HasKept) -> None:
        """Its owner knows it is stale (a change no other answer hears): it goes."""
        game.kept.values.pop(self.name, None)

    def get(self, game: HasKept) -> V | None:
        """The kept value, or None when there is none (a keyed answer checks its key)."""
        return game.kept.values.get(self.name)

    def put(self, game: HasKept, value: V) -> V:
        game.kept.values[self.name] = value
        return value

    def by_ids(self, game: HasKept, ids: object, depth: int, make: Callable[[], T]) -> T:
        """The answer kept while the store hands out the same id list `ids` (a new list
        when the set of ids changes or a Position row is replaced) and level `depth` is
        asked; else `make()`, kept (a kept one is checked against a fresh one under
        game.kept.check)."""
        kept: Any = game.kept.values.get(self.name)
        if kept is not None and kept[0] is ids and kept[1] == depth:
            if game.kept.check:
                self.check(game, kept[2], make())
            answer: T = kept[2]
            return answer
        fresh = make()
        game.kept.values[self.name] = (ids, depth, fresh)
        return fresh

    def check(self, game: HasKept, kept: object, fresh: object) -> None:
        """Raise StaleAnswer unless `kept` equals `fresh` (call only under game.kept.check)."""
        checked = game.kept.checked
        checked[self.name] = checked.get(self.name, 0) + 1
        if not same(kept, fresh):
            raise StaleAnswer(f"kept answer {self.name!r} ({self.owner}) differs from a "
                              f"fresh computation")


class HasKept(Protocol):
    """What Answer needs of a game (its `kept`)."""

    @property
    def kept(self) -> Kept: ...


def declare(name: str, owner: str, keyed_by: tuple[str, ...], why: str = "",
            told: tuple[str, ...] = ()) -> Answer[Any]:
    """Declare a kept answer once (at import of its owning module): `keyed_by`, the kinds
    of input its key holds (it compares them on every read), and `told`, the changes the
    game tells of that drop it (Kept.changed)."""
    stale_on = tuple(dict.fromkeys((*told, *keyed_by)))
    unknown = [k for k in stale_on if k not in KINDS]
    if unknown:
        raise ValueError(f"kept answer {name!r}: unknown kinds of change {unknown}")
    if name in _DECLARED and _DECLARED[name].owner != owner:
        raise ValueError(f"kept answer {name!r} is declared by {_DECLARED[name].owner}")
    answer: Answer[Any] = Answer(name, owner, stale_on, tuple(told), why)
    _DECLARED[name] = answer
    for kind in KINDS:
        _TOLD[kind] = tuple(a.name for a in _DECLARED.values() if kind in a.told)
    return answer


def declared() -> list[Answer[Any]]:
    """Every answer declared so far, by name (the modules imported declare theirs)."""
    return [_DECLARED[n] for n in sorted(_DECLARED)]


def check_from_env() -> bool:
    return os.environ.get(CHECK_ENV, "") not in ("", "0")


class Kept:
    """The kept answers of one game: name -> value, the changes told (and the moves
    logged), and `check`, the debug switch."""

    __slots__ = ("changes", "check", "checked", "in_run", "moved", "values")

    def __init__(self, check: bool | None = None) -> None:
        self.values: dict[str, Any] = {}
        self.check = check_from_env() if check is None else check
        # kind -> how many times the game told of it (keys of maps made since may hold it):
        # "tiles" is the terrain's version, "depths" and "moves" are read as counters
        self.changes: dict[str, int] = dict.fromkeys(sorted(KINDS), 0)
        self.checked: dict[str, int] = {}  # answer -> reads held to a fresh one (check)
        # who moved (Game.on_moved), in order, since the moves log started afresh: the answers about
        # creatures note its length and changes["moves"] when made, and look again at just
        # those moved since (all were noted while the two grew alike)
        self.moved: list[int] = []
        self.in_run = False  # inside the turn loop: nothing moves but through the rules

    def changed(self, kind: str) -> None:
        """The game tells of a change: every answer declared told of `kind` goes."""
        self.changes[kind] += 1
        values = self.values
        if values:
            for name in _TOLD[kind]:
                values.pop(name, None)

    def note_move(self, eid: int) -> None:
        """`eid` moved (Game.on_moved, after every square of every walk): logged."""
        self.changes["moves"] += 1
        moved = self.moved
        if len(moved) >= MOVED_KEEP:  # (a long run: the answers kept from it made afresh)
            self.start_run()
        moved.append(eid)

    def start_run(self) -> None:
        """The moves log starts afresh: the answers kept from it go (told of "moves")."""
        self.moved.clear()
        self.changed("moves")


def same(a: object, b: object) -> bool:
    """Deep equality for kept answers: numpy arrays by value, containers item by item."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) \
            and a.shape == b.shape and bool(np.array_equal(a, b))
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) \
            and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b
