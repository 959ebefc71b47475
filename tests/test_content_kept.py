"""The content's parsed TOML kept as JSON beside each file (data_files.py, issue 31 start-up):
used only for the very bytes it was parsed from, and never a different answer."""

import tomllib

import pytest

from roguelike.content import data_files, kept_tables
from roguelike.content.data_files import content_root, read_labelled
from roguelike.content.loader import load_content
from roguelike.content.schema import ContentError


def kept_file(path):
    return path.parent / "__pycache__" / f"{path.name}.json"


def no_parser(monkeypatch):
    def refuse(text):
        raise AssertionError("parsed the TOML again instead of using the kept copy")

    monkeypatch.setattr(tomllib, "loads", refuse)  # data_files imports it when it parses


def test_a_file_read_once_is_read_from_its_kept_copy_after(tmp_path, monkeypatch):
    path = tmp_path / "things.toml"
    path.write_text('[[thing]]\nid = "a"\nweight = 1.5\nsizes = [1, 2]\n', encoding="utf-8")
    first = read_labelled(path, "things.toml")
    assert kept_file(path).is_file()
    with monkeypatch.context() as m:
        no_parser(m)
        assert read_labelled(path, "things.toml") == first
    assert first == {"thing": [{"id": "a", "weight": 1.5, "sizes": [1, 2]}]}


def test_changed_bytes_are_parsed_afresh_never_the_stale_copy(tmp_path):
    path = tmp_path / "things.toml"
    path.write_text('x = 1\n', encoding="utf-8")
    assert read_labelled(path, "things.toml") == {"x": 1}
    path.write_text('x = 2\n', encoding="utf-8")
    assert read_labelled(path, "things.toml") == {"x": 2}
    path.write_text('x = \n', encoding="utf-8")  # broken: the error, not the kept copy
    with pytest.raises(ContentError, match="not valid TOML"):
        read_labelled(path, "things.toml")


def test_a_damaged_kept_copy_is_ignored_and_remade(tmp_path):
    path = tmp_path / "things.toml"
    path.write_text('x = 1\n', encoding="utf-8")
    read_labelled(path, "things.toml")
    kept_file(path).write_text('{"digest": "', encoding="utf-8")
    assert read_labelled(path, "things.toml") == {"x": 1}
    kept_file(path).write_text('{"digest": "0", "data": {"x": 9}}', encoding="utf-8")
    assert read_labelled(path, "things.toml") == {"x": 1}


def test_what_json_cannot_hold_is_parsed_each_time(tmp_path):
    path = tmp_path / "dated.toml"
    path.write_text('when = 2026-11-29\nbig = inf\n', encoding="utf-8")
    assert read_labelled(path, "dated.toml") == tomllib.loads(path.read_text("utf-8"))
    assert not kept_file(path).exists()


def test_a_read_only_folder_is_read_without_keeping(tmp_path, monkeypatch):
    path = tmp_path / "things.toml"
    path.write_text('x = 1\n', encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr(data_files.Path, "mkdir", refuse)
    assert read_labelled(path, "things.toml") == {"x": 1}
    assert not kept_file(path).exists()


def test_a_kept_folder_another_user_made_is_read_without_keeping(tmp_path, monkeypatch):
    """A host's run-as user, where a root game (umask 077) made __pycache__ first: the
    folder exists, it can neither write a file there nor remove one. The TOML is parsed
    and the game goes on (a crash here stopped every game of a host's run-as user)."""
    path = tmp_path / "things.toml"
    path.write_text('x = 1\n', encoding="utf-8")

    def refuse(*args, **kwargs):
        raise PermissionError("not this user's folder")

    monkeypatch.setattr(data_files.Path, "write_bytes", refuse)
    monkeypatch.setattr(data_files.Path, "unlink", refuse)
    assert read_labelled(path, "things.toml") == {"x": 1}
    assert not kept_file(path).exists()


def test_the_game_content_from_kept_copies_is_the_parsed_content(monkeypatch):
    root = content_root()
    monkeypatch.setattr(kept_tables, "read", lambda root, fingerprint: None)  # each file
    load_content(root)  # (keeps every file's copy, if not yet kept)
    with monkeypatch.context() as m:
        no_parser(m)
        kept = load_content(root)
    with monkeypatch.context() as m:
        m.setattr(data_files, "_kept", lambda path, raw: None)
        parsed = load_content(root)
    assert kept == parsed and kept.digest == parsed.digest
