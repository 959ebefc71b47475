"""Accounts, names, passwords, keys and lock-out of the SSH host (no network)."""

from __future__ import annotations

import os
import stat

import asyncssh
import pytest

from roguelike.host.accounts import (
    SCRYPT_N,
    AccountError,
    Accounts,
    check_password,
    hash_password,
    name_problem,
    scrypt_memory,
    weaker_than,
)
from roguelike.host.gate import FULL, TOO_MANY, Gate
from roguelike.host.lockout import Lockout
from roguelike.host.paths import account_dir

FAST = 1 << 14  # the real cost (2**17) is tested once, below, and end to end
pytest_plugins = ("pg_server",)


@pytest.fixture
def where(db_url):
    """The accounts' database: a SQLite file, then PostgreSQL (tests/pg_server.py)."""
    return db_url


@pytest.mark.parametrize("bad", ["../x", "x" * 200, "Zoë", "ab", "a b", "a/b", "", "guest",
                                 "abc\n"])
def test_bad_names_are_refused(tmp_path, bad, where):
    accounts = Accounts(where, FAST)
    assert name_problem(bad)
    with pytest.raises(AccountError):
        accounts.register(bad, "secret1")
    assert accounts.find(bad) is None


def test_names_are_unique_ignoring_case_and_passwords_are_scrypt(tmp_path, where):
    accounts = Accounts(where, FAST)
    admin = accounts.register("admin", "secret1")
    with pytest.raises(AccountError, match="taken"):
        accounts.register("Admin", "other-pass")
    assert accounts.find("ADMIN") == admin
    assert accounts.verify("Admin", "secret1") == admin  # logging in ignores case too
    assert accounts.verify("admin", "other-pass") is None
    stored = accounts._row("id = ?", admin.id)[1]  # type: ignore[index]
    assert stored.startswith("scrypt$") and "secret1" not in stored
    assert check_password("secret1", stored) and not check_password("secret2", stored)


def test_change_password_needs_the_old_one(tmp_path, where):
    accounts = Accounts(where, FAST)
    a = accounts.register("bob", "secret1")
    with pytest.raises(AccountError):
        accounts.set_password(a.id, "wrong!", "newpass1")
    accounts.set_password(a.id, "secret1", "newpass1")
    assert accounts.verify("bob", "newpass1") and not accounts.verify("bob", "secret1")


def test_keys_are_checked_and_owned(tmp_path, where):
    accounts = Accounts(where, FAST)
    a = accounts.register("carol", "secret1")
    key = asyncssh.generate_private_key("ssh-ed25519")
    line = key.export_public_key("openssh").decode().strip() + " carol@laptop"
    stored = accounts.add_key(a.id, line)
    assert accounts.has_key("CAROL", stored) == a
    with pytest.raises(AccountError):
        accounts.add_key(a.id, "ssh-ed25519 not-base64")
    with pytest.raises(AccountError):
        accounts.add_key(a.id, line)  # twice
    kid = accounts.keys(a.id)[0][0]
    assert accounts.remove_key(a.id, kid) and accounts.has_key("carol", stored) is None


def test_guests_get_numeric_ids_and_names_no_player_can_take(tmp_path, where):
    accounts = Accounts(where, FAST)
    g = accounts.new_guest()
    assert g.guest and name_problem(g.name)  # "Guest-N" has a dash
    assert accounts.verify(g.name, "") is None


def test_paths_come_from_numeric_ids_only(tmp_path):
    assert account_dir(tmp_path, 7) == tmp_path / "accounts" / "7"
    for bad in ("7", "../x", -1, 0, True):
        with pytest.raises(ValueError):
            account_dir(tmp_path, bad)  # type: ignore[arg-type]


def test_lockout_after_repeated_failures_then_expiry():
    now = [0.0]
    lock = Lockout(max_failures=3, window=60, lock_for=100, clock=lambda: now[0])
    for _ in range(2):
        lock.failed("eve", "1.2.3.4")
    assert not lock.locked("eve", "1.2.3.4")
    lock.failed("Eve", "5.6.7.8")  # the name counts across addresses
    assert lock.locked("eve", "9.9.9.9")
    assert not lock.locked("zed", "9.9.9.9")
    now[0] = 101
    assert not lock.locked("eve", "1.2.3.4")


