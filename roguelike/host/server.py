"""The asyncssh server: session caps, logins (password, keys, keyboard-interactive),
registration on first login, lock-out, and nothing but the game (no exec, sftp, scp,
port, agent or X11 forwarding)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Sequence
from typing import Any

import asyncssh

from roguelike.host import hostkey
from roguelike.host.accounts import Account, name_problem
from roguelike.host.config import HostConfig
from roguelike.host.gate import refuse_all
from roguelike.host.proxy_protocol import ProxyListener
from roguelike.host.registry import Host, LoginRefused
from roguelike.host.session import HostSession
from roguelike.web.app import WebSite

log = logging.getLogger("roguelike.host")
GUEST = "guest"


class GameServer(asyncssh.SSHServer):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.addr = ""
        self.account: Account | None = None
        self.guest = False
        self.state = ""  # "pending" (logging in), "player", or "" (refused or gone)
        self.conn: Any = None

    def connection_made(self, conn: Any) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.addr = str(peer[0]) if peer else "?"
        refused, dropped = self.host.gate.arrive(self, self.addr)
        refuse_all(dropped)
        if refused is None:
            self.state = "pending"
        else:
            self.refuse(refused)

    def auth_completed(self) -> None:
        refused = self.host.gate.logged_in(self)
        if refused is None:
            self.state = "player"
        else:
            self.refuse(refused)

    def refuse(self, why: str) -> None:
        self.state = ""  # the gate has forgotten it (or never counted it)
        if self.conn is not None:
            asyncio.get_running_loop().call_soon(
                self.conn.disconnect, asyncssh.DISC_TOO_MANY_CONNECTIONS, why)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.state:
            self.host.gate.leave(self, self.addr, player=self.state == "player")
            self.state = ""

    # ----- authentication -------------------------------------------------------------
    def begin_auth(self, username: str) -> bool:
        if self.host.config.guests and username.lower() == GUEST:
            self.guest = True
            return False  # guests come in without a password
        return True

    def password_auth_supported(self) -> bool:
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.host.lockout.locked(username, self.addr):
            return False
        line = key.export_public_key("openssh").decode().split()
        account = self.host.accounts.has_key(username, f"{line[0]} {line[1]}")
        if account is not None:
            self.account = account
        return account is not None

    async def validate_password(self, username: str, password: str) -> bool:
        return await self._login(username, password, None)

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        if self.host.accounts.find(username) is not None:
            return "", "", "", [("Password: ", False)]
        problem = name_problem(username)
        if problem:
            return "", f"Cannot register {username[:40]!r}: {problem}\r\n", "", [
                ("Password: ", False)]
        return ("New player", f"The name {username} is free. Choose a password to register "
                "it.\r\n", "", [("New password: ", False), ("Repeat it: ", False)])

    async def validate_kbdint_response(self, username: str, responses: Sequence[str]
                                       ) -> bool:
        if len(responses) == 2:
            if responses[0] != responses[1]:
                return False  # a typo, not a guess: not counted as a failed login
            return await self._login(username, responses[0], None)
        if len(responses) == 1:
            return await self._login(username, responses[0], None)
        return False

    async def _login(self, username: str, password: str, _unused: None) -> bool:
        try:
            self.account = await self.host.log_in(username, password, self.addr)
        except LoginRefused:
            return False
        return True

    def session_requested(self) -> HostSession:
        return HostSession(self.host, self)

    def account_for_session(self) -> Account:
        if self.account is None and self.guest:
            self.account = self.host.accounts.new_guest()
        assert self.account is not None, "a session before authentication"
        return self.account


async def start_server(config: HostConfig) -> tuple[Host, asyncssh.SSHAcceptor, str]:
    host = Host(config)
    await host.start()
    key = hostkey.load_or_create(config.data)
    # behind HAProxy (--trust-proxy): each connection from the proxy may name its client
    # in a PROXY header, read before SSH begins (roguelike/host/proxy_protocol.py)
    listener = {"tunnel": ProxyListener(config.from_proxy)} if config.trust_proxy else {}
    acceptor = await asyncssh.create_server(
        lambda: GameServer(host), config.bind, config.port, server_host_keys=[key],
        encoding=None, line_editor=False, allow_scp=False, sftp_factory=None,
        agent_forwarding=False, x11_forwarding=False, login_timeout=config.login_timeout,
        keepalive_interval=30, keepalive_count_max=4, **listener)
    return host, acceptor, hostkey.fingerprint(key)


def run_host(config: HostConfig) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    # whatever umask the host was started with, what it writes is its user's alone
    os.umask(0o077)

    async def main() -> None:
        # Handlers first: a stop asked for the moment the host says it listens must still
        # shut the games down cleanly.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        say = ""
        acceptor = None
        if config.ssh:
            host, acceptor, fp = await start_server(config)
            port = acceptor.sockets[0].getsockname()[1]
            say += f"roguelike host: listening on {config.bind}:{port}\n"
            say += f"roguelike host: host key {fp}\n"
        else:
            host, port = Host(config), None
            await host.start()
        site = None
        if config.web_port is not None:
            site = WebSite(host, ssh_port=port)
            web_port = await site.door.start(config, config.web_port)
            scheme = "https" if site.door.tls else "http"
            say += f"roguelike host: web on {scheme}://{config.bind}:{web_port}/\n"
        for note in [host.user_note, *host.notes, limits_note(config)]:
            say += "".join(f"roguelike host: {line}\n" for line in note.splitlines())
        print(say, end="", flush=True)
        await stop.wait()
        if acceptor is not None:
            acceptor.close()
        if site is not None:
            await site.door.close()
        await host.shutdown()  # every game gets SIGHUP and saves

    asyncio.run(main())
    return 0


def limits_note(config: HostConfig) -> str:
    return (f"at most {config.max_sessions} players ({config.max_per_ip} per address); "
            f"{config.max_startups} connections logging in ({config.max_startups_per_ip} per "
            f"address), each closed after {config.login_timeout:g} s")
