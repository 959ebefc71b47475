"""The content's checked tables, kept as JSON beside the content (issue 31: start-up).

Building and checking the typed tables (540 entries and their rows, 52 classes each
compiling its `__init__` on first use) was most of loading the content: 25 of its 30 ms of
CPU at every start of `sim`, `verify` and `play`. A load that passed every check is kept in
`__pycache__/checked-tables.json` under the content folder, and the next start reads it
back without building or checking anything again.

This module is the kept file's one owner. It is stale when its fingerprint differs: the
digest of the content's files (`Content.digest`, the bytes of every rule file) and of the
code that reads and checks them (every module of this package and the dataclass maker), so a
changed file is read and checked afresh (a malformed one refused as ever) and a change to a
check or a table's shape is never answered from an older load. Under ROGUELIKE_CHECK_KEPT=1
the loader also makes the tables afresh and refuses a kept copy that differs.

The JSON tags what JSON has no shape for: a dataclass {"$c": "module.Class", fields...}, a
tuple {"$t": [...]}, a path {"$p": "..."}, and a table whose keys are not all text, or
where one begins with "$", {"$d": [[key, value], ...]}. A class is looked up only among
this package's modules; anything else the tables might come to hold is not kept (the next
start loads afresh), never guessed at.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from roguelike.core.kept_file import write_kept

FORMAT = 1
KEPT_NAME = "checked-tables.json"
CHECK_ENV = "ROGUELIKE_CHECK_KEPT"
_PACKAGE = __name__.rpartition(".")[0] + "."
_MAKER = Path(__file__).resolve().parents[1] / "core" / "lean_dataclass.py"


class NotKeepable(Exception):
    """The tables hold a value this file has no form for."""


class StaleTables(AssertionError):
    """The kept tables differ from a fresh load (raised under ROGUELIKE_CHECK_KEPT)."""


def kept_path(root: Path) -> Path:
    return root / "__pycache__" / KEPT_NAME


def fingerprint(content_digest: str) -> str:
    """What the kept tables are a function of: the content files and the code checking them."""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{FORMAT}\0{content_digest}\0".encode())
    here = Path(__file__).resolve().parent
    for path in [*sorted(here.glob("*.py")), _MAKER]:
        h.update(path.name.encode())
        h.update(b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, tuple):
        return {"$t": [_encode(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("$") for k in value):
            return {k: _encode(v) for k, v in value.items()}
        if all(isinstance(k, (str, int)) for k in value):
            return {"$d": [[k, _encode(v)] for k, v in value.items()]}
        raise NotKeepable(f"a table keyed by {type(next(iter(value))).__name__}")
    if isinstance(value, Path):
        return {"$p": str(value)}
    cls = type(value)
    if dataclasses.is_dataclass(value) and cls.__module__.startswith(_PACKAGE):
        names = [f.name for f in dataclasses.fields(value)]
        if list(vars(value)) != names:  # something beside its fields: not kept
            raise NotKeepable(f"{cls.__qualname__} holds more than its fields")
        out: dict[str, Any] = {"$c": f"{cls.__module__}:{cls.__qualname__}"}
        out.update((name, _encode(getattr(value, name))) for name in names)
        return out
    raise NotKeepable(f"a value of type {cls.__qualname__}")


def _class(tag: str) -> type:
    module, _, name = tag.partition(":")
    found = getattr(sys.modules.get(module), name, None) if module.startswith(_PACKAGE) \
        else None
    if not (isinstance(found, type) and dataclasses.is_dataclass(found)):
        raise ValueError(f"no content class {tag}")
    return found


def _decode(table: dict[str, Any]) -> Any:
    """json's object hook: the tagged shapes back into their values. A dataclass is made
    without its `__init__`: its fields were checked when the tables were kept."""
    tag = table.pop("$c", None)
    if tag is not None:
        obj: Any = object.__new__(_class(tag))
        obj.__dict__.update(table)
        return obj
    if len(table) == 1:
        if "$t" in table:
            return tuple(table["$t"])
        if "$p" in table:
            return Path(table["$p"])
        if "$d" in table:
            return {k: v for k, v in table["$d"]}
    return table


def read(root: Path, print_: str) -> Any | None:
    """The kept tables of fingerprint `print_`, or None (none kept, unreadable, stale)."""
    try:
        raw = kept_path(root).read_bytes()
    except OSError:
        return None
    head = f'{{"fingerprint": "{print_}", "tables": '.encode()
    if not raw.startswith(head):  # stale: not worth decoding
        return None
    try:
        return json.loads(raw, object_hook=_decode)["tables"]
    except (ValueError, KeyError, TypeError):
        return None


def keep(root: Path, print_: str, tables: Any) -> None:
    """Keep `tables` (a load that passed every check) for starts with the same fingerprint;
    nothing is kept where the folder is read-only or the tables hold a shape not kept."""
    try:
        body = json.dumps(_encode(tables), allow_nan=False, separators=(",", ":"))
    except (NotKeepable, ValueError):
        return
    write_kept(kept_path(root), f'{{"fingerprint": "{print_}", "tables": {body}}}'.encode())


def checking() -> bool:
    return os.environ.get(CHECK_ENV, "") not in ("", "0")