def test_the_lockout_table_forgets_and_stays_bounded():
    now = [0.0]
    lock = Lockout(max_failures=3, window=60, lock_for=100, clock=lambda: now[0],
                   max_entries=50)
    for i in range(500):  # a flood of distinct names from distinct addresses
        lock.failed(f"name{i}", f"10.0.{i // 250}.{i % 250}")
        assert len(lock) <= 50
    lock.failed("eve", "1.1.1.1")
    lock.failed("eve", "1.1.1.2")
    lock.failed("eve", "1.1.1.3")
    assert lock.locked("eve", "9.9.9.9")
    for i in range(500):  # another flood: the lock outlives the counts
        lock.failed(f"other{i}", f"10.1.{i // 250}.{i % 250}")
    assert lock.locked("eve", "9.9.9.9") and len(lock) <= 50
    now[0] = 61  # every count is older than the window
    assert not lock.locked("zed", "9.9.9.9")
    assert len(lock) == 1  # only eve's lock, which runs until 100
    now[0] = 101
    assert not lock.locked("eve", "9.9.9.9") and len(lock) == 0


def test_hashes_use_today_s_cost_and_weaker_ones_are_redone_at_a_good_login(tmp_path, where):
    assert SCRYPT_N == 1 << 17 and scrypt_memory(SCRYPT_N, 8, 1) >= 128 * 1024 * 1024
    stored = hash_password("secret1")
    assert stored.startswith("scrypt$131072$8$1$") and check_password("secret1", stored)
    accounts = Accounts(where, 1 << 15)
    a = accounts.register("olga", "secret1")
    old = hash_password("secret1", 1 << 14)
    with accounts.db.write() as conn:
        accounts.db.q(conn, "UPDATE accounts SET pw_hash = ? WHERE id = ?", (old, a.id))
    assert accounts.verify("olga", "wrong-one") is None
    assert accounts._row("id = ?", a.id)[1] == old  # type: ignore[index]  (a bad login: kept)
    assert accounts.verify("olga", "secret1") == a
    new = accounts._row("id = ?", a.id)[1]  # type: ignore[index]
    assert new.startswith("scrypt$32768$") and accounts.verify("olga", "secret1") == a
    assert not weaker_than(new, 1 << 15) and weaker_than(old, 1 << 15)


def test_a_stored_hash_asking_for_too_much_memory_is_refused_at_once():
    greedy = hash_password("secret1", 1 << 4).replace("scrypt$16$", f"scrypt${1 << 22}$")
    assert not check_password("secret1", greedy)  # 4 GiB: refused, not attempted
    assert not check_password("secret1", "scrypt$1000$8$1$00$00")  # not a power of two


def test_the_database_is_private_even_with_a_loose_umask(tmp_path):
    old = os.umask(0)
    try:
        Accounts(tmp_path / "a.db", FAST).register("pat", "secret1")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.db").stat().st_mode) == 0o600


def test_the_gate_keeps_room_for_real_players_under_a_flood():
    gate = Gate(max_sessions=4, max_per_addr=2, pool=10, per_addr=3)
    flood = [object() for _ in range(100)]
    for i, conn in enumerate(flood):  # 100 connections from 20 addresses, never logging in
        refused, _dropped = gate.arrive(conn, f"127.0.0.{2 + i % 20}")
        assert refused is None and gate.pending <= 10
        assert max(gate._pending_by_addr.values()) <= 3
    player = object()
    refused, dropped = gate.arrive(player, "127.0.0.100")  # a real player: in, one goes
    assert refused is None and len(dropped) == 1 and dropped[0] in flood
    assert gate.logged_in(player) is None and gate.player_count() == 1
    # one address gets no more than its share: past it, it pushes out its own oldest
    mine = [object() for _ in range(5)]
    for conn in mine:
        _refused, dropped = gate.arrive(conn, "127.0.0.200")
    assert dropped[0] in mine[:4] and mine[4] in gate._pending
    assert gate._pending_by_addr["127.0.0.200"] <= 3 and gate.pending <= 10
    # the players' caps: per address, then the whole host
    a, b, c = object(), object(), object()
    gate.arrive(a, "127.0.0.100")
    assert gate.logged_in(a) is None
    assert gate.arrive(b, "127.0.0.100")[0] == TOO_MANY
    for n, conn in enumerate((b, c)):
        gate.arrive(conn, f"127.0.1.{n}")
        assert gate.logged_in(conn) is None
    assert gate.player_count() == 4 and gate.arrive(object(), "127.0.2.1")[0] == FULL
    gate.leave(c, "127.0.1.1", player=True)
    assert gate.arrive(object(), "127.0.2.1")[0] is None
