"""Reading content files: where the content folder is, a TOML file, its [[tables]].

Shared by the loader and every per-table parser (traps.py, saves_table.py, fight_tables.py,
seedwords.py), so that none of them imports the loader.

A file's parsed TOML is kept beside it as JSON (`__pycache__/NAME.json`, with the digest of
the bytes it was parsed from), as Python keeps bytecode: parsing the content's TOML was 70%
of loading it, 60 ms of every start of `play`, `sim` and `verify` (issue 31), and the C JSON
reader takes a few. The kept copy is used only while the file's bytes are the same, so it
never changes what a file says; where the folder is read-only none is written. (Unlike
bytecode it is written under PYTHONDONTWRITEBYTECODE too: it is the game's data, not
Python's, and hosts and containers often set that variable.)
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, TypeVar

from roguelike.content.schema import ContentError, build
from roguelike.core.kept_file import write_kept
from roguelike.places import PACKAGE_DIR, checkout_root

T = TypeVar("T")


def content_root() -> Path:
    """The content folder: $ROGUELIKE_CONTENT, else the copy bundled with an installed game
    (the wheel force-includes content/ as roguelike/_content), else the checkout's content/.

    Never the folder beside the package without asking: an installed game sits in
    site-packages, where any other package may have put a top-level content/."""
    env = os.environ.get("ROGUELIKE_CONTENT")
    if env:
        return Path(env)
    bundled = PACKAGE_DIR / "_content"
    if bundled.is_dir():
        return bundled
    checkout = checkout_root()
    if checkout is not None:
        return checkout / "content"
    return bundled  # missing: load_content names it in "content folder not found"


def read_toml(path: Path, root: Path) -> dict[str, Any]:
    """A content file's TOML; errors name it relative to the content `root`."""
    return read_labelled(path, str(path.relative_to(root)) if path.is_relative_to(root)
                         else str(path))


def read_labelled(path: Path, rel: str) -> dict[str, Any]:
    """A TOML file, or a ContentError naming it as `rel` (missing, not TOML, not UTF-8)."""
    try:
        raw = path.read_bytes()
        kept = _kept(path, raw)
        if kept is not None:
            return kept
    except FileNotFoundError:
        raise ContentError(rel, "", "", "file is missing") from None
    data = _parse(raw, rel)
    _keep(path, raw, data)
    return data


def _parse(raw: bytes, rel: str) -> dict[str, Any]:
    """The TOML itself (the parser is imported only when a file has no kept parse)."""
    import tomllib

    try:
        return tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise ContentError(rel, "", "", f"not valid TOML: {err}") from None
    except UnicodeDecodeError as err:  # tomllib decodes before parsing
        raise ContentError(rel, "", "", f"not UTF-8 text (byte {err.start}): {err.reason}"
                           ) from None


def _kept_path(path: Path) -> Path:
    return path.parent / "__pycache__" / f"{path.name}.json"


def _digest(raw: bytes) -> str:
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


def _kept(path: Path, raw: bytes) -> dict[str, Any] | None:
    """The kept parse of `raw`, or None (none kept, unreadable, or of other bytes)."""
    try:
        kept = json.loads(_kept_path(path).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("digest") != _digest(raw):
        return None
    data = kept.get("data")
    return data if isinstance(data, dict) else None


def _keep(path: Path, raw: bytes, data: dict[str, Any]) -> None:
    try:  # (TOML dates have no JSON form: such a file is parsed each time)
        text = json.dumps({"digest": _digest(raw), "data": data}, allow_nan=False)
    except (TypeError, ValueError):
        return
    write_kept(_kept_path(path), text.encode())


def entries(
    cls: type[T], data: dict[str, Any], key: str, file: str, *, unique: bool = True
) -> list[T]:
    """Build every `[[key]]` table of a file into `cls`, checking ids are unique."""
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise ContentError(file, "", key, f"needs at least one [[{key}]] table")
    out: list[T] = []
    seen: set[str] = set()
    for i, item in enumerate(raw):
        name = str(item.get("id", f"#{i + 1}")) if isinstance(item, dict) else f"#{i + 1}"
        obj = build(cls, item, file, name)
        ident = getattr(obj, "id", None)
        if unique and ident is not None:
            if ident in seen:
                raise ContentError(file, name, "id", "duplicate id")
            seen.add(ident)
        out.append(obj)
    return out
