"""Saves: what a save slot holds, and how a game in play is saved, left and ended.

Files in the save folder for slot S (nothing is ever half-written):
    S.journal           the game in play, one line per action as it is taken (journal.py);
                        it survives any crash and is where Continue/Recover resumes
    S.save.json         the last full save: a checkpoint written on `S` (save and leave), on
                        every change of level and on a hang-up; verifiable like a replay
    S.save.json.bak     the save before the last one, in case the newest is damaged
    S.lock              held by the process playing the slot (lock.py)
    S.*.corrupt-N       a file that could not be used, kept for a human to look at
    S.*.ended           the files of a game that ended (its replay is its record)
    S.*.replaced        the journal and save of the game a new game replaced (one kept)

Loading (resume.py) consumes nothing: the journal only grows while the game is played, so
a crash, a power cut or a dropped terminal resumes where play was, and no earlier moment
can be played again (see README, "Nothing lost").
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from roguelike.core.events import Event
from roguelike.engine.base.words import a_an
from roguelike.engine.game import Game
from roguelike.records import live
from roguelike.records.atomic import (
    atomic_write,
    fsync_dir,
    keep_copy,
    move_aside,
    remove_stale_temps,
)
from roguelike.records.capture import capture
from roguelike.records.codec import RecordError, decode, encode
from roguelike.records.errors import SaveError
from roguelike.records.journal import peek
from roguelike.records.live import journal_path
from roguelike.records.paths import SAVE_SUFFIX
from roguelike.records.resim import Divergence, resimulate
from roguelike.records.resume import Loaded, backup_path, busy, load_game, save_path

SUFFIX = SAVE_SUFFIX
__all__ = ["Loaded", "SaveError", "backup_path", "begin_play", "has_save", "load_game",
           "read_save", "retire_save", "save_game", "save_path", "slot_state", "suspend_game"]


def consumed_path(path: Path) -> Path:
    """Where earlier versions put a loaded save (still tidied away when a game ends)."""
    return path.with_name(path.name + ".consumed")


@dataclass(frozen=True)
class SlotState:
    """What the menu offers for a slot; cheap to ask (no game is replayed)."""

    kind: str  # "none", "saved" (left cleanly), "interrupted" (a crash), "busy"
    seed: str = ""  # "" when it cannot be told cheaply
    pid: int | None = None  # for "busy": the process playing it (None: unknown)


def slot_state(directory: Path, slot: str) -> SlotState:
    path, jpath = save_path(directory, slot), journal_path(directory, slot)
    has_journal, has_save_file = jpath.is_file(), path.is_file()
    if not has_journal and not has_save_file:
        return SlotState("none")
    pid = busy(directory, slot)
    if pid is not None:
        return SlotState("busy", pid=pid if pid > 0 else None)
    if not has_journal:
        return SlotState("saved")
    seen = peek(jpath)
    if seen is None:  # a damaged journal: Recover says what can be done
        return SlotState("interrupted")
    return SlotState("saved" if seen[1] else "interrupted", seen[0])


def has_save(directory: Path, slot: str) -> bool:
    """A game to continue (or recover) in this slot."""
    return slot_state(directory, slot).kind != "none"


def _readable(path: Path) -> bool:
    try:
        decode(path.read_bytes())
    except (OSError, RecordError):
        return False
    return True


def save_game(game: Game, directory: Path, slot: str, player: str = "") -> Path:
    """Write the game's save; the previous good save becomes the backup. The journal is
    synced first, so it is never behind a save."""
    if game.over:
        raise SaveError("The game is over: there is nothing to save (its replay is kept).")
    path = save_path(directory, slot)
    journal = live.find(game)
    if journal is not None:
        journal.sync()
    data = encode(capture(game, "save", player))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_stale_temps(path.parent, path.name)
        if path.is_file():
            if _readable(path):
                keep_copy(path, backup_path(path))
            else:
                move_aside(path)
        atomic_write(path, data)
    except OSError as err:
        raise SaveError(f"Could not write the save {path}: {err.strerror or err}") from None
    return path


def suspend_game(game: Game, directory: Path, slot: str, player: str = "") -> Path:
    """Save and leave (`S`, a hang-up): the save, then the journal closed as left cleanly.
    Continue resumes it."""
    path = save_game(game, directory, slot, player)
    journal = live.find(game)
    if journal is not None:
        journal.close(clean=True)
    return path


def read_save(path: Path) -> Game:
    """Decode and re-simulate one save file; SaveError (for the player) if unusable."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise SaveError(f"Could not read {path.name}: {err.strerror or err}") from None
    try:
        record = decode(data)
        if record.kind != "save":
            raise RecordError(f"it is {a_an(record.kind)}, not a save")
        return resimulate(record)
    except RecordError as err:
        raise SaveError(f"The save {path.name} is damaged: {err}.") from None
    except Divergence as err:
        raise SaveError(f"The save {path.name} does not replay to the saved game "
                        f"({err}); it may come from another version of the game.") from None


def begin_play(game: Game, directory: Path, slot: str, player: str = "",
               notify: live.Notify = live.no_notice) -> None:
    """From now on `game` is the slot's game: journalled action by action (SlotBusy, a
    SaveError, if another process plays the slot). A new game gives up the game saved in
    the slot before it: its save is moved aside once the new journal is in place."""
    live.begin(game, Path(directory), slot, player, notify)
    if not game.history:
        path = save_path(directory, slot)
        with contextlib.suppress(OSError):
            if path.is_file():
                os.replace(path, path.with_name(path.name + live.REPLACED))
            backup_path(path).unlink(missing_ok=True)


def retire_save(directory: Path, slot: str) -> None:
    """This game has ended (death, victory, retirement, quitting): drop its save and
    journal so that it cannot be continued. Its files are renamed `*.ended`, not deleted;
    its replay is the record. Closes this process's journal of the slot first."""
    live.close_slot(Path(directory), slot)
    path = save_path(directory, slot)
    for p in (journal_path(directory, slot), path, backup_path(path), consumed_path(path)):
        if p.exists():
            with contextlib.suppress(OSError):
                os.replace(p, p.with_name(p.name + ".ended"))
    fsync_dir(Path(directory))


def attach_autosave(game: Game, directory: Path, slot: str, player: str = "") -> None:
    """Save whenever the party changes level. A failed autosave is logged, never fatal."""

    def autosave(g: Game) -> None:
        if g.over:
            return
        try:
            save_game(g, directory, slot, player)
        except SaveError as err:
            g.log.append(Event("info", f"Autosave failed: {err}"))

    game.on_level_change.append(autosave)
