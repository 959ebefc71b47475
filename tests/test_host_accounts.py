"""Accounts, names, passwords, keys and lock-out of the SSH host (no network)."""

from __future__ import annotations

import asyncssh
import pytest

from roguelike.host.accounts import AccountError, Accounts, check_password, name_problem
from roguelike.host.lockout import Lockout
from roguelike.host.paths import account_dir


@pytest.mark.parametrize("bad", ["../x", "x" * 200, "Zoë", "ab", "a b", "a/b", "", "guest",
                                 "abc\n"])
def test_bad_names_are_refused(tmp_path, bad):
    accounts = Accounts(tmp_path / "a.db")
    assert name_problem(bad)
    with pytest.raises(AccountError):
        accounts.register(bad, "secret1")
    assert accounts.find(bad) is None


def test_names_are_unique_ignoring_case_and_passwords_are_scrypt(tmp_path):
    accounts = Accounts(tmp_path / "a.db")
    admin = accounts.register("admin", "secret1")
    with pytest.raises(AccountError, match="taken"):
        accounts.register("Admin", "other-pass")
    assert accounts.find("ADMIN") == admin
    assert accounts.verify("Admin", "secret1") == admin  # logging in ignores case too
    assert accounts.verify("admin", "other-pass") is None
    stored = accounts._row("id = ?", admin.id)[1]  # type: ignore[index]
    assert stored.startswith("scrypt$") and "secret1" not in stored
    assert check_password("secret1", stored) and not check_password("secret2", stored)


def test_change_password_needs_the_old_one(tmp_path):
    accounts = Accounts(tmp_path / "a.db")
    a = accounts.register("bob", "secret1")
    with pytest.raises(AccountError):
        accounts.set_password(a.id, "wrong!", "newpass1")
    accounts.set_password(a.id, "secret1", "newpass1")
    assert accounts.verify("bob", "newpass1") and not accounts.verify("bob", "secret1")


def test_keys_are_checked_and_owned(tmp_path):
    accounts = Accounts(tmp_path / "a.db")
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


def test_guests_get_numeric_ids_and_names_no_player_can_take(tmp_path):
    accounts = Accounts(tmp_path / "a.db")
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
