"""One game per account across hosts: the claim is a row of `live_games` in the database
the hosts share, taken in one statement.

A host holds a row for each game it runs and stamps them all (`seen`) every few seconds.
A row whose stamp is older than STALE belongs to a host that is gone (killed, cut off):
any host may take it over in the same single statement, so a player whose host died gets
their game back on another. A host asks another to give up a game by setting `wanted`
on its row; the holder ends that game (it saves as it goes) and drops the row, and the
asking host starts it from the save. Rows also give every host the live-games list of
the others.

On SQLite (one host alone) nothing of this is used: the host's memory is the claim.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from roguelike.storage.database import Database
from roguelike.storage.migrations import migrate

MIGRATIONS = [
    (1, ["""CREATE TABLE IF NOT EXISTS live_games (
            account BIGINT PRIMARY KEY,
            host TEXT NOT NULL,
            player TEXT NOT NULL,
            seed TEXT NOT NULL DEFAULT '',
            depth INTEGER NOT NULL DEFAULT 0,
            watchable INTEGER NOT NULL DEFAULT 0,
            started {real} NOT NULL,
            seen {real} NOT NULL,
            wanted TEXT NOT NULL DEFAULT '')"""]),
]
BEAT = 3.0  # seconds between a host's stamps
STALE = 15.0  # a row not stamped for this long is its host's no more


@dataclass(frozen=True)
class Elsewhere:
    """A live game on another host."""

    account: int
    host: str
    player: str
    seed: str
    depth: int
    watchable: bool
    started: float


class Claims:
    def __init__(self, db: Database, host: str, clock: Callable[[], float] = time.time
                 ) -> None:
        self.db = db
        self.host = host
        self.clock = clock
        migrate(db, "live_games", MIGRATIONS)

    def take(self, account: int, player: str) -> str:
        """Claim the account's game for this host: '' when it is ours now, else the host
        that holds it (alive)."""
        now = self.clock()
        with self.db.write() as conn:
            row = self.db.q(
                conn, "INSERT INTO live_games (account, host, player, started, seen) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (account) DO UPDATE SET host = "
                "excluded.host, player = excluded.player, started = excluded.started, "
                "seen = excluded.seen, wanted = '', seed = '', depth = 0 "
                "WHERE live_games.host = excluded.host OR live_games.seen < ? "
                "RETURNING host", (account, self.host, player, now, now, now - STALE)
            ).fetchone()
            if row is not None:
                return ""
            held = self.db.q(conn, "SELECT host FROM live_games WHERE account = ?",
                             (account,)).fetchone()
        return str(held[0]) if held else ""

    def holder(self, account: int) -> str:
        """The other host running the account's game, or ''."""
        with self.db.read() as conn:
            row = self.db.q(conn, "SELECT host FROM live_games WHERE account = ? AND "
                            "host <> ? AND seen >= ?",
                            (account, self.host, self.clock() - STALE)).fetchone()
        return str(row[0]) if row else ""

    def one(self, account: int) -> Elsewhere | None:
        """The account's game if another host runs it (alive): read at a login, since the
        list `elsewhere` reads for everyone is up to BEAT old."""
        with self.db.read() as conn:
            row = self.db.q(conn, "SELECT account, host, player, seed, depth, watchable, "
                            "started FROM live_games WHERE account = ? AND host <> ? AND "
                            "seen >= ?", (account, self.host, self.clock() - STALE)).fetchone()
        return _elsewhere(row) if row else None

    def release(self, account: int) -> None:
        with self.db.write() as conn:
            self.db.q(conn, "DELETE FROM live_games WHERE account = ? AND host = ?",
                      (account, self.host))

    def release_all(self) -> None:
        """Every claim of this host (its shutdown: its games have saved and ended)."""
        with self.db.write() as conn:
            self.db.q(conn, "DELETE FROM live_games WHERE host = ?", (self.host,))

    def want(self, account: int) -> None:
        """Ask the host holding the account's game to end it (it saves as it goes)."""
        with self.db.write() as conn:
            self.db.q(conn, "UPDATE live_games SET wanted = ? WHERE account = ? AND "
                      "host <> ?", (self.host, account, self.host))

    def beat(self, games: Iterable[tuple[int, str, int, bool]]) -> list[int]:
        """Stamp this host's rows (account, seed, depth, watchable) and drop the rows of
        games it no longer runs (a host started again after a crash). Returns the accounts
        whose game another host wants."""
        now = self.clock()
        live = list(games)
        with self.db.write() as conn:
            for account, seed, depth, watchable in live:
                self.db.q(conn, "UPDATE live_games SET seen = ?, seed = ?, depth = ?, "
                          "watchable = ? WHERE account = ? AND host = ?",
                          (now, seed, depth, int(watchable), account, self.host))
            mine = [int(r[0]) for r in self.db.q(
                conn, "SELECT account FROM live_games WHERE host = ?", (self.host,)
            ).fetchall()]
            running = {a for a, *_ in live}
            for account in mine:
                if account not in running:
                    self.db.q(conn, "DELETE FROM live_games WHERE account = ? AND host = ? "
                              "AND seen < ?", (account, self.host, now - STALE))
            wanted = [int(r[0]) for r in self.db.q(
                conn, "SELECT account FROM live_games WHERE host = ? AND wanted <> ''",
                (self.host,)).fetchall()]
        return [a for a in wanted if a in running]

    def elsewhere(self) -> list[Elsewhere]:
        """The live games of the other hosts (alive), oldest first."""
        with self.db.read() as conn:
            rows = self.db.q(conn, "SELECT account, host, player, seed, depth, watchable, "
                             "started FROM live_games WHERE host <> ? AND seen >= ? ORDER BY "
                             "started, account", (self.host, self.clock() - STALE)).fetchall()
        return [_elsewhere(r) for r in rows]


def _elsewhere(r: Sequence[Any]) -> Elsewhere:
    return Elsewhere(int(r[0]), str(r[1]), str(r[2]), str(r[3]), int(r[4]), bool(r[5]),
                     float(r[6]))
