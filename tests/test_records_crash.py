"""kill -9 the real game at random moments, many times: the game is never lost.

The `roguelike` command runs in a pseudo-terminal (pty_game.py). At a random moment of a
random kind (on the menu, while Continue loads, while playing or auto-exploring, right
after `S`, while travelling to and taking the stairs) it is killed with SIGKILL. Each time:
- the slot's files hold the game: its journal replays, and it never holds fewer actions than
  at the kill before (nothing is lost, and nothing rolls back, so no moment is played twice);
- the next start's menu offers Continue or Recover; choosing it shows the game as the files
  hold it (depth and round on the status line), and play goes on from there.
"""

from __future__ import annotations

import os
import random
import re
import stat
import time
from collections import Counter

import pytest
from pty_game import PtyGame

from roguelike.records import live
from roguelike.records import save as S
from roguelike.records.journal import read_journal
from roguelike.records.save import load_game, slot_state
from roguelike.ui import local_records

KILLS = 24
STATUS = re.compile(r"\bD(\d+) R(\d+) ")
OFFERS = ("Continue the saved game", "Recover the interrupted game")
ENDED = ("The party has fallen", "Victory!", "The party retires")
PLAY_KEYS = ["h", "j", "k", "l", "y", "u", "b", "n", "o", "o", ".", "s", "l", "h"]


