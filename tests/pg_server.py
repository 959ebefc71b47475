"""A real PostgreSQL server for the tests, started by them on loopback (never a mock).

Debian's `postgresql` package (the README's test command installs it when missing): its
initdb and pg_ctl make a throwaway cluster in a temporary folder, run as an unprivileged
user when the tests run as root (PostgreSQL refuses root), listening on a free loopback
port with trust authentication for loopback only. One server for the session; each test
gets a database of its own (`pg_url`), dropped after. A session killed before its end
cannot stop its server: the next session stops the servers whose session is gone (each
folder names the process that started it).

`db_url` runs a test twice: on SQLite (a file in the test's folder) and on PostgreSQL.
Test modules load them with `pytest_plugins = ("pg_server",)`.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_names = itertools.count(1)


def pg_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        raise RuntimeError("PostgreSQL's server is not installed: apt-get install postgresql "
                           "(the README's test command does it)")
    return Path(found[-1]).parent


def _user() -> str | None:
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise RuntimeError("no unprivileged user to run PostgreSQL as")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PREFIX = "roguelike-pg-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def reap_orphans() -> None:
    """Stop the servers of test sessions that were killed before their end."""
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            owner = int((folder / "owner").read_text())
        except (OSError, ValueError):
            continue  # (starting, or not one of ours)
        if _alive(owner):
            continue
        user = pwd.getpwuid(folder.stat().st_uid).pw_name if os.geteuid() == 0 else None
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            subprocess.run([str(pg_bin() / "pg_ctl"), "-D", str(folder / "data"), "-m",
                            "immediate", "-w", "stop"], user=user, cwd=folder,
                           capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


class PostgresServer:
    def __init__(self) -> None:
        self.bin = pg_bin()
        self.user = _user()
        self.folder = Path(tempfile.mkdtemp(prefix=PREFIX))
        self.data = self.folder / "data"
        self.port = _free_port()
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)

    def _run(self, *args: str) -> None:
        done = subprocess.run(list(args), user=self.user, cwd=self.folder,
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PostgresServer:
        (self.folder / "owner").write_text(str(os.getpid()))
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} "
                   f"-c unix_socket_directories={self.folder} -c fsync=off "
                   "-c max_connections=200 -c shared_buffers=32MB")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                  str(self.folder / "log"), "-o", options, "-w", "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql)

    def stop(self) -> None:
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                      "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    reap_orphans()
    server = PostgresServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(postgres: PostgresServer) -> Iterator[str]:
    """A fresh, empty database on the session's server."""
    name = f"test_{os.getpid()}_{next(_names)}"
    postgres.admin(f"CREATE DATABASE {name}")
    url = postgres.url(name)
    yield url
    from roguelike.storage.database import _open, forget

    if url in _open:
        forget(_open[url])
    postgres.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The test's database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'host.sqlite3'}"
    return str(request.getfixturevalue("pg_url"))
