"""The entity store: integer ids, plain dataclass components, queries by component set.

A store is an instance owned by a game; there is no module-level world. Iteration is in
ascending id order so that systems visit entities in the same order on every run.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any, TypeVar, overload

C = TypeVar("C")
C1 = TypeVar("C1")
C2 = TypeVar("C2")
C3 = TypeVar("C3")

# Read-only stand-in for a type nobody has yet: lookups need no new dict per call.
_NONE: Mapping[int, Any] = MappingProxyType({})


class EntityStore:
    def __init__(self) -> None:
        self.next_id = 1
        self._by_type: dict[type, dict[int, Any]] = {}
        # The same dict, read-only for hot loops: `by_type.get(T)` is the table of T or None
        # (one lookup, where peek() is a call; never add or remove through it).
        self.by_type: Mapping[type, dict[int, Any]] = self._by_type
        self._alive: dict[int, None] = {}
        # Sorted id lists per queried type set; dropped when an entity having the set's
        # other types gains or loses one of them (_forget). Components change in place far
        # more often than they come and go.
        self._cache: dict[tuple[type, ...], list[int]] = {}
        # type -> the cached type sets holding it (an ordered set: dict keys), so that
        # _forget looks at those alone, not at every list (it runs on every add and remove)
        self._keys_of: dict[type, dict[tuple[type, ...], None]] = {}
        # Every entity made or destroyed and every component added, replaced or removed
        # counts one (fields changed in place do not): a key holding it stands for every
        # id list at once, where comparing each list asked for costs a call each.
        self.writes = 0

    def create(self, *components: object) -> int:
        eid = self.next_id
        self.next_id += 1
        self.writes += 1
        self._alive[eid] = None
        self._cache.pop((), None)
        for comp in components:
            self.add(eid, comp)
        return eid

    def destroy(self, eid: int) -> None:
        self.writes += 1
        for ctype, table in self._by_type.items():
            if table.pop(eid, None) is not None:
                self._forget(ctype, eid)
        self._alive.pop(eid, None)
        self._cache.pop((), None)

    def _forget(self, ctype: type, eid: int | None = None) -> None:
        """Drop the id lists with `ctype` that `eid` gaining or losing it changes: those
        of type sets whose other types it has (the rest never held it and never will by
        this change, and are kept: an item picked up leaves the creatures' list as it
        was). Without `eid` (a row replaced) every list with `ctype` goes."""
        keys = self._keys_of.get(ctype)
        if not keys:
            return
        by_type = self._by_type
        for key in list(keys):
            if eid is not None and not all(eid in by_type.get(t, _NONE)
                                           for t in key if t is not ctype):
                continue
            del self._cache[key]
            for t in key:
                self._keys_of[t].pop(key, None)

    def alive(self, eid: int) -> bool:
        return eid in self._alive

    def add(self, eid: int, comp: object) -> None:
        if eid not in self._alive:
            raise KeyError(f"entity {eid} does not exist")
        table = self._by_type.setdefault(type(comp), {})
        old = table.get(eid)
        if old is not comp:
            self.writes += 1
        if old is None:
            self._forget(type(comp), eid)
        elif old is not comp:
            # another object in its place: every id list with its type goes, so that one
            # kept list means the same rows as well as the same ids
            self._forget(type(comp))
        table[eid] = comp

    def remove(self, eid: int, ctype: type) -> None:
        if self._by_type.get(ctype, {}).pop(eid, None) is not None:
            self.writes += 1
            self._forget(ctype, eid)

    def has(self, eid: int, ctype: type) -> bool:
        return eid in self._by_type.get(ctype, _NONE)

    def get(self, eid: int, ctype: type[C]) -> C:
        try:
            return self._by_type[ctype][eid]  # type: ignore[no-any-return]
        except KeyError:
            raise KeyError(f"entity {eid} has no {ctype.__name__}") from None

    def table(self, ctype: type[C]) -> dict[int, C]:
        """The live id -> component mapping of one type, for hot loops; do not mutate it."""
        try:
            return self._by_type[ctype]  # (setdefault would build an empty dict every call)
        except KeyError:
            table = self._by_type[ctype] = {}
            return table

    def peek(self, ctype: type[C]) -> Mapping[int, C]:
        """Like table(), but creates no table for a type nobody has yet (an empty stand-in
        then): use it at once, do not keep it. Creating tables changes components() order."""
        return self._by_type.get(ctype, _NONE)

    def try_get(self, eid: int, ctype: type[C]) -> C | None:
        return self._by_type.get(ctype, _NONE).get(eid)

    def ids(self, *ctypes: type) -> list[int]:
        """Ids having every component type, ascending. The list is shared (cached): never
        mutate it. The store never changes a list it handed out, it makes a new one, and it
        hands out the same list until the set changes or a row of one of the types is
        replaced by another object: `is` on two answers is exact."""
        try:
            return self._cache[ctypes]  # (a subscript, not a .get call: asked very often)
        except KeyError:
            pass
        if not ctypes:
            found = sorted(self._alive)
        elif len(ctypes) == 1:
            found = sorted(self._by_type.get(ctypes[0], _NONE))
        else:
            # (the key sets intersected in C: a walk testing each id cost far more, and
            # a Position gained or lost drops every list with Position, many a round)
            by_type = self._by_type
            common = by_type.get(ctypes[0], _NONE).keys() & by_type.get(ctypes[1], _NONE).keys()
            for t in ctypes[2:]:
                common &= by_type.get(t, _NONE).keys()
            found = sorted(common)
        self._cache[ctypes] = found
        keys_of = self._keys_of
        for t in ctypes:
            keys_of.setdefault(t, {})[ctypes] = None
        return found

    # (positional-only, as the implementation's *ctypes takes them)
    @overload
    def query(self, t1: type[C1], /) -> Iterator[tuple[int, C1]]: ...
    @overload
    def query(self, t1: type[C1], t2: type[C2], /) -> Iterator[tuple[int, C1, C2]]: ...
    @overload
    def query(
        self, t1: type[C1], t2: type[C2], t3: type[C3], /
    ) -> Iterator[tuple[int, C1, C2, C3]]: ...
    def query(self, *ctypes: type) -> Iterator[tuple[Any, ...]]:
        # One generator per arity: building each row from a nested generator cost more
        # than the rest of the walk (queries yield millions of rows in a long game).
        if len(ctypes) == 1:
            return self._query1(ctypes[0])
        if len(ctypes) == 2:
            return self._query2(ctypes[0], ctypes[1])
        return self._query_n(ctypes)

    # Systems may create or destroy entities while walking a query: the id list is a
    # snapshot (ids() never changes a list it handed out), and each row is looked up when
    # it is reached, skipping entities that lost the first type meanwhile.
    def _query1(self, t1: type) -> Iterator[tuple[Any, ...]]:
        table = self._by_type.get(t1, _NONE)
        for eid in self.ids(t1):
            if eid in table:
                yield eid, table[eid]

    def _query2(self, t1: type, t2: type) -> Iterator[tuple[Any, ...]]:
        first, second = self._by_type.get(t1, _NONE), self._by_type.get(t2, _NONE)
        for eid in self.ids(t1, t2):
            if eid in first:
                yield eid, first[eid], second[eid]

    def _query_n(self, ctypes: tuple[type, ...]) -> Iterator[tuple[Any, ...]]:
        tables = [self._by_type.get(t, _NONE) for t in ctypes]
        for eid in self.ids(*ctypes):
            if eid in tables[0]:
                yield (eid, *[t[eid] for t in tables])

    def components(self, eid: int) -> list[object]:
        return [t[eid] for t in self._by_type.values() if eid in t]
