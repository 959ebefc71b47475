"""`dataclass` as the standard library makes it, with less work at import (issue 31: start-up).

The standard library compiles each generated method from source text (one `exec` each): the
156 dataclasses `sim` and `verify` import made 778 of them, 73 ms of CPU of a 250 ms start,
and it asks `inspect` for a signature to write a docstring for each class without one.
Here it only finds the fields (and says whether the class is frozen where another dataclass
is below it, so that it makes its checks). `__eq__`, `__hash__`, `__repr__` and a frozen
class's guards are shared closures over the field names, giving what the standard library's
give: the same tuples of the same fields compared (`NotImplemented` for another class), the
same text, the same refusals, and its rules for when a class keeps its own
method or gets `__hash__ = None`. `__init__`, the one method whose compiled shape matters
to speed, is compiled from the standard library's own text, when the class is first made.
A frozen class's `__hash__` is the one answer that differs, on purpose: the standard
library's is Python's own hash of the fields' tuple, which for a text changes with
PYTHONHASHSEED (a set of such objects would be ordered differently on every run); here it is
`stable_hash`, the same everywhere, and equal objects still hash equal.
A class without a docstring is documented by its name. `tests/test_lean_dataclass.py`
holds every shape the game uses to the standard library's answers."""

from __future__ import annotations

import dataclasses
import enum
import operator
import reprlib
import sys
import zlib
from collections.abc import Callable
from typing import Any, TypeVar, cast, dataclass_transform, overload

T = TypeVar("T")
Key = Callable[[Any], tuple[Any, ...]]


