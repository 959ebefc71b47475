"""The SSH host end to end on loopback: a real asyncssh client with a pyte screen."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess

import asyncssh
import pyte
import pytest
from host_kit import play_seed, watch

from roguelike.host.cast import read_cast
from roguelike.host.client import Terminal
from roguelike.host.paths import account_dir
from roguelike.records import account

pytest_plugins = ("host_server",)  # the `server` fixture

pytestmark = pytest.mark.slow
SEED = "amber-wolf-17"
DOWN, ENTER = "\x1b[B", "\r"


def map_rows(t: Terminal) -> list[str]:
    return t.screen.display[:12]


async def test_register_play_resize_drop_and_reattach(server):
    host, port = await server(detach_grace=600)
    t = await Terminal.connect(port, "alice", "secret1")
    await play_seed(t)
    before = map_rows(t)
    t.send("j")
    await t.quiet()
    assert map_rows(t) != before, "a step must change the map"
    assert "Leader" in t.text
    # bandwidth: one step at 80x24 sends well under 500 bytes (median)
    sizes = []
    for key in "lhlhjk":
        start = t.received
        t.send(key)
        await t.quiet()
        sizes.append(t.received - start)
    assert sorted(sizes)[len(sizes) // 2] < 500, sizes
    game = host.games[host.accounts.find("alice").id]
    # resize: the game's PTY and the host's screen copy follow the window
    t.resize(100, 30)
    await asyncio.sleep(0.5)
    await t.quiet()
    assert game.hub.screen.size == (100, 30)
    assert any(len(line.rstrip()) > 80 for line in t.screen.display), "the game redraws wider"
    # drop the connection: the game keeps running detached, waiting for its player
    screen_before = game.hub.screen.text()
    t.close()
    await asyncio.sleep(0.5)
    assert game.hub.running and game.hub.player is None and game.detach_timer is not None
    # log in again: straight back into the same game, repainted at once
    t2 = await Terminal.connect(port, "alice", "secret1", cols=100, rows=30)
    await t2.wait_for(f"seed {SEED}", 5)
    await t2.wait_for("Reattached: you are back in your game", 5)  # and told so
    assert host.games[game.account.id] is game and game.detach_timer is None
    assert t2.screen.display[:12] == screen_before[:12]
    t2.send("l")
    await t2.quiet()
    assert t2.screen.display[:12] != screen_before[:12]
    t2.close()


async def test_a_dropped_game_is_hung_up_after_the_grace_time_and_saves(server):
    host, port = await server(detach_grace=0.5)
    t = await Terminal.connect(port, "bob", "secret1")
    await play_seed(t)
    t.send("j")
    await t.quiet()
    game = host.games[host.accounts.find("bob").id]
    t.close()
    code = await asyncio.wait_for(game.hub.ended, 15)
    # Textual exits cleanly on our SIGHUP handler (not killed by the signal)
    assert code == 0, code
    folder = account_dir(host.config.data, game.account.id)
    assert account.has_save(folder), "SIGHUP must save the game"
    header, events = read_cast(next((folder / "casts").glob("*.cast")))
    assert header["version"] == 2 and header["width"] == 80 and header["height"] == 24
    assert any(e[1] == "o" for e in events)
    assert bob_not_running(host)


def bob_not_running(host) -> bool:
    return host.accounts.find("bob").id not in host.games


async def test_resize_is_recorded_in_the_asciicast(server):
    host, port = await server(detach_grace=0.2)
    t = await Terminal.connect(port, "dora", "secret1")
    await play_seed(t)
    t.resize(90, 28)
    await asyncio.sleep(0.3)
    game = host.games[host.accounts.find("dora").id]
    t.close()
    await asyncio.wait_for(game.hub.ended, 15)
    folder = account_dir(host.config.data, game.account.id)
    _, events = read_cast(next((folder / "casts").glob("*.cast")))
    assert [e[2] for e in events if e[1] == "r"] == ["90x28"]


async def test_watch_another_game_read_only(server):
    host, port = await server()
    alice = await Terminal.connect(port, "alice", "secret1")
    await play_seed(alice)
    bob = await Terminal.connect(port, "bob", "secret2", cols=80, rows=24)
    # a joining watcher gets the whole screen at once, told whose game it is
    await watch(bob, "alice")
    await bob.quiet()
    assert bob.screen.display[:12] == alice.screen.display[:12]
    assert "watching alice" not in alice.text
    game = host.games[host.accounts.find("alice").id]
    assert len(game.hub.watchers) == 1
    bob.send("jjjj")  # read-only: nothing reaches the game
    await asyncio.sleep(0.5)
    assert alice.screen.display[:12] == bob.screen.display[:12]
    before = list(bob.screen.display[:12])
    alice.send("j")
    await alice.quiet()
    await bob.quiet()
    assert bob.screen.display[:12] != before
    assert bob.screen.display[:12] == alice.screen.display[:12]
    # the banner goes after a few seconds (a repaint), and comes back on a key
    await bob.wait_for(f"seed {SEED}", 8)
    assert "watching alice" not in bob.text and bob.text == alice.text
    bob.send("x")
    await bob.wait_for("watching alice", 5)
    bob.send("q")
    await bob.wait_for("Welcome, bob")
    assert not game.hub.watchers
    alice.close()
    bob.close()


async def test_watching_can_be_turned_off(server):
    _host, port = await server()
    alice = await Terminal.connect(port, "alice", "secret1")
    await alice.wait_for("Let others watch my games: yes")
    alice.send(DOWN * 5 + ENTER)
    await alice.wait_for("Let others watch my games: no")
    alice.send("\x1b[A" * 3 + ENTER)  # Play a seed...
    await alice.wait_for("Seed (words")
    alice.send(SEED + ENTER)
    await alice.wait_for(f"seed {SEED}", 30)
    bob = await Terminal.connect(port, "bob", "secret2")
    await bob.wait_for("Watch (0 live)")
    alice.close()
    bob.close()


async def test_bad_names_and_case_duplicates_are_refused(server):
    host, port = await server()
    t = await Terminal.connect(port, "admin", "secret1")
    await t.wait_for("Welcome, admin")
    t.close()
    for name in ("../x", "x" * 200, "Zoë", "Admin"):
        with pytest.raises(asyncssh.PermissionDenied):
            await Terminal.connect(port, name, "another1")
    assert host.accounts.find("Admin").name == "admin"


async def test_repeated_bad_passwords_lock_the_account(server):
    _host, port = await server(max_failures=3)
    t = await Terminal.connect(port, "erin", "secret1")
    await t.wait_for("Welcome, erin")
    t.close()
    for _ in range(3):
        with pytest.raises(asyncssh.PermissionDenied):
            await Terminal.connect(port, "erin", "wrong-pass")
    with pytest.raises(asyncssh.PermissionDenied):
        await Terminal.connect(port, "erin", "secret1")  # right password, but locked


async def test_registration_by_keyboard_interactive(server):
    host, port = await server()
    with pytest.raises(asyncssh.PermissionDenied):  # the two passwords differ
        await Terminal.connect(port, "frank", kbdint=["secret1", "secret2"])
    assert host.accounts.find("frank") is None
    t = await Terminal.connect(port, "frank", kbdint=["secret1", "secret1"])
    await t.wait_for("Welcome, frank")
    t.close()
    assert host.accounts.verify("frank", "secret1")


async def test_no_exec_sftp_or_forwarding_and_caps(server):
    _host, port = await server(max_per_ip=2)
    conn = await asyncssh.connect("127.0.0.1", port, username="gina", password="secret1",
                                  known_hosts=None, preferred_auth="password", agent_path=None)
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.run("id")  # no exec requests
    with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError, OSError)):
        await conn.start_sftp_client()
    with pytest.raises((asyncssh.ChannelOpenError, OSError)):
        await conn.open_connection("127.0.0.1", port)
    with pytest.raises((asyncssh.ChannelListenError, OSError)):
        await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", port)
    t = await Terminal.connect(port, "gina", "secret1")
    with pytest.raises((asyncssh.DisconnectError, OSError)):  # a third from one address
        await Terminal.connect(port, "gina", "secret1")
    t.close()
    conn.close()


async def test_idle_timeout_on_input(server):
    _host, port = await server(idle_timeout=4.0)
    t = await Terminal.connect(port, "hank", "secret1")
    await t.wait_for("Welcome, hank")
    await t.wait_closed(12)
    assert "Idle" in t.raw.decode(errors="replace")


async def test_guests_play_without_an_account(server):
    _host, port = await server(guests=True)
    t = await Terminal.connect(port, "guest")
    await t.wait_for("Welcome, Guest-")
    t.close()


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH client not installed")
async def test_openssh_client_connects_and_plays(server, tmp_path):
    host, port = await server()
    key = asyncssh.generate_private_key("ssh-ed25519")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.export_private_key())
    key_file.chmod(0o600)
    account = host.accounts.register("ivan", "secret1")
    host.accounts.add_key(account.id, key.export_public_key("openssh").decode())
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-tt", "-p", str(port), "-i", str(key_file), "-o", "BatchMode=yes",
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
        "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR", "ivan@127.0.0.1",
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "TERM": "xterm-256color"})
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)

    async def until(text: str, timeout: float = 30) -> None:
        async def read() -> None:
            while text not in "\n".join(screen.display):
                data = await proc.stdout.read(65536)
                if not data:
                    raise AssertionError("ssh ended:\n" + "\n".join(screen.display))
                stream.feed(data)
        await asyncio.wait_for(read(), timeout)

    try:
        await until("Welcome, ivan")
        proc.stdin.write(ENTER.encode())  # Play (a new random seed)
        await until("seed delve-")
        await asyncio.sleep(0.5)
        assert host.games[account.id].hub.running
    finally:
        proc.kill()
        await proc.wait()


def test_host_command_prints_a_persistent_host_key(tmp_path):
    import sys

    fingerprints = []
    for _ in range(2):
        proc = subprocess.Popen(
            [sys.executable, "-m", "roguelike", "host", "--port", "0", "--web-port", "0",
             "--data", str(tmp_path / "d")], stdout=subprocess.PIPE, text=True)
        try:
            lines = [proc.stdout.readline() for _ in range(3)]
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(20) == 0
        assert lines[0].startswith("roguelike host: listening on 127.0.0.1:")
        assert lines[2].startswith("roguelike host: web on http://127.0.0.1:")
        fingerprints.append(lines[1].split("host key ")[1].strip())
    assert fingerprints[0].startswith("SHA256:") and fingerprints[0] == fingerprints[1]
    assert (tmp_path / "d" / "host_ed25519_key").stat().st_mode & 0o077 == 0
