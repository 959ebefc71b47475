"""Monkey test: the real UI under random keys, stray escape sequences, mouse and resizes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.monkey import MonkeyFailure, monkey_game, run_monkey
from roguelike.ui.screens.game_commands import Commands
from roguelike.ui.screens.game_screen import GameScreen


async def test_monkey_many_games_no_crash_no_stuck_screen():
    # 12 games of 120 inputs on fixed seeds; stops early (still passing) past 25 s on a
    # loaded machine, so the suite stays quick. `python benchmarks/monkey.py` runs longer.
    tally = await run_monkey(games=12, keys=120, seed=9, budget_s=25)
    assert tally.games >= 3
    # the inputs really exercised the game and every kind of input was sent
    assert tally.actions > 20
    assert {"move", "command", "escape", "noise", "stray", "mouse", "resize"} <= set(tally.by_kind)


async def test_monkey_reports_an_exception_in_the_ui(monkeypatch):
    def broken(self, *_args):
        raise RuntimeError("boom")

    # (a step: the commonest input, so the random keys reach it whatever the keymap holds;
    # the help key alone was missed once a command was added to the keymap)
    monkeypatch.setattr(Commands, "cmd_move", broken)
    import random

    from benchmarks.monkey import Tally

    with pytest.raises((MonkeyFailure, RuntimeError), match="boom"):
        await monkey_game("monkey-broken", 200, random.Random(1), Tally())


async def test_monkey_reports_a_stuck_screen(monkeypatch):
    monkeypatch.setattr(GameScreen, "act", lambda self, action: None)  # keys do nothing
    import random

    from benchmarks.monkey import Tally

    with pytest.raises(MonkeyFailure, match="stuck"):
        await monkey_game("monkey-stuck", 60, random.Random(2), Tally())
