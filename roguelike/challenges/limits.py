"""What a host allows: the size, length and proving time of a replay, and how many an
account or an address may send (the host's settings hold them: host/config.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 4 * 1024 * 1024  # a 20,000-action replay is about 0.8 MB
    max_actions: int = 100_000
    cpu_seconds: float = 60.0  # a 20,000-action replay takes 3 to 5 s here
    tries: int = 3  # a job whose worker died this often is refused


@dataclass(frozen=True)
class RateLimits:
    per_account: int = 10  # submissions an account may make in `window` seconds
    per_addr: int = 30  # submissions from one address in `window` seconds
    window: int = 600
    pending: int = 5  # an account's submissions waiting for their proof at once
