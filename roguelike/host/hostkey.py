"""The server's persistent host key: generated once into the data folder, then reused."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import asyncssh

from roguelike.host.private import open_private

KEY_NAME = "host_ed25519_key"


def load_or_create(data: Path) -> asyncssh.SSHKey:
    path = Path(data) / KEY_NAME
    if path.is_file():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    Path(data).mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = path.with_suffix(".tmp")
    with contextlib.suppress(FileNotFoundError):
        tmp.unlink()  # a left-over from a crash keeps its old mode: start afresh
    with os.fdopen(open_private(tmp), "wb") as f:
        f.write(key.export_private_key())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")
