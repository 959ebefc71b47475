"""The package's layers run one way (issue 19): read from the code's own imports with ast.

A module may import only modules of its own layer or lower; no import cycle; no import of
the game's own modules inside a function in the files already cleaned. The tables below
are the rules: to move a module, change its row here, not the test.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "roguelike"

# module (or package) -> layer, lowest first; a module takes the row of its longest prefix.
LAYERS: dict[str, int] = {
    # 0 the base: imports nothing of the game
    "roguelike": 0,  # (the package's __init__: the version)
    "roguelike.places": 0,
    "roguelike.terminal": 0,
    "roguelike.game_status": 0,  # the hosted game -> host status line
    "roguelike.core": 0,  # entity store, random streams, dice, events, components
    # 1 the data
    "roguelike.content": 1,
    # 2 the world: maps, tiles, paths, sight; what stocking takes from the map
    "roguelike.world": 2,
    # 3 the rules (one layer until issue 19 splits the engine further)
    "roguelike.engine": 3,
    # 4 on the rules: records, the bot, command-line argument types
    "roguelike.records": 4,
    "roguelike.bot": 4,
    "roguelike.argtypes": 4,
    # 5 tools and the crash report (on records)
    "roguelike.tools": 5,
    "roguelike.crash": 5,
    # 6 the screens
    "roguelike.ui": 6,
    # 7 the SSH host: it serves the UI; the UI never imports it
    "roguelike.host": 7,
    # 8 entry points: the command line, and the host's launcher of it
    "roguelike.cli": 8,
    "roguelike.__main__": 8,
    "roguelike.host.launch": 8,
}

# Packages whose import cycles are not yet checked: issue 19's engine work removes them.
CYCLES_LATER = ("roguelike.engine", "roguelike.bot")

# The engine's one import cycle may only shrink: these modules at most (issue 19 took the
# game and its sight, occupants and kept answers, the monsters' decisions and maps, the
# walking step, shooting, the traps' actions and trigger and exploration's adapters out of
# it, then the action base: 47 -> 33 -> 29 -> 20 -> 18 modules). A module joining it fails
# the build.
ENGINE_CYCLE_AT_MOST = frozenset({
    "roguelike.engine.actions", "roguelike.engine.checks", "roguelike.engine.combat",
    "roguelike.engine.conditions", "roguelike.engine.explore.checks",
    "roguelike.engine.explore.doors", "roguelike.engine.explore.pillager_maps",
    "roguelike.engine.explore.pillagers", "roguelike.engine.explore.rest",
    "roguelike.engine.healing", "roguelike.engine.luck", "roguelike.engine.maneuvers",
    "roguelike.engine.morale", "roguelike.engine.saves", "roguelike.engine.traps.confine",
    "roguelike.engine.traps.effects", "roguelike.engine.traps.hazards",
    "roguelike.engine.traps.movement",
})

# The engine's files that still import the game's modules inside functions (to dodge the
# cycle above), with at most how many such imports each; every other engine file has none.
ENGINE_LAZY_LEFT = {
    "roguelike/engine/actions.py": 9,
    "roguelike/engine/checks.py": 1,
    "roguelike/engine/combat.py": 11,
    "roguelike/engine/conditions.py": 6,
    "roguelike/engine/experience.py": 1,
    "roguelike/engine/explore/checks.py": 2,
    "roguelike/engine/explore/clock.py": 1,
    "roguelike/engine/explore/items.py": 1,
    "roguelike/engine/explore/light.py": 3,
    "roguelike/engine/explore/markers.py": 5,
    "roguelike/engine/explore/pillagers.py": 2,
    "roguelike/engine/fight_actions.py": 3,
    "roguelike/engine/healing.py": 1,
    "roguelike/engine/luck.py": 3,
    "roguelike/engine/traps/actions.py": 1,
    "roguelike/engine/traps/confine.py": 1,
    "roguelike/engine/traps/effects.py": 1,
    "roguelike/engine/traps/hazards.py": 1,
    "roguelike/engine/traps/trigger.py": 1,
}

# Files with no import of the game's own modules inside a function (a lazy import hides a
# cycle, or a broken import until the line runs). Folders mean every file in them.
NO_LAZY_IMPORTS = (
    "roguelike/core/",
    "roguelike/content/",
    "roguelike/world/",
    "roguelike/game_status.py",
    "roguelike/records/account.py",
    "roguelike/records/commands.py",
    "roguelike/host/score_import.py",
    "roguelike/host/lobby_link.py",
    "roguelike/host/registry.py",
    "roguelike/host/hub.py",
    "roguelike/ui/app.py",
    "roguelike/ui/hooks.py",
    "roguelike/ui/hosted.py",
    "roguelike/ui/local_records.py",
    "roguelike/ui/options.py",
    "roguelike/ui/screens/",
)
# Imports kept inside a function on purpose, each with why: (file, module) -> reason.
LAZY_FOR_A_REASON = {
    ("roguelike/records/commands.py", "roguelike.records.replay"):
        "loads the engine: 0.3 s more for every `roguelike --help` and `scores`",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> int:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the nodes under `if TYPE_CHECKING:` (never run, so not a real import)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The game's modules an import statement loads (a name imported from a package is
    its submodule when there is one)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            here = module.split(".")
            if MODULES[module].name != "__init__.py":
                here = here[:-1]
            here = here[:len(here) - (node.level - 1)]
            base = ".".join([*here, base] if base else here)
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                 for a in node.names]
    out = []
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name.startswith("roguelike") and name != module:
            out.append(name)
    return out


def imports(module: str) -> Iterator[tuple[str, ast.Import | ast.ImportFrom, bool]]:
    """(imported module, the statement, inside a function?) for every real import."""
    tree = ast.parse(MODULES[module].read_text())
    skip = _type_checking_only(tree)
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            in_function.update(id(n) for n in ast.walk(node) if n is not node)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skip:
            for target in _targets(module, node):
                yield target, node, id(node) in in_function


GRAPH = {m: sorted({t for t, _n, _f in imports(m)}) for m in MODULES}


def cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _later(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in CYCLES_LATER)


# ----- the tests ----------------------------------------------------------------------
def test_every_module_has_a_layer():
    assert "roguelike.engine.game" in MODULES  # the scan found the package
    for module in MODULES:
        layer_of(module)  # raises (max of nothing) for a module with no row


def test_no_module_imports_a_higher_layer():
    upward = [f"{m} ({layer_of(m)}) imports {t} ({layer_of(t)})"
              for m, targets in GRAPH.items() for t in targets if layer_of(t) > layer_of(m)]
    assert not upward, "\n".join(upward)


def test_content_imports_only_the_base_and_itself():
    for module, targets in GRAPH.items():
        if module.startswith("roguelike.content"):
            assert all(layer_of(t) <= LAYERS["roguelike.content"] for t in targets), \
                (module, targets)


def test_the_ui_never_imports_the_host():
    for module, targets in GRAPH.items():
        if module.startswith("roguelike.ui"):
            assert not [t for t in targets if t.startswith("roguelike.host")], module


def test_no_import_cycle_outside_the_engine():
    bad = [c for c in cycles(GRAPH) if not all(_later(m) for m in c)]
    assert not bad, bad


def test_no_function_level_import_of_the_game_in_the_cleaned_files():
    lazy = []
    for module, path in MODULES.items():
        rel = str(path.relative_to(ROOT))
        if not any(rel == f or (f.endswith("/") and rel.startswith(f))
                   for f in NO_LAZY_IMPORTS):
            continue
        for target, node, in_function in imports(module):
            if in_function and (rel, target) not in LAZY_FOR_A_REASON:
                lazy.append(f"{rel}:{node.lineno} imports {target} inside a function")
    assert not lazy, "\n".join(lazy)


def test_the_engine_cycle_only_shrinks():
    engine = [c for c in cycles(GRAPH) if all(_later(m) for m in c)
              and all(m.startswith("roguelike.engine") for m in c)]
    assert len(engine) <= 1, engine
    joined = sorted(set(engine[0]) - ENGINE_CYCLE_AT_MOST) if engine else []
    assert not joined, f"joined the engine's import cycle: {joined}"
    for module in ("roguelike.engine.game", "roguelike.engine.sight", "roguelike.engine.kept",
                   "roguelike.engine.occupants", "roguelike.engine.monster_ai",
                   "roguelike.engine.chase", "roguelike.engine.explore.adapters",
                   "roguelike.engine.action_base", "roguelike.engine.explore.inventory"):
        assert module not in ENGINE_CYCLE_AT_MOST


def test_the_action_base_imports_no_rule():
    """What an action is sits below every rule that defines one: it takes only the base
    layer and the engine's words, so any rule module can import it without a cycle."""
    assert GRAPH["roguelike.engine.action_base"]
    assert all(layer_of(t) == 0 or t == "roguelike.engine.words"
               for t in GRAPH["roguelike.engine.action_base"]), \
        GRAPH["roguelike.engine.action_base"]


