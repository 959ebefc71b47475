"""The journal: a game in play is on disk action by action, comes back whole after any crash,
and cannot be played twice from the same moment (save.py, live.py, resume.py)."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time

import pytest
from conftest import ROOT
from records_util import bot_game

from roguelike.engine.actions.basic import Wait
from roguelike.engine.game import Game
from roguelike.records import live
from roguelike.records import save as S
from roguelike.records.journal import parse, read_journal
from roguelike.records.lock import SlotBusy
from roguelike.records.session import track


def _tracked(tmp_path, slot="jo", seed="e-1", actions=80) -> Game:
    game = Game(seed)
    track(game, tmp_path, slot)
    bot_game(game=game, actions=actions, budget=0, record=False)
    return game


def _crash(game: Game) -> None:
    """What a kill -9 leaves: the journal file as it is, the lock gone with the process."""
    journal = live.find(game)
    os.close(journal.fd)
    journal.lock.release()
    journal.fd = -1
    journal._closing.set()
    live._open.pop(journal.path, None)


@pytest.fixture(autouse=True)
def _close_journals():
    yield
    for journal in list(live._open.values()):
        journal.close(clean=False)


def test_a_game_in_play_is_on_disk_action_by_action(tmp_path):
    game = _tracked(tmp_path)
    assert not S.save_path(tmp_path, "jo").exists()  # no save was ever made
    j = read_journal(live.journal_path(tmp_path, "jo"))
    assert len(j.actions) == len(game.history) == 80 and j.prints == live.find(game).rec.prints
    _crash(game)
    assert S.slot_state(tmp_path, "jo").kind == "interrupted"
    loaded = S.load_game(tmp_path, "jo")
    assert loaded.game.history == game.history and not loaded.notes
    assert loaded.game.state_hash() == game.state_hash()


def test_continue_never_goes_back_to_the_save_no_scumming(tmp_path):
    game = _tracked(tmp_path, actions=40)
    S.suspend_game(game, tmp_path, "jo")  # S: saved after 40 actions, journal closed
    assert S.slot_state(tmp_path, "jo").kind == "saved"
    first = S.load_game(tmp_path, "jo").game
    track(first, tmp_path, "jo")
    bot_game(game=first, actions=25, budget=0, record=False)  # the player sees what happens
    _crash(first)  # ... dislikes it and kills the game
    again = S.load_game(tmp_path, "jo").game
    assert len(again.history) == 65 and again.state_hash() == first.state_hash()
    assert S.save_path(tmp_path, "jo").is_file()  # the save was never consumed either


def test_a_torn_last_line_is_dropped_silently_and_cut_off_when_play_goes_on(tmp_path):
    game = _tracked(tmp_path)
    _crash(game)
    path = live.journal_path(tmp_path, "jo")
    with open(path, "ab") as fh:
        fh.write(b'[99,{"kind":"wa')  # a write the crash cut short
    loaded = S.load_game(tmp_path, "jo")
    assert loaded.game.history == game.history and not loaded.notes
    track(loaded.game, tmp_path, "jo")
    loaded.game.perform(Wait())
    j = parse(path.read_bytes())
    assert not j.damage and len(j.actions) == len(game.history) + 1


def test_a_damaged_line_keeps_the_game_before_it_and_a_copy(tmp_path):
    game = _tracked(tmp_path, actions=60)
    _crash(game)
    path = live.journal_path(tmp_path, "jo")
    lines = path.read_bytes().split(b"\n")
    lines[31] = lines[31][:1] + bytes([lines[31][1] ^ 1]) + lines[31][2:]  # action 30:
    # one bit flipped, so its checksum fails
    path.write_bytes(b"\n".join(lines))
    loaded = S.load_game(tmp_path, "jo")
    assert loaded.game.history == game.history[:30]
    assert any("damaged after action 30" in n for n in loaded.notes), loaded.notes
    assert (tmp_path / "jo.journal.corrupt-1").read_bytes() == b"\n".join(lines)


def test_a_save_longer_than_a_damaged_journal_wins(tmp_path):
    game = _tracked(tmp_path, actions=60)
    S.save_game(game, tmp_path, "jo")
    _crash(game)
    path = live.journal_path(tmp_path, "jo")
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2] + b"garbage\n" + data[len(data) // 2:])
    loaded = S.load_game(tmp_path, "jo")
    assert loaded.game.history == game.history and loaded.path.name == "jo.save.json"
    track(loaded.game, tmp_path, "jo")  # the journal is written afresh from the game
    assert not parse(path.read_bytes()).damage
    assert len(parse(path.read_bytes()).actions) == 60


def test_a_new_game_replaces_the_saved_one_keeping_a_copy(tmp_path):
    old = _tracked(tmp_path, actions=30)
    S.suspend_game(old, tmp_path, "jo")
    new = Game("e-2")
    track(new, tmp_path, "jo")
    assert (tmp_path / "jo.save.json.replaced").is_file()
    assert (tmp_path / "jo.journal.replaced").is_file()
    assert not S.save_path(tmp_path, "jo").exists()
    new.perform(Wait())
    _crash(new)
    loaded = S.load_game(tmp_path, "jo").game
    assert loaded.seed == "e-2" and len(loaded.history) == 1


def test_a_stale_save_of_another_game_is_not_continued(tmp_path):
    """A crash between a new game's journal and the old save's moving aside."""
    old = bot_game("e-2", actions=30)
    S.save_game(old, tmp_path, "jo")
    stale = S.save_path(tmp_path, "jo").read_bytes()
    new = _tracked(tmp_path, actions=5)
    _crash(new)
    S.save_path(tmp_path, "jo").write_bytes(stale)
    loaded = S.load_game(tmp_path, "jo").game
    assert loaded.seed == "e-1" and loaded.history == new.history


def test_options_changed_before_the_first_action_rewrite_the_header(tmp_path):
    game = Game("e-1")
    track(game, tmp_path, "jo")
    game.options.luck_prompt = "never"
    game.perform(Wait())
    _crash(game)
    j = read_journal(live.journal_path(tmp_path, "jo"))
    assert j.options == {"luck_prompt": "never"} and len(j.actions) == 1
    assert S.load_game(tmp_path, "jo").game.options.luck_prompt == "never"


def test_a_full_disk_is_told_once_and_the_journal_catches_up(tmp_path, monkeypatch):
    told: list[str] = []
    game = Game("e-1")
    track(game, tmp_path, "jo", notify=told.append)
    bot_game(game=game, actions=10, budget=0, record=False)
    real = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(live.os, "write", full)
    bot_game(game=game, actions=10, budget=0, record=False)  # play goes on
    assert len(told) == 1 and "No space left" in told[0]
    assert live.find(game).problem
    monkeypatch.setattr(live.os, "write", real)
    game.perform(Wait())
    assert len(told) == 2 and "nothing was lost" in told[1]
    _crash(game)
    assert S.load_game(tmp_path, "jo").game.history == game.history


LOCKER = """
import sys, time
from pathlib import Path
from roguelike.engine.game import Game
from roguelike.records.session import track
track(Game("e-1"), Path(sys.argv[1]), "jo")
print("locked", flush=True)
time.sleep(60)
"""


def test_one_process_per_slot_and_a_killed_one_frees_it(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", LOCKER, str(tmp_path)], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        state = S.slot_state(tmp_path, "jo")
        assert state.kind == "busy" and state.pid == proc.pid
        with pytest.raises(SlotBusy, match=f"process {proc.pid}"):
            track(Game("e-2"), tmp_path, "jo")
        with pytest.raises(SlotBusy):
            S.load_game(tmp_path, "jo")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert S.slot_state(tmp_path, "jo").kind == "interrupted"  # the kernel dropped the lock
    game = S.load_game(tmp_path, "jo").game
    track(game, tmp_path, "jo")
    assert live.find(game) is not None


def test_retiring_ends_the_journal_and_the_slot_is_empty(tmp_path):
    game = _tracked(tmp_path, actions=20)
    S.save_game(game, tmp_path, "jo")
    S.retire_save(tmp_path, "jo")
    assert live.find(game) is None and S.slot_state(tmp_path, "jo").kind == "none"
    assert not S.has_save(tmp_path, "jo")
    assert (tmp_path / "jo.journal.ended").is_file() and (tmp_path / "jo.save.json.ended").is_file()
    with pytest.raises(S.SaveError, match="no saved game"):
        S.load_game(tmp_path, "jo")


def test_the_journal_costs_little_per_action(tmp_path):
    """The watcher's own time per action (the step budget is milliseconds)."""
    game = _tracked(tmp_path, actions=20)
    journal = live.find(game)
    times = []
    for _ in range(200):
        game.history.append(game.history[-1])
        journal.rec.prints.append(journal.rec.prints[-1])
        t = time.perf_counter()
        journal(game)
        times.append(time.perf_counter() - t)
    times.sort()
    assert times[100] < 0.001, f"median {times[100] * 1e6:.0f} us"


def test_the_journal_reaches_the_disk_soon_and_bursts_are_synced_together(tmp_path,
                                                                            monkeypatch):
    synced: list[float] = []
    real = os.fdatasync

    def counting(fd):
        synced.append(time.monotonic())
        real(fd)
    monkeypatch.setattr(live.os, "fdatasync", counting)
    game = Game("e-1")
    track(game, tmp_path, "jo")
    game.perform(Wait())
    deadline = time.monotonic() + 2
    while not synced and time.monotonic() < deadline:
        time.sleep(0.005)
    assert synced, "the action was never synced to the disk"
    bot_game(game=game, actions=300, budget=0, record=False)  # a burst: an auto-explore
    time.sleep(live.SYNC_GAP * 3)
    assert 1 < len(synced) < 100, len(synced)  # synced, but not once per action
