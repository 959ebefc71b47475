"""Crash reports: the whole traceback in a file of the logs folder, one line for the player."""

from __future__ import annotations

import os
import sys
import time
import traceback
from pathlib import Path

from roguelike import __version__, places
from roguelike.records.atomic import atomic_write


def write_report(text: str) -> Path:
    """Write a crash report; the file's path (OSError if it cannot be written)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    path = places.log_dir() / f"crash-{stamp}-{os.getpid()}.txt"
    header = (f"Traps & Treasure {__version__}, Python {sys.version.split()[0]}, "
              f"{sys.platform}\ncommand: {' '.join(sys.argv)}\n\n")
    atomic_write(path, (header + text).encode("utf-8", "replace"))
    return path


def report(exc: BaseException | None = None) -> str:
    """Record `exc` (default: the exception being handled); the sentence to show."""
    exc = exc if exc is not None else sys.exc_info()[1]
    if exc is None:
        return "the game stopped on an unexpected error"
    summary = f"{type(exc).__name__}: {exc}"
    text = "".join(traceback.format_exception(exc))
    try:
        path = write_report(text)
    except OSError as err:  # no logs folder either: the traceback itself, on stderr
        return (f"the game stopped on an unexpected error, and its report could not be "
                f"written ({err.strerror or err}):\n{text}")
    return (f"the game stopped on an unexpected error ({summary}). The report is in "
            f"{path}; please send it with a bug report.")
