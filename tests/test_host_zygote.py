"""Games forked from the zygote (roguelike/host/launch.py, forks.py): what each child
gets (its own session and terminal, the limits, the user, no descriptor of the host's),
and that neither a crashing game nor a dead zygote stops the host from starting games."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import stat
import tempfile
import time
from pathlib import Path

import pytest
from host_kit import game_processes, play_seed

from roguelike.host.child import DEFAULT_TERM, child_env
from roguelike.host.client import Terminal
from roguelike.host.forks import Zygote

pytestmark = pytest.mark.slow
pytest_plugins = ("host_server",)


def status(pid: int) -> dict[str, str]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        out[key] = value.strip()
    return out


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def links(pid: int) -> set[str]:
    """What each open descriptor of the process is (a file, `socket:[N]`, `pipe:[N]`)."""
    out = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):  # (closed meanwhile: the listing's own)
            out.add(os.readlink(f"/proc/{pid}/fd/{fd}"))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def until(check, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


async def test_a_game_is_a_child_of_the_zygote_with_its_own_terminal_limits_and_files(server):
    host, port = await server(memory_limit=700 * 1024 * 1024)
    t = await Terminal.connect(port, "alice", "secret1")
    await play_seed(t)
    account = host.accounts.find("alice").id
    [pid] = game_processes(account, host.config.data)
    assert parent(pid) == host.zygote.pid != os.getpid()
    assert Path(f"/proc/{pid}/comm").read_text().strip() == f"rl-play-{account}"
    # its own session, led by itself, with its PTY as the controlling terminal
    assert os.getsid(pid) == pid and os.getpgid(pid) == pid
    tty_nr = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[4])
    assert tty_nr != 0
    limits = Path(f"/proc/{pid}/limits").read_text()
    assert f"Max address space         {700 * 1024 * 1024}" in limits
    assert "Max core file size        0" in limits
    assert status(pid)["Umask"] == "0077"
    # nothing of the host's (its sockets, its databases) nor of the zygote's, but the
    # pipe it tells the host its status on
    child = links(pid)
    assert not any(link.endswith((".sqlite3", ".sqlite3-wal")) for link in child), child
    with_zygote = {link for link in links(host.zygote.pid) & child
                   if link.startswith(("socket:", "pipe:"))}
    assert not with_zygote
    with_host = {link for link in links(os.getpid()) & child
                 if link.startswith(("socket:", "pipe:"))}
    assert len(with_host) == 1 and with_host.pop().startswith("pipe:")
    t.send("j")
    await t.quiet()
    assert Path(os.readlink(f"/proc/{pid}/cwd")) == host.config.data / "accounts" / str(account)
    saves = host.config.data / "accounts" / str(account) / "saves"
    for path in saves.iterdir():
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
    t.close()


async def test_a_child_drops_to_the_run_as_user_before_the_game():
    if os.geteuid() != 0:
        pytest.skip("only a root host changes user")  # CI and this machine run as root
    # a passage that user may cross (as the host makes its data folder, 0711), then its
    # own folder
    passage = Path(tempfile.mkdtemp(prefix="zygote-user-"))
    passage.chmod(0o711)
    home = passage / "home"
    home.mkdir()
    os.chown(home, 65534, 65534)
    zygote = Zygote(child_env(DEFAULT_TERM, Path("/")))
    await zygote.start()
    master, slave = os.openpty()
    env = {**child_env(DEFAULT_TERM, home), "ROGUELIKE_SAVES": str(home)}
    try:
        # (the game's modules are the zygote's, loaded as root: the user needs no access
        # to where Python lives, only to its own folder)
        proc = await zygote.spawn(["play", "--data", str(home), "--seed", "amber wolf 17"],
                                  slave=slave, env=env,
                                  cwd=home, user=(65534, 65534), memory_limit=0,
                                  name="rl-play-test")
        os.close(slave)
        seen = b""
        deadline = time.monotonic() + 30
        os.set_blocking(master, False)
        while b"party" not in seen:  # the game runs as that user: its party screen
            assert time.monotonic() < deadline and proc.returncode is None, seen[-800:]
            await asyncio.sleep(0.05)
            with contextlib.suppress(BlockingIOError):
                seen += os.read(master, 65536)
        got = status(proc.pid)
        assert got["Uid"].split() == ["65534"] * 4
        assert got["Gid"].split() == ["65534"] * 4
        assert got["Groups"] == ""
        os.write(master, b"\r")  # the default party: the game begins, its journal written
        await until(lambda: any(p.is_file() for p in home.rglob("*")), 30)
        for path in home.rglob("*"):
            assert path.stat().st_uid == 65534, path
        os.kill(proc.pid, signal.SIGKILL)
        assert await asyncio.wait_for(proc.wait(), 10) == -signal.SIGKILL
    finally:
        os.close(master)
        await zygote.close()
        shutil.rmtree(passage, ignore_errors=True)


async def test_a_crashing_game_leaves_the_zygote_and_the_others_alone(server):
    host, port = await server()
    a = await Terminal.connect(port, "alice", "secret1")
    b = await Terminal.connect(port, "bob", "secret1")
    await play_seed(a)
    await play_seed(b)
    zygote = host.zygote.pid
    [crasher] = game_processes(host.accounts.find("alice").id, host.config.data)
    game = host.games[host.accounts.find("alice").id]
    os.kill(crasher, signal.SIGSEGV)  # the worst a game can do to itself
    assert await asyncio.wait_for(game.hub.ended, 15) == -signal.SIGSEGV
    assert alive(zygote) and host.zygote.starts == 1
    b.send("j")  # the other game plays on
    before = b.received
    await until(lambda: b.received > before)
    a.close()
    c = await Terminal.connect(port, "carol", "secret1")
    await play_seed(c)  # and the next game is forked from the same zygote
    [pid] = game_processes(host.accounts.find("carol").id, host.config.data)
    assert parent(pid) == zygote
    b.close()
    c.close()


async def test_a_dead_zygote_is_started_again_and_its_games_go_on(server):
    host, port = await server()
    a = await Terminal.connect(port, "alice", "secret1")
    await play_seed(a)
    game = host.games[host.accounts.find("alice").id]
    old = host.zygote.pid
    os.kill(old, signal.SIGKILL)
    await until(lambda: not host.zygote.alive)
    a.send("j")  # the game it forked is the player's still
    before = a.received
    await until(lambda: a.received > before)
    b = await Terminal.connect(port, "bob", "secret1")
    await play_seed(b)  # a new zygote forks the next game
    assert host.zygote.starts == 2 and host.zygote.pid != old
    [pid] = game_processes(host.accounts.find("bob").id, host.config.data)
    assert parent(pid) == host.zygote.pid
    a.send("S")  # the old zygote's game still ends as games do, and the host sees it
    code = await asyncio.wait_for(game.hub.ended, 20)
    assert code in (0, -1)  # (its exit code died with the zygote that reaped it)
    assert host.accounts.find("alice").id not in host.games
    a.close()
    b.close()
