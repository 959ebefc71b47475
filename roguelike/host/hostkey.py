"""The server's persistent host key: generated once into the data folder, then reused."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh

KEY_NAME = "host_ed25519_key"


def load_or_create(data: Path) -> asyncssh.SSHKey:
    path = Path(data) / KEY_NAME
    if path.is_file():
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519")
    Path(data).mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    return key.get_fingerprint("sha256")
