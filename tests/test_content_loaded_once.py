"""Content is read once, at start, into typed tables (issue 27): the engine never reads a
data file, the content holds no untyped bag of extras, and nothing caches by file path."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import roguelike
from roguelike.content.explore import ExploreData
from roguelike.content.fight_tables import FightTables
from roguelike.content.loader import Content, load_content
from roguelike.content.range_bands import RangeTables

PACKAGE = Path(roguelike.__file__).parent
READERS = {"tomllib", "roguelike.content.data_files"}


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
    return found


def test_no_engine_module_reads_a_data_file():
    readers = [str(p.relative_to(PACKAGE)) for p in sorted((PACKAGE / "engine").rglob("*.py"))
               if _imports(p) & READERS or "read_toml" in p.read_text()]
    assert not readers, readers


def test_the_content_is_typed_tables_with_nothing_optional_or_extra():
    fields = {f.name: f.type for f in dataclasses.fields(Content)}
    assert "extra" not in fields
    assert not [n for n, t in fields.items() if "Any" in str(t) or "None" in str(t)], fields
    content = load_content()
    assert isinstance(content.fight, FightTables)
    assert isinstance(content.explore, ExploreData)
    assert isinstance(content.ranges, RangeTables)
    assert content.saves is not None and content.trap_stocking is not None


def test_nothing_is_cached_by_a_file_path():
    """A process-wide cache keyed by a path outlives the content it was read for (a test's
    copy, a second content folder): the tables live on the Content instead."""
    cached = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.args.args and any(
                    ast.unparse(d) in ("cache", "functools.cache", "lru_cache")
                    or ast.unparse(d).startswith("lru_cache(") for d in node.decorator_list):
                cached.append(f"{path.relative_to(PACKAGE)}:{node.name}")
    assert not cached, cached
