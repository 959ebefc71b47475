"""The package's layers run one way (issue 19): read from the code's own imports with ast.

A module may import only modules of its own layer or lower; there is no import cycle
anywhere in the package; and no import of the game's own modules sits inside a function,
but for the few listed below, each with why (start-up time: they load what most commands
never need). The tables below are the rules: to move a module, change its row here, not
the test.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "roguelike"

# module (or package) -> layer, lowest first; a module takes the row of its longest prefix.
LAYERS: dict[str, int] = {
    # 0 the base: imports nothing of the game
    "roguelike": 0,  # (the package's __init__: the version)
    "roguelike.places": 0,
    "roguelike.terminal": 0,
    "roguelike.process_name": 0,  # a hosted child's name in ps (host/launch.py, ui/held.py)
    "roguelike.game_status": 0,  # the hosted game -> host status line
    "roguelike.storage": 0,  # SQLite or PostgreSQL: the host's databases
    "roguelike.core": 0,  # entity store, random streams, dice, events, components
    # 1 the data
    "roguelike.content": 1,
    # 2 the world: maps, tiles, paths, sight; what stocking takes from the map
    "roguelike.world": 2,
    # 3 the rules (engine/base/action.py, what an action is, lowest among them); no rule
    # imports the turn loop or the game
    "roguelike.engine": 3,
    # 4 the turn loop's parts: the hooks turn_loop.py calls at each moment of a turn, the
    # initiative count, the party's sight and the level's occupants (mixins of Game)
    "roguelike.engine.turns.fight_hooks": 4,
    "roguelike.engine.turns.explore_hooks": 4,
    "roguelike.engine.turns.initiative": 4,
    "roguelike.engine.turns.party_sight": 4,
    "roguelike.engine.turns.occupants": 4,
    # 5 the turn loop itself: rounds, the initiative count, whose turn (on its parts); the
    # registry, every rule's actions, resumers and continuations by name (a hook's among them)
    "roguelike.engine.turns.turn_loop": 5,
    "roguelike.engine.rule_registry": 5,
    # 6 the game: the composition root that builds a game from the rules and runs the loop
    "roguelike.engine.game": 6,
    # 7 on a whole game: the player's helpers (travel, auto-explore, auto-fight), what the
    # party watches, scenarios; records, the bot, command-line argument types
    "roguelike.engine.helpers.autoexplore": 7,
    "roguelike.engine.helpers.autoexplore_held": 7,
    "roguelike.engine.helpers.autoexplore_loot": 7,
    "roguelike.engine.helpers.autoexplore_search": 7,
    "roguelike.engine.helpers.autofight": 7,
    "roguelike.engine.helpers.come_round": 7,
    "roguelike.engine.helpers.crossing": 7,
    "roguelike.engine.helpers.fight_sense": 7,
    "roguelike.engine.helpers.fight_round": 7,
    "roguelike.engine.helpers.give_way": 7,
    "roguelike.engine.helpers.scuffle": 7,
    "roguelike.engine.helpers.door_habit": 7,
    "roguelike.engine.helpers.carry_habit": 7,
    "roguelike.engine.helpers.parked_walk": 7,
    "roguelike.engine.helpers.stalemate": 7,
    "roguelike.engine.scenario": 7,
    "roguelike.engine.helpers.travel": 7,
    "roguelike.engine.helpers.travel_targets": 7,
    "roguelike.engine.helpers.watch": 7,
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
    # 11 entry points: the command line, and the host's zygote, which loads it to fork
    # every game from it
    "roguelike.cli": 11,
    "roguelike.__main__": 11,
    "roguelike.host.launch": 11,
}

# The engine's domains, lowest first: a module of one may import modules of its own domain
# or of a domain above it in this list, never of one below (so no two domains import each
# other). The modules right in engine/ (game.py, state.py, scenario.py) are the "game".
ENGINE_DOMAINS: tuple[str, ...] = (
    "base",  # what an action is, stats, words, kept answers, the luck pause, the rule state
    "status",  # conditions and luck: conditions, d6 checks, luck, saving throws
    "creatures",  # making characters and monsters, the party, experience, inventory
    "doors",  # locks, stuck doors, picking, breaking, secret doors
    "light",  # carried lights, bright and dim squares
    "rest",  # resting and healing
    "combat",  # the attack roll, wounds, maneuvers, morale, shooting, range bands
    "traps",  # trap profiles, placing, springing, effects, hazards, disarming
    "routing",  # the maps creatures walk by, the game's cost map
    "actions",  # basic actions, fight actions, walking, the party marching, dragging
    "monsters",  # the monsters' decisions and the Pillagers
    "markers",  # Traps & Treasure event markers
    "items",  # using items, spells, supplies, aiming
    "levels",  # stocking a level, the depths and the score
    "turns",  # the turn loop, initiative, its hooks, time, occupants, the party's sight
    "game",  # the game itself (the composition root), its digest, scenarios
    "helpers",  # the player's helpers: auto-explore, travel, auto-fight, the act menu
)


def domain_of(module: str) -> str | None:
    """The engine domain a module belongs to (None outside the engine)."""
    parts = module.split(".")
    if parts[:2] != ["roguelike", "engine"] or len(parts) == 2:
        return None
    return parts[2] if len(parts) > 3 or parts[2] in ENGINE_DOMAINS else "game"


# Every import of the game's own modules kept inside a function, each with why:
# (file, module it loads) -> reason. Nothing else may import inside a function (such an
# import hides a cycle, or a broken import until the line runs); a row whose import is
# gone fails too, so the list stays the truth.
LAZY_FOR_A_REASON: dict[tuple[str, str], str] = {
    ("roguelike/records/commands.py", "roguelike.records.replay"):
        "loads the engine: 0.3 s more for every `roguelike --help` and `scores`",
    ("roguelike/cli.py", "roguelike.ui.app"): "Textual and the screens, for play only",
    ("roguelike/cli.py", "roguelike.ui.replay"): "Textual, for `replay` only",
    ("roguelike/cli.py", "roguelike.tools.sim"): "the bot and the engine, for `sim` only",
    # a start builds and imports only the parser of the command given (issue 31: start-up)
    ("roguelike/cli.py", "roguelike.records.commands"): "records' parsers, for their commands",
    ("roguelike/cli.py", "roguelike.challenges.arguments"): "challenges' parsers, likewise",
    ("roguelike/cli.py", "roguelike.host.cli"): "the host's parsers, for host, lobby, play",
    ("roguelike/cli.py", "roguelike.terminal"): "the terminal check, for a screen only",
    ("roguelike/cli.py", "roguelike.crash"): "the crash report and traceback, for a crash",
    ("roguelike/cli.py", "roguelike.tools.dump"): "the engine, for `dump` only",
    ("roguelike/cli.py", "roguelike.challenges.commands"):
        "the network client and the boards, for `submit`, `board`, `challenges` and "
        "`play --challenge` only",
    ("roguelike/records/commands.py", "roguelike.records.scores"):
        "SQLite and the score table, for `scores` only",
    ("roguelike/argtypes.py", "roguelike.content.loader"):
        "the game's content (80 ms), for a --party or --depth argument only",
    ("roguelike/argtypes.py", "roguelike.content.schema"):
        "goes with the content loader above",
    ("roguelike/host/cli.py", "roguelike.host.config"): "the host's settings, for `host` only",
    ("roguelike/host/cli.py", "roguelike.host.paths"):
        "the host's folders, for a hosted `play --data` only",
    ("roguelike/host/cli.py", "roguelike.storage.database"):
        "SQLite and PostgreSQL, for `host` only",
    ("roguelike/host/cli.py", "roguelike.ui.lobby"): "Textual, for `lobby` only",
    ("roguelike/host/cli.py", "roguelike.host.server"): "asyncssh, for `host` only",
    ("roguelike/host/cli.py", "roguelike.host.move_data"):
        "the host's stores (challenges, accounts, the website's logins), for `host "
        "--migrate-from` only",
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


def packages_above(module: str, modules: Collection[str]) -> list[str]:
    """The packages Python runs first when `module` is imported: each one's __init__."""
    parts = module.split(".")
    return [p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p in modules]


