"""The journal of the game in play: opened when play begins, one line per action, closed
when the game is saved and left or ends (the file format is journal.py's).

Durability, cheapest first:
- each action's line goes to the file with one write() inside `Game.perform`, before the
  action's result can reach the screen. Once written, the kernel holds it: killing the
  process in any way (kill -9, a crash, a hang-up) loses nothing that was shown;
- a small background thread looks every SYNC_GAP (50 ms) and fdatasync()s the file if
  it was written since (a burst of actions is synced once), so a power cut or a kernel
  crash loses at most the last twentieth of a second of play, and a step never waits for
  the disk or for that thread;
- a write that fails (a full disk) keeps its lines in memory and tells the player once;
  each later action tries again, so the journal catches up when space is freed.

One process per slot: the lock (lock.py) is taken before the journal is touched and held
until it is closed. Within a process, opening a slot's journal closes the one already open
there (a new game replaces the old in play); `_open` is that per-process table.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

from roguelike.engine.game import Game
from roguelike.records import journal as fmt
from roguelike.records.atomic import atomic_write, keep_copy
from roguelike.records.codec import RecordError
from roguelike.records.lock import SlotLock
from roguelike.records.paths import JOURNAL_SUFFIX, LOCK_SUFFIX, slot_file
from roguelike.records.recorder import Recorder
from roguelike.records.resim import recorder_for

REPLACED = ".replaced"  # the suffix of a slot's files that a new game replaced
SYNC_GAP = 0.05  # seconds between two fdatasyncs of the journal, at least
SYNC_STACK = 256 * 1024  # the syncing thread needs little; hosted games run under RLIMIT_AS
Notify = Callable[[str], None]

_open: dict[Path, LiveJournal] = {}  # this process's open journal of each slot


def no_notice(_text: str) -> None:
    """The default `notify`: problems then only show in `LiveJournal.problem`."""


class LiveJournal:
    """The `on_action` watcher that appends each action; see the module's docstring."""

    def __init__(self, path: Path, fd: int, lock: SlotLock, rec: Recorder, game: Game,
                 player: str, notify: Notify) -> None:
        self.path, self.fd, self.lock, self.rec = path, fd, lock, rec
        self.game, self.player, self.notify = game, player, notify
        self.options = game.options.to_dict()  # as the header has them
        self.pending = bytearray()  # lines not yet written (only after a failed write)
        self.problem = ""  # why the journal is behind, "" while it is whole
        self.written = 0  # successful writes so far (the syncing thread compares)
        self._closing = threading.Event()
        old = threading.stack_size(SYNC_STACK)
        try:
            self._syncer = threading.Thread(target=self._sync_loop, name="journal-sync",
                                            daemon=True)
            self._syncer.start()
        finally:
            threading.stack_size(old)

    def __call__(self, game: Game) -> None:
        if len(game.history) == 1 and game.options.to_dict() != self.options:
            self._restart(game)  # options changed before the first action: a new header
            return
        round_, action = game.history[-1]
        self.pending += fmt.action_line(round_, action, self.rec.prints[-1])
        self._write()

    def _restart(self, game: Game) -> None:
        try:
            atomic_write(self.path, fmt.whole_game(game, self.rec.prints, self.player))
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as err:
            self.notify(f"The game cannot be written to {self.path.name} "
                        f"({err.strerror or err}).")
            return
        os.close(self.fd)
        self.fd = fd
        self.options = game.options.to_dict()

    def _write(self) -> bool:
        try:
            while self.pending:
                done = os.write(self.fd, self.pending)
                del self.pending[:done]
        except OSError as err:
            if not self.problem:
                self.problem = (f"The game cannot be written to {self.path.name} "
                                f"({err.strerror or err}): a crash now would lose the moves "
                                f"since. Free some space; it catches up by itself.")
                self.notify(self.problem)
            return False
        if self.problem:
            self.problem = ""
            self.notify(f"{self.path.name} is written again: nothing was lost.")
        self.written += 1  # (the syncing thread sees it within SYNC_GAP)
        return True

    def _sync_loop(self) -> None:
        # polls rather than being woken by each write: a wake-up would compete with the
        # game's thread for the interpreter in the middle of drawing the step it came from
        synced = 0
        while not self._closing.wait(SYNC_GAP):
            written = self.written
            if written != synced:
                with contextlib.suppress(OSError):
                    os.fdatasync(self.fd)
                synced = written

    def sync(self) -> bool:
        """Everything written and on the disk now (before a save; on closing)."""
        if not self._write():
            return False
        try:
            os.fdatasync(self.fd)
        except OSError:
            return False
        return True

    def close(self, clean: bool) -> None:
        """Stop journalling. `clean`: the game was saved and left (marks the file so)."""
        if self.fd < 0:
            return
        if clean and not self.pending:
            self.pending += fmt.closed_line(len(self.rec.prints))
        self.sync()
        self._closing.set()
        self._syncer.join(timeout=2)
        with contextlib.suppress(OSError):
            os.close(self.fd)
        self.fd = -1
        self.lock.release()
        if self in self.game.on_action:
            self.game.on_action.remove(self)
        if _open.get(self.path) is self:
            del _open[self.path]


def journal_path(directory: Path, slot: str) -> Path:
    return slot_file(directory, slot, JOURNAL_SUFFIX)


def find(game: Game) -> LiveJournal | None:
    for watcher in game.on_action:
        if isinstance(watcher, LiveJournal):
            return watcher
    return None


def close_slot(directory: Path, slot: str, clean: bool = False) -> None:
    """Close this process's journal of the slot, if it has one open."""
    live = _open.get(journal_path(directory, slot))
    if live is not None:
        live.close(clean)


def _continues(path: Path, game: Game, rec: Recorder) -> int | None:
    """The length of the part of the journal at `path` that is exactly `game` so far, when
    it is all of it bar an unreadable tail; None if the journal must be written afresh."""
    try:
        j = fmt.read_journal(path)
    except RecordError:
        return None
    n = len(game.history)
    party = tuple(tuple(str(v) for v in member) for member in game.party_spec)
    if j is None or j.identity() != (game.seed, party, game.options.to_dict()) \
            or len(j.actions) != n or j.prints != rec.prints \
            or j.rounds != [r for r, _a in game.history]:
        return None
    return j.end_of(n)


def begin(game: Game, directory: Path, slot: str, player: str = "",
          notify: Notify = no_notice) -> LiveJournal:
    """Journal `game` from now on: lock the slot (SlotBusy if another process plays it),
    make the journal hold exactly the game so far, and append each action to it.

    A journal that already holds this game (a continued one) is kept and extended; any
    other is replaced, so beginning a new game gives up the one saved in this slot."""
    path = journal_path(directory, slot)
    old = _open.get(path)
    if old is not None:
        old.close(clean=False)
    lock = SlotLock.take(slot_file(directory, slot, LOCK_SUFFIX))
    try:
        rec = recorder_for(game)
        keep = _continues(path, game, rec)
        if keep is None:
            if path.is_file():  # another game's: kept once (a hard link), then replaced
                keep_copy(path, path.with_name(path.name + REPLACED))
            atomic_write(path, fmt.whole_game(game, rec.prints, player))
        else:
            os.truncate(path, keep)  # an unfinished line a crash left: gone
        fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    except BaseException:
        lock.release()
        raise
    live = LiveJournal(path, fd, lock, rec, game, player, notify)
    game.on_action.append(live)
    _open[path] = live
    return live
