"""The host's databases (roguelike/storage/): one code path on SQLite and on a real
PostgreSQL server (tests/pg_server.py): migrations, transactions, the queue's row lock."""

from __future__ import annotations

import threading

import pytest

from roguelike.storage.database import StorageError, open_database
from roguelike.storage.migrations import check_version, migrate, version_of

pytest_plugins = ("pg_server",)

STEPS = [
    (1, ["CREATE TABLE things (id {id_key}, name TEXT NOT NULL UNIQUE, at {real} NOT NULL)"]),
    (2, ["ALTER TABLE things ADD COLUMN state TEXT NOT NULL DEFAULT 'new'"]),
]


def test_migrations_apply_once_in_order_and_a_newer_schema_is_refused(db_url):
    db = open_database(db_url)
    assert migrate(db, "things", STEPS[:1]) == 0  # a fresh database: from nothing
    with db.write() as conn:
        db.q(conn, "INSERT INTO things (name, at) VALUES (?, ?)", ("a", 1_700_000_000.25))
    with pytest.raises(StorageError, match="start the host once"):
        check_version(db, "things", STEPS)
    assert migrate(db, "things", STEPS) == 1  # an old schema upgrades at start
    assert migrate(db, "things", STEPS) == 2  # and only once
    check_version(db, "things", STEPS)
    with db.read() as conn:
        row = db.q(conn, "SELECT name, at, state FROM things").fetchone()
    assert tuple(row) == ("a", 1_700_000_000.25, "new")  # (seconds kept to the quarter)
    with pytest.raises(StorageError, match="newer host"):
        migrate(db, "things", STEPS[:1])
    assert version_of(db, "things") == 2


def test_a_failed_write_leaves_nothing_and_ids_come_back_from_returning(db_url):
    db = open_database(db_url)
    migrate(db, "things", STEPS)
    with pytest.raises(ZeroDivisionError), db.write() as conn:
        db.q(conn, "INSERT INTO things (name, at) VALUES (?, ?)", ("b", 1.0))
        raise ZeroDivisionError
    with db.write() as conn:
        new = db.q(conn, "INSERT INTO things (name, at) VALUES (?, ?) RETURNING id",
                   ("c", 2.0)).fetchone()[0]
        same = db.q(conn, "INSERT INTO things (name, at) VALUES (?, ?) ON CONFLICT (name) "
                    "DO NOTHING RETURNING id", ("c", 3.0)).fetchone()
    assert new >= 1 and same is None
    with db.read() as conn:
        names = [r[0] for r in db.q(conn, "SELECT name FROM things WHERE name LIKE '%'")
                 .fetchall()]
    assert names == ["c"]  # (a literal % is no parameter on either)


def test_queue_rows_are_taken_by_one_writer_each(db_url):
    """Eight threads take jobs at once: each job once, none lost (SQLite: one writer at a
    time; PostgreSQL: FOR UPDATE SKIP LOCKED)."""
    db = open_database(db_url)
    migrate(db, "things", STEPS)
    with db.write() as conn:
        for i in range(60):
            db.q(conn, "INSERT INTO things (name, at) VALUES (?, ?)", (f"job{i}", float(i)))
    taken: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        while True:
            with db.write() as conn:
                row = db.q(conn, "SELECT id, name FROM things WHERE state = 'new' ORDER BY id "
                           "LIMIT 1" + db.dialect.skip_locked).fetchone()
                if row is None:
                    return
                db.q(conn, "UPDATE things SET state = 'taken' WHERE id = ?", (row[0],))
            with lock:
                taken.append(row[1])

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(taken) == sorted(f"job{i}" for i in range(60))


def test_a_bad_address_is_a_clear_error(tmp_path):
    with pytest.raises(StorageError, match="not a database address"):
        open_database("mysql://x/y")
    with pytest.raises(StorageError, match="cannot reach the database"):
        open_database("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")
