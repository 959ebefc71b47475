"""The one place the host and hosted games touch roguelike.records (saves, scores, replays).

Records is built in parallel; every call here imports it lazily and, where it is missing,
degrades with a message instead of failing. When records is merged nothing here needs to
change unless its names do: see MERGE NOTES at the bottom.
"""

from __future__ import annotations

import datetime as dt
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

SAVE_SLOT = "game"  # one save slot per account: accounts/<id>/saves/game.save.json
SAVE_SUFFIX = ".save.json"
MISSING = "High scores are not available on this server yet (records module missing)."


def available() -> bool:
    try:
        import roguelike.records.save  # noqa: F401
    except ImportError:
        return False
    return True


def save_dir(account_dir: Path) -> Path:
    return Path(account_dir) / "saves"


def save_file(account_dir: Path) -> Path:
    return save_dir(account_dir) / f"{SAVE_SLOT}{SAVE_SUFFIX}"


def has_save(account_dir: Path) -> bool:
    """A game to continue: a save, or the journal a game in play (or a crashed one) keeps."""
    try:
        from roguelike.records.save import has_save as records_has_save
    except ImportError:
        return save_file(account_dir).is_file()
    return records_has_save(save_dir(account_dir), SAVE_SLOT)


def daily_seed(today: dt.date | None = None) -> str:
    day = today or dt.datetime.now(dt.UTC).date()
    try:
        from roguelike.engine.seeds import daily_seed as records_daily  # type: ignore[attr-defined]
    except ImportError:
        return f"daily-{day.strftime('%Y-%m-%d')}"
    return str(records_daily(day))


def top_scores(data: Path, seed: str | None = None, limit: int = 10
               ) -> tuple[list[dict[str, Any]], str]:
    try:
        from roguelike.records.scores import top_scores as records_top
    except ImportError:
        return [], MISSING
    rows = records_top(Path(data), seed, limit)
    return [{k: r.get(k) for k in ("player", "seed", "score", "depth", "turns", "outcome",
                                   "party")}
            for r in rows], ""


def new_replays(account_dir: Path) -> list[Path]:
    folder = Path(account_dir) / "replays"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith("."))


def import_score(data: Path, replay: Path, player: str) -> bool:
    """Verify a finished game's replay by re-simulation; only then add it to the shared
    per-seed table. The child that wrote the replay is not trusted with that table."""
    try:
        from roguelike import __version__
        from roguelike.records.replay import verify_file
        from roguelike.records.scores import add_score
    except ImportError:
        return False
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


# ----- child side (the game process) --------------------------------------------------
def resume(account_dir: Path) -> tuple[Any | None, list[str]]:
    """The account's game as far as it was recorded (records.save.load_game), or None."""
    if not has_save(account_dir):
        return None, []
    try:
        from roguelike.records.save import SaveError, load_game
    except ImportError:
        return None, ["A saved game exists but this server cannot load saves yet."]
    try:
        loaded = load_game(save_dir(account_dir), SAVE_SLOT)
    except SaveError as err:
        return None, [str(err)]
    return loaded.game, list(loaded.notes)


def install_hangup(get_game: Callable[[], Any], account_dir: Path,
                   then: Callable[[], None]) -> str:
    """On SIGHUP/SIGTERM save the game (records) and then call `then` (exit the app).

    Before records is merged the game is not saved but still exits cleanly."""
    try:
        from roguelike.records.signals import install_signal_save
    except ImportError:
        def plain(_signum: int, _frame: object) -> None:
            then()

        signal.signal(signal.SIGHUP, plain)
        signal.signal(signal.SIGTERM, plain)
        return "exit"
    save_dir(account_dir).mkdir(parents=True, exist_ok=True)
    install_signal_save(get_game, save_file(account_dir), on_saved=lambda _s: then())
    return "save"


def finish(game: Any, account_dir: Path, player: str) -> None:
    """A finished game: replay, morgue, per-account score (records.finish_game)."""
    try:
        from roguelike.records.finish import finish_game
    except ImportError:
        return
    finish_game(game, Path(account_dir), player=player, slot=SAVE_SLOT)
    from roguelike.records.save import retire_save

    retire_save(save_dir(account_dir), SAVE_SLOT)  # hosted saves live in saves/

# MERGE NOTES (records): this module expects
#   roguelike.records.save: load_game(dir, slot) -> Loaded(game, path, notes), SaveError,
#       save file <dir>/<slot>.save.json
#   roguelike.records.signals: install_signal_save(get_game, path, on_saved=...)
#   roguelike.records.scores: top_scores(data, seed, limit), add_score(data, **fields)
#   roguelike.records.replay: verify_file(path) -> {verified, seed, score, score_parts,
#       depth, turns, outcome}
#   roguelike.records.finish: finish_game(game, data_dir, player=, slot=)
#   roguelike.engine.seeds: daily_seed(date)
