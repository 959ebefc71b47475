"""The `server` fixture: an SSH host on loopback, in-process, on a free port; and
`web_server`: the same host with its website too (roguelike/web/).

Test modules load them with `pytest_plugins = ("host_server",)`.
"""

from __future__ import annotations

import signal

import pytest

from roguelike.host.config import HostConfig
from roguelike.host.server import start_server
from roguelike.web.app import WebSite

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




class Running:
    """A host serving SSH and the web on loopback."""

    def __init__(self, host, ssh_port: int, web_port: int, site: WebSite) -> None:
        self.host, self.ssh_port, self.web_port, self.site = host, ssh_port, web_port, site
        self.url = f"http://127.0.0.1:{web_port}"


@pytest.fixture
async def web_server(tmp_path):
    started = []

    async def start(**options):
        options.setdefault("scrypt_n", FAST_HASH)
        config = HostConfig(data=tmp_path / "data", port=0, web_port=0, **options)
        host, acceptor, _fingerprint = await start_server(config)
        site = WebSite(host, ssh_port=acceptor.sockets[0].getsockname()[1])
        web_port = await site.door.start(config, 0)
        started.append((host, acceptor, site))
        return Running(host, acceptor.sockets[0].getsockname()[1], web_port, site)

    yield start
    for host, acceptor, site in started:
        acceptor.close()
        await site.door.close()
        for game in list(host.games.values()):
            game.hub.child.signal(signal.SIGKILL)
        await host.shutdown()
