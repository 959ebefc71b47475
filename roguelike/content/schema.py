"""Turn parsed TOML into frozen dataclasses, refusing anything malformed.

Every error names the file, the entry and the field, so a content author can fix it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

T = TypeVar("T")


class ContentError(Exception):
    """A content file that cannot be used, with where and why."""

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        self.file, self.entry, self.field, self.problem = file, entry, field, problem
        where = f"{file}: entry '{entry}'" if entry else file
        if field:
            where += f", field '{field}'"
        super().__init__(f"{where}: {problem}")


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Literal:
        return " | ".join(repr(a) for a in get_args(tp))
    if origin in (Union, types.UnionType):
        return " | ".join(_type_name(a) for a in get_args(tp))
    if origin is not None:
        return f"{origin.__name__}[{', '.join(_type_name(a) for a in get_args(tp))}]"
    return getattr(tp, "__name__", str(tp))


class _Ctx:
    def __init__(self, file: str, entry: str) -> None:
        self.file, self.entry = file, entry

    def fail(self, field: str, problem: str) -> ContentError:
        return ContentError(self.file, self.entry, field, problem)


Convert = Callable[[Any, _Ctx, str], Any]
_CONVERTERS: dict[Any, Convert] = {}


def _converter(tp: Any) -> Convert:
    """The check and conversion of a value of schema type `tp`, worked out once per type:
    asking typing what each type is, for every value of every entry, was most of the time
    of loading the content at each start (issue 31: start-up)."""
    known = _CONVERTERS.get(tp)
    if known is None:
        known = _CONVERTERS[tp] = _make_converter(tp)
    return known


def _convert(value: Any, tp: Any, ctx: _Ctx, path: str) -> Any:
    return _converter(tp)(value, ctx, path)


def _make_converter(tp: Any) -> Convert:
    origin = get_origin(tp)
    if tp is Any:
        return lambda value, _ctx, _path: value
    if origin is Literal:
        allowed = get_args(tp)

        def literal(value: Any, ctx: _Ctx, path: str) -> Any:
            if value not in allowed:
                raise ctx.fail(path, f"must be one of {_type_name(tp)}, got {value!r}")
            return value
        return literal
    if origin in (Union, types.UnionType):
        optional = type(None) in get_args(tp)
        choices = [_converter(arg) for arg in get_args(tp) if arg is not type(None)]

        def union(value: Any, ctx: _Ctx, path: str) -> Any:
            if value is None and optional:
                return None
            for choice in choices:
                try:
                    return choice(value, ctx, path)
                except ContentError:
                    pass
            raise ctx.fail(path, f"expected {_type_name(tp)}, got {value!r}")
        return union
    if origin in (list, tuple):
        (item_tp, *_rest) = get_args(tp) or (Any,)
        item = _converter(item_tp)
        as_tuple = origin is tuple

        def sequence(value: Any, ctx: _Ctx, path: str) -> Any:
            if not isinstance(value, list):
                raise ctx.fail(path, f"expected a list, got {type(value).__name__}")
            items = [item(v, ctx, f"{path}[{i}]") for i, v in enumerate(value)]
            return tuple(items) if as_tuple else items
        return sequence
    if origin is dict:
        _key_tp, val_tp = get_args(tp)
        val = _converter(val_tp)

        def table(value: Any, ctx: _Ctx, path: str) -> Any:
            if not isinstance(value, dict):
                raise ctx.fail(path, f"expected a table, got {type(value).__name__}")
            return {str(k): val(v, ctx, f"{path}.{k}") for k, v in value.items()}
        return table
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        cls = tp
        return lambda value, ctx, path: build(cls, value, ctx.file, ctx.entry,
                                              prefix=f"{path}.")
    if tp is bool:
        def boolean(value: Any, ctx: _Ctx, path: str) -> Any:
            if not isinstance(value, bool):
                raise ctx.fail(path, f"expected true or false, got {value!r}")
            return value
        return boolean
    if tp is int:
        def whole(value: Any, ctx: _Ctx, path: str) -> Any:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ctx.fail(path, f"expected a whole number, got {value!r}")
            return value
        return whole
    if tp is str:
        def text(value: Any, ctx: _Ctx, path: str) -> Any:
            if not isinstance(value, str):
                raise ctx.fail(path, f"expected text, got {value!r}")
            return value
        return text

    def unsupported(_value: Any, ctx: _Ctx, path: str) -> Any:
        raise ctx.fail(path, f"unsupported schema type {_type_name(tp)}")
    return unsupported


Schema = tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]
_SCHEMAS: dict[type, Schema] = {}


def _schema(cls: type) -> Schema:
    """A dataclass's resolved field types and fields: resolving the string annotations is
    the slow part of loading content, and a class's schema never changes (so this kept
    answer is never stale)."""
    known = _SCHEMAS.get(cls)
    if known is None:
        fields = {f.name: f for f in dataclasses.fields(cls)}
        known = _SCHEMAS[cls] = (typing.get_type_hints(cls), fields)
    return known


def build(cls: type[T], data: Any, file: str, entry: str = "", prefix: str = "") -> T:
    """Build dataclass `cls` from a TOML table, checking every field and refusing extras."""
    ctx = _Ctx(file, entry)
    where = prefix.rstrip(".")
    if not isinstance(data, dict):
        raise ctx.fail(where, f"expected a table, got {type(data).__name__}")
    hints, fields = _schema(cls)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ctx.fail(f"{prefix}{unknown[0]}", "unknown field (misspelt?)")
    kwargs: dict[str, Any] = {}
    for name, f in fields.items():
        if name not in data:
            no_default = f.default is dataclasses.MISSING
            if no_default and f.default_factory is dataclasses.MISSING:
                raise ctx.fail(f"{prefix}{name}", "required field is missing")
            continue
        kwargs[name] = _converter(hints[name])(data[name], ctx, f"{prefix}{name}")
    obj = cls(**kwargs)
    check = getattr(obj, "validate", None)
    if check is not None:
        problem = check()
        if problem:
            field, message = problem
            raise ctx.fail(f"{prefix}{field}", message)
    return obj


def picked(cls: type[T], raw: Any, file: str, entry: str) -> T:
    """Build `cls` from only the fields it declares (the tables carry many more)."""
    if not isinstance(raw, dict):
        raise ContentError(file, entry, "", "expected a table")
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    return build(cls, {k: v for k, v in raw.items() if k in names}, file, entry)


def picked_rows(cls: type[T], data: dict[str, Any], key: str, file: str) -> list[T]:
    """Each [[key]] table of `data` as `cls` (picked: only its fields); at least one."""
    rows = data.get(key)
    if not isinstance(rows, list) or not rows:
        raise ContentError(file, "", key, f"needs at least one [[{key}]] table")
    return [picked(cls, r, file, str(r.get("id", f"#{i + 1}")) if isinstance(r, dict)
                   else f"#{i + 1}") for i, r in enumerate(rows)]
