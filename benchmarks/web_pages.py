"""Page loads of the host's website: the front page, the live-games list, the seeds' and a
seed's score pages with 10,000 rows (its first and its last page), a finished game's page.

    python benchmarks/web_pages.py [--rows 10000] [--loads 50]

The host runs as its own process (`roguelike host --web-only`) on loopback, its score
table filled first with `rows` verified-looking rows on one seed (the table the host
writes; the pages read it as they would any). Each page is loaded `loads` times over one
kept-alive connection; the figures are milliseconds from the request to the last byte,
median and p95. Target: under 50 ms. The run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEED = "bench-pages"
TARGET_MS = 50.0


def fill(data: Path, rows: int) -> int:
    """`rows` scores, all but every 50th on SEED; the id of the last. The first goes in
    through the table's own code (it makes the table), the rest in one transaction."""
    import sqlite3
    from contextlib import closing

    from roguelike.records.scores import DB_NAME, add_score

    def row(i: int) -> dict[str, Any]:
        return {"player": f"player{i % 500}", "seed": SEED if i % 50 else f"s{i}",
                "parts": {"total": (i * 7919) % 100000}, "depth": 1 + i % 12,
                "turns": 100 + i, "outcome": "defeat",
                "replay": f"accounts/1/replays/{i}.replay.json", "game_version": "bench",
                "ended_at": "2026-11-28T12:00:00Z", "party": "warrior,rogue,mage"}

    add_score(data, **row(0))
    with closing(sqlite3.connect(data / DB_NAME)) as conn, conn:
        conn.executemany(
            "INSERT INTO scores (player, seed, score, parts, depth, turns, outcome, replay,"
            " game_version, ended_at, party) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(r["player"], r["seed"], r["parts"]["total"], json.dumps(r["parts"]), r["depth"],
              r["turns"], r["outcome"], r["replay"], r["game_version"], r["ended_at"],
              r["party"]) for r in map(row, range(1, rows))])
        return int(conn.execute("SELECT MAX(id) FROM scores").fetchone()[0])


async def _bench(rows: int, loads: int) -> dict[str, Any]:
    import aiohttp

    data = Path(tempfile.mkdtemp(prefix="web-bench-"))
    last = await asyncio.to_thread(fill, data, rows)
    on_seed = rows - rows // 50
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "roguelike", "host", "--web-only", "--web-port", "0",
        "--data", str(data), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = ""
        while "web on" not in line:
            line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
            if not line:
                raise RuntimeError("the host did not start")
        base = line.split("web on ", 1)[1].strip().rstrip("/")
        asyncio.get_running_loop().create_task(proc.stdout.read())
        pages = {"front": "/", "live_games": "/watch", "seeds": "/scores",
                 f"seed_{on_seed}_rows_first_page": f"/scores/{SEED}",
                 f"seed_{on_seed}_rows_last_page": f"/scores/{SEED}?page={on_seed // 100}",
                 "game": f"/games/{last}"}
        out: dict[str, Any] = {"web_rows": rows}
        async with aiohttp.ClientSession() as client:
            for name, path in pages.items():
                times = []
                for _ in range(loads):
                    start = time.perf_counter()
                    async with client.get(base + path) as response:
                        await response.read()
                        assert response.status == 200, (path, response.status)
                    times.append((time.perf_counter() - start) * 1000)
                times.sort()
                out[f"web_page_{name}_ms_median"] = round(statistics.median(times), 1)
                out[f"web_page_{name}_ms_p95"] = round(times[int(len(times) * 0.95) - 1], 1)
        return out
    finally:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(proc.wait(), 20)
        shutil.rmtree(data, ignore_errors=True)


def bench_pages(rows: int = 10000, loads: int = 50, timeout: float = 240.0) -> dict[str, Any]:
    return asyncio.run(asyncio.wait_for(_bench(rows, loads), timeout))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=10000)
    parser.add_argument("--loads", type=int, default=50)
    args = parser.parse_args(argv)
    figures = bench_pages(args.rows, args.loads)
    figures["target"] = f"< {TARGET_MS} ms each"
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    raise SystemExit(main())
