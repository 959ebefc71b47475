"""Accounts: names, scrypt password hashes, public keys, options (roguelike/storage/: the
host's accounts.sqlite3, or the PostgreSQL database several hosts share).

Names are 3-20 ASCII letters and digits and unique ignoring case; everything on disk is
named by the numeric id, never by the name. Guests get a row too (a name with a dash,
which no registered name can have) so their files also live under a numeric id.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from roguelike.host.private import private_file
from roguelike.storage.database import Database, open_database
from roguelike.storage.migrations import migrate

NAME_RE = re.compile(r"^[A-Za-z0-9]{3,20}$")
MIN_PASSWORD = 6
MAX_PASSWORD = 200
MAX_KEYS = 20
# scrypt cost: n=2**17, r=8, p=1 is OWASP's advice today (it was 2**14 before). It needs
# 128 MiB and about 0.5 s of one core here, so the host computes at most a few at once
# (HostConfig.hash_workers) off the event loop. Weaker stored hashes are redone at the
# next good login.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 1 << 17, 8, 1
MAX_SCRYPT_MEMORY = 256 * 1024 * 1024  # a stored hash asking for more is refused

MIGRATIONS = [
    # (IF NOT EXISTS: a database made before versions were kept is version 1 as it is)
    (1, ["""CREATE TABLE IF NOT EXISTS accounts (
            id {id_key},
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            pw_hash TEXT NOT NULL,
            guest INTEGER NOT NULL DEFAULT 0,
            allow_watch INTEGER NOT NULL DEFAULT 1,
            created {real} NOT NULL)""",
         """CREATE TABLE IF NOT EXISTS keys (
            id {id_key},
            account BIGINT NOT NULL REFERENCES accounts(id),
            key TEXT NOT NULL,
            comment TEXT NOT NULL,
            UNIQUE (account, key))"""]),
]


class AccountError(ValueError):
    """A refused name, password or key; str() is a message for the player."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    guest: bool
    allow_watch: bool


RESERVED = frozenset({"guest"})


def name_problem(name: str) -> str | None:
    if not NAME_RE.fullmatch(name):
        return "A name is 3 to 20 letters (A-Z) and digits."
    if name.lower() in RESERVED:
        return f"The name {name!r} is reserved."
    return None


def password_problem(password: str) -> str | None:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        return f"A password is {MIN_PASSWORD} to {MAX_PASSWORD} characters."
    return None


def scrypt_memory(n: int, r: int, p: int) -> int:
    """Bytes scrypt works in (OpenSSL: 128*r*p for B, 128*r*(n+2) for V), for maxmem."""
    return 128 * r * p + 128 * r * (n + 2)


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=n, r=r, p=p,
                          maxmem=scrypt_memory(n, r, p) + 65536)


def hash_password(password: str, n: int = SCRYPT_N) -> str:
    salt = secrets.token_bytes(16)
    digest = _scrypt(password, salt, n, SCRYPT_R, SCRYPT_P)
    return f"scrypt${n}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def _params(stored: str) -> tuple[int, int, int, bytes, str] | None:
    """(n, r, p, salt, digest) of a stored hash, or None if it is not one we can check."""
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        n_, r_, p_ = int(n), int(r), int(p)
        salt_ = bytes.fromhex(salt)
    except ValueError:
        return None
    if kind != "scrypt" or n_ < 2 or n_ & (n_ - 1) or min(r_, p_) < 1:
        return None
    if scrypt_memory(n_, r_, p_) > MAX_SCRYPT_MEMORY:
        return None
    return n_, r_, p_, salt_, digest


def check_password(password: str, stored: str) -> bool:
    params = _params(stored)
    if params is None or len(password) > MAX_PASSWORD:
        return False
    n, r, p, salt, digest = params
    return hmac.compare_digest(_scrypt(password, salt, n, r, p).hex(), digest)


def weaker_than(stored: str, n: int) -> bool:
    """Is the stored hash cheaper to guess than one made now with cost n?"""
    params = _params(stored)
    return params is not None and (params[0] < n or params[1:3] != (SCRYPT_R, SCRYPT_P))