def _status(game: PtyGame, timeout: float = 20.0) -> tuple[int, int] | None:
    """(depth, round) from the status line, or None if the game shows its end."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        game.pump(0.05)
        text = game.text()
        if any(e in text for e in ENDED):
            return None
        found = STATUS.search(text)
        if found:
            return int(found[1]), int(found[2])
    raise AssertionError(f"no status line after {timeout}s:\n{game.text()}")


def _play(game: PtyGame, rng: random.Random, seconds: float, keys: list[str]) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game.send(rng.choice(keys))
        game.pump(rng.uniform(0.0, 0.08))


@pytest.mark.slow
def test_kill_9_at_random_moments_never_loses_the_game(tmp_path):
    env = {**os.environ, "ROGUELIKE_SAVES": str(tmp_path), "TERM": "xterm-256color"}
    slot = local_records.slot()
    rng = random.Random(1717)
    moments: Counter[str] = Counter()
    recorded = 0  # actions on disk after the last kill
    deepest, expected = 1, (1, 1)  # (depth, round) the files hold after the last kill
    started = time.monotonic()
    game = PtyGame(["play", "--seed", "kill-17"], env)
    assert _status(game) == (1, 1)
    for k in range(KILLS):
        moment = rng.choice(["play", "play", "save", "stairs", "menu", "loading"]) if k else \
            "play"
        moments[moment] += 1
        if k:  # a fresh start: the menu must offer the game back
            game.wait_for(*OFFERS)
            if moment == "menu":
                game.pump(rng.uniform(0.0, 0.5))
            elif moment == "loading":
                game.send("enter")
                game.pump(rng.uniform(0.0, 0.4))
            else:
                game.send("enter")
                shown = _status(game)
                assert shown in (None, expected), (shown, expected)
        if moment == "play":
            _play(game, rng, rng.uniform(0.1, 1.2), PLAY_KEYS)
        elif moment == "save":
            _play(game, rng, rng.uniform(0.0, 0.4), PLAY_KEYS)
            game.send("S")
            game.pump(rng.uniform(0.0, 0.08))
        elif moment == "stairs":
            game.send("G")
            game.pump(0.1)
            game.send(">")
            _play(game, rng, rng.uniform(0.2, 1.5), [">", ">", "."])
        game.kill()

        journal = live.journal_path(tmp_path, slot)
        if not journal.exists() and (tmp_path / f"{slot}.journal.ended").exists():
            # the party died (or won) and the game was recorded: start another
            assert list((tmp_path / "replays").glob(f"{slot}-*.replay.json"))
            moments["game ended"] += 1
            os.replace(tmp_path / f"{slot}.journal.ended", tmp_path / f"ended-{k}")
            game = PtyGame(["play", "--seed", f"kill-17-{k}"], env)
            assert _status(game) == (1, 1)
            recorded = 0
            continue
        state = slot_state(tmp_path, slot)
        assert state.kind in ("saved", "interrupted"), state
        now = len(read_journal(journal).actions)
        assert now >= recorded, f"kill {k} ({moment}): {recorded} actions before, {now} now"
        recorded = now
        back = load_game(tmp_path, slot).game  # replays the files as the game will
        assert len(back.history) == now
        expected = (back.depth, back.round)
        deepest = max(deepest, back.deepest)
        game = PtyGame([], env)
    game.wait_for(*OFFERS)
    game.kill()
    took = time.monotonic() - started
    print(f"\n{KILLS} kills in {took:.0f}s: {dict(moments)}; {recorded} actions recorded, "
          f"deepest level {deepest}")
    assert took < 240


def _slow_fsync(fd: int, _real=os.fsync) -> None:
    """A slow disk for the saves (the journal's own fdatasync is left alone), so that many
    kills land in the middle of the autosave a change of level makes."""

    if stat.S_ISREG(os.fstat(fd).st_mode):
        time.sleep(0.15)
    _real(fd)


def _bot_plays_on(tmp_path, slot: str, seed: str, tell: int) -> None:
    """The forked child: continue the slot's game (or start one), the hurrying bot playing
    it for ever, journalled and autosaved on each level change, until it is killed. It
    writes a byte to `tell` as each autosave's new file is being synced (the slow part, while
    the old save still stands), so a kill then lands in the middle of the autosave."""
    import roguelike.bot.player as bot_mod
    from roguelike.engine.actions.abandon import Quit
    from roguelike.engine.actions.basic import Wait
    from roguelike.engine.game import Game
    from roguelike.records.finish import finish_game
    from roguelike.records.session import track

    def telling_fsync(fd: int) -> None:  # (a save's file is being made durable: tell)
        if stat.S_ISREG(os.fstat(fd).st_mode) and ".save.json." in os.readlink(
                f"/proc/self/fd/{fd}"):
            os.write(tell, b"S")
        _slow_fsync(fd)

    os.fsync = telling_fsync
    bot_mod.LEVEL_BUDGET = 0

    def started(directory) -> Game:
        game = load_game(directory, slot).game if slot_state(directory, slot).kind != \
            "none" else Game(seed)
        track(game, directory, slot)
        return game

    game, bot = started(tmp_path), bot_mod.Bot()
    while True:
        if game.over:
            finish_game(game, tmp_path, "bot", slot)
            game = started(tmp_path)
        before = game.actions_taken
        if game.depth > 4:  # (quit, recorded, and a new game: a long journal makes every
            game.perform(Quit())  # restart re-simulate for seconds, and kills only loading)
            continue
        game.perform(bot.choose(game))
        if game.actions_taken == before:
            game.perform(Wait())


@pytest.mark.slow
def test_kill_9_during_play_and_level_changes_never_loses_the_game(tmp_path):
    """Level changes are rare in the UI test's random keys: here a bot plays, heading for
    the stairs, in a real process killed every other time just as it changes level (in the
    middle of the autosave, on a slow disk) and otherwise at a random moment."""
    import select

    from records_util import descending_seed

    seed, slot = descending_seed(), "lv"
    rng = random.Random(171)
    recorded, depths, mid_save, ended, kills = 0, set(), 0, None, 20
    for k in range(kills):
        read, tell = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(read)
                _bot_plays_on(tmp_path, slot, seed, tell)
            finally:
                os._exit(1)
        os.close(tell)
        if k % 2 == 0 and select.select([read], [], [], 3)[0]:  # an autosave is under way
            time.sleep(rng.uniform(0.0, 0.1))
        else:
            time.sleep(rng.uniform(0.2, 0.9))
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(read)
        mid_save += any(p.name.startswith(f".{slot}.save.json.{pid}.") for p in
                        tmp_path.iterdir())
        if slot_state(tmp_path, slot).kind == "none":
            continue
        back = load_game(tmp_path, slot)
        assert not back.notes, back.notes  # nothing damaged, nothing lost
        last = tmp_path / f"{slot}.journal.ended"
        if last.exists() and last.stat().st_ino != ended:  # the party died, its game was
            ended, recorded = last.stat().st_ino, 0  # recorded, and a new one began
            assert list(tmp_path.glob("replays/*.replay.json"))
        assert len(back.game.history) >= recorded
        recorded = len(back.game.history)
        depths.add(back.game.depth)
    print(f"\n{kills} kills: {mid_save} in the middle of an autosave; depths {sorted(depths)}")
    assert mid_save >= kills // 4, "half the kills should land in the middle of an autosave"
    assert len(depths) >= 2, depths


@pytest.mark.slow
def test_a_hang_up_saves_the_real_game_and_continue_resumes_it(tmp_path):
    env = {**os.environ, "ROGUELIKE_SAVES": str(tmp_path), "TERM": "xterm-256color"}
    slot = local_records.slot()
    game = PtyGame(["play", "--seed", "hup-17"], env)
    _status(game)
    _play(game, random.Random(5), 0.6, ["h", "j", "k", "l"])
    game.hang_up()  # the terminal goes away: the kernel sends SIGHUP
    assert slot_state(tmp_path, slot).kind == "saved"  # saved and left cleanly
    back = load_game(tmp_path, slot).game
    assert back.history and S.save_path(tmp_path, slot).is_file()
    game = PtyGame([], env)
    assert game.wait_for(*OFFERS) == "Continue the saved game"
    game.send("enter")
    assert _status(game) == (back.depth, back.round)
    game.kill()
