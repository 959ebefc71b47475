"""A challenge's board with 10,000 entries: how long it takes to render.

    python benchmarks/challenge_boards.py [--rows 10000] [--loads 30]

The challenges database is filled with `rows` verified games on one challenge (each its
player's standing game), then timed, median and p95 over `loads` runs:
- in the process: a page of the board (100 rows) built from the database and rendered as
  the website's HTML table, its first and its last page; the whole board as the JSON of
  `roguelike board --json` and as its text table; what the lobby asks for (the top ten
  and the viewer's own rank);
- through the real host (`roguelike host --web-only`, its own process): the challenge's
  page `/c/CODE` (first and last page) and the API's whole board (10,000 rows of JSON),
  from the request to the last byte.
Target (issue 29): a board of 10,000 entries renders in under 50 ms. Prints one JSON
object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_MS = 50.0
CODE = "benchbrd"


def fill(data: Path, rows: int) -> int:
    """A challenge with `rows` standing, verified games; returns its id."""
    from roguelike import __version__
    from roguelike.challenges import model
    from roguelike.challenges.store import Store
    from roguelike.content.loader import default_content

    store = Store.in_folder(data)
    now = model.utc_now()
    ch = store.add_challenge(model.with_code(model.Challenge(
        code="", kind="custom", title="Benchmark board", seed="bench-board",
        game_version=__version__, content_digest=default_content().digest, party=None,
        opens=now - timedelta(days=1), closes=now + timedelta(days=6), attempts="one",
        hidden=False, created_at=now), CODE))
    assert ch is not None
    stamp = model.iso(now)
    parts = json.dumps({"experience": 10, "treasure_gp": 20, "total": 30})
    with closing(sqlite3.connect(store.path)) as conn, conn:
        conn.executemany(
            "INSERT INTO games (account, player, source, challenge, attempt, ranked, "
            "standing, status, seed, party, score, parts, depth, turns, outcome, actions, "
            "game_version, content_digest, game_key, replay, size, sha256, submitted_at, "
            "ended_at, verified_at, published) VALUES (?, ?, ?, ?, NULL, 1, 1, 'verified', "
            "?, ?, ?, ?, ?, ?, 'defeat', ?, ?, ?, ?, ?, 100, ?, ?, ?, ?, 1)",
            [(i + 1, f"player{i}", "witnessed" if i % 3 else "local", ch.id, ch.seed,
              "Leader Warrior, Mercenary Rogue, Apprentice Mage", (i * 7919) % 100000, parts,
              1 + i % 12, 100 + i % 977, 1000 + i, ch.game_version, ch.content_digest,
              f"k{i}", f"replays-proved/x/{i}.replay.json", f"{i:064x}", stamp, stamp, stamp)
             for i in range(rows)])
    return ch.id


def _timed(fn: Callable[[], object], loads: int) -> tuple[float, float]:
    times = []
    for _ in range(loads):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return round(statistics.median(times), 1), round(times[int(len(times) * 0.95) - 1], 1)


def in_process(data: Path, rows: int, loads: int) -> dict[str, Any]:
    from roguelike.challenges import board
    from roguelike.challenges.store import Store
    from roguelike.web.challenge_pages import board_table

    store = Store.in_folder(data)
    ch = store.challenge(CODE)
    assert ch is not None
    last = (rows - 1) // 100 * 100
    cases: dict[str, Callable[[], object]] = {
        "page_first_html": lambda: board_table(board.challenge_board(store, ch, 0, 100)["rows"]),
        "page_last_html": lambda: board_table(board.challenge_board(store, ch, last,
                                                                    100)["rows"]),
        "whole_board_json": lambda: json.dumps(board.challenge_board(store, ch, 0, rows)),
        "whole_board_text": lambda: board.format_board(board.challenge_board(store, ch, 0,
                                                                             rows), "t"),
        "lobby_top_ten_and_own_rank": lambda: (board.challenge_board(store, ch, 0, 10, 5),
                                               store.rank_of(ch.id, rows // 2)),
    }
    out: dict[str, Any] = {}
    for name, fn in cases.items():
        out[f"board_{name}_ms_median"], out[f"board_{name}_ms_p95"] = _timed(fn, loads)
    return out


async def through_host(data: Path, rows: int, loads: int) -> dict[str, Any]:
    import aiohttp

    from benchmarks.real_host import RealHost

    host = await RealHost(data).start("--web-only")
    try:
        pages = {"page_first": f"/c/{CODE}", "page_last": f"/c/{CODE}?page={rows // 100}",
                 "api_whole_board": f"/api/c/{CODE}/board?limit={rows}"}
        out: dict[str, Any] = {}
        async with aiohttp.ClientSession() as client:
            for name, path in pages.items():
                times = []
                for _ in range(loads):
                    start = time.perf_counter()
                    async with client.get(host.url + path) as response:
                        await response.read()
                        assert response.status == 200, (path, response.status)
                    times.append((time.perf_counter() - start) * 1000)
                times.sort()
                out[f"web_{name}_ms_median"] = round(statistics.median(times), 1)
                out[f"web_{name}_ms_p95"] = round(times[int(len(times) * 0.95) - 1], 1)
        return out
    finally:
        await host.stop()


def bench_boards(rows: int = 10000, loads: int = 30) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="board-bench-"))
    try:
        fill(data, rows)
        out: dict[str, Any] = {"board_rows": rows}
        out.update(in_process(data, rows, loads))
        out.update(asyncio.run(asyncio.wait_for(through_host(data, rows, loads), 300)))
        return out
    finally:
        shutil.rmtree(data, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--loads", type=int, default=30)
    args = parser.parse_args(argv)
    figures = bench_boards(args.rows, args.loads)
    figures["target"] = f"a page of the board < {TARGET_MS} ms"
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