def test_function_level_imports_in_the_engine_only_go():
    lazy: dict[str, int] = {}
    for module, path in MODULES.items():
        if module.startswith("roguelike.engine"):
            rel = str(path.relative_to(ROOT))
            lazy[rel] = lazy.get(rel, 0) + sum(f for _t, _n, f in imports(module))
    more = {f: n for f, n in lazy.items() if n > ENGINE_LAZY_LEFT.get(f, 0)}
    assert not more, f"new imports inside functions (count, was at most): " \
        f"{ {f: (n, ENGINE_LAZY_LEFT.get(f, 0)) for f, n in more.items()} }"


# ----- the checker itself finds what it is for ------------------------------------------
def test_the_checker_sees_cycles_and_lazy_imports():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []
    engine = [c for c in cycles(GRAPH) if all(_later(m) for m in c)]
    assert engine, "the engine's known cycle is found (this test changes when it is gone)"
    commands = "roguelike.records.commands"
    assert ("roguelike.records.replay", True) in {(t, f) for t, _n, f in imports(commands)}
    assert layer_of("roguelike.host.launch") == 8 and layer_of("roguelike.host.hub") == 7
    assert layer_of("roguelike.ui.screens.menu") == 6
    assert layer_of("roguelike.world.stocking") < layer_of("roguelike.engine.stock")
