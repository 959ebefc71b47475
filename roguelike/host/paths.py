"""Every path on disk under an account is built from its numeric id, never from its name."""

from __future__ import annotations

from pathlib import Path

from roguelike.host.private import DIR_MODE, PASSAGE_MODE, private_dir

KINDS = ("saves", "morgues", "replays", "casts")


def account_dir(data: Path, account_id: int) -> Path:
    if not isinstance(account_id, int) or isinstance(account_id, bool) or account_id < 1:
        raise ValueError(f"not an account id: {account_id!r}")
    return Path(data) / "accounts" / str(account_id)


def make_account_dirs(data: Path, account_id: int, owner: tuple[int, int] | None) -> Path:
    """Create accounts/<id>/{saves,morgues,replays,casts}, 0700, owned by the games' user
    if given (then accounts/ is a 0711 passage, see private.py)."""
    passage = private_dir(Path(data) / "accounts",
                          PASSAGE_MODE if owner is not None else DIR_MODE)
    base = private_dir(passage / str(account_dir(data, account_id).name), owner=owner)
    for sub in KINDS:
        # accounts/<id>/ belongs to the games' user: private_dir changes modes through
        # O_NOFOLLOW, so a link a game left there is not followed
        private_dir(base / sub, owner=owner)
    return base
