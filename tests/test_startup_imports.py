"""What each command loads before it starts (issue 31: start-up): a command imports only
what it needs. `--help` needs no content, engine, Textual, tcod or host; `sim` and `verify`
need the engine and content but neither Textual, the tcod package, nor the host."""

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "digest-v2.replay.json"

# runs the real command line in a fresh interpreter, then names what it imported
PROBE = """
import contextlib, io, json, os, sys
from roguelike import cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = cli.main(sys.argv[1:])
    except SystemExit as end:
        code = end.code
with open("/proc/self/status") as status:
    threads = int(next(line.split()[1] for line in status if line.startswith("Threads")))
print(json.dumps({"code": code, "modules": sorted(sys.modules), "threads": threads,
                  "blas": os.environ.get("OPENBLAS_NUM_THREADS")}))
"""

NEVER = ("textual", "rich", "asyncssh", "aiohttp", "sqlite3", "psycopg",
         "roguelike.ui", "roguelike.host.config", "roguelike.host.server",
         "roguelike.storage")
HELP_ALSO_NEVER = ("numpy", "tcod._libtcod", "roguelike.content.loader",
                   "roguelike.engine.game", "roguelike.records.replay")
# what the game's work does not need once the content's parse is kept (the TOML parser), nor
# `verify` the bot; each cost start-up time when it crept in (issue 31)
WORK_NEVER = ("tomllib", "roguelike.challenges.commands", "roguelike.tools.dump",
              # only the command given builds its parser and imports its modules (the
              # host's and challenges' parsers, the crash report and its traceback only
              # for a crash, the terminal check only for a screen)
              "roguelike.host", "roguelike.challenges", "roguelike.crash", "traceback",
              "roguelike.terminal")
VERIFY_ALSO_NEVER = ("roguelike.bot", "roguelike.tools.sim")
SIM_ALSO_NEVER = ("roguelike.records.commands",)


def run_probe(*argv: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def loaded_by(*argv: str) -> tuple[int, set[str]]:
    result = run_probe(*argv)
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
    loaded_by(*argv)  # the first run keeps the content's parse where none is kept yet
    code, modules = loaded_by(*argv)
    assert code == 0
    assert "roguelike.engine.game" in modules and "tcod._libtcod" in modules
    assert not found(modules, NEVER + WORK_NEVER)
    assert "tcod" not in modules  # the package (SDL and all): world/libtcod.py skips it
    if argv[0] == "verify":
        assert not found(modules, VERIFY_ALSO_NEVER)
    else:
        assert not found(modules, SIM_ALSO_NEVER)
        assert "roguelike.bot.player" in modules


PYPROJECTS = {
    "ours": '[build-system]\nrequires = ["x"]\n\n[project]\nname = "roguelike"\n',
    "literal string, spaces": "[project]  \ndescription = 'a'\nname='roguelike'\n",
    "another project": '[project]\nname = "roguelike-tools"\n',
    "name of another table": '[project]\nversion = "1"\n[tool.x]\nname = "roguelike"\n',
    "no project table": '[tool.roguelike]\nname = "roguelike"\n',
}


@pytest.mark.parametrize("text", PYPROJECTS.values(), ids=list(PYPROJECTS))
def test_the_checkout_is_found_without_tomllib_as_tomllib_would_find_it(text):
    """places.checkout_root reads pyproject.toml's [project] name with a pattern, not the
    TOML parser (one import fewer at every start): it must agree with a real parse."""
    import tomllib

    from roguelike import places

    found = places._PROJECT_NAME.search(text)
    parsed = tomllib.loads(text).get("project", {}).get("name")
    assert (found.group(2) if found else None) == parsed
    assert places.checkout_root() == ROOT  # this checkout's own file


def test_numpy_starts_no_thread_pool_the_game_never_uses():
    """OpenBLAS starts a thread a core when numpy is imported (some 40 ms of CPU a start on
    two cores); the game does no linear algebra, so the command line asks for one thread."""
    result = run_probe("sim", "--seed", "start up", "--actions", "5")
    assert result["code"] == 0 and "numpy" in result["modules"]
    assert result["blas"] == "1"
    assert result["threads"] == 1  # the interpreter's own thread and no pool
