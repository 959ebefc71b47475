"""The host's data folder is private to the host's user: folders 0700, files 0600.

It holds secrets (accounts.sqlite3 with the password hashes, the host key, every player's
saves and recordings), so nothing in it may be readable by other local users, whatever the
umask the host was started with. When games run as another user (a root host hands them
to `nobody`), the data folder and accounts/ are 0711 instead: that user may pass through
them to its own accounts/<id>/ but can list or read nothing else.

Modes are changed through a file descriptor opened with O_NOFOLLOW, never by path: a
player's folder belongs to the games' user, and a game could put a symbolic link there
to make a root host chmod or chown some other file.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

DIR_MODE, FILE_MODE, PASSAGE_MODE = 0o700, 0o600, 0o711
# What the host keeps at the top of its data folder; anything else there is left alone
# (a data folder pointed at a home directory must not have the whole home chmodded).
OWN_FILES = ("accounts.sqlite3", "scores.sqlite3", "host_ed25519_key")
OWN_DIRS = ("accounts", "imported")
_SQLITE_SIDES = ("", "-journal", "-wal", "-shm")
_OPEN = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


def set_mode(path: Path | str, mode: int, *, owner: tuple[int, int] | None = None,
             dir_fd: int | None = None) -> bool:
    """Give a file or folder exactly `mode` (and `owner`) without following a link.

    True if anything changed; a link, a missing path or anything but a file or a folder
    is left as it is (False)."""
    try:
        fd = os.open(path, _OPEN, dir_fd=dir_fd)
    except OSError:  # ELOOP: a symbolic link; ENOENT; ENXIO: a socket
        return False
    try:
        st = os.fstat(fd)
        if not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
            return False
        changed = False
        if owner is not None and (st.st_uid, st.st_gid) != owner:
            os.fchown(fd, *owner)
            changed = True
        if stat.S_IMODE(st.st_mode) != mode:
            os.fchmod(fd, mode)
            changed = True
        return changed
    finally:
        os.close(fd)


def private_dir(path: Path, mode: int = DIR_MODE, owner: tuple[int, int] | None = None) -> Path:
    """Make the folder if it is missing and give it `mode` (its parents are not touched).
    A link in its place is removed first."""
    if path.is_symlink():
        path.unlink()
    path.mkdir(parents=True, exist_ok=True, mode=mode)
    set_mode(path, mode, owner=owner)
    return path


def private_file(path: Path) -> Path:
    """Create an empty file 0600 if it is missing (before SQLite opens it: SQLite gives its
    journal files the database file's mode)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                         | os.O_CLOEXEC, FILE_MODE))
    return path


def open_private(path: Path) -> int:
    """A new file 0600 for writing; refuses an existing file or link at `path` and a link
    in place of its folder."""
    folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        return os.open(path.name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                       | os.O_CLOEXEC, FILE_MODE, dir_fd=folder)
    finally:
        os.close(folder)


def tighten(data: Path, passage: bool) -> list[str]:
    """Take the group's and others' bits off everything the host keeps in `data`.

    Returns the paths (relative to `data`) whose mode changed, for the start-up message.
    The data folder and accounts/ get PASSAGE_MODE when `passage` (games run as another
    user), DIR_MODE otherwise."""
    data.mkdir(parents=True, exist_ok=True)
    top = PASSAGE_MODE if passage else DIR_MODE
    changed = [] if not set_mode(data, top) else ["."]
    names = [f + side for f in OWN_FILES for side in _SQLITE_SIDES]
    for name in names:
        if _strip(data / name, is_dir=False):
            changed.append(name)
    for name in OWN_DIRS:
        folder = data / name
        if not folder.is_dir() or folder.is_symlink():
            continue
        mode = top if name == "accounts" else DIR_MODE
        if set_mode(folder, mode):
            changed.append(name)
        changed += [f"{name}/{rel}" for rel in _tighten_tree(folder)]
    return changed


def _strip(path: str | Path, is_dir: bool, dir_fd: int | None = None) -> bool:
    """Remove group and other bits (keep the owner's) of one file or folder, by descriptor
    (`path` then names it in the folder `dir_fd`)."""
    try:
        st = os.stat(path, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        return False
    if stat.S_ISLNK(st.st_mode) or not stat.S_IMODE(st.st_mode) & 0o077:
        return False
    mode = DIR_MODE if is_dir else stat.S_IMODE(st.st_mode) & 0o700
    return set_mode(path, mode, dir_fd=dir_fd)


def _tighten_tree(folder: Path) -> list[str]:
    changed = []
    for dirpath, dirnames, filenames, dirfd in os.fwalk(folder, follow_symlinks=False):
        rel = os.path.relpath(dirpath, folder)
        for name, is_dir in [*((d, True) for d in dirnames), *((f, False) for f in filenames)]:
            if _strip(name, is_dir, dir_fd=dirfd):
                changed.append(name if rel == "." else f"{rel}/{name}")
    return changed
