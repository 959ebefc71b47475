"""The dataclasses' compiled `__init__` kept between starts (roguelike/core/kept_inits.py,
issue 31 start-up): the same code a fresh compile makes, for this interpreter only."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import marshal
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from roguelike.core import kept_inits, lean_dataclass

TEXT = ("def __create_fn__(_return_type):\n def __init__(self,a:int)->_return_type:\n"
        "  self.a=a\n return __init__")


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> kept_inits._Kept:
    """A process's kept codes, in a folder of the test's own."""
    monkeypatch.setattr(kept_inits, "FOLDER", tmp_path / "__pycache__")
    fresh = kept_inits._Kept()
    monkeypatch.setattr(kept_inits, "_KEPT", fresh)
    return fresh


def no_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str) -> Any:
        raise AssertionError("compiled again instead of using the kept code")

    monkeypatch.setattr(kept_inits, "_compile", refuse)


def restart(monkeypatch: pytest.MonkeyPatch) -> kept_inits._Kept:
    again = kept_inits._Kept()  # as a new process: nothing read yet
    monkeypatch.setattr(kept_inits, "_KEPT", again)
    return again


def test_a_text_compiled_once_is_read_back_the_same_code(kept, monkeypatch):
    first = kept_inits.code_for(TEXT)
    assert first == compile(TEXT, "<string>", "exec", dont_inherit=True)
    assert not kept.path().exists()  # written once, as the process ends
    kept.write()
    assert kept.path().is_file()
    restart(monkeypatch)
    no_compiling(monkeypatch)
    assert kept_inits.code_for(TEXT) == first


def test_a_dataclass_made_from_a_kept_init_is_the_standard_librarys(kept, monkeypatch):
    def make() -> Any:
        @lean_dataclass.dataclass(frozen=True)
        class Point:
            __module__ = kept_inits.__name__  # the game's own classes' inits are kept
            x: int
            y: int = 2
            tags: list[str] = dataclasses.field(default_factory=list)

        return Point

    compiled = make()(1)
    kept.write()
    restart(monkeypatch)
    no_compiling(monkeypatch)
    read_back = make()
    made = read_back(1)
    assert (made.x, made.y, made.tags) == (compiled.x, compiled.y, compiled.tags) == (1, 2, [])
    assert read_back(3, y=4, tags=["a"]).tags == ["a"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.x = 5
    with pytest.raises(TypeError):
        read_back()  # x is required, as ever


def test_a_class_not_of_the_game_is_compiled_but_not_kept(kept):
    @lean_dataclass.dataclass
    class Local:
        z: int

    assert Local(3).z == 3
    kept.write()
    assert kept.read() == {} and not kept.path().exists()


def test_another_interpreters_or_a_damaged_file_is_ignored(kept, monkeypatch):
    kept_inits.code_for(TEXT)
    kept.write()
    path = kept.path()
    raw = path.read_bytes()
    for other in (b"\0\0\r\n" + raw[4:], raw[: len(raw) // 2], b""):
        path.write_bytes(other)
        again = restart(monkeypatch)
        assert again.read() == {}
        assert kept_inits.code_for(TEXT) == compile(TEXT, "<string>", "exec",
                                                   dont_inherit=True)
        again.write()
    assert path.read_bytes() == raw  # written again, whole


def test_under_the_check_a_kept_code_that_differs_is_refused(kept, monkeypatch):
    key = hashlib.blake2b(TEXT.encode(), digest_size=16).digest()
    other = compile(TEXT.replace("self.a=a", "self.a=a+1"), "<string>", "exec")
    kept.path().parent.mkdir()
    kept.path().write_bytes(kept.header() + marshal.dumps({key: other}))
    restart(monkeypatch)
    assert kept_inits.code_for(TEXT) == other  # trusted: only a fresh compile could tell
    monkeypatch.setenv(kept_inits.CHECK_ENV, "1")
    with pytest.raises(kept_inits.StaleInit):
        kept_inits.code_for(TEXT)


def test_nothing_is_kept_where_this_user_may_not_write(kept, monkeypatch):
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr(Path, "mkdir", refuse)
    assert kept_inits.code_for(TEXT) == compile(TEXT, "<string>", "exec", dont_inherit=True)
    kept.write()
    assert not kept.path().exists()


def test_a_game_under_the_check_holds_every_kept_init_to_a_fresh_compile():
    """The game's own kept file: a bot game under ROGUELIKE_CHECK_KEPT compiles each kept
    `__init__` afresh and would stop at the first that differs; it plays the same game."""
    argv = [sys.executable, "-m", "roguelike", "sim", "--seed", "kept inits", "--actions",
            "150"]
    env = {k: v for k, v in os.environ.items() if k != kept_inits.CHECK_ENV}
    plain = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    checked = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                             env={**env, kept_inits.CHECK_ENV: "1"})
    assert plain.returncode == 0 and checked.returncode == 0, checked.stderr
    assert kept_inits._KEPT.path().is_file()
    assert json.loads(checked.stdout.splitlines()[-1]) == json.loads(plain.stdout.splitlines()[-1])
