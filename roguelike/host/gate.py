"""Who may connect: caps on logged-in players and on connections still logging in.

Two pools, as OpenSSH keeps MaxSessions apart from MaxStartups:
- *Pending* connections (TCP accepted, SSH handshake or login not finished) are few and
  short-lived: each is closed after the login grace time (asyncssh's login_timeout), at most
  `per_addr` come from one address, and the pool holds `pool`. A pending pool that is full
  never turns a newcomer away: the oldest pending connection of the busiest address is
  dropped instead (of the newcomer's own address when that one is over its share). A flood
  of connections that never log in therefore only ever pushes itself out, and a real
  player from anywhere else still reaches the login prompt.
- *Players* (logged in) count against `max_sessions` and `max_per_addr`; those caps are
  checked when a connection arrives (so a full server says so before asking a password)
  and again when its login completes.

The website shares both pools (roguelike/web/door.py): a web connection is pending until
its first request arrives, and a terminal's WebSocket is pending until it says hello,
then a player like an SSH session.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Protocol, cast

FULL = "The server is full; try again later."
TOO_MANY = "Too many sessions from your address."
BUSY = "Too many connections are logging in; try again."


class Refusable(Protocol):
    """What the gate holds: an SSH connection or a web one, each closed by `refuse`."""

    def refuse(self, why: str) -> None: ...


def refuse_all(dropped: Iterable[Hashable], why: str = BUSY) -> None:
    """Close the pending connections the gate dropped for a newcomer (of either kind)."""
    for other in dropped:
        cast(Refusable, other).refuse(why)


class Gate:
    def __init__(self, max_sessions: int, max_per_addr: int, pool: int, per_addr: int) -> None:
        self.max_sessions = max_sessions
        self.max_per_addr = max_per_addr
        self.pool = max(1, pool)
        self.per_addr = max(1, per_addr)
        self.players: Counter[str] = Counter()
        # pending connection -> its address, oldest first (dicts keep insertion order)
        self._pending: dict[Hashable, str] = {}
        self._pending_by_addr: Counter[str] = Counter()

    @property
    def pending(self) -> int:
        return len(self._pending)

    def player_count(self) -> int:
        return sum(self.players.values())

    def arrive(self, conn: Hashable, addr: str, player_cap: bool = True
               ) -> tuple[str | None, list[Hashable]]:
        """A new connection: (why it is refused, or None; the pending ones to drop for it).

        `player_cap=False` for a web connection that has not yet said what it is (it may
        only load a page, which a full server still serves): the pending pool alone."""
        refused = self._player_cap(addr) if player_cap else None
        if refused:
            return refused, []
        dropped: list[Hashable] = []
        if self._pending_by_addr[addr] >= self.per_addr:
            dropped.append(self._oldest_of(addr))
            self._forget(dropped[-1])
        if len(self._pending) >= self.pool:
            counts = self._pending_by_addr
            busiest = max(counts.values())
            mine = counts[addr] + 1  # the newcomer counts for its own address
            if mine > busiest or (mine == busiest and counts[addr] > 0):
                victim = self._oldest_of(addr)
            else:
                victim = next(c for c, a in self._pending.items() if counts[a] == busiest)
            dropped.append(victim)
            self._forget(victim)
        self._pending[conn] = addr
        self._pending_by_addr[addr] += 1
        return None, dropped

    def logged_in(self, conn: Hashable) -> str | None:
        """The connection finished its login: a player now, or why not (the caps are full)."""
        addr = self._pending.get(conn)
        if addr is None:
            return BUSY  # dropped for a newcomer meanwhile
        self._forget(conn)
        refused = self._player_cap(addr)
        if refused is None:
            self.players[addr] += 1
        return refused

    def settle(self, conn: Hashable) -> bool:
        """A pending web connection made its first request: no longer pending, not a player
        (a WebSocket then arrives on its own). False if it was dropped for a newcomer."""
        if conn not in self._pending:
            return False
        self._forget(conn)
        return True

    def leave(self, conn: Hashable, addr: str, player: bool) -> None:
        if player:
            self.players[addr] -= 1
            if self.players[addr] <= 0:
                del self.players[addr]
        else:
            self._forget(conn)

    def _player_cap(self, addr: str) -> str | None:
        if self.player_count() >= self.max_sessions:
            return FULL
        if self.players[addr] >= self.max_per_addr:
            return TOO_MANY
        return None

    def _oldest_of(self, addr: str) -> Hashable:
        return next(c for c, a in self._pending.items() if a == addr)

    def _forget(self, conn: Hashable) -> None:
        addr = self._pending.pop(conn, None)
        if addr is None:
            return
        self._pending_by_addr[addr] -= 1
        if self._pending_by_addr[addr] <= 0:
            del self._pending_by_addr[addr]
