"""Numbered schema migrations, per component (accounts, challenges, scores ...).

Each component lists its steps as (version, [statements]); a host applies those above the
version recorded in `schema_versions` at start, in one transaction with the version's
update, so a host on an old schema upgrades itself and a half-done upgrade never stays.
Two hosts starting at once on one PostgreSQL take turns (an advisory lock held for the
transaction). A database newer than the code is refused, never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roguelike.storage.database import Conn, Database, StorageError

Migrations = Sequence[tuple[int, Sequence[str]]]
VERSIONS = ("CREATE TABLE IF NOT EXISTS schema_versions (component TEXT PRIMARY KEY, "
            "version INTEGER NOT NULL)")
LOCK = 0x7472_6561_7375_7265  # the advisory lock of schema changes ("treasure")


def migrate(db: Database, component: str, migrations: Migrations,
            legacy: Callable[[Database, Conn], int] | None = None) -> int:
    """Bring `component`'s tables to the last version; returns the version it was at.
    `legacy` reads the version of a database made before `schema_versions` existed."""
    latest = migrations[-1][0]
    with db.write() as conn:
        if db.dialect.name == "postgresql":
            db.q(conn, "SELECT pg_advisory_xact_lock(?)", (LOCK,))
        db.q(conn, VERSIONS)
        row = db.q(conn, "SELECT version FROM schema_versions WHERE component = ?",
                   (component,)).fetchone()
        have = int(row[0]) if row else (legacy(db, conn) if legacy else 0)
        if have > latest:
            raise StorageError(newer(db, component, have, latest))
        for version, steps in migrations:
            if version <= have:
                continue
            for step in steps:
                db.q(conn, db.dialect.schema(step))
        db.q(conn, "INSERT INTO schema_versions (component, version) VALUES (?, ?) "
             "ON CONFLICT (component) DO UPDATE SET version = excluded.version",
             (component, latest))
    return have


def version_of(db: Database, component: str) -> int:
    with db.read() as conn:
        exists = table_exists(db, conn, "schema_versions")
        row = db.q(conn, "SELECT version FROM schema_versions WHERE component = ?",
                   (component,)).fetchone() if exists else None
    return int(row[0]) if row else 0


def check_version(db: Database, component: str, migrations: Migrations) -> None:
    """For a process that must not change the schema (a verification worker)."""
    latest = migrations[-1][0]
    have = version_of(db, component)
    if have > latest:
        raise StorageError(newer(db, component, have, latest))
    if have < latest:
        raise StorageError(f"{db.name}: {component} has schema version {have}: start the "
                           f"host once to bring it to version {latest}")


def newer(db: Database, component: str, have: int, latest: int) -> str:
    return (f"{db.name}: {component} has schema version {have}, newer than this game's "
            f"{latest}: it was made by a newer host")


def table_exists(db: Database, conn: Conn, table: str) -> bool:
    if db.dialect.name == "sqlite":
        sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
    else:
        sql = "SELECT 1 FROM information_schema.tables WHERE table_name = ? AND " \
              "table_schema = current_schema()"
    return db.q(conn, sql, (table,)).fetchone() is not None
