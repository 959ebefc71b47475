"""The content's checked tables kept beside it (roguelike/content/kept_tables.py, issue 31
start-up): a start with the same files and code reads them back without building or
checking, and that is never a different answer from a fresh load."""

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from roguelike.content import kept_tables, loader, schema
from roguelike.content.data_files import content_root
from roguelike.content.loader import load_content
from roguelike.content.schema import ContentError


def same(a: Any, b: Any, where: str = "content") -> None:
    """Equal and of the same types all the way down (== alone takes 1 for True, a list
    for a tuple's equal in no case, but a kept bool for an int it would)."""
    assert type(a) is type(b), where
    if dataclasses.is_dataclass(a):
        assert list(vars(a)) == list(vars(b)), where
        for name in vars(a):
            same(getattr(a, name), getattr(b, name), f"{where}.{name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), where  # the same order: the engine iterates tables
        for key in a:
            same(a[key], b[key], f"{where}[{key!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


def fresh(root: Path) -> loader.Content:
    return loader._load_checked(root, loader._digest(root))


def no_building(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("built and checked the tables again instead of reading them")

    monkeypatch.setattr(schema, "build", refuse)
    monkeypatch.setattr(loader, "_load_checked", refuse)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    copy = tmp_path / "content"
    shutil.copytree(content_root(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_the_game_content_read_back_is_a_fresh_load_to_the_last_type(monkeypatch):
    root = content_root()
    load_content(root)  # (keeps the tables, if not yet kept)
    assert kept_tables.kept_path(root).is_file()
    with monkeypatch.context() as m:
        no_building(m)
        kept = load_content(root)
    same(kept, fresh(root))


def test_a_changed_file_is_read_and_checked_afresh(root, monkeypatch):
    first = load_content(root)
    with monkeypatch.context() as m:
        no_building(m)
        assert load_content(root) == first  # kept
    rules = root / "rules.toml"
    text = rules.read_text(encoding="utf-8")
    assert "actions_per_turn = 2" in text
    rules.write_text(text.replace("actions_per_turn = 2", "actions_per_turn = 3"),
                     encoding="utf-8")
    assert load_content(root).rules.actions_per_turn == 3
    rules.write_text(text.replace("actions_per_turn = 2", "actions_per_turn = 0"),
                     encoding="utf-8")
    with pytest.raises(ContentError, match=r"rules.toml.*actions_per_turn.*at least 1"):
        load_content(root)
    rules.write_text(text.replace("actions_per_turn = 2", 'actions_per_turn = "two"'),
                     encoding="utf-8")
    with pytest.raises(ContentError, match=r"rules.toml.*actions_per_turn.*whole number"):
        load_content(root)
    (root / "monsters" / "more.toml").write_text("[[monster]]\nid = 1\n", encoding="utf-8")
    rules.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=r"monsters/more.toml"):  # a file added
        load_content(root)


def test_a_change_to_the_code_that_checks_makes_the_kept_tables_stale(root, monkeypatch):
    load_content(root)
    digest = loader._digest(root)
    assert kept_tables.read(root, kept_tables.fingerprint(digest)) is not None
    monkeypatch.setattr(kept_tables, "_MAKER", Path(kept_tables.__file__))  # other code
    assert kept_tables.read(root, kept_tables.fingerprint(digest)) is None
    with monkeypatch.context() as m:  # a check added: loaded (and checked) afresh
        def no_monsters(content: Any, fight: Any) -> None:
            raise ContentError("monsters/", "", "", "a new check")

        m.setattr(loader, "check_monsters", no_monsters)
        with pytest.raises(ContentError, match="a new check"):
            load_content(root)


def test_a_damaged_or_foreign_kept_file_is_ignored_and_remade(root):
    first = load_content(root)
    path = kept_tables.kept_path(root)
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    assert load_content(root) == first
    assert path.read_text(encoding="utf-8") == text  # remade
    foreign = text.replace('"$c":"roguelike.content.models:CoreRules"',
                           '"$c":"pathlib:Path"', 1)
    assert foreign != text
    path.write_text(foreign, encoding="utf-8")
    assert load_content(root) == first


def test_under_the_check_a_kept_file_that_differs_is_refused(root, monkeypatch):
    load_content(root)
    path = kept_tables.kept_path(root)
    text = path.read_text(encoding="utf-8")
    assert '"actions_per_turn":2' in text
    path.write_text(text.replace('"actions_per_turn":2', '"actions_per_turn":5'),
                    encoding="utf-8")
    assert load_content(root).rules.actions_per_turn == 5  # the fingerprint holds
    monkeypatch.setenv(kept_tables.CHECK_ENV, "1")
    with pytest.raises(kept_tables.StaleTables):
        load_content(root)


def test_shapes_with_no_kept_form_are_not_kept(root, monkeypatch):
    @dataclasses.dataclass
    class Odd:
        x: Any

    for value in ({1, 2}, 1.5, Odd(1), {(1, 2): 3}):
        with pytest.raises(kept_tables.NotKeepable):
            kept_tables._encode(value)
    real = loader._load_checked

    def with_a_set(root: Path, digest: str) -> loader.Content:
        content = real(root, digest)
        content.__dict__["hit_locations"] = frozenset(range(3))
        return content

    monkeypatch.setattr(loader, "_load_checked", with_a_set)
    load_content(root)
    assert not kept_tables.kept_path(root).exists()


def test_the_tagged_shapes_come_back_as_they_went(root):
    tables = {"a": (1, "b", [True, None]), 3: {"$x": Path("p")}, "c": load_content(root).rules}
    text = json.dumps(kept_tables._encode(tables))
    same(json.loads(text, object_hook=kept_tables._decode), tables)


def test_a_read_only_content_folder_is_loaded_without_keeping(root, monkeypatch):
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "mkdir", refuse)
    assert load_content(root).rules.actions_per_turn == 2
    assert not kept_tables.kept_path(root).exists()
