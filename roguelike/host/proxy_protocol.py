"""The PROXY protocol (v1 text, v2 binary) on the SSH port, from a trusted proxy only.

Behind HAProxy in TCP mode every SSH connection comes from HAProxy's address, so the
per-address caps and the lock-out would count every player as one. With `send-proxy`
(or `send-proxy-v2`) HAProxy starts each connection with a header naming the client's
address (https://www.haproxy.org/download/2.8/doc/proxy-protocol.txt). With
--trust-proxy, the meaning the website already gives it (a proxy on this machine), a
connection from a loopback address may start with such a header: the address it names is
then the connection's for everything after (gate, lock-out, logs). A header from any other
address is never read: it is only bytes that are not SSH, and the handshake fails.

A loopback connection without a header is an ordinary one (a player on the machine
itself): an SSH client opens with "SSH-", which no header starts with, so the first bytes
tell them apart; a client that waits for the server's greeting first is served plainly
after HEADER_WAIT. A malformed header closes the connection.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("roguelike.host")

V1_PREFIX = b"PROXY "
V1_MAX = 107  # the longest v1 line, CRLF included (the specification's figure)
V2_SIGNATURE = b"\r\n\r\n\x00\r\nQUIT\n"
V2_MAX = 16 + 536  # the header and the largest address block HAProxy sends
HEADER_WAIT = 5.0  # a proxy sends its header at once; a silent client is served plainly

Address = tuple[str, int]
# asyncssh's protocol for a connection, given the client's address (its tunnel hook's
# signature: the original host and port)
Factory = Callable[[str, int], asyncio.Protocol]


class BadHeader(ValueError):
    """A PROXY header that is not one: the connection is closed."""


@dataclass(frozen=True)
class Header:
    length: int  # bytes of the stream the header takes
    source: Address | None  # the client; None for LOCAL / UNKNOWN (the proxy's own check)


def parse(data: bytes) -> Header | None:
    """The header at the start of `data`, or None if more bytes are needed.

    Raises BadHeader for bytes that are not a valid header (`starts_like_header` tells
    whether they may be one at all)."""
    if data.startswith(V2_SIGNATURE):
        return _parse_v2(data)
    if data.startswith(V1_PREFIX):
        return _parse_v1(data)
    if starts_like_header(data):
        return None
    raise BadHeader("not a PROXY header")


def starts_like_header(data: bytes) -> bool:
    """Whether `data` (possibly only a few bytes) may be the start of a header."""
    return any(data[:len(prefix)] == prefix[:len(data)] for prefix in (V1_PREFIX, V2_SIGNATURE))


def _parse_v1(data: bytes) -> Header | None:
    end = data.find(b"\r\n", 0, V1_MAX)
    if end < 0:
        if len(data) >= V1_MAX:
            raise BadHeader("a PROXY v1 line longer than 107 bytes")
        return None
    fields = data[:end].decode("ascii", "replace").split(" ")
    if len(fields) >= 2 and fields[1] == "UNKNOWN":
        return Header(end + 2, None)
    if len(fields) != 6 or fields[1] not in ("TCP4", "TCP6"):
        raise BadHeader(f"a PROXY v1 line that is not TCP4/TCP6: {data[:end]!r}")
    _, family, source, _dest, source_port, _dest_port = fields
    try:
        address = ipaddress.ip_address(source)
        port = int(source_port)
    except ValueError as err:
        raise BadHeader(f"a PROXY v1 line with a bad address: {data[:end]!r}") from err
    if address.version != (4 if family == "TCP4" else 6) or not 0 <= port <= 65535:
        raise BadHeader(f"a PROXY v1 line with a bad address: {data[:end]!r}")
    return Header(end + 2, (str(address), port))


def _parse_v2(data: bytes) -> Header | None:
    if len(data) < 16:
        return None
    version_command, family, length = struct.unpack("!BBH", data[12:16])
    if version_command >> 4 != 2 or version_command & 0x0F not in (0, 1):
        raise BadHeader(f"a PROXY v2 header of version/command {version_command:#x}")
    if 16 + length > V2_MAX:
        raise BadHeader(f"a PROXY v2 header of {16 + length} bytes")
    if len(data) < 16 + length:
        return None
    block = data[16:16 + length]
    if version_command & 0x0F == 0:  # LOCAL: the proxy's own connection (a health check)
        return Header(16 + length, None)
    if family >> 4 == 1 and len(block) >= 12:  # AF_INET
        source = str(ipaddress.IPv4Address(block[0:4]))
        port = struct.unpack("!H", block[8:10])[0]
    elif family >> 4 == 2 and len(block) >= 36:  # AF_INET6
        source = str(ipaddress.IPv6Address(block[0:16]))
        port = struct.unpack("!H", block[32:34])[0]
    elif family >> 4 in (0, 3):  # UNSPEC, AF_UNIX: no address to take
        return Header(16 + length, None)
    else:
        raise BadHeader(f"a PROXY v2 header of family {family:#x} with {length} bytes")
    return Header(16 + length, (source, port))


class _Relabelled(asyncio.Transport):
    """The socket's transport, with the client's address as its peer."""

    def __init__(self, inner: asyncio.Transport, peer: Address) -> None:
        super().__init__()
        self._inner = inner
        self._peer = peer

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        if name == "peername":
            return self._peer
        return self._inner.get_extra_info(name, default)

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self._inner.write(data)

    def writelines(self, list_of_data: Any) -> None:
        self._inner.writelines(list_of_data)

    def write_eof(self) -> None:
        self._inner.write_eof()

    def can_write_eof(self) -> bool:
        return self._inner.can_write_eof()

    def abort(self) -> None:
        self._inner.abort()

    def close(self) -> None:
        self._inner.close()

    def is_closing(self) -> bool:
        return self._inner.is_closing()

    def pause_reading(self) -> None:
        self._inner.pause_reading()

    def resume_reading(self) -> None:
        self._inner.resume_reading()

    def is_reading(self) -> bool:
        return self._inner.is_reading()

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None
                                ) -> None:
        self._inner.set_write_buffer_limits(high, low)

    def get_write_buffer_size(self) -> int:
        return self._inner.get_write_buffer_size()

    def set_protocol(self, protocol: asyncio.BaseProtocol) -> None:
        self._inner.set_protocol(protocol)

    def get_protocol(self) -> asyncio.BaseProtocol:
        return self._inner.get_protocol()


class ProxyReader(asyncio.Protocol):
    """One connection: its PROXY header read (from a trusted peer), then handed to the
    SSH server's own protocol with the client's address as its peer."""

    def __init__(self, factory: Factory, trusted: Callable[[str], bool]) -> None:
        self.factory = factory
        self.inner = asyncio.Protocol()  # the SSH server's, made at the hand-over
        self.trusted = trusted
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.handed = False
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if not (peer and self.trusted(str(peer[0]))):
            self._hand_over(transport)
            return
        self._timer = asyncio.get_running_loop().call_later(HEADER_WAIT, self._silent)

    def data_received(self, data: bytes) -> None:
        if self.handed:
            self.inner.data_received(data)
            return
        assert self.transport is not None
        self.buffer += data
        if not starts_like_header(self.buffer):
            self._hand_over(self.transport)  # an SSH client on this machine itself
            return
        try:
            header = parse(self.buffer)
        except BadHeader as err:
            log.warning("closed a connection from the proxy: %s", err)
            self._cancel_timer()
            self.transport.abort()
            return
        if header is None:
            if len(self.buffer) >= V2_MAX:  # (parse says so first; a bound all the same)
                self.transport.abort()
            return
        self.buffer = self.buffer[header.length:]
        transport: asyncio.Transport = self.transport
        if header.source is not None:
            transport = _Relabelled(self.transport, header.source)
        self._hand_over(transport)

    def _hand_over(self, transport: asyncio.Transport) -> None:
        self._cancel_timer()
        self.handed = True
        peer = transport.get_extra_info("peername")
        self.inner = self.factory(*(peer[:2] if peer else ("", 0)))
        self.inner.connection_made(transport)
        rest, self.buffer = self.buffer, b""
        if rest and not transport.is_closing():
            self.inner.data_received(rest)

    def _silent(self) -> None:
        self._timer = None
        if not self.handed and self.transport is not None:
            if self.buffer:  # a header begun and never finished
                self.transport.abort()
            else:
                self._hand_over(self.transport)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def eof_received(self) -> bool | None:
        if not self.handed:
            return False
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        if self.handed:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.handed:
            self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timer()
        if self.handed:
            self.inner.connection_lost(exc)


class ProxyListener:
    """Listens for asyncssh (its `tunnel` hook: asyncssh asks this object for the listener
    and gives it the factory of its own connection protocol), each connection read through
    a ProxyReader."""

    def __init__(self, trusted: Callable[[str], bool]) -> None:
        self.trusted = trusted

    async def create_server(self, factory: Factory, host: str,
                            port: int) -> asyncio.Server:
        loop = asyncio.get_running_loop()
        return await loop.create_server(lambda: ProxyReader(factory, self.trusted),
                                        host, port, reuse_address=True)
