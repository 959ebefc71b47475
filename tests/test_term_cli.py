"""The `roguelike` command as a process: arguments, help, version, exit codes, and what it
does with no terminal. Every run is bounded by a timeout."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import pytest
from conftest import ROOT

from roguelike import __version__, cli
from roguelike.cli import build_parser
from roguelike.host.cli import INTERNAL_COMMANDS

INTERNAL = set(INTERNAL_COMMANDS)  # started by the host, never by a player
INTERNAL_OPTIONS = {"--data", "--player-id", "--player-name", "--status-fd",
                    "--go-fd"}  # play's


def run(*args: str, timeout: float = 30, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "roguelike", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=timeout, **kwargs)  # type: ignore[call-overload]


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    out = run(flag)
    assert out.returncode == 0
    assert out.stdout.strip() == f"roguelike {__version__}"


def test_the_version_is_written_in_one_place():
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and "\nversion =" not in text
    assert 'path = "roguelike/__init__.py"' in text


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_help_lists_every_public_command_with_its_help_and_no_internal_one():
    out = run("--help")
    assert out.returncode == 0
    assert "SUPPRESS" not in out.stdout
    commands = _subparsers(build_parser())
    listed = [line.split()[0] for line in out.stdout.splitlines()
              if line.startswith("    ") and len(line.split()) > 1]
    assert set(listed) == set(commands) - INTERNAL
    for name in INTERNAL:
        assert f" {name} " not in out.stdout and f",{name}" not in out.stdout
    assert "Files:" in out.stdout  # where saves and settings are


def test_every_option_of_every_command_says_what_it_does():
    for name, sub in _subparsers(build_parser()).items():
        if name in INTERNAL:
            continue
        assert sub.description, f"{name} has no description"
        for action in sub._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if action.help == argparse.SUPPRESS:
                assert name == "play" and set(action.option_strings) <= INTERNAL_OPTIONS
                continue
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"


def test_play_help_hides_the_hosts_internal_options():
    out = run("play", "--help")
    assert out.returncode == 0
    for option in INTERNAL_OPTIONS:
        assert option not in out.stdout
    assert "--seed" in out.stdout and "--party" in out.stdout


@pytest.mark.parametrize(("args", "says"), [
    (["play", "--party", "a,b,c"], "no class 'a'"),
    (["play", "--party", "warrior,rogue"], "takes 3 classes"),
    (["sim", "--seed", "x", "--party", "warrior,rogue,bard"], "no class 'bard'"),
    (["sim", "--seed", "x", "--actions", "-5"], "--actions: -5 is out of range"),
    (["sim", "--seed", "x", "--actions", "lots"], "'lots' is not a whole number"),
    (["level", "--seed", "x", "--count", "-3"], "--count: -3 is out of range"),
    (["level", "--seed", "x", "--depth", "99"], "--depth: 99 is out of range: from 1 to 12"),
    (["level", "--seed", "x", "--depth", "0"], "--depth: 0 is out of range"),
    (["scores", "--limit", "-1"], "--limit: -1 is out of range"),
    (["host", "--port", "70000"], "--port: 70000 is out of range: from 0 to 65535"),
    (["play", "--seed", "!!!"], "--seed"),
])
def test_bad_arguments_are_refused_before_anything_starts(args, says):
    # stdin/stdout are not a terminal here: an argument error must still come first
    out = run(*args, stdin=subprocess.DEVNULL)
    assert out.returncode == 2, out.stderr
    assert says in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) <= 3


@pytest.mark.parametrize("args", [[], ["play"], ["play", "--seed", "amber wolf 17"],
                                  ["daily"]])
def test_with_no_terminal_the_screen_commands_stop_at_once(args):
    started = time.monotonic()
    out = run(*args, stdin=subprocess.DEVNULL, timeout=15)
    assert time.monotonic() - started < 10
    assert out.returncode == 2
    assert "needs a terminal" in out.stderr and "input" in out.stderr
    assert out.stdout == ""  # nothing drawn into the pipe


def test_with_no_terminal_replay_stops_at_once(tmp_path):
    record = tmp_path / "game.replay.json"
    assert run("sim", "--seed", "term-replay", "--actions", "30", "--record", str(record),
               stdin=subprocess.DEVNULL).returncode == 0
    out = run("replay", str(record), stdin=subprocess.DEVNULL, timeout=15)
    assert out.returncode == 2 and "needs a terminal" in out.stderr


def test_headless_commands_run_without_a_terminal(tmp_path):
    record = tmp_path / "game.replay.json"
    sim = run("sim", "--seed", "term-headless", "--actions", "40", "--record", str(record),
              stdin=subprocess.DEVNULL)
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout.splitlines()[-1])["seed"] == "term-headless"
    verify = run("verify", str(record), stdin=subprocess.DEVNULL)
    assert verify.returncode == 0 and json.loads(verify.stdout.splitlines()[-1])["verified"]
    level = run("level", "--seed", "x", "--depth", "12", "--json", stdin=subprocess.DEVNULL)
    assert level.returncode == 0 and json.loads(level.stdout)["depth"] == 12
    assert run("scores", "--json", stdin=subprocess.DEVNULL).stdout.strip() == "[]"
    daily = run("daily", "--print", stdin=subprocess.DEVNULL)
    assert daily.returncode == 0 and daily.stdout.strip()


def _shape(parser: argparse.ArgumentParser) -> list[tuple[object, ...]]:
    return [(type(a).__name__, tuple(a.option_strings), a.dest, a.help,
             getattr(a.type, "__qualname__", a.type), a.default,
             a.required, a.nargs, a.metavar, a.choices and tuple(a.choices))
            for a in parser._actions] + [(parser.prog, parser.description, parser.usage)]


def test_each_command_alone_has_the_parser_it_has_among_all():
    """A start builds only the parser of the command given (cli.command_given, issue 31):
    the table of commands is every command, in --help's order, and each built alone is
    the same parser as when all are built."""
    every = _subparsers(build_parser())
    assert list(cli.COMMANDS) == list(every)
    for name, full in every.items():
        alone = _subparsers(build_parser(name))
        assert list(alone) == [name]
        assert _shape(alone[name]) == _shape(full), name


@pytest.mark.parametrize(("argv", "command"), [
    ([], None), (["--help"], None), (["-h", "sim"], None), (["-V"], None),
    (["sim", "--seed", "x"], "sim"), (["verify", "f.json"], "verify"),
    (["play", "--help"], "play"), (["bogus"], None), (["--", "sim"], None),
    (["lobby", "--data", "d"], "lobby"), (["--bogus", "sim"], "sim"),
])
def test_the_command_given_is_the_first_word_before_any_top_level_option(argv, command):
    assert cli.command_given(argv) == command


def test_a_command_built_alone_answers_bad_arguments_as_before():
    out = run("sim", "--seed", "x", "--actions", "-1")
    assert out.returncode == 2
    assert "argument --actions: -1 is out of range: 0 or more" in out.stderr
    out = run("simm")
    assert out.returncode == 2 and "no command 'simm'; the commands are play," in out.stderr
