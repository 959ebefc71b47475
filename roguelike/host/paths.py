"""Every path on disk under an account is built from its numeric id, never from its name."""

from __future__ import annotations

import os
from pathlib import Path

KINDS = ("saves", "morgues", "replays", "casts")


def account_dir(data: Path, account_id: int) -> Path:
    if not isinstance(account_id, int) or isinstance(account_id, bool) or account_id < 1:
        raise ValueError(f"not an account id: {account_id!r}")
    return Path(data) / "accounts" / str(account_id)


def make_account_dirs(data: Path, account_id: int, owner: tuple[int, int] | None) -> Path:
    """Create accounts/<id>/{saves,morgues,replays,casts}; owned by the child's user if given."""
    base = account_dir(data, account_id)
    for sub in ("", *KINDS):
        d = base / sub if sub else base
        d.mkdir(parents=True, exist_ok=True)
        if owner is not None:
            os.chown(d, *owner)
    return base
