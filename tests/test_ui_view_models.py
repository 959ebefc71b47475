"""The dungeon widgets draw a model pushed down to them and never see the game (issue 19).

Each widget module (every module of roguelike/ui defining a Textual widget that is not a
screen) is read with ast: it imports nothing of the engine, not even through the modules it
imports, and names no Game and no `.game`; a running game screen's widgets hold no Game.
The models they hold are snapshots (read-only copies) and, after every key, equal models
built afresh from the game: the screen pushes a new one after each action.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
from pathlib import Path

import numpy as np
import pytest
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

import roguelike.ui
from roguelike.engine.game import Game
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.view_data import DungeonModel
from roguelike.ui.view_models import dungeon_model

ROOT = Path(__file__).resolve().parents[1]
KNOWN_WIDGETS = {"roguelike.ui.map_view", "roguelike.ui.party_panel",
                 "roguelike.ui.status_bar", "roguelike.ui.log_view", "roguelike.ui.lines"}


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def widget_modules() -> list[str]:
    """Every UI module that defines a widget other than a screen."""
    found = set()
    for info in pkgutil.walk_packages(roguelike.ui.__path__, "roguelike.ui."):
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == info.name \
                    and issubclass(cls, Widget) and not issubclass(cls, Screen):
                found.add(info.name)
    return sorted(found)


def source(module: str) -> Path:
    path = ROOT / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def imports(module: str) -> set[str]:
    """The game's own modules `module` imports (a `from package import name` counts the
    package, and the submodule when `name` is one)."""
    out = set()
    for node in ast.walk(ast.parse(source(module).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("roguelike")}
        elif isinstance(node, ast.ImportFrom) and node.module \
                and node.module.startswith("roguelike"):
            out.add(node.module)
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                if source(sub).is_file():
                    out.add(sub)
    # importing a module runs its packages' __init__ too
    for name in list(out):
        parts = name.split(".")
        out |= {".".join(parts[:i]) for i in range(1, len(parts))}
    return out


def reached(module: str) -> set[str]:
    seen: set[str] = set()
    todo = [module]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += imports(name) - seen
    return seen - {module}


def test_the_widget_modules_are_found():
    assert set(widget_modules()) >= KNOWN_WIDGETS


@pytest.mark.parametrize("module", widget_modules())
def test_a_widget_module_imports_nothing_of_the_engine(module):
    engine = sorted(m for m in reached(module) if m.startswith("roguelike.engine"))
    assert not engine, f"{module} reaches the engine through its imports: {engine}"


@pytest.mark.parametrize("module", widget_modules())
def test_a_widget_module_names_no_game(module):
    """No Game type, no `game` parameter, no `.game` (a widget's own, or the app's)."""
    tree = ast.parse(source(module).read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Name) and node.id == "Game") \
                or (isinstance(node, ast.Attribute) and node.attr == "game") \
                or (isinstance(node, ast.arg) and node.arg == "game"):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    assert not found, f"{module} reaches for the game: {found}"


def games_in(value: object, path: str, depth: int = 0) -> list[str]:
    """Where a Game sits in `value`'s attributes and fields (widgets' DOM links not
    followed: the screen above them holds the game by design)."""
    if isinstance(value, Game):
        return [path]
    if depth > 4 or isinstance(value, DOMNode | str | bytes | int | float | np.ndarray):
        return []
    items: list[tuple[str, object]] = []
    if isinstance(value, tuple | list | set | frozenset):
        items = [(f"[{i}]", v) for i, v in enumerate(value)]
    elif isinstance(value, dict):
        items = [(f"[{k!r}]", v) for k, v in value.items()]
    elif dataclasses.is_dataclass(value):
        items = [(f".{f.name}", getattr(value, f.name)) for f in dataclasses.fields(value)]
    out = []
    for name, v in items:
        out += games_in(v, path + name, depth + 1)
    return out


def combat() -> Game:
    return scenario("""
        ############
        #1.2.3....g#
        #..........#
        ############
    """, monsters={"g": "goblin"})


def assert_fresh(screen, game: Game) -> None:
    """The models the widgets draw are what the game is now."""
    fresh = dungeon_model(game)
    w = screen.widgets
    assert w.party_panel.model == fresh.party
    assert w.status.model == fresh.status
    assert w.tracker.model == fresh.tracker
    shown, now = w.map.model, fresh.map
    assert (shown.depth, shown.width, shown.height, shown.focus) == \
        (now.depth, now.width, now.height, now.focus)
    assert sorted(shown.sprites) == sorted(now.sprites)
    for name in ("tiles", "visible", "explored"):
        assert np.array_equal(getattr(shown, name), getattr(now, name)), name


async def test_the_widgets_hold_no_game_and_draw_fresh_snapshots():
    game = combat()
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(100, 30)) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        widgets = [w for w in screen.walk_children(Widget) if not isinstance(w, Screen)]
        mine = [w for w in widgets if type(w).__module__.startswith("roguelike.")]
        assert len(mine) >= 5  # map, party panel, tracker, log, status line
        for widget in widgets:
            held = games_in(dict(vars(widget)), type(widget).__name__)
            assert not held, f"a widget holds the game: {held}"
        assert game.mode == "combat" and screen.tracker.model.tokens
        before = screen.widgets.map.model
        explored = before.explored.copy()
        shown = set()
        # steps and turns ended (".": into the next delver's turn, then a new round)
        for key in ("l", "l", "full_stop", "full_stop", "j", "full_stop", "l", "full_stop",
                    "full_stop"):
            await pilot.press(key)
            await pilot.pause()
            assert_fresh(screen, game)
            shown.add((screen.tracker.model, screen.party_panel.model))
        assert len(shown) >= 4 and game.round == 3  # (the keys changed what is drawn)
        m = screen.widgets.map.model
        # a model is a snapshot: read-only copies the game's later changes do not reach
        assert np.array_equal(before.explored, explored)
        for name in ("tiles", "visible", "explored"):
            array = getattr(m, name)
            assert not array.flags.writeable, name
        assert not np.shares_memory(m.explored, game.level.explored)
        assert not np.shares_memory(m.visible, game.visible)
        assert not np.shares_memory(m.tiles, game.known_tiles())
        with pytest.raises(ValueError):
            m.explored[0, 0] = True
        assert not games_in(dungeon_model(game), "model")


def test_a_model_is_plain_data():
    model = dungeon_model(combat())
    assert isinstance(model, DungeonModel)
    assert not games_in(model, "model")
    leader = model.party[0]
    assert leader.marker in "*>" and leader.locations and leader.name
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.map.depth = 2  # type: ignore[misc]
    x, y = model.map.focus
    assert any((s.x, s.y) == (x, y) for s in model.map.sprites)
    assert model.map.in_bounds(x, y) and not model.map.in_bounds(-1, y)
