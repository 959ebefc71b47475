"""The PROXY protocol on the SSH port (roguelike/host/proxy_protocol.py): the header's
parsing, and a real host with --trust-proxy seeing the client's address a header names
(HAProxy itself in front of it is tests/test_host_cluster.py)."""

from __future__ import annotations

import asyncio
import socket
import struct

import asyncssh
import pytest

from roguelike.cli import main
from roguelike.host.config import HostConfig
from roguelike.host.proxy_protocol import BadHeader, Header, parse, starts_like_header

pytest_plugins = ("host_server",)  # the `server` fixture


def v2(command: int, family: int, block: bytes) -> bytes:
    return (b"\r\n\r\n\x00\r\nQUIT\n" + bytes([0x20 | command, family])
            + struct.pack("!H", len(block)) + block)


V4_BLOCK = bytes([203, 0, 113, 7, 127, 0, 0, 1]) + struct.pack("!HH", 40000, 2222)


def test_v1_and_v2_headers_name_the_client():
    line = b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 2222\r\n"
    assert parse(line + b"SSH-2.0-x\r\n") == Header(len(line), ("203.0.113.7", 40000))
    line6 = b"PROXY TCP6 2001:db8::5 ::1 40001 2222\r\n"
    assert parse(line6) == Header(len(line6), ("2001:db8::5", 40001))
    assert parse(b"PROXY UNKNOWN\r\n") == Header(15, None)
    header = v2(1, 0x11, V4_BLOCK)
    assert parse(header + b"SSH-2.0-x") == Header(len(header), ("203.0.113.7", 40000))
    six = bytes(15) + b"\x09" + bytes(15) + b"\x01" + struct.pack("!HH", 40002, 2222)
    assert parse(v2(1, 0x21, six)) == Header(16 + 36, ("::9", 40002))
    # LOCAL: the proxy's own health check, no client to name
    assert parse(v2(0, 0x00, b"")) == Header(16, None)


def test_a_partial_header_waits_and_a_bad_one_is_refused():
    line = b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 2222\r\n"
    for cut in (1, 6, 20, len(line) - 1):
        assert starts_like_header(line[:cut]) and parse(line[:cut]) is None
    header = v2(1, 0x11, V4_BLOCK)
    for cut in (3, 15, 16, len(header) - 1):
        assert starts_like_header(header[:cut]) and parse(header[:cut]) is None
    assert not starts_like_header(b"SSH-2.0-OpenSSH_9.2\r\n")
    assert not starts_like_header(b"S")
    for bad in (b"PROXY TCP4 203.0.113.300 127.0.0.1 1 2\r\n",
                b"PROXY TCP4 2001:db8::5 127.0.0.1 1 2\r\n",  # a v6 address said to be v4
                b"PROXY TCP4 203.0.113.7 127.0.0.1 70000 2\r\n",
                b"PROXY UDP4 203.0.113.7 127.0.0.1 1 2\r\n",
                b"PROXY " + b"x" * 120,  # no end within 107 bytes
                v2(2, 0x11, V4_BLOCK),  # neither LOCAL nor PROXY
                b"\r\n\r\n\x00\r\nQUIT\n\x11\x11\x00\x0c" + V4_BLOCK,  # version 1
                v2(1, 0x11, V4_BLOCK[:6])):  # too short for its family
        with pytest.raises(BadHeader):
            parse(bad)


async def _log_in(port: int, header: bytes) -> asyncssh.SSHClientConnection:
    sock = socket.create_connection(("127.0.0.1", port))
    if header:
        sock.sendall(header)
    return await asyncio.wait_for(asyncssh.connect(
        sock=sock, username="guest", known_hosts=None, agent_path=None, client_keys=None,
        preferred_auth="none"), 10)


async def _players(host, want: dict[str, int]) -> dict[str, int]:
    for _ in range(100):
        got = {addr: n for addr, n in host.gate.players.items() if n}
        if got == want:
            break
        await asyncio.sleep(0.05)
    return got


@pytest.mark.slow
async def test_a_trusted_proxy_names_each_players_address(server):
    # one player an address: two behind the proxy from two addresses both get in, and
    # the caps and lock-out see their addresses, not the proxy's
    host, port = await server(guests=True, trust_proxy=True, max_per_ip=1)
    first = await _log_in(port, b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 2222\r\n")
    second = await _log_in(port, v2(1, 0x11, bytes([198, 51, 100, 9]) + V4_BLOCK[4:]))
    # a player on the machine itself, no header: loopback, as without a proxy
    local = await _log_in(port, b"")
    assert await _players(host, {"203.0.113.7": 1, "198.51.100.9": 1, "127.0.0.1": 1}) == {
        "203.0.113.7": 1, "198.51.100.9": 1, "127.0.0.1": 1}
    # a second player from an address already playing meets that address's cap
    with pytest.raises(asyncssh.DisconnectError, match="Too many sessions"):
        await _log_in(port, b"PROXY TCP4 203.0.113.7 127.0.0.1 40009 2222\r\n")
    # a malformed header is closed, and the host goes on
    with pytest.raises((asyncssh.Error, OSError)):
        await _log_in(port, b"PROXY TCP4 not-an-address 127.0.0.1 1 2\r\n")
    for conn in (first, second, local):
        conn.close()
    assert await _players(host, {}) == {}


@pytest.mark.slow
async def test_without_trust_proxy_a_header_is_not_believed(server):
    host, port = await server(guests=True)
    with pytest.raises((asyncssh.Error, OSError)):
        await _log_in(port, b"PROXY TCP4 203.0.113.7 127.0.0.1 40000 2222\r\n")
    assert not any(host.gate.players.values())


def test_the_trusted_proxy_is_loopback_or_an_address_named(tmp_path):
    assert not HostConfig(data=tmp_path).from_proxy("127.0.0.1")  # no --trust-proxy
    config = HostConfig(data=tmp_path, trust_proxy=True, proxies=("10.0.0.10",))
    assert config.from_proxy("127.0.0.1") and config.from_proxy("::1")
    assert config.from_proxy("10.0.0.10") and config.from_proxy("::ffff:10.0.0.10")
    assert not config.from_proxy("10.0.0.11") and not config.from_proxy("?")


def test_a_proxy_address_that_is_none_is_refused_with_a_message(tmp_path, capsys):
    code = main(["host", "--data", str(tmp_path / "d"), "--trust-proxy", "10.0.0.10,nope"])
    assert code == 2 and "'nope' is not one" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()  # nothing started, nothing made