def loaded(graph: dict[str, list[str]]) -> dict[str, list[str]]:
    """What importing each module runs: its imports and the packages above each (a
    package's face, its __init__, runs before any module in it), so a face that imports a
    module that imports the package back is a cycle too."""
    return {m: sorted({u for t in ts for u in (t, *packages_above(t, graph)) if u != m})
            for m, ts in graph.items()}


LOADED = loaded(GRAPH)


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
    """Counting the imports inside functions (a cycle cannot hide in one) and the package
    faces every import runs (a package's __init__ importing its own modules back)."""
    found = cycles(LOADED)
    assert not found, found


def test_engine_domains_import_only_their_own_or_lower_ones():
    """The engine is laid out by the game's parts (issue 27): each folder is one domain, and
    the domains are layered, so no two folders import each other both ways."""
    found = {d for m in MODULES if (d := domain_of(m)) is not None}
    assert found == set(ENGINE_DOMAINS), found ^ set(ENGINE_DOMAINS)
    rank = {d: i for i, d in enumerate(ENGINE_DOMAINS)}
    upward = sorted(f"{m} ({domain_of(m)}) imports {t} ({domain_of(t)})"
                    for m, targets in LOADED.items() if domain_of(m)
                    for t in targets if domain_of(t) and rank[domain_of(t)] > rank[domain_of(m)])
    assert not upward, "\n".join(upward)


