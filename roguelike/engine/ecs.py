"""The entity store: integer ids, plain dataclass components, queries by component set.

A store is an instance owned by a game; there is no module-level world. Iteration is in
ascending id order so that systems visit entities in the same order on every run.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, TypeVar, overload

C = TypeVar("C")
C1 = TypeVar("C1")
C2 = TypeVar("C2")
C3 = TypeVar("C3")


class EntityStore:
    def __init__(self) -> None:
        self.next_id = 1
        self._by_type: dict[type, dict[int, Any]] = {}
        self._alive: dict[int, None] = {}

    def create(self, *components: object) -> int:
        eid = self.next_id
        self.next_id += 1
        self._alive[eid] = None
        for comp in components:
            self.add(eid, comp)
        return eid

    def destroy(self, eid: int) -> None:
        for table in self._by_type.values():
            table.pop(eid, None)
        self._alive.pop(eid, None)

    def alive(self, eid: int) -> bool:
        return eid in self._alive

    def add(self, eid: int, comp: object) -> None:
        if eid not in self._alive:
            raise KeyError(f"entity {eid} does not exist")
        self._by_type.setdefault(type(comp), {})[eid] = comp

    def remove(self, eid: int, ctype: type) -> None:
        self._by_type.get(ctype, {}).pop(eid, None)

    def has(self, eid: int, ctype: type) -> bool:
        return eid in self._by_type.get(ctype, {})

    def get(self, eid: int, ctype: type[C]) -> C:
        try:
            return self._by_type[ctype][eid]  # type: ignore[no-any-return]
        except KeyError:
            raise KeyError(f"entity {eid} has no {ctype.__name__}") from None

    def try_get(self, eid: int, ctype: type[C]) -> C | None:
        return self._by_type.get(ctype, {}).get(eid)

    def ids(self, *ctypes: type) -> list[int]:
        """Ids having every component type, ascending."""
        if not ctypes:
            return sorted(self._alive)
        tables = [self._by_type.get(t, {}) for t in ctypes]
        smallest = min(tables, key=len)
        return sorted(e for e in smallest if all(e in t for t in tables))

    @overload
    def query(self, t1: type[C1]) -> Iterator[tuple[int, C1]]: ...
    @overload
    def query(self, t1: type[C1], t2: type[C2]) -> Iterator[tuple[int, C1, C2]]: ...
    @overload
    def query(
        self, t1: type[C1], t2: type[C2], t3: type[C3]
    ) -> Iterator[tuple[int, C1, C2, C3]]: ...
    def query(self, *ctypes: type) -> Iterator[tuple[Any, ...]]:
        tables = [self._by_type.get(t, {}) for t in ctypes]
        for eid in self.ids(*ctypes):
            yield (eid, *(t[eid] for t in tables))

    def components(self, eid: int) -> list[object]:
        return [t[eid] for t in self._by_type.values() if eid in t]
