"""The host's own copies of the replays it proves: `replays-proved/<aa>/<sha256>.replay.json`
in its data folder, named by their content (the same bytes are kept once), never in a
folder a game or a player can write. (The host and its workers write with umask 077:
these files are its user's alone.)
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from roguelike.records.atomic import atomic_write

FOLDER = "replays-proved"


class TooBig(Exception):
    """A file over the size limit (read no further)."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def keep(data_dir: Path, data: bytes) -> tuple[str, str]:
    """Write `data` (once) and return its path relative to the data folder, and its sha256."""
    digest = sha256(data)
    rel = Path(FOLDER) / digest[:2] / f"{digest}.replay.json"
    path = Path(data_dir) / rel
    if not path.is_file():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        atomic_write(path, data)
    return rel.as_posix(), digest


def read_at_most(path: Path, limit: int) -> bytes:
    """The file's bytes, never following a link; TooBig past `limit` bytes."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    with os.fdopen(fd, "rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise TooBig(f"the replay is over {limit // 1024} KiB, this host's limit")
    return data
