"""What each command loads before it starts (issue 31: start-up): a command imports only
what it needs. `--help` needs no content, engine, Textual, tcod or host; `sim` and `verify`
need the engine and content but neither Textual, the tcod package, nor the host."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "digest-v2.replay.json"

# runs the real command line in a fresh interpreter, then names what it imported
PROBE = """
import contextlib, io, json, sys
from roguelike import cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = cli.main(sys.argv[1:])
    except SystemExit as end:
        code = end.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

NEVER = ("textual", "rich", "asyncssh", "aiohttp", "sqlite3", "psycopg",
         "roguelike.ui", "roguelike.host.config", "roguelike.host.server",
         "roguelike.storage")
HELP_ALSO_NEVER = ("numpy", "tcod._libtcod", "roguelike.content.loader",
                   "roguelike.engine.game", "roguelike.records.replay")


def loaded_by(*argv: str) -> tuple[int, set[str]]:
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return result["code"], set(result["modules"])


def found(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules for n in names if m == n or m.startswith(n + "."))


def test_help_loads_neither_content_nor_engine_nor_any_screen_or_host():
    code, modules = loaded_by("--help")
    assert code == 0
    assert not found(modules, NEVER + HELP_ALSO_NEVER)
    assert "roguelike.host.cli" in modules  # (its parser, without the host itself)


@pytest.mark.parametrize("argv", [("sim", "--seed", "start up", "--actions", "20"),
                                  ("verify", str(FIXTURE))], ids=["sim", "verify"])
def test_sim_and_verify_load_the_engine_without_screens_tcod_package_or_host(argv):
    code, modules = loaded_by(*argv)
    assert code == 0
    assert "roguelike.engine.game" in modules and "tcod._libtcod" in modules
    assert not found(modules, NEVER)
    assert "tcod" not in modules  # the package (SDL and all): world/libtcod.py skips it
