"""Where challenges, attempts, games, the verification queue and the public log are kept.

All the SQL of challenges is in this module, written to run unchanged on SQLite (the
embedded default, `challenges.sqlite3` in the host's data folder) and on PostgreSQL:
`?` parameters (a PostgreSQL driver's `%s` is one substitution away, `Dialect.sql`),
`INSERT ... ON CONFLICT`, `RETURNING`, window-free queries, times as ISO text or BIGINT
seconds computed by Python (never the database's clock), booleans as 0/1. What differs
between the two (the auto-numbered key, how a write transaction starts) is the
`Dialect`. The schema grows by numbered migrations (MIGRATIONS), applied in order at start
and recorded in `schema_version`; a database newer than the code is refused.

Several processes use one database: the host, and its verification workers. SQLite runs
in WAL mode (readers never wait for the writer) and every write is a short transaction
started with BEGIN IMMEDIATE, so two workers never both take one job.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from roguelike.challenges.model import Challenge, Party, iso, parse_iso

DB_NAME = "challenges.sqlite3"


@dataclass(frozen=True)
class Dialect:
    name: str
    id_key: str  # an auto-numbered primary key that never reuses a number
    begin_write: str

    def sql(self, text: str) -> str:
        return text if self.name == "sqlite" else text.replace("?", "%s")


SQLITE = Dialect("sqlite", "INTEGER PRIMARY KEY AUTOINCREMENT", "BEGIN IMMEDIATE")
# (for issue 30: PostgreSQL would be
#  Dialect("postgresql", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "BEGIN"))

MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        """CREATE TABLE challenges (
            id {id_key},
            code TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            seed TEXT NOT NULL,
            game_version TEXT NOT NULL,
            content_digest TEXT NOT NULL,
            party TEXT NOT NULL,
            opens TEXT NOT NULL,
            closes TEXT NOT NULL,
            attempts TEXT NOT NULL,
            hidden INTEGER NOT NULL,
            created_by BIGINT,
            created_at TEXT NOT NULL,
            published INTEGER NOT NULL DEFAULT 0)""",
        "CREATE INDEX challenges_by_close ON challenges (closes)",
        """CREATE TABLE attempts (
            id {id_key},
            challenge BIGINT NOT NULL REFERENCES challenges (id),
            account BIGINT NOT NULL,
            player TEXT NOT NULL,
            source TEXT NOT NULL,
            ranked INTEGER NOT NULL,
            state TEXT NOT NULL,
            started_at TEXT NOT NULL,
            first_action_at TEXT,
            ended_at TEXT,
            game BIGINT)""",
        "CREATE INDEX attempts_by_account ON attempts (account, challenge)",
        """CREATE TABLE games (
            id {id_key},
            account BIGINT NOT NULL,
            player TEXT NOT NULL,
            source TEXT NOT NULL,
            challenge BIGINT REFERENCES challenges (id),
            attempt BIGINT,
            ranked INTEGER NOT NULL DEFAULT 0,
            standing INTEGER NOT NULL DEFAULT 0,
            status TEXT NOT NULL,
            reason TEXT NOT NULL DEFAULT '',
            note TEXT NOT NULL DEFAULT '',
            diverged_at BIGINT,
            diverged_round BIGINT,
            seed TEXT NOT NULL DEFAULT '',
            party TEXT NOT NULL DEFAULT '',
            score BIGINT NOT NULL DEFAULT 0,
            parts TEXT NOT NULL DEFAULT '{{}}',
            depth INTEGER NOT NULL DEFAULT 0,
            turns BIGINT NOT NULL DEFAULT 0,
            outcome TEXT NOT NULL DEFAULT '',
            actions BIGINT NOT NULL DEFAULT 0,
            game_version TEXT NOT NULL DEFAULT '',
            content_digest TEXT NOT NULL DEFAULT '',
            game_key TEXT UNIQUE,
            replay TEXT NOT NULL,
            origin TEXT NOT NULL DEFAULT '',
            size BIGINT NOT NULL,
            sha256 TEXT NOT NULL,
            addr TEXT NOT NULL DEFAULT '',
            submitted_at TEXT NOT NULL,
            ended_at TEXT NOT NULL,
            verified_at TEXT,
            score_row BIGINT,
            published INTEGER NOT NULL DEFAULT 0)""",
        # the board of a challenge and of a seed: best first, fewer rounds, earlier game
        "CREATE INDEX games_board ON games (challenge, standing, status, score DESC, "
        "turns, ended_at, id)",
        "CREATE INDEX games_practice ON games (challenge, ranked, status, score DESC, "
        "turns, ended_at, id)",
        "CREATE INDEX games_unsettled ON games (challenge, status, id)",
        "CREATE INDEX games_seed ON games (seed, status, published, score DESC, turns, "
        "ended_at, id)",
        "CREATE INDEX games_by_account ON games (account, submitted_at)",
        "CREATE INDEX games_standing ON games (account, challenge, standing, status)",
        "CREATE INDEX games_by_addr ON games (addr, submitted_at)",
        "CREATE INDEX games_by_sha ON games (sha256)",
        """CREATE TABLE jobs (
            id {id_key},
            game BIGINT NOT NULL REFERENCES games (id),
            kind TEXT NOT NULL,
            state TEXT NOT NULL,
            needs TEXT NOT NULL DEFAULT '',
            tries INTEGER NOT NULL DEFAULT 0,
            worker TEXT NOT NULL DEFAULT '',
            lease_until BIGINT NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            started_at TEXT,
            done_at TEXT)""",
        "CREATE INDEX jobs_by_state ON jobs (state, needs, id)",
        """CREATE TABLE public_log (
            n {id_key},
            game BIGINT NOT NULL UNIQUE,
            line TEXT NOT NULL)""",
    ]),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]


class StoreError(Exception):
    """The database cannot be used by this code (e.g. made by a newer host)."""


# ----- rows -------------------------------------------------------------------------------
CHALLENGE_COLUMNS = ("id", "code", "kind", "title", "seed", "game_version", "content_digest",
                     "party", "opens", "closes", "attempts", "hidden", "created_by",
                     "created_at")


def _challenge(row: Sequence[Any]) -> Challenge:
    d = dict(zip(CHALLENGE_COLUMNS, row, strict=True))
    return Challenge(code=d["code"], kind=d["kind"], title=d["title"], seed=d["seed"],
                     game_version=d["game_version"], content_digest=d["content_digest"],
                     party=_party(d["party"]),
                     opens=parse_iso(d["opens"]), closes=parse_iso(d["closes"]),
                     attempts=d["attempts"], hidden=bool(d["hidden"]),
                     created_at=parse_iso(d["created_at"]), created_by=d["created_by"],
                     id=int(d["id"]))


def _party(text: str) -> Party | None:
    classes = text.split(",")
    return (classes[0], classes[1], classes[2]) if len(classes) == 3 else None


@dataclass(frozen=True)
class Attempt:
    id: int
    challenge: int
    account: int
    player: str
    source: str  # "witnessed" or "local"
    ranked: bool
    state: str  # "open", "ended" (its game is in), "void" (left before its first action)
    started_at: str
    first_action_at: str | None
    ended_at: str | None
    game: int | None


ATTEMPT_COLUMNS = ("id", "challenge", "account", "player", "source", "ranked", "state",
                   "started_at", "first_action_at", "ended_at", "game")


def _attempt(row: Sequence[Any]) -> Attempt:
    d = dict(zip(ATTEMPT_COLUMNS, row, strict=True))
    d["ranked"] = bool(d["ranked"])
    return Attempt(**d)


GAME_COLUMNS = ("id", "account", "player", "source", "challenge", "attempt", "ranked",
                "standing", "status", "reason", "note", "diverged_at", "diverged_round",
                "seed", "party", "score", "parts", "depth", "turns", "outcome", "actions",
                "game_version", "content_digest", "game_key", "replay", "origin", "size", "sha256",
                "addr", "submitted_at", "ended_at", "verified_at", "score_row", "published")


@dataclass(frozen=True)
class Entry:
    """One game on the host's boards: a witnessed game or a submitted replay."""

    id: int
    account: int
    player: str
    source: str  # "witnessed" (the host ran it) or "local" (played elsewhere, submitted)
    challenge: int | None
    attempt: int | None
    ranked: bool  # a ranked attempt at its challenge (else practice)
    standing: bool  # the game that stands for its player on the challenge's board
    status: str  # "pending", "verified" or "refused"
    reason: str  # why it was refused
    note: str  # what a pending game waits for
    diverged_at: int | None
    diverged_round: int | None
    seed: str
    party: str
    score: int
    parts: str  # JSON: the score's parts
    depth: int  # deepest depth reached
    turns: int  # rounds
    outcome: str
    actions: int
    game_version: str
    content_digest: str
    game_key: str | None
    replay: str  # the host's own copy, relative to its data folder
    origin: str  # a witnessed game's replay as its game wrote it (accounts/<id>/replays/..)
    size: int
    sha256: str
    addr: str
    submitted_at: str
    ended_at: str
    verified_at: str | None
    score_row: int | None  # its row in the host's score table (witnessed games)
    published: bool  # on the public boards and log (a hidden seed's games: after close)

    def score_parts(self) -> dict[str, int]:
        try:
            parts = json.loads(self.parts)
        except ValueError:
            return {}
        return {str(k): int(v) for k, v in parts.items() if isinstance(v, int)}


