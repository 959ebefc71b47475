"""Crash-safe file writes: a file is either the old version or the new, never half."""

from __future__ import annotations

import contextlib
import itertools
import os
from pathlib import Path

TMP_SUFFIX = ".tmp"
_counter = itertools.count()


def fsync_dir(directory: Path) -> None:
    """Make a rename in `directory` durable (no-op where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes) -> None:
    """Write via a temporary file in the same folder: write, flush, fsync, rename, fsync dir."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # pid + counter: a signal-time save can never share a temporary file with another save
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{next(_counter)}{TMP_SUFFIX}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


def keep_copy(src: Path, dest: Path) -> None:
    """Atomically make `dest` a copy of `src` (a hard link where possible), src untouched."""
    link = dest.with_name(f".{dest.name}.{os.getpid()}.{next(_counter)}{TMP_SUFFIX}")
    try:
        os.link(src, link)
    except OSError:
        atomic_write(dest, src.read_bytes())
        return
    os.replace(link, dest)
    fsync_dir(dest.parent)


def move_aside(path: Path, tag: str = "corrupt") -> Path:
    """Rename a file to `<name>.<tag>-N` (first free N) and return the new path."""
    for n in itertools.count(1):
        target = path.with_name(f"{path.name}.{tag}-{n}")
        if not target.exists():
            os.replace(path, target)
            fsync_dir(path.parent)
            return target
    raise AssertionError("unreachable")


def remove_stale_temps(directory: Path, name: str) -> None:
    """Drop temporary files a killed writer of `name` left behind."""
    if not directory.is_dir():
        return
    for tmp in directory.glob(f".{name}.*{TMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            tmp.unlink()
