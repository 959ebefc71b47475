"""Continue (or recover) the game of a save slot from whatever it left on disk.

A slot may hold a journal (journal.py: every action, appended as taken), a save (the last
full checkpoint) and its backup. The game comes back as the longest of them that replays:
normally the journal, which is never behind the save (save.py syncs it first). A journal
whose tail a crash cut or a disk damaged gives the actions before the damage; a save that is
longer than that wins. A save of another game (the journal's game replaced it) is stale.

Nothing is consumed or rolled back here: the files stay until the game is played on (the
journal only grows) or ends. That is what stops save-scumming: the journal holds every
action the moment it is taken, so there is no earlier checkpoint to go back to.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from roguelike.engine.base.words import a_an
from roguelike.engine.game import Game
from roguelike.records.atomic import fsync_dir, keep_copy, move_aside
from roguelike.records.codec import Record, RecordError, decode
from roguelike.records.errors import SaveError
from roguelike.records.journal import JournalRead, read_journal
from roguelike.records.live import REPLACED, journal_path
from roguelike.records.lock import SlotBusy, holder
from roguelike.records.paths import LOCK_SUFFIX, SAVE_SUFFIX, slot_file
from roguelike.records.resim import Divergence, resimulate, valid_prefix


@dataclass
class Loaded:
    game: Game
    path: Path  # the file the game came from (the journal, the save or its backup)
    notes: list[str] = field(default_factory=list)  # e.g. "the backup was used because..."


@dataclass
class _Candidate:
    path: Path
    record: Record
    journal: JournalRead | None = None  # set for the journal (replayed up to any damage)

    @property
    def length(self) -> int:
        return len(self.record.actions)


def save_path(directory: Path, slot: str) -> Path:
    return slot_file(directory, slot, SAVE_SUFFIX)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def busy(directory: Path, slot: str) -> int | None:
    """The id of another process playing the slot now, else None."""
    pid = holder(slot_file(directory, slot, LOCK_SUFFIX))
    return None if pid == os.getpid() else pid


def _aside(path: Path, why: str, notes: list[str]) -> None:
    try:
        notes.append(f"{why} It was moved to {move_aside(path).name}.")
    except OSError:
        notes.append(f"{why} (It could not be moved aside.)")


def _same_game(j: JournalRead, r: Record) -> bool:
    """The save is this journal's game: same start, and the same actions as far as both go."""
    n = min(len(j.actions), len(r.actions))
    return (j.identity() == (r.seed, r.party, dict(r.options or {}))
            and list(r.prints[:n]) == j.prints[:n] and list(r.rounds[:n]) == j.rounds[:n]
            and list(r.actions[:n]) == j.actions[:n])


def _candidates(directory: Path, slot: str, notes: list[str]) -> list[_Candidate]:
    jpath, spath = journal_path(directory, slot), save_path(directory, slot)
    journal = None
    try:
        journal = read_journal(jpath)
    except RecordError as err:
        _aside(jpath, f"The journal {jpath.name} cannot be used: {err}.", notes)
    found = [] if journal is None else [_Candidate(jpath, journal.record(), journal)]
    if journal is None and not spath.is_file():
        return []  # a lone backup is of a game that ended
    for path in (spath, backup_path(spath)):
        if not path.is_file():
            continue
        try:
            record = decode(path.read_bytes())
            if record.kind != "save":
                raise RecordError(f"it is {a_an(record.kind)}, not a save")
        except (OSError, RecordError) as err:
            _aside(path, f"The save {path.name} is damaged: {err}.", notes)
            continue
        if journal is not None and not _same_game(journal, record):
            with contextlib.suppress(OSError):  # the journal's game replaced it
                os.replace(path, path.with_name(path.name + REPLACED))
            continue
        found.append(_Candidate(path, record))
    # the longest first; on a tie the journal (it is the newest by construction)
    return sorted(found, key=lambda c: (-c.length, c.journal is None))


def _replay(c: _Candidate, notes: list[str]) -> Game | None:
    if c.journal is None:
        try:
            return resimulate(c.record)
        except Divergence as err:
            _aside(c.path, f"The save {c.path.name} does not replay to the saved game ({err}); "
                           "it may come from another version of the game.", notes)
            return None
    game, broke = valid_prefix(c.record)
    j = c.journal
    if broke is not None or (j.damage and not j.torn):
        why = str(broke) if broke is not None else j.damage
        try:
            kept = f" A copy is kept as {_copy_aside(c.path).name}."
        except OSError:
            kept = ""
        notes.append(f"The journal {c.path.name} was damaged after action "
                     f"{len(game.history)} ({why}); the game goes on from there.{kept}")
    return game


def _copy_aside(path: Path) -> Path:
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.corrupt-{n}")
        if not target.exists():
            keep_copy(path, target)
            return target
    raise OSError("too many copies kept")


def load_game(directory: Path, slot: str) -> Loaded:
    """The slot's game as far as it was recorded (see the module's docstring). Its files
    stay; `session.track` then goes on journalling it. SaveError (for the player) if the
    slot is played in another process or holds nothing usable (damaged files are moved
    aside, never deleted)."""
    pid = busy(directory, slot)
    if pid is not None:
        raise SlotBusy(pid if pid > 0 else None)
    notes: list[str] = []
    best: tuple[Game, Path] | None = None
    for c in _candidates(directory, slot, notes):
        if best is not None and len(best[0].history) >= c.length:
            break
        game = _replay(c, notes)
        if game is not None and (best is None or len(game.history) > len(best[0].history)):
            best = game, c.path
    if best is None:
        if notes:
            raise SaveError(" ".join(notes) + " No usable save is left.")
        raise SaveError("There is no saved game to continue.")
    game, path = best
    if path.name.endswith(".bak"):
        notes.append("The backup save (from the previous save) was loaded instead.")
    fsync_dir(Path(directory))
    return Loaded(game, path, notes)
