"""The host's data on SQLite and on a real PostgreSQL server (tests/pg_server.py): web
logins and the score table on both; `roguelike host --migrate-from` moves a host's data
into PostgreSQL losing nothing; a host started with --db keeps everything there."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import asyncssh
from challenge_kit import quit_game
from host_kit import play_seed

from roguelike.challenges.model import iso
from roguelike.challenges.service import Service
from roguelike.challenges.store import Store
from roguelike.host.accounts import Accounts
from roguelike.host.client import Terminal
from roguelike.host.move_data import IDENTITY, SOURCES
from roguelike.records import scores
from roguelike.storage.database import open_database
from roguelike.web.auth import WebLogins

pytest_plugins = ("pg_server", "host_server")
ROOT = Path(__file__).resolve().parents[1]
FAST = 1 << 14


def test_web_logins_expire_and_end_on_either_database(db_url):
    now = [1000.0]
    logins = WebLogins(db_url, days=1, clock=lambda: now[0])
    token, other = logins.new(7), logins.new(7)
    assert logins.account_id(token) == 7 and logins.account_id("nonsense") is None
    assert logins.count(7) == 2
    now[0] += 86401
    assert logins.account_id(token) is None  # expired
    now[0] = 1000.0
    logins.end(token)
    assert logins.account_id(token) is None and logins.account_id(other) == 7
    logins.end_all(7)
    assert logins.account_id(other) is None
    # the secret that signs forms is made once, and every host sharing the database
    # reads the same (a form from one host's page is good on another)
    assert WebLogins(db_url, days=1).secret == logins.secret


def test_the_score_table_on_either_database(db_url):
    db = open_database(db_url)
    for n, total in enumerate((50, 90, 70)):
        scores.add_score(db, player=f"p{n}", seed="s-1", parts={"total": total, "gold": 1},
                         depth=n + 1, turns=10 * n, outcome="quit", replay=f"r{n}",
                         game_version="v", ended_at="2026-11-30", party="warrior,rogue,mage")
    scores.add_score(db, player="q", seed="s-2", parts={"total": 5}, depth=1, turns=1,
                     outcome="died", replay="r", game_version="v", ended_at="2026-11-30")
    top = scores.top_scores(db, "s-1")
    assert [r["score"] for r in top] == [90, 70, 50] and top[0]["parts"]["gold"] == 1
    rows, total = scores.seed_page(db, "s-1", 1, 1)
    assert total == 3 and rows[0]["player"] == "p2"
    seeds, count = scores.seeds_page(db, 0, 10)
    assert count == 2 and seeds[0] == {"seed": "s-1", "games": 3, "best": 90}
    assert scores.score_row(db, top[0]["id"])["player"] == "p1"
    assert scores.same_rows(db, player="q", seed="s-2", score=5, depth=1, turns=1,
                            outcome="died")[0]["replay"] == "r"


def old_host(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    """A host's data folder as a SQLite host leaves it: accounts, a key, a web login,
    scores, a challenge, attempts, games with jobs, the public log. Its rows, table by
    table."""
    accounts = Accounts(folder / "accounts.sqlite3", FAST)
    ann = accounts.register("ann", "secret1")
    accounts.register("bob", "secret1")
    accounts.new_guest()
    key = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    accounts.add_key(ann.id, key.strip() + " ann@home")
    WebLogins(folder / "accounts.sqlite3", days=30).new(ann.id)
    scores.add_score(folder, player="ann", seed="amber-wolf-17", parts={"total": 120},
                     depth=3, turns=400, outcome="quit", replay="x.replay.json",
                     game_version="v", ended_at="2026-11-30")
    now = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)
    svc = Service(folder, Store(folder / "challenges.sqlite3"), clock=lambda: now)
    svc.make_regular()
    day = svc.find("day-2026-11-30")
    svc.start(day, ann.id, "ann", "local")
    svc.submit(ann.id, "ann", "127.0.0.1", b'{"not": "a replay"}', day.code)
    svc.submit(ann.id, "ann", "127.0.0.1", b'{"another": 1}', None)
    store = svc.store
    with store.db.write() as conn:
        store.db.q(conn, "INSERT INTO public_log (game, line) VALUES (?, ?)", (1, '{"n":1}'))
    assert iso(now)
    return rows_of(folder)


def rows_of(folder: Path) -> dict[str, list[tuple[object, ...]]]:
    out = {}
    for file, tables in SOURCES:
        with closing(sqlite3.connect(folder / file)) as conn:
            for table in tables:
                out[table] = [tuple(r) for r in conn.execute(
                    f"SELECT * FROM {table} ORDER BY 1").fetchall()]
    return out


def test_migrate_from_moves_every_row_of_a_host_into_postgresql(tmp_path, pg_url):
    folder = tmp_path / "hostdata"
    before = old_host(folder)
    assert all(before[t] for t in ("accounts", "keys", "web_logins", "scores", "challenges",
                                   "attempts", "games", "jobs", "public_log"))
    done = subprocess.run([sys.executable, "-m", "roguelike", "host", "--migrate-from",
                           f"sqlite:///{folder}", "--db", pg_url], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "moved 3 accounts" in done.stdout
    db = open_database(pg_url)
    for table, rows in before.items():
        with db.read() as conn:
            got = [tuple(r) for r in db.q(conn, f"SELECT * FROM {table} ORDER BY 1").fetchall()]
        assert got == rows, table  # every row, every column, its own id
    # the stores read it as they read the files, and numbering goes on after the old ids
    accounts = Accounts(pg_url, FAST)
    assert accounts.verify("ann", "secret1") and accounts.find("bob")
    assert accounts.register("cat", "secret1").id == max(r[0] for r in before["accounts"]) + 1
    for table, column in IDENTITY.items():
        with db.read() as conn:
            db.q(conn, f"SELECT MAX({column}) FROM {table}")
    assert scores.top_scores(db, "amber-wolf-17")[0]["score"] == 120
    # a second move into the same database is refused: two hosts' data never mix
    again = subprocess.run([sys.executable, "-m", "roguelike", "host", "--migrate-from",
                            f"sqlite:///{folder}", "--db", pg_url], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "only into an empty database" in again.stderr


def test_bad_database_arguments_are_a_clear_error(tmp_path):
    for args, says in ((["--db", "mysql://x/y"], "postgresql://"),
                       (["--migrate-from", f"sqlite:///{tmp_path}"], "needs --db")):
        done = subprocess.run([sys.executable, "-m", "roguelike", "host", *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and says in done.stderr


async def test_a_host_on_postgresql_keeps_its_players_and_scores_there(server, pg_url):
    host, port = await server(db=pg_url)
    t = await Terminal.connect(port, "alice", "secret1")
    await play_seed(t)
    await quit_game(t)  # the game ends, is scored, proved, and goes in the table
    db = open_database(pg_url)
    for _ in range(240):
        rows = await asyncio.to_thread(scores.top_scores, db, "amber-wolf-17")
        if rows:
            break
        await asyncio.sleep(0.25)
    assert rows and rows[0]["player"] == "alice"
    assert not (host.config.data / "accounts.sqlite3").exists()
    assert not (host.config.data / "scores.sqlite3").exists()
    assert Accounts(pg_url, FAST).find("alice") is not None
    t.close()
