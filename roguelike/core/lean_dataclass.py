"""`dataclass` as the standard library makes it, with less work at import (issue 31: start-up).

The standard library compiles each generated method from source text (one `exec` each): the
156 dataclasses `sim` and `verify` import made 778 of them, 73 ms of CPU of a 250 ms start.
Here the standard library still makes `__init__` (and a frozen class's `__setattr__` and
`__delattr__`), the one method whose compiled shape matters to speed, while `__eq__`,
`__hash__` and `__repr__` are made from one shared closure each over the class's field names.
They give what the standard library's give: the same tuples of the same fields compared
(`NotImplemented` for another class) and hashed, the same text, and the standard library's
rules for when a class keeps its own method or gets `__hash__ = None`.
`tests/test_lean_dataclass.py` holds them to the standard library's, class by class."""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T")
Key = Callable[[Any], tuple[Any, ...]]


def _key(names: list[str]) -> Key:
    """The fields' values as the standard library's methods build them: a tuple, always."""
    if len(names) > 1:
        return operator.attrgetter(*names)
    if names:
        one = operator.attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _eq(key: Key) -> Callable[[Any, object], Any]:
    def __eq__(self: Any, other: object) -> Any:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(key: Key) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(key(self))

    return __hash__


def _repr(names: list[str]) -> Callable[[Any], str]:
    values = _key(names)
    shown = [f"{name}=" for name in names]

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        parts = values(self)
        name: str = self.__class__.__qualname__
        return (name + "("
                + ", ".join(label + repr(value) for label, value in zip(shown, parts, strict=True))
                + ")")

    return __repr__


def _set(cls: type, name: str, fn: Callable[..., Any]) -> None:
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, fn)


def _make(cls: type[T], init: bool, show: bool, eq: bool, frozen: bool, slots: bool,
          kw_only: bool, match_args: bool) -> type[T]:
    own = cls.__dict__
    # the standard library's rule: a __hash__ of the class's own counts unless it is the
    # None that Python sets for a class defining __eq__
    own_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    keep_eq, keep_repr = "__eq__" in own, "__repr__" in own
    made = dataclasses.dataclass(cls, init=init, repr=False, eq=False, frozen=frozen,
                                 slots=slots, kw_only=kw_only, match_args=match_args)
    fields = dataclasses.fields(cast(Any, made))
    if show and not keep_repr:
        _set(made, "__repr__", _repr([f.name for f in fields if f.repr]))
    if eq:
        if not keep_eq:
            _set(made, "__eq__", _eq(_key([f.name for f in fields if f.compare])))
        if frozen and not own_hash:
            hashed = [f.name for f in fields if (f.compare if f.hash is None else f.hash)]
            _set(made, "__hash__", _hash(_key(hashed)))
        elif not own_hash:
            made.__hash__ = None  # type: ignore[assignment]  # as the standard library: unhashable
    return made


@overload
def dataclass(cls: type[T], /) -> type[T]: ...


@overload
def dataclass(*, init: bool = True, repr: bool = True, eq: bool = True, frozen: bool = False,
              slots: bool = False, kw_only: bool = False,
              match_args: bool = True) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def dataclass(cls: type[T] | None = None, /, *, init: bool = True, repr: bool = True,
              eq: bool = True, frozen: bool = False, slots: bool = False, kw_only: bool = False,
              match_args: bool = True) -> type[T] | Callable[[type[T]], type[T]]:
    """The standard library's `dataclass` (these of its options; `order` and `unsafe_hash`
    are not used here), its `__eq__`, `__hash__` and `__repr__` made without compiling."""

    def make(c: type[T]) -> type[T]:
        return _make(c, init, repr, eq, frozen, slots, kw_only, match_args)

    return make if cls is None else make(cls)
