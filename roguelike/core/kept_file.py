"""Writing a kept file (a kept answer beside what it is kept from, as Python keeps bytecode):
whole or not at all, and nothing where this user may not write."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_kept(target: Path, data: bytes) -> None:
    """Write `data` to `target` whole or not at all (for a start beside this one), in a
    `__pycache__` made if missing; where this user may not write (a read-only install, a
    host's run-as user), nothing is kept."""
    temp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, target)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
