"""The high-score table, per seed and overall: `scores.sqlite3` in the data folder (a
local game's, or a host's), or the PostgreSQL database several hosts share.

Each function takes where the table is: a data folder, or an open Database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from roguelike.records.text import printable
from roguelike.storage.database import Database, SqliteDatabase
from roguelike.storage.migrations import Migrations, migrate, table_exists

DB_NAME = "scores.sqlite3"
MIGRATIONS: Migrations = [
    # (IF NOT EXISTS: a table made before versions were kept is read by _legacy)
    (1, ["""CREATE TABLE IF NOT EXISTS scores (
            id {id_key},
            player TEXT NOT NULL,
            seed TEXT NOT NULL,
            score INTEGER NOT NULL,
            parts TEXT NOT NULL,
            depth INTEGER NOT NULL,
            turns INTEGER NOT NULL,
            outcome TEXT NOT NULL,
            replay TEXT NOT NULL,
            game_version TEXT NOT NULL,
            ended_at TEXT NOT NULL)""",
         "CREATE INDEX IF NOT EXISTS scores_by_seed ON scores (seed, score DESC)"]),
    (2, ["ALTER TABLE scores ADD COLUMN party TEXT NOT NULL DEFAULT ''"]),
]
COLUMNS = ("id", "player", "seed", "score", "parts", "depth", "turns", "outcome", "replay",
           "game_version", "ended_at", "party")
Where = Path | str | Database
_ready: set[str] = set()  # databases whose table this process has brought up to date


def _legacy(db: Database, conn: Any) -> int:
    """A table made before versions were kept: 1, or 2 once it had the party column."""
    if not table_exists(db, conn, "scores"):
        return 0
    if db.dialect.name != "sqlite":
        return 1  # (no host on PostgreSQL ever made it without a version)
    have = {row[1] for row in db.q(conn, "PRAGMA table_info(scores)").fetchall()}
    return 2 if "party" in have else 1


def _db(where: Where, create: bool = False) -> Database | None:
    """The scores' database; None when a data folder has none yet and `create` is off."""
    if isinstance(where, Database):
        db: Database = where
    else:
        path = Path(where) / DB_NAME
        if not create and not path.is_file():
            return None
        db = SqliteDatabase(path)
    # (a SQLite file by its inode too: one removed and made again is migrated again)
    key = f"{db.name}@{db.path.stat().st_ino}" if isinstance(db, SqliteDatabase) else db.name
    if key not in _ready:
        migrate(db, "scores", MIGRATIONS, legacy=_legacy)
        _ready.add(key)
    return db


def add_score(where: Where, *, player: str, seed: str, parts: dict[str, int], depth: int,
              turns: int, outcome: str, replay: str, game_version: str, ended_at: str,
              party: str = "") -> int:
    db = _db(where, create=True)
    assert db is not None
    with db.write() as conn:
        return int(db.q(conn, "INSERT INTO scores (player, seed, score, parts, depth, turns, "
                        "outcome, replay, game_version, ended_at, party) VALUES (?, ?, ?, ?, "
                        "?, ?, ?, ?, ?, ?, ?) RETURNING id",
                        (player, seed, int(parts.get("total", 0)),
                         json.dumps(parts, sort_keys=True), depth, turns, outcome, replay,
                         game_version, ended_at, party)).fetchone()[0])


def same_rows(where: Where, *, player: str, seed: str, score: int, depth: int, turns: int,
              outcome: str) -> list[dict[str, Any]]:
    """Rows with all of these values (a game finished twice looks like this)."""
    db = _db(where)
    if db is None:
        return []
    with db.read() as conn:
        rows = db.q(conn, f"SELECT {', '.join(COLUMNS)} FROM scores WHERE player = ? AND "
                    "seed = ? AND score = ? AND depth = ? AND turns = ? AND outcome = ? "
                    "ORDER BY id DESC LIMIT 5",
                    (player, seed, score, depth, turns, outcome)).fetchall()
    return [dict(zip(COLUMNS, row, strict=True)) for row in rows]


def top_scores(where: Where, seed: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
    """Best first (ties: the earlier game first); each row a dict with 'parts' as a dict."""
    db = _db(where)
    if db is None:
        return []
    clause, args = ("WHERE seed = ?", [seed]) if seed else ("", [])
    with db.read() as conn:
        rows = db.q(conn, f"SELECT {', '.join(COLUMNS)} FROM scores {clause} "
                    "ORDER BY score DESC, id ASC LIMIT ?", [*args, limit]).fetchall()
    out = []
    for row in rows:
        item = dict(zip(COLUMNS, row, strict=True))
        item["parts"] = json.loads(item["parts"])
        out.append(item)
    return out


def format_table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "No scores yet."
    lines = [f"{'#':>3}  {'score':>7}  {'player':<16} {'seed':<28} {'depth':>5} "
             f"{'turns':>6}  {'outcome':<8} party"]
    for i, r in enumerate(rows, 1):  # the table's text may have been written by anyone
        player, seed, outcome, party = (printable(str(r.get(k) or "")) for k in
                                        ("player", "seed", "outcome", "party"))
        lines.append(f"{i:>3}  {r['score']:>7}  {player[:16]:<16} {seed[:28]:<28} "
                     f"{r['depth']:>5} {r['turns']:>6}  {outcome:<8} {party}")
    return "\n".join(lines)


def score_row(where: Where, row_id: int) -> dict[str, Any] | None:
    """One row by its id (the website's page of a finished game), or None."""
    db = _db(where)
    if db is None:
        return None
    with db.read() as conn:
        row = db.q(conn, f"SELECT {', '.join(COLUMNS)} FROM scores WHERE id = ?",
                   (int(row_id),)).fetchone()
    if row is None:
        return None
    item = dict(zip(COLUMNS, row, strict=True))
    item["parts"] = json.loads(item["parts"])
    return item


def seed_page(where: Where, seed: str, offset: int, limit: int
              ) -> tuple[list[dict[str, Any]], int]:
    """A page of one seed's table, best first (rank = offset + 1 ...), and the seed's
    number of rows. Read from the (seed, score) index: as fast for row 9,900 as for row 1."""
    db = _db(where)
    if db is None:
        return [], 0
    columns = [c for c in COLUMNS if c != "parts"]
    with db.read() as conn:
        total = int(db.q(conn, "SELECT COUNT(*) FROM scores WHERE seed = ?",
                         (seed,)).fetchone()[0])
        rows = db.q(conn, f"SELECT {', '.join(columns)} FROM scores WHERE seed = ? "
                    "ORDER BY score DESC, id ASC LIMIT ? OFFSET ?",
                    (seed, int(limit), int(offset))).fetchall()
    return [dict(zip(columns, row, strict=True)) for row in rows], total


def seeds_page(where: Where, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    """The seeds that have scores (games, best score), the most played first, and how many
    seeds there are. Read from the (seed, score) index alone, never the rows."""
    db = _db(where)
    if db is None:
        return [], 0
    with db.read() as conn:
        total = int(db.q(conn, "SELECT COUNT(*) FROM (SELECT DISTINCT seed FROM scores) "
                         "AS seeds").fetchone()[0])
        rows = db.q(conn, "SELECT seed, COUNT(*), MAX(score) FROM scores GROUP BY seed "
                    "ORDER BY COUNT(*) DESC, seed LIMIT ? OFFSET ?",
                    (int(limit), int(offset))).fetchall()
    return [{"seed": r[0], "games": int(r[1]), "best": int(r[2])} for r in rows], total
