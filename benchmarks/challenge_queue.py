"""100 submitted 20,000-action replays proved while players play: the verification
queue's throughput and the players' latency meanwhile.

    python benchmarks/challenge_queue.py [--replays 100] [--actions 20000] [--players 10]
                                         [--workers 1] [--seconds 20] [--cache DIR]

The replays: one bot game played past `actions` (a seed on which the bot's party lives
that long) and captured after each of its actions from the `actions`-th on, so that each
is a different game of at least `actions` actions (the host counts a game once). They are
kept in `--cache` for the next run. The host runs as its own process (`roguelike host
--verify-workers N`) on loopback; `players` bots play on it over SSH, a key about every
second, for `seconds` seconds before anything is sent (their usual latency), then while
20 accounts, each from its own address, send the replays through the website's API (five
each: the host's limits on an account's pending replays and on submissions per address
hold) and the workers prove them. Figures: seconds from the first submission to the last
verdict, replays and actions proved per second, and the players' keypress-to-screen
latency (median, p95, the keys that took more than 2 s) before and during. Prints one
JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SEEDS = ("s25-e-0", "s25-e-3", "s25-e-1", "bench-long-0", "bench-long-1")
SUBMITTERS = 20
PASSWORD = "benchpass1"


def make_replays(folder: Path, count: int, actions: int) -> list[Path]:
    """`count` replays of `actions`, `actions` + 1, ... actions of one bot game (cached)."""
    from roguelike.bot import play
    from roguelike.engine.game import Game
    from roguelike.records.capture import capture
    from roguelike.records.codec import encode
    from roguelike.records.recorder import attach

    folder.mkdir(parents=True, exist_ok=True)
    want = [folder / f"{actions + k}.replay.json" for k in range(count)]
    if all(p.is_file() for p in want):
        return want
    for seed in SEEDS:
        game = Game(seed)
        attach(game)
        play(game, actions)
        made = []
        while len(made) < count and not game.over and len(game.history) >= actions:
            path = folder / f"{len(game.history)}.replay.json"
            path.write_bytes(encode(capture(game, "replay", "bench")))
            made.append(path)
            play(game, 1)
        if len(made) == count:
            return made
    raise RuntimeError(f"no seed of {SEEDS} lasts {actions + count} bot actions")


def verdicts(data: Path) -> dict[str, int]:
    with closing(sqlite3.connect(data / "challenges.sqlite3")) as conn:
        rows = conn.execute("SELECT status, COUNT(*) FROM games WHERE source = 'local' "
                            "GROUP BY status").fetchall()
    return {str(s): int(n) for s, n in rows}


def _latency(bots: list[Any]) -> dict[str, Any]:
    lat = sorted(x for b in bots for x in b.latencies)
    if not lat:
        return {"keys": 0}
    return {"keys": len(lat), "p50_ms": round(statistics.median(lat) * 1000, 1),
            "p95_ms": round(lat[int(len(lat) * 0.95) - 1] * 1000, 1),
            "over_2s": sum(b.timeouts for b in bots)}


async def _submitter(url: str, n: int, files: list[Path]) -> list[int]:
    """Account bench-s<n>, from 127.0.2.<n>: registers, then sends its replays."""
    import aiohttp

    from roguelike.web.client import TOKEN

    connector = aiohttp.TCPConnector(local_addr=(f"127.0.2.{n + 2}", 0))
    async with aiohttp.ClientSession(connector=connector,
                                     cookie_jar=aiohttp.CookieJar(unsafe=True)) as client:
        async with client.get(url + "/register") as response:
            token = TOKEN.search(await response.text())
        assert token is not None
        async with client.post(url + "/register", data={
                "form_token": token.group(1), "name": f"benchs{n}", "password": PASSWORD,
                "password2": PASSWORD}) as response:
            assert response.status == 200, response.status
        games = []
        for path in files:
            async with client.post(url + "/api/submit", data=path.read_bytes(),
                                   headers={"Content-Type": "application/json"}) as response:
                said = await response.json()
                assert response.status == 202, said
                games.append(int(said["game"]))
        return games


async def _bench(files: list[Path], players: int, workers: int, seconds: float,
                 timeout: float) -> dict[str, Any]:
    from benchmarks.host_load import Bot
    from benchmarks.real_host import RealHost

    data = Path(tempfile.mkdtemp(prefix="queue-bench-"))
    host = await RealHost(data).start("--verify-workers", str(workers), "--max-sessions",
                                      str(players + 8), "--max-per-ip", str(players + 8))
    try:
        bots = [Bot(i) for i in range(players)]
        for i in range(0, players, 4):
            await asyncio.gather(*(b.start(host.ssh_port) for b in bots[i:i + 4]))
        until = time.monotonic() + seconds
        await asyncio.gather(*(b.run(until, (k % 10) / 10) for k, b in enumerate(bots)))
        before = _latency(bots)
        for b in bots:
            b.latencies, b.timeouts = [], 0
        stop = asyncio.Event()

        async def keep_playing(bot: Any, offset: float) -> None:
            await asyncio.sleep(offset)
            i = 0
            while not stop.is_set():
                await bot.press(i)
                i += 1

        playing = [asyncio.create_task(keep_playing(b, (k % 10) / 10))
                   for k, b in enumerate(bots)]
        started = time.monotonic()
        shares = [files[k::SUBMITTERS] for k in range(SUBMITTERS)]
        await asyncio.gather(*(_submitter(host.url, n, share)
                               for n, share in enumerate(shares) if share))
        sent = time.monotonic() - started
        deadline = started + timeout
        while time.monotonic() < deadline:
            counts = await asyncio.to_thread(verdicts, data)
            if counts.get("pending", 0) == 0 and sum(counts.values()) >= len(files):
                break
            await asyncio.sleep(1.0)
        took = time.monotonic() - started
        stop.set()
        await asyncio.gather(*playing, return_exceptions=True)
        counts = await asyncio.to_thread(verdicts, data)
        for b in bots:
            b.term.close()
        actions = sum(int(p.name.split(".")[0]) for p in files)
        return {"queue_replays": len(files), "queue_actions": actions,
                "queue_workers": workers, "queue_players": players,
                "queue_verdicts": counts, "queue_send_s": round(sent, 1),
                "queue_all_proved_s": round(took, 1),
                "queue_replays_per_s": round(counts.get("verified", 0) / took, 3),
                "queue_actions_per_s": round(actions / took),
                "players_before": before, "players_during": _latency(bots)}
    finally:
        await host.stop()
        with contextlib.suppress(OSError):
            shutil.rmtree(data, ignore_errors=True)


def bench_queue(replays: int = 100, actions: int = 20000, players: int = 10,
                workers: int = 1, seconds: float = 20.0, cache: Path | None = None,
                timeout: float = 3600.0) -> dict[str, Any]:
    folder = cache or Path(tempfile.gettempdir()) / f"tt-bench-replays-{actions}"
    t0 = time.monotonic()
    files = make_replays(folder, replays, actions)
    made = time.monotonic() - t0
    out = asyncio.run(_bench(files, players, workers, seconds, timeout))
    out["replays_made_s"] = round(made, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--replays", type=int, default=100)
    parser.add_argument("--actions", type=int, default=20000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args(argv)
    print(json.dumps(bench_queue(args.replays, args.actions, args.players, args.workers,
                                 args.seconds, args.cache)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
