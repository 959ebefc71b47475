"""Accounts in SQLite: names, scrypt password hashes, public keys, options.

Names are 3-20 ASCII letters and digits and unique ignoring case; everything on disk is
named by the numeric id, never by the name. Guests get a row too (a name with a dash,
which no registered name can have) so their files also live under a numeric id.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

NAME_RE = re.compile(r"^[A-Za-z0-9]{3,20}$")
MIN_PASSWORD = 6
MAX_PASSWORD = 200
MAX_KEYS = 20
# scrypt cost: n=2**14, r=8 takes ~40 ms and 16 MB; enough against offline guessing for a
# game server, cheap enough that a login burst does not stall the event loop for long.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 1 << 14, 8, 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    pw_hash TEXT NOT NULL,
    guest INTEGER NOT NULL DEFAULT 0,
    allow_watch INTEGER NOT NULL DEFAULT 1,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account INTEGER NOT NULL REFERENCES accounts(id),
    key TEXT NOT NULL,
    comment TEXT NOT NULL,
    UNIQUE (account, key)
);
"""


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


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P,
                            maxmem=64 * 1024 * 1024)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if kind != "scrypt" or len(password) > MAX_PASSWORD:
        return False
    got = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                         p=int(p), maxmem=64 * 1024 * 1024)
    return hmac.compare_digest(got.hex(), digest)


class Accounts:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._conn()) as conn, conn:
            conn.executescript(_SCHEMA)

    def _conn(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=10)

    def _row(self, where: str, arg: object) -> tuple[Account, str] | None:
        with closing(self._conn()) as conn:
            row = conn.execute(f"SELECT id, name, guest, allow_watch, pw_hash FROM accounts "
                               f"WHERE {where}", (arg,)).fetchone()
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
        try:
            with closing(self._conn()) as conn, conn:
                cur = conn.execute(
                    "INSERT INTO accounts (name, name_key, pw_hash, created) VALUES (?,?,?,?)",
                    (name, name.lower(), hash_password(password), time.time()))
                new_id = int(cur.lastrowid or 0)
        except sqlite3.IntegrityError:
            raise AccountError(f"The name {name!r} is taken.") from None
        return Account(new_id, name, False, True)

    def new_guest(self) -> Account:
        with closing(self._conn()) as conn, conn:
            token = secrets.token_hex(8)
            cur = conn.execute(
                "INSERT INTO accounts (name, name_key, pw_hash, guest, allow_watch, created)"
                " VALUES (?, ?, '!', 1, 1, ?)", (f"guest-{token}", f"guest-{token}", time.time()))
            gid = int(cur.lastrowid or 0)
            name = f"Guest-{gid}"
            conn.execute("UPDATE accounts SET name = ?, name_key = ? WHERE id = ?",
                         (name, name.lower(), gid))
        return Account(gid, name, True, True)

    def verify(self, name: str, password: str) -> Account | None:
        found = self._row("name_key = ?", name.lower())
        if found is None or found[0].guest:
            return None
        return found[0] if check_password(password, found[1]) else None

    def set_password(self, account_id: int, old: str, new: str) -> None:
        found = self._row("id = ?", int(account_id))
        if found is None or not check_password(old, found[1]):
            raise AccountError("The current password is wrong.")
        problem = password_problem(new)
        if problem:
            raise AccountError(problem)
        with closing(self._conn()) as conn, conn:
            conn.execute("UPDATE accounts SET pw_hash = ? WHERE id = ?",
                         (hash_password(new), int(account_id)))

    def set_allow_watch(self, account_id: int, allow: bool) -> None:
        with closing(self._conn()) as conn, conn:
            conn.execute("UPDATE accounts SET allow_watch = ? WHERE id = ?",
                         (int(allow), int(account_id)))

    # ----- public keys ----------------------------------------------------------------
    def keys(self, account_id: int) -> list[tuple[int, str, str]]:
        """(key id, 'type base64', comment) of each key of the account."""
        with closing(self._conn()) as conn:
            rows = conn.execute("SELECT id, key, comment FROM keys WHERE account = ? "
                                "ORDER BY id", (int(account_id),)).fetchall()
        return [(int(r[0]), r[1], r[2]) for r in rows]

    def add_key(self, account_id: int, line: str) -> str:
        key, comment = normalise_key(line)
        if len(self.keys(account_id)) >= MAX_KEYS:
            raise AccountError(f"At most {MAX_KEYS} keys per account.")
        try:
            with closing(self._conn()) as conn, conn:
                conn.execute("INSERT INTO keys (account, key, comment) VALUES (?, ?, ?)",
                             (int(account_id), key, comment))
        except sqlite3.IntegrityError:
            raise AccountError("That key is already on the account.") from None
        return key

    def remove_key(self, account_id: int, key_id: int) -> bool:
        with closing(self._conn()) as conn, conn:
            cur = conn.execute("DELETE FROM keys WHERE account = ? AND id = ?",
                               (int(account_id), int(key_id)))
            return cur.rowcount > 0

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
