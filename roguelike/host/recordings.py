"""Which asciicasts record which finished game (for the website's score pages).

The host writes one asciicast per game process (cast.py). A game may span several: saved
and continued later, each a process of its own. When a process ends without finishing its
game, its cast is noted as open, with the game's seed; when a finished game's replay is
imported, the open casts of the same seed and the last process's cast are written to the
replay's ledger entry (imported/<account>/<replay name>, beside the host's note that it
was verified), outside the folder the account's games may write.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from roguelike.host.private import DIR_MODE, private_dir

OPEN = "open-casts.json"
MAX_OPEN = 200  # an account's unfinished games' casts remembered (the oldest go first)


def ledger_dir(data: Path, account_id: int) -> Path:
    private_dir(Path(data) / "imported", DIR_MODE)
    return private_dir(Path(data) / "imported" / str(int(account_id)), DIR_MODE)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def note_open(data: Path, account_id: int, cast: str, seed: str) -> None:
    """A game process ended without finishing its game: its cast waits for the game."""
    path = ledger_dir(data, account_id) / OPEN
    found = _read_json(path)
    casts = found if isinstance(found, list) else []
    casts = [*casts, {"cast": cast, "seed": seed}][-MAX_OPEN:]
    with contextlib.suppress(OSError):
        path.write_text(json.dumps(casts), encoding="utf-8")


def claim_open(data: Path, account_id: int, seed: str) -> list[str]:
    """The open casts of the game on `seed` (taken off the open list), oldest first."""
    path = ledger_dir(data, account_id) / OPEN
    found = _read_json(path)
    if not isinstance(found, list):
        return []
    mine = [c["cast"] for c in found if isinstance(c, dict) and c.get("seed") == seed
            and isinstance(c.get("cast"), str)]
    rest = [c for c in found if not (isinstance(c, dict) and c.get("seed") == seed)]
    with contextlib.suppress(OSError):
        path.write_text(json.dumps(rest), encoding="utf-8")
    return mine


def entry(verified: bool, casts: list[str]) -> str:
    """A replay's ledger entry: whether it verified, and the casts of its game."""
    return json.dumps({"verified": verified, "casts": casts}) + "\n"


def casts_of(data: Path, replay: str) -> list[Path]:
    """The recordings of the finished game whose replay is `replay` (as the score table
    holds it: accounts/<id>/replays/<name>), each a cast file that is still there."""
    parts = Path(replay).parts
    if len(parts) != 4 or parts[0] != "accounts" or parts[2] != "replays" \
            or not parts[1].isdigit():
        return []
    found = _read_json(Path(data) / "imported" / parts[1] / parts[3])
    if not isinstance(found, dict):
        return []
    out = []
    for cast in found.get("casts") or []:
        if not isinstance(cast, str):
            continue
        path = Path(data) / cast
        cast_parts = Path(cast).parts
        # only a cast of the same account's own casts folder, never a path elsewhere
        if len(cast_parts) == 4 and cast_parts[:3] == ("accounts", parts[1], "casts") \
                and path.is_file() and not path.is_symlink():
            out.append(path)
    return out