class Accounts:
    def __init__(self, where: Path | str | Database, scrypt_n: int = SCRYPT_N) -> None:
        if isinstance(where, Path):
            where.parent.mkdir(parents=True, exist_ok=True)
            private_file(where)  # 0600 before SQLite makes it (and its journals) 0644
        self.db = where if isinstance(where, Database) else open_database(where)
        self.scrypt_n = scrypt_n
        migrate(self.db, "accounts", MIGRATIONS)

    def _row(self, where: str, arg: object) -> tuple[Account, str] | None:
        with self.db.read() as conn:
            row = self.db.q(conn, f"SELECT id, name, guest, allow_watch, pw_hash FROM "
                            f"accounts WHERE {where}", (arg,)).fetchone()
        if row is None:
            return None
        return Account(int(row[0]), row[1], bool(row[2]), bool(row[3])), row[4]

    def find(self, name: str) -> Account | None:
        found = self._row("name_key = ?", name.lower())
        return found[0] if found else None

    def get(self, account_id: int) -> Account | None:
        found = self._row("id = ?", int(account_id))
        return found[0] if found else None

    def register(self, name: str, password: str) -> Account:
        problem = name_problem(name) or password_problem(password)
        if problem:
            raise AccountError(problem)
        pw_hash = hash_password(password, self.scrypt_n)
        with self.db.write() as conn:
            row = self.db.q(conn, "INSERT INTO accounts (name, name_key, pw_hash, created) "
                            "VALUES (?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING "
                            "RETURNING id", (name, name.lower(), pw_hash, time.time())
                            ).fetchone()
        if row is None:
            raise AccountError(f"The name {name!r} is taken.")
        return Account(int(row[0]), name, False, True)

    def new_guest(self) -> Account:
        token = secrets.token_hex(8)
        with self.db.write() as conn:
            gid = int(self.db.q(conn, "INSERT INTO accounts (name, name_key, pw_hash, guest, "
                                "allow_watch, created) VALUES (?, ?, '!', 1, 1, ?) RETURNING id",
                                (f"guest-{token}", f"guest-{token}", time.time())
                                ).fetchone()[0])
            name = f"Guest-{gid}"
            self.db.q(conn, "UPDATE accounts SET name = ?, name_key = ? WHERE id = ?",
                      (name, name.lower(), gid))
        return Account(gid, name, True, True)

    def verify(self, name: str, password: str) -> Account | None:
        """The account if the password is right; a weaker stored hash is redone then."""
        found = self._row("name_key = ?", name.lower())
        if found is None or found[0].guest or not check_password(password, found[1]):
            return None
        account, stored = found
        if weaker_than(stored, self.scrypt_n):
            redone = hash_password(password, self.scrypt_n)
            with self.db.write() as conn:
                # only if unchanged meanwhile (a password change wins)
                self.db.q(conn, "UPDATE accounts SET pw_hash = ? WHERE id = ? AND pw_hash = ?",
                          (redone, account.id, stored))
        return account

    def set_password(self, account_id: int, old: str, new: str) -> None:
        found = self._row("id = ?", int(account_id))
        if found is None or not check_password(old, found[1]):
            raise AccountError("The current password is wrong.")
        problem = password_problem(new)
        if problem:
            raise AccountError(problem)
        pw_hash = hash_password(new, self.scrypt_n)
        with self.db.write() as conn:
            self.db.q(conn, "UPDATE accounts SET pw_hash = ? WHERE id = ?",
                      (pw_hash, int(account_id)))

    def set_allow_watch(self, account_id: int, allow: bool) -> None:
        with self.db.write() as conn:
            self.db.q(conn, "UPDATE accounts SET allow_watch = ? WHERE id = ?",
                      (int(allow), int(account_id)))

    # ----- public keys ----------------------------------------------------------------
    def keys(self, account_id: int) -> list[tuple[int, str, str]]:
        """(key id, 'type base64', comment) of each key of the account."""
        with self.db.read() as conn:
            rows = self.db.q(conn, "SELECT id, key, comment FROM keys WHERE account = ? "
                             "ORDER BY id", (int(account_id),)).fetchall()
        return [(int(r[0]), r[1], r[2]) for r in rows]

    def add_key(self, account_id: int, line: str) -> str:
        key, comment = normalise_key(line)
        if len(self.keys(account_id)) >= MAX_KEYS:
            raise AccountError(f"At most {MAX_KEYS} keys per account.")
        with self.db.write() as conn:
            added = self.db.q(conn, "INSERT INTO keys (account, key, comment) VALUES (?, ?, ?) "
                              "ON CONFLICT (account, key) DO NOTHING RETURNING id",
                              (int(account_id), key, comment)).fetchone()
        if added is None:
            raise AccountError("That key is already on the account.")
        return key

    def remove_key(self, account_id: int, key_id: int) -> bool:
        with self.db.write() as conn:
            return self.db.q(conn, "DELETE FROM keys WHERE account = ? AND id = ?",
                             (int(account_id), int(key_id))).rowcount > 0

    def has_key(self, name: str, key: str) -> Account | None:
        account = self.find(name)
        if account is None or account.guest:
            return None
        return account if any(k == key for _, k, _ in self.keys(account.id)) else None


def normalise_key(line: str) -> tuple[str, str]:
    """'ssh-ed25519 AAAA... comment' -> ('ssh-ed25519 AAAA...', comment), checked by asyncssh."""
    import asyncssh

    line = line.strip()
    if not line or len(line) > 16384 or "\n" in line:
        raise AccountError("Paste one public key line, e.g. 'ssh-ed25519 AAAA... me@laptop'.")
    try:
        key = asyncssh.import_public_key(line)
    except (asyncssh.KeyImportError, ValueError):
        raise AccountError("That is not an OpenSSH public key line.") from None
    text = key.export_public_key("openssh").decode().split()
    comment = " ".join(line.split()[2:])[:80]
    comment = "".join(ch for ch in comment if ch.isprintable())
    return f"{text[0]} {text[1]}", comment
