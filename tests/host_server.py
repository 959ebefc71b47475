"""The `server` fixture: an SSH host on loopback, in-process, on a free port.

Test modules load it with `pytest_plugins = ("host_server",)`.
"""

from __future__ import annotations

import signal

import pytest

from roguelike.host.config import HostConfig
from roguelike.host.server import start_server

# The real password-hash cost (scrypt n=2**17, half a second a login) is exercised by
# test_host_abuse.py; the other end-to-end tests log in many times and use 2**14.
FAST_HASH = 1 << 14


@pytest.fixture
async def server(tmp_path):
    started = []

    async def start(**options):
        options.setdefault("scrypt_n", FAST_HASH)
        config = HostConfig(data=tmp_path / "data", port=0, **options)
        host, acceptor, _fingerprint = await start_server(config)
        started.append((host, acceptor))
        return host, acceptor.sockets[0].getsockname()[1]

    yield start
    for host, acceptor in started:
        acceptor.close()
        for game in list(host.games.values()):
            game.hub.child.signal(signal.SIGKILL)
        await host.shutdown()


