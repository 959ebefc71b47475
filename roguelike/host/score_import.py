"""Finished hosted games into the shared score table, each replay verified first.

A game's child process writes its replay into the account's folder; the host does not trust
it with the shared per-seed table, so it re-simulates every new replay (records.replay) and
adds only a verified one (records.scores).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from roguelike import __version__
from roguelike.records.replay import verify_file
from roguelike.records.scores import add_score


def new_replays(account_dir: Path) -> list[Path]:
    folder = Path(account_dir) / "replays"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def import_score(data: Path, replay: Path, player: str) -> bool:
    """Verify a finished game's replay by re-simulation; only then add it to the shared
    per-seed table. False for a replay that does not verify."""
    result = verify_file(replay)
    if not result.get("verified"):
        return False
    ended = dt.datetime.fromtimestamp(replay.stat().st_mtime, dt.UTC)
    add_score(Path(data), player=player, seed=str(result["seed"]),
              parts=dict(result.get("score_parts") or {"total": int(result["score"])}),
              depth=int(result.get("depth", 0)), turns=int(result.get("turns", 0)),
              outcome=str(result.get("outcome", "")),
              replay=str(replay.relative_to(data)) if replay.is_relative_to(data) else replay.name,
              game_version=__version__, ended_at=ended.strftime("%Y-%m-%dT%H:%M:%SZ"),
              party=str(result.get("party", "")))
    return True
