from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
import time

import pytest
from conftest import ROOT
from records_util import bot_game

from roguelike.engine.actions.basic import Wait
from roguelike.records import save as S

LOOP = """
import sys, time
from pathlib import Path
from roguelike.bot.player import Bot
from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.records.recorder import attach
from roguelike.records.save import save_path
from roguelike.records.signals import install_signal_save

game = Game("d-11")  # a long game (2,000+ actions): the bot must still be playing when
# the signal comes
attach(game)
install_signal_save(lambda: game, save_path(Path(sys.argv[1]), "sig"))
bot, n = Bot(), 0
while True:
    if sys.argv[2] == "idle" and n >= 40:
        time.sleep(0.01)  # waiting for input, outside the engine
        continue
    before = game.actions_taken
    game.perform(bot.choose(game))
    if game.actions_taken == before:
        game.perform(Wait())
    n += 1
    if n == 40:
        print("ready", flush=True)
"""


@pytest.mark.parametrize(("sig", "mode"), [(signal.SIGTERM, "busy"), (signal.SIGHUP, "busy"),
                                           (signal.SIGTERM, "idle")])
def test_hangup_and_terminate_save_at_a_safe_point_within_a_second(tmp_path, sig, mode):
    proc = subprocess.Popen([sys.executable, "-c", LOOP, str(tmp_path), mode], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.2)
        sent = time.monotonic()
        proc.send_signal(sig)
        code = proc.wait(timeout=5)
        took = time.monotonic() - sent
    finally:
        proc.kill()
        proc.wait()
    assert code == 128 + sig, proc.stderr.read() if proc.stderr else ""
    assert took < 1.0
    loaded = S.load_game(tmp_path, "sig")  # re-simulates: the save is consistent
    assert len(loaded.game.history) >= 40


def _slow_fsync(fd: int, _real=os.fsync) -> None:
    """A slow disk, so that most kills land in the middle of a write."""
    if stat.S_ISREG(os.fstat(fd).st_mode):
        time.sleep(0.04)
    _real(fd)


def test_sigkill_while_saving_always_leaves_a_loadable_save(tmp_path):
    rng = random.Random(6)
    game = bot_game("e-1", actions=20, budget=0)
    S.save_game(game, tmp_path, "kill")
    path = S.save_path(tmp_path, "kill")
    mid_write = 0
    for _ in range(20):
        pid = os.fork()
        if pid == 0:  # the child goes on playing and saves after every action until killed
            try:
                os.fsync = _slow_fsync
                while True:
                    game.perform(Wait())
                    S.save_game(game, tmp_path, "kill")
            finally:
                os._exit(1)
        time.sleep(0.02 + rng.random() * 0.08)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        mid_write += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
        loaded = S.read_save(path)  # the newest save is whole: the old one or a new one
        assert len(loaded.history) >= 20
        if S.backup_path(path).exists():
            S.read_save(S.backup_path(path))  # and so is the backup
        game = loaded
    assert mid_write >= 4, "the kills should often land in the middle of a write"


def test_a_signal_inside_an_action_waits_for_a_safe_point(tmp_path):
    from roguelike.records.signals import in_unsafe_code, install_signal_save

    game = bot_game("e-1", actions=10)
    saved: list[int] = []
    seen_unsafe: list[bool] = []
    old = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP, signal.SIGALRM)}
    try:
        install_signal_save(lambda: game, S.save_path(tmp_path, "mid"), on_saved=saved.append)

        def poke(g):  # runs inside Game.perform, i.e. in the middle of engine code
            seen_unsafe.append(in_unsafe_code(sys._getframe()))
            if len(g.history) == 12:
                os.kill(os.getpid(), signal.SIGTERM)
                # the handler has run by now (it runs in this thread), but must not save yet
                assert saved == [] and not S.has_save(tmp_path, "mid")

        game.on_action.insert(0, poke)
        for _ in range(5):
            game.perform(Wait())
            if saved:
                break
        assert saved == [signal.SIGTERM]
        assert seen_unsafe[0] and not in_unsafe_code(sys._getframe())
        # loading re-simulates and checks the saved state hash: the save was made at a
        # safe point, after action 12 finished (or after the next one)
        loaded = S.load_game(tmp_path, "mid").game
        assert len(loaded.history) in (12, 13)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        for s, h in old.items():
            signal.signal(s, h)
