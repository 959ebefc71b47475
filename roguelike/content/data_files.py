"""Reading content files: where the content folder is, a TOML file, its [[tables]].

Shared by the loader and every per-table parser (traps.py, saves_table.py, fight_tables.py,
seedwords.py), so that none of them imports the loader.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from roguelike.content.schema import ContentError, build
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
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(rel, "", "", "file is missing") from None
    except tomllib.TOMLDecodeError as err:
        raise ContentError(rel, "", "", f"not valid TOML: {err}") from None
    except UnicodeDecodeError as err:  # tomllib decodes before parsing
        raise ContentError(rel, "", "", f"not UTF-8 text (byte {err.start}): {err.reason}"
                           ) from None


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
