"""tcod's compiled library, loaded without running the `tcod` package's __init__.

`import tcod.<anything>` first imports every tcod module, the SDL window, event, console and
tileset ones included: about a third of the game's start-up and 10 MB of memory in a
terminal game that uses none of them. The game needs only a few C functions (field of view,
Dijkstra maps, Bresenham lines), so it loads the library module directly. When the package
layout is not the expected one, it falls back to the package: slower to start, same results.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any


def _load() -> tuple[Any, Any]:
    try:
        spec = importlib.util.find_spec("tcod")
        folders = list(spec.submodule_search_locations or []) if spec else []
        for folder in folders:
            for path in sorted(Path(folder).glob("_libtcod*")):
                if path.suffix not in (".so", ".pyd"):
                    continue
                lib_spec = importlib.util.spec_from_file_location("tcod._libtcod", path)
                if lib_spec is None or lib_spec.loader is None:
                    continue
                module = importlib.util.module_from_spec(lib_spec)
                lib_spec.loader.exec_module(module)
                return module.ffi, module.lib
    except (ImportError, OSError, AttributeError):
        pass
    from tcod.cffi import ffi as package_ffi
    from tcod.cffi import lib as package_lib

    return package_ffi, package_lib


ffi, lib = _load()
