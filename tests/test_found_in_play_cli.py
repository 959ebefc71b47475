"""Issue 26 §2, the command line: what a player typing commands was told.

The real `roguelike` command, as a process (and in a pseudo-terminal where what a terminal
shows is the point)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import ROOT
from pty_kit import PtyGame


def run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "roguelike", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, stdin=subprocess.DEVNULL,
                          **kwargs)  # type: ignore[call-overload]


def test_a_bad_command_lists_the_players_commands_and_not_the_hosts_lobby():
    out = run("foo")
    assert out.returncode == 2
    assert "lobby" not in out.stderr
    assert "no command 'foo'" in out.stderr
    for command in ("play", "daily", "replay", "verify", "scores", "sim", "level", "host"):
        assert command in out.stderr.splitlines()[-1], command
    assert out.stderr.endswith("\n") and len(out.stderr.splitlines()) <= 3


@pytest.mark.parametrize("count", ["0", "-1"])
def test_level_count_must_be_one_or_more(count):
    out = run("level", "--seed", "x", "--count", count)
    assert out.returncode == 2 and out.stdout == ""
    assert f"--count: {count} is out of range: 1 or more" in out.stderr


def test_level_without_count_still_prints_one_level():
    out = run("level", "--seed", "x")
    assert out.returncode == 0 and out.stdout.count("\n") > 10 and "{" not in out.stdout


def test_the_no_terminal_message_ends_its_line_on_a_terminal(tmp_path):
    """`roguelike > file` in a terminal: the message is one line, then the shell's prompt on
    a line of its own (its last characters are the sentence's end and a newline)."""
    with PtyGame(["play"], 80, 24, {"ROGUELIKE_SAVES": str(tmp_path)},
                 stdout_to=tmp_path / "out") as game:
        assert game.wait_exit(10) == 2
        raw = bytes(game.raw)
    assert raw.startswith(b"roguelike: ") and raw.endswith(b"run without one.\r\n"), raw
    assert raw.count(b"\n") == 1


def test_the_no_terminal_message_ends_with_a_newline_in_a_pipe():
    out = run("play")
    assert out.returncode == 2 and out.stderr.endswith("one.\n") and out.stdout == ""


def test_the_content_fuzz_leaves_nothing_in_the_temporary_folder(tmp_path):
    """tests/test_fuzz_content.py copies the content to a scratch folder: it must go
    when the tests are done, whichever of them ran."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp), "FUZZ_EXAMPLES": "3"}
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider",
         "--basetemp", str(tmp_path / "base"), "tests/test_fuzz_content.py",
         "-k", "structural or garbled"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:]
    assert out.stdout.startswith(".."), out.stdout[-2000:]  # both ran
    assert sorted(p.name for p in tmp.iterdir()) == [], "left behind in the temporary folder"
    assert tempfile.gettempdir() != str(tmp)  # (the child's TMPDIR, not this process's)
    assert Path(tmp).exists()
