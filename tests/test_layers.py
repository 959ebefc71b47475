"""The package's layers run one way (issue 19): read from the code's own imports with ast.

A module may import only modules of its own layer or lower; there is no import cycle
anywhere in the package; and no import of the game's own modules sits inside a function,
but for the few listed below, each with why (start-up time: they load what most commands
never need). The tables below are the rules: to move a module, change its row here, not
the test.
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
    # 3 the rules (engine/action_base.py, what an action is, lowest among them); no rule
    # imports the turn loop or the game
    "roguelike.engine": 3,
    # 4 the turn loop's parts: the hooks turn_loop.py calls at each moment of a turn, the
    # initiative count, the party's sight and the level's occupants (mixins of Game)
    "roguelike.engine.fight_hooks": 4,
    "roguelike.engine.explore.hooks": 4,
    "roguelike.engine.initiative": 4,
    "roguelike.engine.sight": 4,
    "roguelike.engine.occupants": 4,
    # 5 the turn loop itself: rounds, the initiative count, whose turn (on its parts)
    "roguelike.engine.turn_loop": 5,
    # 6 the game: the composition root that builds a game from the rules and runs the loop
    "roguelike.engine.game": 6,
    # 7 on a whole game: the player's helpers (travel, auto-explore, auto-fight), what the
    # party watches, scenarios; records, the bot, command-line argument types
    "roguelike.engine.autoexplore": 7,
    "roguelike.engine.autoexplore_held": 7,
    "roguelike.engine.autoexplore_search": 7,
    "roguelike.engine.autofight": 7,
    "roguelike.engine.fight_sense": 7,
    "roguelike.engine.fight_round": 7,
    "roguelike.engine.scenario": 7,
    "roguelike.engine.travel": 7,
    "roguelike.engine.travel_targets": 7,
    "roguelike.engine.watch": 7,
    "roguelike.records": 7,
    "roguelike.bot": 7,
    "roguelike.argtypes": 7,
    # 8 tools and the crash report (on records); seed challenges (their store, queue
    # workers, boards, and the command line's client of a host)
    "roguelike.tools": 8,
    "roguelike.crash": 8,
    "roguelike.challenges": 8,
    # 9 the screens
    "roguelike.ui": 9,
    # 10 the host: it serves the UI over SSH, and its website over HTTP (a browser's
    # terminal is one more viewer of the host's games); the UI never imports either
    "roguelike.host": 10,
    "roguelike.web": 10,
    # 11 entry points: the command line, and the host's launcher of it
    "roguelike.cli": 11,
    "roguelike.__main__": 11,
    "roguelike.host.launch": 11,
}

# Every import of the game's own modules kept inside a function, each with why:
# (file, module it loads) -> reason. Nothing else may import inside a function (such an
# import hides a cycle, or a broken import until the line runs); a row whose import is
# gone fails too, so the list stays the truth.
_PARSER = "every `roguelike` command builds the parser: it loads only what the command needs"
LAZY_FOR_A_REASON: dict[tuple[str, str], str] = {
    ("roguelike/records/commands.py", "roguelike.records.replay"):
        "loads the engine: 0.3 s more for every `roguelike --help` and `scores`",
    ("roguelike/argtypes.py", "roguelike.engine.explore.data"):
        "the content's depths (10 ms to load), only when --depth is given: " + _PARSER,
    ("roguelike/cli.py", "roguelike.ui.app"): "Textual and the screens, for play only",
    ("roguelike/cli.py", "roguelike.ui.replay"): "Textual, for `replay` only",
    ("roguelike/cli.py", "roguelike.tools.sim"): "the bot and the engine, for `sim` only",
    ("roguelike/cli.py", "roguelike.tools.dump"): "the engine, for `dump` only",
    ("roguelike/cli.py", "roguelike.challenges.commands"):
        "the network client and the boards, for `submit`, `board`, `challenges` and "
        "`play --challenge` only",
    ("roguelike/host/cli.py", "roguelike.ui.lobby"): "Textual, for `lobby` only",
    ("roguelike/host/cli.py", "roguelike.host.server"): "asyncssh, for `host` only",
    ("roguelike/host/launch.py", "roguelike.cli"):
        "after the memory limit and private file mode are set, before the game's modules "
        "load (the limit covers them)",
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


def test_no_rule_imports_the_game():
    """The rules take the game as an argument, typed under TYPE_CHECKING only."""
    rules = [m for m in MODULES if layer_of(m) == LAYERS["roguelike.engine"]]
    assert len(rules) > 50
    bad = [m for m in rules if "roguelike.engine.game" in GRAPH[m]]
    assert not bad, bad


def test_no_import_cycle_anywhere():
    """Counting the imports inside functions: a cycle cannot hide in one."""
    found = cycles(GRAPH)
    assert not found, found


def test_the_action_base_imports_no_rule():
    """What an action is sits below every rule that defines one: it takes only the base
    layer and the engine's words, so any rule module can import it without a cycle."""
    assert GRAPH["roguelike.engine.action_base"]
    assert all(layer_of(t) == 0 or t == "roguelike.engine.words"
               for t in GRAPH["roguelike.engine.action_base"]), \
        GRAPH["roguelike.engine.action_base"]


def lazy_imports() -> set[tuple[str, str]]:
    """(file, module) of every import of the game's modules inside a function."""
    return {(str(path.relative_to(ROOT)), target)
            for module, path in MODULES.items()
            for target, _node, in_function in imports(module) if in_function}


def test_no_function_level_import_but_the_listed_ones():
    lazy = lazy_imports()
    unlisted = sorted(lazy - set(LAZY_FOR_A_REASON))
    assert not unlisted, "imports inside a function (move them up, or list them with why):" \
        f" {unlisted}"
    stale = sorted(set(LAZY_FOR_A_REASON) - lazy)
    assert not stale, f"listed as kept inside a function, but no longer there: {stale}"


# ----- the checker itself finds what it is for ------------------------------------------
def test_the_checker_sees_cycles_and_lazy_imports():
    assert cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert cycles({"a": ["b"], "b": []}) == []
    commands = "roguelike.records.commands"
    assert ("roguelike.records.replay", True) in {(t, f) for t, _n, f in imports(commands)}
    # a function-level import is an edge of the graph: it would close a cycle
    assert "roguelike.records.replay" in GRAPH[commands]
    assert layer_of("roguelike.host.launch") == 11 and layer_of("roguelike.host.hub") == 10
    assert layer_of("roguelike.ui.screens.menu") == 9
    assert layer_of("roguelike.world.stocking") < layer_of("roguelike.engine.stock")
    assert layer_of("roguelike.engine.combat") < layer_of("roguelike.engine.fight_hooks") \
        < layer_of("roguelike.engine.turn_loop") < layer_of("roguelike.engine.game") \
        < layer_of("roguelike.engine.travel")


def test_the_checker_reads_a_type_checking_import_as_none():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from roguelike.engine.game import Game\n")
    skip = _type_checking_only(tree)
    assert [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and id(n) in skip]
