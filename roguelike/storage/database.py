"""A database: a SQLite file, or PostgreSQL through psycopg 3 and its connection pool.

Each read and each write is a short transaction on a connection of its own (SQLite: a
connection opened for it; PostgreSQL: one lent by the pool), so the host's threads, its
verification workers and other hosts never hold one across an await. SQLite runs in WAL
mode (readers never wait for the writer) and starts every write with BEGIN IMMEDIATE, so
two writers never interleave; PostgreSQL runs each write as one transaction at READ
COMMITTED, and a queue takes its row with FOR UPDATE SKIP LOCKED (Dialect.skip_locked).
"""

from __future__ import annotations

import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit


class StorageError(Exception):
    """The database cannot be used (an unknown address, a schema this code cannot read)."""


@dataclass(frozen=True)
class Dialect:
    name: str
    id_key: str  # an auto-numbered primary key that never reuses a number
    real: str  # a floating-point column wide enough for seconds since 1970
    begin_write: str
    skip_locked: str  # appended to a queue's SELECT: the row is this writer's alone

    def sql(self, text: str) -> str:
        """`?` parameters as the driver wants them (psycopg: `%s`, and `%` doubled)."""
        if self.name == "sqlite":
            return text
        return text.replace("%", "%%").replace("?", "%s")

    def schema(self, text: str) -> str:
        """A CREATE statement with its {id_key} and {real} filled in."""
        return text.format(id_key=self.id_key, real=self.real)


SQLITE = Dialect("sqlite", "INTEGER PRIMARY KEY AUTOINCREMENT", "REAL", "BEGIN IMMEDIATE", "")
POSTGRESQL = Dialect("postgresql", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
                     "DOUBLE PRECISION", "", " FOR UPDATE SKIP LOCKED")


class Cursor(Protocol):
    """What both drivers' cursors give (sqlite3's and psycopg's)."""

    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class Conn(Protocol):
    def execute(self, sql: Any, args: Any = ...) -> Any: ...


class Database(ABC):
    """One database; `name` says which for messages (a file, or a URL without its
    password)."""

    dialect: Dialect
    name: str

    @abstractmethod
    def read(self) -> AbstractContextManager[Conn]:
        """A connection to read with (one transaction)."""

    @abstractmethod
    def write(self) -> AbstractContextManager[Conn]:
        """A connection to write with: one transaction, committed at the end, rolled
        back on an exception."""

    def q(self, conn: Conn, sql: str, args: Sequence[Any] = ()) -> Cursor:
        cursor: Cursor = conn.execute(self.dialect.sql(sql), tuple(args))
        return cursor

    @abstractmethod
    def close(self) -> None:
        """Give back what it holds (the pool's connections)."""

    @property
    def shared(self) -> bool:
        """Whether other hosts may use this database too (PostgreSQL)."""
        return self.dialect.name != "sqlite"


class SqliteDatabase(Database):
    dialect = SQLITE

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.name = str(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as conn:
            conn.execute("PRAGMA journal_mode = WAL")

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA busy_timeout = 30000")
        return conn

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with closing(self._connect()) as conn:
            yield conn

    @contextmanager
    def write(self) -> Iterator[Conn]:
        with closing(self._connect()) as conn:
            conn.execute(self.dialect.begin_write)
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def close(self) -> None:
        pass  # (a connection per transaction: nothing is held between them)


class PostgresDatabase(Database):
    dialect = POSTGRESQL

    def __init__(self, url: str, max_size: int = 8) -> None:
        import psycopg_pool  # (only a host on PostgreSQL loads the driver)

        parts = urlsplit(url)
        self.url = url
        self.name = f"{parts.scheme}://{parts.hostname or ''}" \
            f"{':' + str(parts.port) if parts.port else ''}{parts.path}"
        self.pool = psycopg_pool.ConnectionPool(url, min_size=1, max_size=max_size,
                                                open=False, timeout=30,
                                                kwargs={"autocommit": False})
        try:
            self.pool.open(wait=True, timeout=30)
        except psycopg_pool.PoolTimeout as err:
            self.pool.close()
            raise StorageError(f"cannot reach the database {self.name}: {err}") from None

    @contextmanager
    def read(self) -> Iterator[Conn]:
        with self.pool.connection() as conn:  # a transaction, rolled back or committed
            yield conn

    @contextmanager
    def write(self) -> Iterator[Conn]:
        with self.pool.connection() as conn, conn.transaction():
            yield conn

    def close(self) -> None:
        self.pool.close()


def is_url(text: str) -> bool:
    return text.startswith(("postgresql://", "postgres://", "sqlite:///"))


_open: dict[str, Database] = {}
_open_lock = threading.Lock()


def open_database(where: str | Path) -> Database:
    """The database at `where`: a postgresql:// URL, a sqlite:///path URL, or a path."""
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        with _open_lock:  # one pool per URL in a process, however many stores use it
            db = _open.get(text)
            if db is None:
                db = _open[text] = PostgresDatabase(text)
            return db
    if text.startswith("sqlite:///"):
        return SqliteDatabase(Path(text[len("sqlite://"):]))
    if "://" in text:
        raise StorageError(f"not a database address: {text.split('://')[0]}:// (use "
                           "postgresql://USER:PASSWORD@HOST:PORT/NAME, or a file)")
    return SqliteDatabase(Path(text))


def forget(db: Database) -> None:
    """Close a database opened with open_database (a host's shutdown, a test's end)."""
    with _open_lock:
        for key, value in list(_open.items()):
            if value is db:
                del _open[key]
    db.close()