def _entry(row: Sequence[Any]) -> Entry:
    d = dict(zip(GAME_COLUMNS, row, strict=True))
    for flag in ("ranked", "standing", "published"):
        d[flag] = bool(d[flag])
    return Entry(**d)


@dataclass(frozen=True)
class Job:
    id: int
    game: int
    kind: str  # "verify" (a replay), or "close" (an attempt left for good: its save)
    tries: int


# ----- the store --------------------------------------------------------------------------
class Store:
    """The challenges database. Each call opens its own short connection: the host calls
    it from worker threads, and each worker process has its own Store."""

    def __init__(self, path: Path, dialect: Dialect = SQLITE, migrate: bool = True) -> None:
        self.path = Path(path)
        self.dialect = dialect
        if migrate:
            self.migrate()
        else:
            self.check_version()

    @classmethod
    def in_folder(cls, data: Path, migrate: bool = True) -> Store:
        return cls(Path(data) / DB_NAME, migrate=migrate)

    # ----- connections and transactions --------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA busy_timeout = 30000")
        return conn

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with closing(self._connect()) as conn:
            yield conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with closing(self._connect()) as conn:
            conn.execute(self.dialect.begin_write)
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _q(self, conn: sqlite3.Connection, sql: str, args: Sequence[Any] = ()
           ) -> sqlite3.Cursor:
        return conn.execute(self.dialect.sql(sql), tuple(args))

    # ----- schema -----------------------------------------------------------------------
    def migrate(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as conn:
            conn.execute("PRAGMA journal_mode = WAL")
        with self._write() as conn:
            self._q(conn, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._q(conn, "SELECT version FROM schema_version").fetchone()
            have = int(row[0]) if row else 0
            if row is None:
                self._q(conn, "INSERT INTO schema_version (version) VALUES (0)")
            if have > SCHEMA_VERSION:
                raise StoreError(self._newer(have))
            for version, steps in MIGRATIONS:
                if version <= have:
                    continue
                for step in steps:
                    self._q(conn, step.format(id_key=self.dialect.id_key))
                self._q(conn, "UPDATE schema_version SET version = ?", (version,))

    def check_version(self) -> None:
        with self._read() as conn:
            row = self._q(conn, "SELECT version FROM schema_version").fetchone()
        have = int(row[0]) if row else 0
        if have != SCHEMA_VERSION:
            raise StoreError(self._newer(have) if have > SCHEMA_VERSION else
                             f"{self.path} has schema version {have}: start the host once "
                             f"to bring it to version {SCHEMA_VERSION}")

    def _newer(self, have: int) -> str:
        return (f"{self.path} has schema version {have}, newer than this game's "
                f"{SCHEMA_VERSION}: it was made by a newer host")

    # ----- challenges --------------------------------------------------------------------
    def add_challenge(self, ch: Challenge) -> Challenge | None:
        """Store `ch`; None if its code is taken (the host's daily and weekly are made
        once: the second maker gets None and reads the first's)."""
        cols = CHALLENGE_COLUMNS[1:]
        values = (ch.code, ch.kind, ch.title, ch.seed, ch.game_version, ch.content_digest,
                  ch.party_text, iso(ch.opens), iso(ch.closes), ch.attempts,
                  int(ch.hidden), ch.created_by, iso(ch.created_at))
        with self._write() as conn:
            row = self._q(conn, f"INSERT INTO challenges ({', '.join(cols)}) VALUES "
                          f"({', '.join('?' * len(cols))}) ON CONFLICT (code) DO NOTHING "
                          "RETURNING id", values).fetchone()
        if row is None:
            return None
        return _challenge((int(row[0]), *values))

    def made_since(self, account: int, since: str) -> int:
        with self._read() as conn:
            return int(self._q(conn, "SELECT COUNT(*) FROM challenges WHERE created_by = ? "
                               "AND created_at >= ?", (int(account), since)).fetchone()[0])

    def challenge(self, code: str) -> Challenge | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(CHALLENGE_COLUMNS)} FROM challenges "
                          "WHERE code = ?", (code,)).fetchone()
        return _challenge(row) if row else None

    def challenge_by_id(self, challenge_id: int) -> Challenge | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(CHALLENGE_COLUMNS)} FROM challenges "
                          "WHERE id = ?", (int(challenge_id),)).fetchone()
        return _challenge(row) if row else None

    def challenges(self, now: str, closed_since: str, limit: int = 200) -> list[Challenge]:
        """Open ones and upcoming ones, then those closed since `closed_since`: the ones
        closing soonest first."""
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(CHALLENGE_COLUMNS)} FROM challenges "
                           "WHERE closes > ? ORDER BY (CASE WHEN closes > ? THEN 0 ELSE 1 "
                           "END), closes, id LIMIT ?", (closed_since, now, limit)).fetchall()
        return [_challenge(r) for r in rows]

    def to_publish(self, now: str) -> list[Challenge]:
        """Hidden challenges whose window has closed and whose games are not yet public."""
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(CHALLENGE_COLUMNS)} FROM challenges "
                           "WHERE hidden = 1 AND published = 0 AND closes <= ?",
                           (now,)).fetchall()
        return [_challenge(r) for r in rows]

    def mark_published(self, challenge_id: int) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE challenges SET published = 1 WHERE id = ?",
                    (int(challenge_id),))

    # ----- attempts -----------------------------------------------------------------------
    def start_attempt(self, ch: Challenge, account: int, player: str, source: str,
                      now: str) -> Attempt:
        """A new attempt of `account` at `ch`. It is ranked unless the challenge allows
        one ranked attempt and the account has had it (an attempt left before its first
        action on a seed it could see anyway does not count: 'void')."""
        with self._write() as conn:
            had = self._q(conn, "SELECT COUNT(*) FROM attempts WHERE challenge = ? AND "
                          "account = ? AND ranked = 1 AND state <> 'void'",
                          (ch.id, int(account))).fetchone()[0]
            ranked = ch.attempts == "best" or not had
            row = self._q(conn, "INSERT INTO attempts (challenge, account, player, source, "
                          "ranked, state, started_at) VALUES (?, ?, ?, ?, ?, 'open', ?) "
                          "RETURNING id", (ch.id, int(account), player, source, int(ranked),
                                           now)).fetchone()
        return Attempt(int(row[0]), ch.id, int(account), player, source, ranked, "open", now,
                       None, None, None)

    def attempt(self, attempt_id: int) -> Attempt | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM attempts "
                          "WHERE id = ?", (int(attempt_id),)).fetchone()
        return _attempt(row) if row else None

    def attempts_of(self, account: int, challenge_id: int | None = None) -> list[Attempt]:
        where = "account = ?"
        args: list[Any] = [int(account)]
        if challenge_id is not None:
            where += " AND challenge = ?"
            args.append(int(challenge_id))
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM attempts "
                           f"WHERE {where} ORDER BY id", args).fetchall()
        return [_attempt(r) for r in rows]

    def open_attempts(self, source: str, account: int | None = None) -> list[Attempt]:
        where = "state = 'open' AND source = ?"
        args: list[Any] = [source]
        if account is not None:
            where += " AND account = ?"
            args.append(int(account))
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM attempts "
                           f"WHERE {where} ORDER BY id", args).fetchall()
        return [_attempt(r) for r in rows]

    def first_action(self, attempt_id: int, now: str) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE attempts SET first_action_at = ? WHERE id = ? AND "
                    "first_action_at IS NULL", (now, int(attempt_id)))

    def end_attempt(self, attempt_id: int, state: str, game: int | None, now: str) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE attempts SET state = ?, game = ?, ended_at = ? WHERE "
                    "id = ? AND state = 'open'", (state, game, now, int(attempt_id)))

    # ----- games and their jobs ----------------------------------------------------------
    def add_game(self, *, account: int, player: str, source: str, challenge: int | None,
                 attempt: int | None, ranked: bool, replay: str, size: int, sha256: str,
                 addr: str, now: str, ended_at: str, seed: str = "", origin: str = "",
                 job: str = "verify", status: str = "pending", reason: str = "") -> int:
        """A game waiting for its proof, and its job in the queue (one transaction: no
        game without a job). `status='refused'` records a refusal that needed no job."""
        with self._write() as conn:
            game_id = int(self._q(
                conn, "INSERT INTO games (account, player, source, challenge, attempt, "
                "ranked, status, reason, seed, replay, origin, size, sha256, addr, "
                "submitted_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?) RETURNING id",
                (int(account), player, source, challenge, attempt, int(ranked), status,
                 reason, seed, replay, origin, int(size), sha256, addr, now, ended_at)
            ).fetchone()[0])
            if status == "pending":
                self._q(conn, "INSERT INTO jobs (game, kind, state, created_at) VALUES "
                        "(?, ?, 'pending', ?)", (game_id, job, now))
            if attempt is not None:
                self._q(conn, "UPDATE attempts SET state = 'ended', game = ?, ended_at = ? "
                        "WHERE id = ? AND state = 'open'", (game_id, now, int(attempt)))
        return game_id

    def submitted_since(self, account: int, addr: str, since: str) -> tuple[int, int, int]:
        """Submissions since `since` by the account and from the address, and the
        account's games still pending (the rate limits: service.py)."""
        with self._read() as conn:
            by_account = self._q(conn, "SELECT COUNT(*) FROM games WHERE account = ? AND "
                                 "submitted_at >= ? AND source = 'local'",
                                 (int(account), since)).fetchone()[0]
            by_addr = self._q(conn, "SELECT COUNT(*) FROM games WHERE addr = ? AND "
                              "submitted_at >= ? AND source = 'local'",
                              (addr, since)).fetchone()[0]
            pending = self._q(conn, "SELECT COUNT(*) FROM games WHERE account = ? AND "
                              "status = 'pending' AND source = 'local'",
                              (int(account),)).fetchone()[0]
        return int(by_account), int(by_addr), int(pending)

    def game_with_sha(self, sha256: str) -> Entry | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE "
                          "sha256 = ? AND status <> 'refused' ORDER BY id LIMIT 1",
                          (sha256,)).fetchone()
        return _entry(row) if row else None

    def game(self, game_id: int) -> Entry | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE id = ?",
                          (int(game_id),)).fetchone()
        return _entry(row) if row else None

    def game_with_key(self, key: str) -> Entry | None:
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE "
                          "game_key = ?", (key,)).fetchone()
        return _entry(row) if row else None

    def described(self, game_id: int, *, seed: str, party: str, game_version: str,
                  content_digest: str, actions: int) -> None:
        """What a worker read from the replay before proving it."""
        with self._write() as conn:
            self._q(conn, "UPDATE games SET seed = ?, party = ?, game_version = ?, "
                    "content_digest = ?, actions = ? WHERE id = ?",
                    (seed, party, game_version, content_digest, int(actions), int(game_id)))

    def verified(self, game_id: int, *, key: str, score: int, parts: dict[str, int],
                 depth: int, turns: int, outcome: str, now: str, published: bool) -> bool:
        """The game is proved: its results, and its place on its challenge's board (the
        account's best ranked game stands for it). False if the same game (`key`) is on
        the host already (it is then refused as a copy)."""
        with self._write() as conn:
            taken = self._q(conn, "SELECT id FROM games WHERE game_key = ?",
                            (key,)).fetchone()
            if taken is not None:
                return False
            self._q(conn, "UPDATE games SET status = 'verified', game_key = ?, score = ?, "
                    "parts = ?, depth = ?, turns = ?, outcome = ?, verified_at = ?, "
                    "published = ?, note = '' WHERE id = ?",
                    (key, int(score), json.dumps(parts, sort_keys=True), int(depth),
                     int(turns), outcome, now, int(published), int(game_id)))
            row = self._q(conn, "SELECT challenge, account FROM games WHERE id = ?",
                          (int(game_id),)).fetchone()
            if row[0] is not None:
                self._stand(conn, int(row[0]), int(row[1]))
        return True

    def _stand(self, conn: sqlite3.Connection, challenge: int, account: int) -> None:
        """Mark the account's best verified ranked game on the challenge as its standing
        (ties: fewer rounds, then the earlier game), every other one not."""
        best = self._q(conn, "SELECT id FROM games WHERE challenge = ? AND account = ? AND "
                       "ranked = 1 AND status = 'verified' ORDER BY score DESC, turns, "
                       "ended_at, id LIMIT 1", (challenge, account)).fetchone()
        self._q(conn, "UPDATE games SET standing = (CASE WHEN id = ? THEN 1 ELSE 0 END) "
                "WHERE challenge = ? AND account = ?",
                (best[0] if best else -1, challenge, account))

    def refused(self, game_id: int, reason: str, diverged_at: int | None = None,
                diverged_round: int | None = None) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE games SET status = 'refused', reason = ?, diverged_at = ?, "
                    "diverged_round = ?, note = '', standing = 0 WHERE id = ?",
                    (reason[:2000], diverged_at, diverged_round, int(game_id)))

    def set_replay(self, game_id: int, replay: str, size: int, sha256: str) -> None:
        """The replay a 'close' job made of an attempt left for good."""
        with self._write() as conn:
            self._q(conn, "UPDATE games SET replay = ?, size = ?, sha256 = ? WHERE id = ?",
                    (replay, int(size), sha256, int(game_id)))

    def void(self, game_id: int, reason: str) -> None:
        """An attempt left before its first action: nothing to score, no board row (and
        the attempt does not count against a seed the player could see anyway)."""
        with self._write() as conn:
            self._q(conn, "UPDATE games SET status = 'void', reason = ? WHERE id = ?",
                    (reason, int(game_id)))
            row = self._q(conn, "SELECT attempt, challenge FROM games WHERE id = ?",
                          (int(game_id),)).fetchone()
            if row[0] is not None:
                self._q(conn, "UPDATE attempts SET state = 'void' WHERE id = ? AND "
                        "challenge IN (SELECT id FROM challenges WHERE hidden = 0)", (row[0],))

    def set_score_row(self, game_id: int, row: int) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE games SET score_row = ? WHERE id = ?", (row, int(game_id)))

    def unpublished(self, challenge_id: int) -> list[Entry]:
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE "
                           "challenge = ? AND status = 'verified' AND published = 0 "
                           "ORDER BY id", (int(challenge_id),)).fetchall()
        return [_entry(r) for r in rows]

    def publish(self, game_id: int, line: str) -> None:
        """The game goes public: on the seed's board, and its line in the public log."""
        with self._write() as conn:
            self._q(conn, "UPDATE games SET published = 1 WHERE id = ?", (int(game_id),))
            self._q(conn, "INSERT INTO public_log (game, line) VALUES (?, ?) "
                    "ON CONFLICT (game) DO NOTHING", (int(game_id), line))

    # ----- the queue ----------------------------------------------------------------------
    def claim(self, worker: str, can_run: Sequence[str], now: int, lease: int,
              stamp: str) -> Job | None:
        """Take the oldest pending job this worker can run (`needs` '' or one of
        `can_run`), leased for `lease` seconds; None when there is none."""
        marks = ", ".join("?" * len(can_run))
        with self._write() as conn:
            row = self._q(conn, "SELECT id, game, kind, tries FROM jobs WHERE state = "
                          f"'pending' AND (needs = '' OR needs IN ({marks})) ORDER BY id "
                          "LIMIT 1", tuple(can_run)).fetchone()
            if row is None:
                return None
            taken = self._q(conn, "UPDATE jobs SET state = 'running', worker = ?, "
                            "lease_until = ?, tries = tries + 1, started_at = ? WHERE id = ? "
                            "AND state = 'pending'",
                            (worker, now + lease, stamp, row[0])).rowcount
        return Job(int(row[0]), int(row[1]), str(row[2]), int(row[3]) + 1) if taken else None

    def renew(self, job_id: int, until: int) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE jobs SET lease_until = ? WHERE id = ? AND state = "
                    "'running'", (until, int(job_id)))

    def job_done(self, job_id: int, now: str) -> None:
        with self._write() as conn:
            self._q(conn, "UPDATE jobs SET state = 'done', done_at = ? WHERE id = ?",
                    (now, int(job_id)))

    def job_waits(self, job_id: int, game_id: int, needs: str, note: str) -> None:
        """Back in the queue for a host that can run it (another game version)."""
        with self._write() as conn:
            self._q(conn, "UPDATE jobs SET state = 'pending', needs = ?, worker = '' "
                    "WHERE id = ?", (needs, int(job_id)))
            self._q(conn, "UPDATE games SET note = ? WHERE id = ?", (note, int(game_id)))

    def recover(self, worker: str | None = None, now: int | None = None) -> int:
        """Jobs taken by workers that are gone, back to pending: all running ones (at a
        host's start: its workers died with the last host), those of one `worker` (it
        died), or those whose lease ran out before `now`. Returns how many."""
        where = "state = 'running'"
        args: list[Any] = []
        if worker is not None:
            where += " AND worker = ?"
            args.append(worker)
        if now is not None:
            where += " AND lease_until < ?"
            args.append(int(now))
        with self._write() as conn:
            return int(self._q(conn, "UPDATE jobs SET state = 'pending', worker = '' WHERE "
                               + where, args).rowcount)

    def claimable(self, can_run: Sequence[str]) -> int:
        """Pending jobs a worker running one of `can_run` would take."""
        marks = ", ".join("?" * len(can_run))
        with self._read() as conn:
            return int(self._q(conn, "SELECT COUNT(*) FROM jobs WHERE state = 'pending' AND "
                               f"(needs = '' OR needs IN ({marks}))",
                               tuple(can_run)).fetchone()[0])

    def queue_counts(self) -> dict[str, int]:
        with self._read() as conn:
            rows = self._q(conn, "SELECT state, COUNT(*) FROM jobs GROUP BY state").fetchall()
        return {str(s): int(n) for s, n in rows}

    def job_of(self, game_id: int) -> tuple[str, int] | None:
        """The game's job: its state and how many times it was taken."""
        with self._read() as conn:
            row = self._q(conn, "SELECT state, tries FROM jobs WHERE game = ? ORDER BY id "
                          "DESC LIMIT 1", (int(game_id),)).fetchone()
        return (str(row[0]), int(row[1])) if row else None

    # ----- boards ---------------------------------------------------------------------------
    def board(self, challenge_id: int, offset: int, limit: int) -> tuple[list[Entry], int]:
        """The challenge's ranking: each player's standing game, best first."""
        where = "challenge = ? AND standing = 1 AND status = 'verified'"
        return self._page(where, (int(challenge_id),), offset, limit)

    def practice(self, challenge_id: int, offset: int, limit: int) -> tuple[list[Entry], int]:
        where = "challenge = ? AND ranked = 0 AND status = 'verified'"
        return self._page(where, (int(challenge_id),), offset, limit)

    def seed_board(self, seed: str, offset: int, limit: int) -> tuple[list[Entry], int]:
        where = "seed = ? AND status = 'verified' AND published = 1"
        return self._page(where, (seed,), offset, limit)

    def _page(self, where: str, args: tuple[Any, ...], offset: int, limit: int
              ) -> tuple[list[Entry], int]:
        with self._read() as conn:
            total = int(self._q(conn, f"SELECT COUNT(*) FROM games WHERE {where}",
                                args).fetchone()[0])
            rows = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE {where} "
                           "ORDER BY score DESC, turns, ended_at, id LIMIT ? OFFSET ?",
                           (*args, int(limit), int(offset))).fetchall()
        return [_entry(r) for r in rows], total

    def rank_of(self, challenge_id: int, account: int) -> tuple[int, Entry] | None:
        """The account's place on the challenge's board and its standing game."""
        where = "challenge = ? AND standing = 1 AND status = 'verified'"
        with self._read() as conn:
            row = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE {where} "
                          "AND account = ?", (int(challenge_id), int(account))).fetchone()
            if row is None:
                return None
            e = _entry(row)
            # (two counts: a range of the index on score, then the few of the same score)
            higher = self._q(conn, f"SELECT COUNT(*) FROM games WHERE {where} AND score > ?",
                             (int(challenge_id), e.score)).fetchone()[0]
            tied = self._q(conn, f"SELECT COUNT(*) FROM games WHERE {where} AND score = ? "
                           "AND (turns < ? OR (turns = ? AND (ended_at < ? OR (ended_at = ? "
                           "AND id < ?))))", (int(challenge_id), e.score, e.turns, e.turns,
                                              e.ended_at, e.ended_at, e.id)).fetchone()[0]
        return int(higher) + int(tied) + 1, e

    def unsettled(self, challenge_id: int, limit: int = 100) -> list[Entry]:
        """The challenge's games still pending, and those refused (newest first)."""
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE "
                           "challenge = ? AND status IN ('pending', 'refused') ORDER BY id DESC "
                           "LIMIT ?",
                           (int(challenge_id), int(limit))).fetchall()
        return [_entry(r) for r in rows]

    def games_of(self, account: int, limit: int = 500) -> list[Entry]:
        with self._read() as conn:
            rows = self._q(conn, f"SELECT {', '.join(GAME_COLUMNS)} FROM games WHERE "
                           "account = ? ORDER BY id DESC LIMIT ?",
                           (int(account), int(limit))).fetchall()
        return [_entry(r) for r in rows]

    def codes(self, ids: Sequence[int]) -> dict[int, str]:
        """Challenge codes by id (for listing games of many challenges)."""
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        with self._read() as conn:
            rows = self._q(conn, f"SELECT id, code FROM challenges WHERE id IN ({marks})",
                           tuple(int(i) for i in ids)).fetchall()
        return {int(i): str(c) for i, c in rows}

    # ----- the public log -----------------------------------------------------------------
    def log_after(self, after: int, limit: int) -> list[tuple[int, str]]:
        with self._read() as conn:
            rows = self._q(conn, "SELECT n, line FROM public_log WHERE n > ? ORDER BY n "
                           "LIMIT ?", (int(after), int(limit))).fetchall()
        return [(int(n), str(line)) for n, line in rows]