def test_every_engine_domain_says_what_it_owns():
    for domain in (d for d in ENGINE_DOMAINS if d != "game"):
        face = MODULES[f"roguelike.engine.{domain}"]
        tree = ast.parse(face.read_text())
        doc = ast.get_docstring(tree)
        assert doc and len(doc) > 60, face
        # a face is its docstring: it imports nothing, so it closes no cycle
        assert not [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)], face


def test_engine_and_content_module_names_are_unique():
    """A newcomer looking for `stock.py` or `checks.py` finds one: no module of the engine or
    the content shares its file name with any other module of the package."""
    by_name: dict[str, list[str]] = {}
    for module, path in MODULES.items():
        if path.name != "__init__.py":
            by_name.setdefault(path.name, []).append(module)
    shared = {name: mods for name, mods in by_name.items() if len(mods) > 1
              and any(m.startswith(("roguelike.engine.", "roguelike.content.")) for m in mods)}
    assert not shared, shared


def test_the_action_base_imports_no_rule():
    """What an action is sits below every rule that defines one: it takes only the base
    layer and the engine's words, so any rule module can import it without a cycle."""
    assert GRAPH["roguelike.engine.base.action"]
    assert all(layer_of(t) == 0 or t == "roguelike.engine.base.words"
               for t in GRAPH["roguelike.engine.base.action"]), \
        GRAPH["roguelike.engine.base.action"]


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
    # a package face re-exporting a module of its own that imports the package back
    assert packages_above("roguelike.engine.game", MODULES) == ["roguelike", "roguelike.engine"]
    face = {"p": ["p.m"], "p.m": ["p.n"], "p.n": []}
    assert cycles(face) == [] and cycles(loaded(face)) == [["p", "p.m"]]
    commands = "roguelike.records.commands"
    assert ("roguelike.records.replay", True) in {(t, f) for t, _n, f in imports(commands)}
    # a function-level import is an edge of the graph: it would close a cycle
    assert "roguelike.records.replay" in GRAPH[commands]
    assert layer_of("roguelike.host.launch") == 11 and layer_of("roguelike.host.hub") == 10
    assert layer_of("roguelike.ui.screens.menu") == 9
    assert layer_of("roguelike.world.stocking") < layer_of("roguelike.engine.levels.stock")
    assert layer_of("roguelike.engine.combat.attack") \
        < layer_of("roguelike.engine.turns.fight_hooks") \
        < layer_of("roguelike.engine.turns.turn_loop") < layer_of("roguelike.engine.game") \
        < layer_of("roguelike.engine.helpers.travel")
    assert domain_of("roguelike.engine.game") == "game" \
        and domain_of("roguelike.engine.traps.trigger") == "traps" \
        and domain_of("roguelike.content.loader") is None


def test_the_checker_reads_a_type_checking_import_as_none():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                     "    from roguelike.engine.game import Game\n")
    skip = _type_checking_only(tree)
    assert [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and id(n) in skip]


def _imported_names(path: Path) -> set[str]:
    """Every module name a file imports, at any depth (lazy imports too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_only_the_ui_imports_textual_and_nothing_uses_the_module_global_random():
    """Textual stays in roguelike/ui/ (the host's zygote warms the screens through
    ui/warm_up.py); the game's randomness goes through its named streams, and nothing in
    the package reaches for `random`'s shared global sequence."""
    ui = PACKAGE / "ui"
    textual, shared_random = [], []
    for path in sorted(PACKAGE.rglob("*.py")):
        names = _imported_names(path)
        if not path.is_relative_to(ui) and any(
                n == "textual" or n.startswith("textual.") for n in names):
            textual.append(str(path.relative_to(ROOT)))
        if "random" in names:
            shared_random.append(str(path.relative_to(ROOT)))
    assert not textual, textual
    assert not shared_random, shared_random
