"""The game's bytecode, as an installed game has it, for the start-up figures.

pip compiles every package it installs, but an editable install (the README's) leaves the
game's own modules to be compiled when first imported, and with PYTHONDONTWRITEBYTECODE set
(as on this machine) the result is never saved: every start compiles all of them again.
The README's setup commands compile the game once, as pip would; the benchmarks do the same
before timing a start, and time a first-ever start (no bytecode at all) on its own.
"""

from __future__ import annotations

import compileall
import os
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "roguelike"
CONTENT = PACKAGE.parent / "content"


def compile_game() -> None:
    """Write the game's missing or stale bytecode (what the setup command does) and the
    content's parsed copy (roguelike/content/data_files.py: what the first start writes)."""
    if not compileall.compile_dir(PACKAGE, quiet=1):
        raise RuntimeError(f"the game's modules in {PACKAGE} do not compile")
    subprocess.run([sys.executable, "-c", "from roguelike.content.loader import "
                    "default_content; default_content()"], cwd=PACKAGE.parent, check=True)


def first_launch_env() -> dict[str, str]:
    """The environment of a first-ever start: the game's bytecode and the content's parsed
    copy removed (caches, ignored by git) and no bytecode saved by the run. Call
    compile_game() afterwards."""
    for cache in [*sorted(PACKAGE.rglob("__pycache__")), *sorted(CONTENT.rglob("__pycache__"))]:
        shutil.rmtree(cache)
    return {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
