"""Finished hosted games: the replays a game's process left in the account's folder.

The host does not trust a replay with the shared score table because a game wrote it: each
new one goes to the verification queue (challenge_host.py), whose workers re-simulate it
and only then put it on the boards and in the score table (roguelike/challenges/).
"""

from __future__ import annotations

from pathlib import Path


def new_replays(account_dir: Path) -> list[Path]:
    folder = Path(account_dir) / "replays"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))
