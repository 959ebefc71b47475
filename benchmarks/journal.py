"""What the crash-safe journal costs: per action in play, and to resume a game from it.

    python benchmarks/journal.py [--actions N]

`append_*_us`: the journal's own time per action (the `on_action` watcher: one line
encoded, checksummed and written; the fdatasync runs on its own thread), measured on bot
games played with the journal on, seeds bench-0, bench-1, ... until N actions in all.
`bot_actions_per_s_with_journal` / `_without`: the same bot games' whole speed both ways.
`resume_seconds`: re-reading and re-simulating the longest of them as Continue does
(`resume_actions` actions). Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _games(actions: int, journal: Path | None, times: list[float]) -> tuple[int, float]:
    """Bot games until `actions` in all; (actions, seconds). With `journal` (a folder) each
    game is journalled there and the watcher's time per action goes into `times`."""
    from roguelike.bot.player import play
    from roguelike.engine.game import Game
    from roguelike.records import live
    from roguelike.records.session import track

    total, i, spent = 0, 0, 0.0
    while total < actions:
        game = Game(f"bench-{i}")
        if journal is not None:
            track(game, journal, f"b{i}")
            watcher = live.find(game)
            assert watcher is not None
            game.on_action.remove(watcher)

            def timed(g: Any, w: Any = watcher) -> None:
                t = time.perf_counter()
                w(g)
                times.append(time.perf_counter() - t)
            game.on_action.append(timed)
        t0 = time.perf_counter()
        play(game, actions - total)
        spent += time.perf_counter() - t0
        total += len(game.history)
        i += 1
        if journal is not None:
            watcher.close(clean=True)
    return total, spent


def bench_journal(actions: int = 6000) -> dict[str, Any]:
    from roguelike.records.save import load_game

    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        plain_n, plain_s = _games(actions, None, [])
        n, spent = _games(actions, Path(tmp), times)
        longest = max(Path(tmp).glob("*.journal"), key=lambda p: p.stat().st_size)
        t0 = time.perf_counter()
        resumed = load_game(Path(tmp), longest.name.removesuffix(".journal")).game
        resume_s = time.perf_counter() - t0
    times.sort()
    return {
        "actions": n,
        "append_median_us": round(statistics.median(times) * 1e6, 1),
        "append_p95_us": round(times[int(len(times) * 0.95)] * 1e6, 1),
        "bot_actions_per_s_with_journal": round(n / spent),
        "bot_actions_per_s_without": round(plain_n / plain_s),
        "resume_actions": len(resumed.history),
        "resume_seconds": round(resume_s, 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--actions", type=int, default=6000)
    print(json.dumps(bench_journal(parser.parse_args().actions)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
