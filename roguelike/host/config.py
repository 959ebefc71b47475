"""The host's settings: where data lives, limits and timeouts (tests shrink them)."""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path

from roguelike.challenges.limits import Limits, RateLimits


@dataclass
class HostConfig:
    data: Path
    bind: str = "127.0.0.1"
    port: int = 2222
    guests: bool = False
    # a game forked ahead for each player in the lobby, taken at Play (roguelike/host/spare.py)
    spare: bool = True
    max_sessions: int = 64  # logged-in players on the whole host
    max_per_ip: int = 8  # logged-in players from one address
    # connections still doing the SSH handshake or the login (roguelike/host/gate.py)
    max_startups: int = 32
    max_startups_per_ip: int = 6
    # failed logins (per name and per address) within fail_window before a lock-out
    max_failures: int = 5
    fail_window: float = 600.0
    lockout: float = 900.0
    lockout_entries: int = 10000  # names and addresses remembered; the oldest go first
    login_timeout: float = 30.0  # grace time: handshake and login done by then, or closed
    scrypt_n: int = 1 << 17  # password hash cost (accounts.py); tests may lower it
    hash_workers: int = 2  # password hashes computed at once (scrypt n=2**17: 128 MiB each)
    idle_timeout: float = 1800.0  # measured on input from the player
    detach_grace: float = 600.0  # a dropped game waits this long for its player
    hangup_wait: float = 10.0  # after SIGHUP, how long before SIGKILL
    frame_interval: float = 0.03  # remote output is flushed at most this often
    memory_limit: int = 512 * 1024 * 1024  # RLIMIT_AS of each child
    drop_to: str = "nobody"  # the user children run as when the host runs as root
    ssh: bool = True  # serve SSH on `port` (--web-only: no)
    # the website (roguelike/web/): its port, or None for none (--ssh-only); TLS when
    # both a certificate and its key are given (else plain HTTP, for a reverse proxy)
    web_port: int | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None
    web_session_days: float = 30.0  # a web login lasts this long unless logged out
    # behind a reverse proxy on this machine (or at `proxies`): a web request from it
    # comes from the address (and scheme) its X-Forwarded-For (-Proto) header says, an SSH
    # connection from the address its PROXY protocol header says (proxy_protocol.py)
    trust_proxy: bool = False
    proxies: tuple[str, ...] = ()
    # seed challenges (roguelike/challenges/): worker processes proving replays (started
    # when jobs wait, each ending after worker_idle seconds without one), the limits on a
    # replay, and on submissions per account and address
    verify_workers: int = 1
    worker_idle: float = 60.0
    verify: Limits = field(default_factory=Limits)
    rates: RateLimits = field(default_factory=RateLimits)
    challenge_tick: float = 60.0  # how often windows are looked at (open, close, publish)
    # where accounts, web logins, scores, challenges and the proving queue live: None,
    # SQLite files in the data folder; a postgresql:// URL, one database that several
    # hosts may share (roguelike/storage/)
    db: str | None = None
    # this host among those sharing the database (told to a player whose game runs here
    # while they log in on another); default: the machine's name and the process id
    host_name: str = field(default_factory=lambda: f"{socket.gethostname()}-{os.getpid()}")

    def from_proxy(self, addr: str) -> bool:
        """Is `addr` the trusted proxy's (--trust-proxy): loopback, or an address named?"""
        if not self.trust_proxy:
            return False
        try:
            ip = ipaddress.ip_address(addr)
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped  # (a host bound to :: sees IPv4 peers so)
        return ip.is_loopback or any(ip == ipaddress.ip_address(p) for p in self.proxies)

    @property
    def accounts_db(self) -> Path:
        return self.data / "accounts.sqlite3"

    @property
    def accounts_where(self) -> Path | str:
        return self.db or self.accounts_db

    @property
    def challenges_where(self) -> Path | str:
        return self.db or self.data / "challenges.sqlite3"
