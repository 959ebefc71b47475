"""`roguelike host --migrate-from sqlite:///DIR --db postgresql://...`: a host's data,
moved from its data folder's SQLite files into a PostgreSQL database, losing nothing.

Each source file is first brought to its current schema (as a host's start would), the
target's tables are made, and every row of every table is copied with its own id (so a
score's row, a game's page and a board's links keep their numbers) in one transaction:
an error leaves the target as it was. Each table's numbering then goes on after its
largest id. A target that already holds data is refused (two hosts' data are never
mixed). The players' folders (saves, replays, recordings) stay where they are: the data
folder is given to the host as --data as before.
"""

from __future__ import annotations

from pathlib import Path

from roguelike.challenges.store import DB_NAME as CHALLENGES_DB
from roguelike.challenges.store import Store
from roguelike.host.accounts import Accounts
from roguelike.records import scores
from roguelike.storage.database import Conn, Database, SqliteDatabase, StorageError
from roguelike.web.auth import WebLogins

# (file, its tables in the order their references need); ids are kept
SOURCES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("accounts.sqlite3", ("accounts", "keys", "web_logins", "web_secret")),
    (scores.DB_NAME, ("scores",)),
    (CHALLENGES_DB, ("challenges", "attempts", "games", "jobs", "public_log")),
)
IDENTITY = {"accounts": "id", "keys": "id", "scores": "id", "challenges": "id",
            "attempts": "id", "games": "id", "jobs": "id", "public_log": "n"}


def source_folder(text: str) -> Path:
    """The data folder of `sqlite:///DIR` (or of a file in it)."""
    if not text.startswith("sqlite:///"):
        raise StorageError("--migrate-from takes sqlite:///PATH, the old host's data folder")
    path = Path(text[len("sqlite://"):])
    return path.parent if path.is_file() else path


def prepare(where: Path | Database) -> None:
    """Bring every table of a host to its current schema (as a host's start does)."""
    if isinstance(where, Path):
        Accounts(where / "accounts.sqlite3")
        WebLogins(where / "accounts.sqlite3", days=30)
        Store(where / CHALLENGES_DB)
        scores.top_scores(where)  # (the score table, if the folder has one)
        return
    Accounts(where)
    WebLogins(where, days=30)
    Store(where)
    scores.top_scores(where)


def move(folder: Path, target: Database) -> dict[str, int]:
    """Copy every row of the host in `folder` into `target`; the rows per table."""
    if not target.shared:
        raise StorageError("--migrate-from moves a host's data into PostgreSQL: give --db "
                           "postgresql://...")
    if not folder.is_dir() or not (folder / "accounts.sqlite3").is_file():
        raise StorageError(f"{folder} is no host's data folder (no accounts.sqlite3 in it)")
    prepare(folder)
    prepare(target)
    moved: dict[str, int] = {}
    with target.write() as out:
        for _file, tables in SOURCES:
            for table in tables:
                if target.q(out, f"SELECT COUNT(*) FROM {table}").fetchone()[0] and \
                        table != "web_secret":
                    raise StorageError(f"{target.name} already holds {table}: a host's data "
                                       "moves only into an empty database")
        # the target's own web secret (made as its tables were) gives way to the old
        # host's, so the forms of pages already open stay good
        target.q(out, "DELETE FROM web_secret")
        for file, tables in SOURCES:
            path = folder / file
            if not path.is_file():
                continue
            source = SqliteDatabase(path)
            for table in tables:
                moved[table] = _copy(source, target, out, table)
        for table, column in IDENTITY.items():
            # numbering goes on after the largest id copied
            target.q(out, f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                     f"COALESCE(MAX({column}), 0) + 1, false) FROM {table}")
    return moved


def _copy(source: Database, target: Database, out: Conn, table: str) -> int:
    with source.read() as conn:
        cursor = conn.execute(f"SELECT * FROM {table}")
        columns = [d[0] for d in cursor.description]
        rows = cursor.fetchall()
    if not rows:
        return 0
    marks = ", ".join("?" * len(columns))
    keep = " OVERRIDING SYSTEM VALUE" if table in IDENTITY else ""
    sql = target.dialect.sql(f"INSERT INTO {table} ({', '.join(columns)}){keep} "
                             f"VALUES ({marks})")
    for row in rows:
        out.execute(sql, tuple(row))
    return len(rows)
