"""The high-score table: SQLite (stdlib) in the data folder, per seed and overall."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

from roguelike.records.text import printable

DB_NAME = "scores.sqlite3"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL,
    seed TEXT NOT NULL,
    score INTEGER NOT NULL,
    parts TEXT NOT NULL,
    depth INTEGER NOT NULL,
    turns INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    replay TEXT NOT NULL,
    game_version TEXT NOT NULL,
    ended_at TEXT NOT NULL,
    party TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS scores_by_seed ON scores (seed, score DESC);
"""
COLUMNS = ("id", "player", "seed", "score", "parts", "depth", "turns", "outcome", "replay",
           "game_version", "ended_at", "party")


def _connect(data_dir: Path) -> sqlite3.Connection:
    Path(data_dir).mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(Path(data_dir) / DB_NAME, timeout=10)
    conn.executescript(_SCHEMA)
    have = {row[1] for row in conn.execute("PRAGMA table_info(scores)")}
    if "party" not in have:  # a table made before the party was recorded
        with conn:
            conn.execute("ALTER TABLE scores ADD COLUMN party TEXT NOT NULL DEFAULT ''")
    return conn


def add_score(data_dir: Path, *, player: str, seed: str, parts: dict[str, int], depth: int,
              turns: int, outcome: str, replay: str, game_version: str, ended_at: str,
              party: str = "") -> int:
    with closing(_connect(data_dir)) as conn, conn:
        cur = conn.execute(
            "INSERT INTO scores (player, seed, score, parts, depth, turns, outcome, replay,"
            " game_version, ended_at, party) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (player, seed, int(parts.get("total", 0)), json.dumps(parts, sort_keys=True),
             depth, turns, outcome, replay, game_version, ended_at, party))
        return int(cur.lastrowid or 0)


def same_rows(data_dir: Path, *, player: str, seed: str, score: int, depth: int, turns: int,
              outcome: str) -> list[dict[str, Any]]:
    """Rows with all of these values (a game finished twice looks like this)."""
    if not (Path(data_dir) / DB_NAME).is_file():
        return []
    with closing(_connect(data_dir)) as conn:
        rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM scores WHERE player = ? AND "
                            "seed = ? AND score = ? AND depth = ? AND turns = ? AND "
                            "outcome = ? ORDER BY id DESC LIMIT 5",
                            (player, seed, score, depth, turns, outcome)).fetchall()
    return [dict(zip(COLUMNS, row, strict=True)) for row in rows]


def top_scores(data_dir: Path, seed: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
    """Best first (ties: the earlier game first); each row a dict with 'parts' as a dict."""
    if not (Path(data_dir) / DB_NAME).is_file():
        return []
    where, args = ("WHERE seed = ?", [seed]) if seed else ("", [])
    with closing(_connect(data_dir)) as conn:
        rows = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM scores {where} "
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


def score_row(data_dir: Path, row_id: int) -> dict[str, Any] | None:
    """One row by its id (the website's page of a finished game), or None."""
    if not (Path(data_dir) / DB_NAME).is_file():
        return None
    with closing(_connect(data_dir)) as conn:
        row = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM scores WHERE id = ?",
                           (int(row_id),)).fetchone()
    if row is None:
        return None
    item = dict(zip(COLUMNS, row, strict=True))
    item["parts"] = json.loads(item["parts"])
    return item


def seed_page(data_dir: Path, seed: str, offset: int, limit: int
              ) -> tuple[list[dict[str, Any]], int]:
    """A page of one seed's table, best first (rank = offset + 1 ...), and the seed's
    number of rows. Read from the (seed, score) index: as fast for row 9,900 as for row 1."""
    if not (Path(data_dir) / DB_NAME).is_file():
        return [], 0
    columns = [c for c in COLUMNS if c != "parts"]
    with closing(_connect(data_dir)) as conn:
        total = int(conn.execute("SELECT COUNT(*) FROM scores WHERE seed = ?",
                                 (seed,)).fetchone()[0])
        rows = conn.execute(f"SELECT {', '.join(columns)} FROM scores WHERE seed = ? "
                            "ORDER BY score DESC, id ASC LIMIT ? OFFSET ?",
                            (seed, int(limit), int(offset))).fetchall()
    return [dict(zip(columns, row, strict=True)) for row in rows], total


def seeds_page(data_dir: Path, offset: int, limit: int) -> tuple[list[dict[str, Any]], int]:
    """The seeds that have scores (games, best score), the most played first, and how many
    seeds there are. Read from the (seed, score) index alone, never the rows."""
    if not (Path(data_dir) / DB_NAME).is_file():
        return [], 0
    with closing(_connect(data_dir)) as conn:
        total = int(conn.execute("SELECT COUNT(*) FROM (SELECT DISTINCT seed FROM scores)"
                                 ).fetchone()[0])
        rows = conn.execute("SELECT seed, COUNT(*), MAX(score) FROM scores GROUP BY seed "
                            "ORDER BY COUNT(*) DESC, seed LIMIT ? OFFSET ?",
                            (int(limit), int(offset))).fetchall()
    return [{"seed": r[0], "games": int(r[1]), "best": int(r[2])} for r in rows], total