class _Factory:
    """The default of a parameter whose field has a default factory (called when left out)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


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


_MASK = (1 << 64) - 1
_P1, _P2, _P5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
_NONE = 0x6E6F6E65


def _mixed(values: Any, ordered: bool = True) -> int:
    """xxHash's way of folding many lanes into one (as CPython's tuple hash), on integers:
    the same on every run, every PYTHONHASHSEED and every Python."""
    if not ordered:  # a frozenset's members in no order: folded by a sum
        return (sum(stable_hash(v) for v in values) * _P2 + len(values)) & _MASK
    acc = _P5
    for value in values:
        acc = (acc + (stable_hash(value) & _MASK) * _P2) & _MASK
        acc = (((acc << 31) | (acc >> 33)) & _MASK) * _P1 & _MASK
    return (acc + (len(values) ^ _P5 ^ 3527539)) & _MASK


def stable_hash(value: Any) -> int:
    """A frozen dataclass's hash of its fields. Python's own hash of a text differs
    with PYTHONHASHSEED, so a set of such objects would come out in another order on each
    run; here texts are hashed by their CRC-32, numbers are themselves, tuples, frozensets
    and enumerations are folded from their parts, and this module's own frozen classes
    by this function. Any other object is hashed as it hashes itself (a list refuses, as
    it does in the standard library's dataclasses)."""
    kind = value.__class__
    if kind is int or kind is bool:
        return int(value)
    if kind is str:
        return zlib.crc32(value.encode("utf-8", "surrogatepass"))
    if kind is tuple:
        return _mixed(value)
    if value is None:
        return _NONE
    if isinstance(value, enum.Enum):
        return _mixed((kind.__qualname__, value.value))
    if isinstance(value, int):
        return int(value)
    if isinstance(value, (str, bytes)):
        return zlib.crc32(value.encode("utf-8", "surrogatepass") if isinstance(value, str)
                          else value)
    if isinstance(value, tuple):
        return _mixed(value)
    if isinstance(value, frozenset):
        return _mixed(value, ordered=False)
    if kind.__hash__ is None:
        raise TypeError(f"unhashable type: '{kind.__name__}'")
    made: int = value.__hash__()  # its own (this module's frozen classes land here too)
    return made


def _hash(key: Key) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return _mixed(key(self))

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


def _frozen_methods(cls: type[Any], names: tuple[str, ...]) -> None:
    """A frozen class's guards, as the standard library's: a field of the class (or any
    name on an instance of the class itself) can be neither assigned nor deleted."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    _set(cls, "__setattr__", __setattr__)
    _set(cls, "__delattr__", __delattr__)
    if "__slots__" in cls.__dict__:  # copy's and pickle's state, set past the guard
        _set(cls, "__getstate__", _getstate)
        _set(cls, "__setstate__", _setstate)


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state, strict=False):
        object.__setattr__(self, f.name, value)


def _init(cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool,
          slots: bool) -> Callable[..., None]:
    """`__init__` compiled from the text the standard library writes (the same parameters,
    defaults, factories, assignments and `__post_init__` call, so the same speed)."""
    closure: dict[str, Any] = {f"_type_{f.name}": f.type for f in fields}
    closure.update(MISSING=dataclasses.MISSING, _HAS_DEFAULT_FACTORY=_FACTORY,
                   __dataclass_builtins_object__=object)
    params: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields:
        default = f"_dflt_{f.name}"
        value: str | None = f.name
        if f.default_factory is not dataclasses.MISSING:
            closure[default] = f.default_factory
            value = (f"{default}() if {f.name} is _HAS_DEFAULT_FACTORY else {f.name}"
                     if f.init else f"{default}()")
        elif f.default is not dataclasses.MISSING:
            closure[default] = f.default
            if not f.init:
                value = default if slots else None  # else the class attribute is read
        elif not f.init:
            value = None
        if f.init:
            param = f"{f.name}:_type_{f.name}"
            if f.default_factory is not dataclasses.MISSING:
                param += "=_HAS_DEFAULT_FACTORY"
            elif f.default is not dataclasses.MISSING:
                param += f"={default}"
            (keyword if f.kw_only else params).append(param)
        if value is not None:
            body.append(f"__dataclass_builtins_object__.__setattr__(self,{f.name!r},{value})"
                        if frozen else f"self.{f.name}={value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    args = ",".join(["self", *params, *(["*", *keyword] if keyword else [])])
    lines = "\n".join(f"  {line}" for line in body or ["pass"])
    closure["_return_type"] = None
    text = (f"def __create_fn__({', '.join(closure)}):\n"
            f" def __init__({args})->_return_type:\n{lines}\n return __init__")
    module = sys.modules.get(cls.__module__)
    space: dict[str, Any] = {}
    # compiled without this module's `from __future__ import annotations`, as the standard
    # library's is: the parameters' annotations are the field types themselves
    code = compile(text, "<string>", "exec", dont_inherit=True)
    exec(code, module.__dict__ if module else {}, space)
    made: Callable[..., None] = space["__create_fn__"](**closure)
    return made


def _check_order(fields: tuple[dataclasses.Field[Any], ...]) -> None:
    """As the standard library refuses a class: a positional field without a default after
    one with (so the class is refused where it is written, not where it is first made)."""
    seen_default = False
    for f in fields:
        if f.init and not f.kw_only:
            if (f.default is not dataclasses.MISSING
                    or f.default_factory is not dataclasses.MISSING):
                seen_default = True
            elif seen_default:
                raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _first_init(cls: type, fields: tuple[dataclasses.Field[Any], ...], frozen: bool,
                slots: bool) -> Callable[..., None]:
    """The class's `__init__` until it is first made: it compiles the real one, puts it in
    its place and calls it, so a class the command never makes costs no compiling (of the
    154 classes `sim` and `verify` import, their start makes 87; a 1,000-action game 114)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        real = cls.__dict__["__init__"]
        if real is __init__:
            real = _init(cls, fields, frozen, slots)
            _set(cls, "__init__", real)
        real(self, *args, **kwargs)

    return __init__


def _has_dataclass_base(cls: type) -> bool:
    return any("__dataclass_fields__" in base.__dict__ for base in cls.__mro__[1:])


def _make(cls: type[T], init: bool, show: bool, eq: bool, frozen: bool, slots: bool,
          kw_only: bool, match_args: bool) -> type[T]:
    own = cls.__dict__
    # the standard library's rule: a __hash__ of the class's own counts unless it is the
    # None that Python sets for a class defining __eq__
    own_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    keep_eq, keep_repr = "__eq__" in own, "__repr__" in own
    if not own.get("__doc__"):  # the standard library would ask inspect for a signature
        cls.__doc__ = f"{cls.__name__}: a dataclass"
    # the standard library finds the fields; __init__, the frozen guards and the rest are
    # made here, so it is asked for none of them. Only below another dataclass is it told
    # whether the class is frozen (it refuses a frozen class below a thawed one, and back,
    # and then writes the guards itself: the few such classes pay that)
    below = _has_dataclass_base(cls)
    made = dataclasses.dataclass(cls, init=False, repr=False, eq=False,
                                 frozen=frozen and below, slots=slots, kw_only=kw_only,
                                 match_args=match_args)
    # what the class is, for dataclasses made below it (by either maker)
    params = cast(Any, made).__dataclass_params__
    params.init, params.repr, params.eq, params.frozen = init, show, eq, frozen
    kinds = {repr(getattr(f, "_field_type", None))
             for f in cast(Any, made).__dataclass_fields__.values()}
    if "_FIELD_INITVAR" in kinds:
        raise TypeError(f"{cls.__name__}: InitVar fields are not supported here")
    fields = dataclasses.fields(cast(Any, made))
    if init and "__init__" not in own:
        _check_order(fields)
        _set(made, "__init__", _first_init(made, fields, frozen, slots))
    if frozen:
        _frozen_methods(made, tuple(f.name for f in fields))
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
