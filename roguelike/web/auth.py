"""Web logins and form tokens.

A login is a random token (256 bits) in a cookie; the host keeps only its SHA-256, with
the account and when it ends, in the accounts database (so a restart logs nobody out and
a stolen database holds no usable token). It ends at logout, at its expiry, and for every
browser of an account when its password changes.

Forms carry a token tied to the visitor's own cookie by an HMAC with the host's secret:
another site cannot read the cookie, so it cannot make the token (CSRF). The cookies are
HttpOnly and SameSite=Strict, Secure when the page came over HTTPS.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from roguelike.host.private import private_file
from roguelike.storage.database import Database, open_database
from roguelike.storage.migrations import migrate

LOGIN_COOKIE = "tt_login"
VISITOR_COOKIE = "tt_visitor"
TOKEN_BYTES = 32

MIGRATIONS = [
    # (IF NOT EXISTS: a database made before versions were kept is version 1 as it is)
    (1, ["""CREATE TABLE IF NOT EXISTS web_logins (
            token_hash TEXT PRIMARY KEY,
            account BIGINT NOT NULL,
            created {real} NOT NULL,
            expires {real} NOT NULL)""",
         "CREATE INDEX IF NOT EXISTS web_logins_by_account ON web_logins (account)",
         "CREATE TABLE IF NOT EXISTS web_secret (id INTEGER PRIMARY KEY CHECK (id = 1), "
         "secret TEXT)"]),
]


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class WebLogins:
    """The web's login tokens, in the accounts database (a file, or the database the hosts
    share: a login made on one host is good on every other)."""

    def __init__(self, where: Path | str | Database, days: float,
                 clock: Callable[[], float] = time.time) -> None:
        if isinstance(where, Path):
            private_file(where)
        self.db = where if isinstance(where, Database) else open_database(where)
        self.lifetime = days * 86400.0
        self.clock = clock
        migrate(self.db, "web_logins", MIGRATIONS)
        with self.db.write() as conn:
            self.db.q(conn, "INSERT INTO web_secret (id, secret) VALUES (1, ?) "
                      "ON CONFLICT (id) DO NOTHING", (secrets.token_hex(32),))
            self.secret = bytes.fromhex(
                self.db.q(conn, "SELECT secret FROM web_secret WHERE id = 1").fetchone()[0])

    def new(self, account_id: int) -> str:
        """A new login for the account: the token for its cookie."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        now = self.clock()
        with self.db.write() as conn:
            self.db.q(conn, "DELETE FROM web_logins WHERE expires <= ?", (now,))
            self.db.q(conn, "INSERT INTO web_logins (token_hash, account, created, expires) "
                      "VALUES (?, ?, ?, ?)", (_digest(token), int(account_id), now,
                                              now + self.lifetime))
        return token

    def account_id(self, token: str | None) -> int | None:
        """The account a cookie's token is logged in as, or None (unknown or expired)."""
        if not token or len(token) > 100:
            return None
        with self.db.read() as conn:
            row = self.db.q(conn, "SELECT account, expires FROM web_logins WHERE "
                            "token_hash = ?", (_digest(token),)).fetchone()
        if row is None or row[1] <= self.clock():
            return None
        return int(row[0])

    def end(self, token: str | None) -> None:
        if token:
            with self.db.write() as conn:
                self.db.q(conn, "DELETE FROM web_logins WHERE token_hash = ?", (_digest(token),))

    def end_all(self, account_id: int) -> None:
        """Log every browser of the account out (its password changed)."""
        with self.db.write() as conn:
            self.db.q(conn, "DELETE FROM web_logins WHERE account = ?", (int(account_id),))

    def count(self, account_id: int) -> int:
        with self.db.read() as conn:
            return int(self.db.q(conn, "SELECT COUNT(*) FROM web_logins WHERE account = ? AND "
                                 "expires > ?", (int(account_id), self.clock())).fetchone()[0])

    # ----- form tokens ----------------------------------------------------------------
    def form_token(self, visitor: str) -> str:
        return hmac.new(self.secret, b"form:" + visitor.encode("utf-8", "replace"),
                        hashlib.sha256).hexdigest()

    def form_ok(self, visitor: str | None, token: object) -> bool:
        if not visitor or not isinstance(token, str) or len(token) != 64:
            return False
        return hmac.compare_digest(self.form_token(visitor), token)


def new_visitor() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)
