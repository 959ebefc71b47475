"""Failed-login counting and lock-out, per account name and per client address.

The table forgets: a key's failures older than `window` and locks that have run out are
dropped as they are met and in a sweep at most once per `window / 4`, and the table never
holds more than `max_entries` keys (the least recently failed go first, locked keys last).
A flood of distinct names or addresses therefore costs a bounded amount of memory.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable


class Lockout:
    def __init__(self, max_failures: int, window: float, lock_for: float,
                 clock: Callable[[], float] = time.monotonic, max_entries: int = 10000) -> None:
        self.max_failures = max_failures
        self.window = window
        self.lock_for = lock_for
        self.clock = clock
        self.max_entries = max(2, max_entries)
        # key -> failure times, least recently failed first
        self._fails: OrderedDict[str, deque[float]] = OrderedDict()
        # key -> end of its lock, the soonest to end first (every lock is lock_for long)
        self._locked_until: OrderedDict[str, float] = OrderedDict()
        self._next_sweep = 0.0

    def __len__(self) -> int:
        """Keys remembered (failure counts and locks)."""
        return len(self._fails) + len(self._locked_until)

    @staticmethod
    def keys(name: str, addr: str) -> tuple[str, str]:
        # A name lock stops guessing one account from many addresses; an address lock
        # stops one address from trying many names.
        return f"name:{name.lower()[:64]}", f"addr:{addr}"

    def locked(self, name: str, addr: str) -> bool:
        now = self.clock()
        self._sweep(now)
        return any(self._locked_until.get(k, 0.0) > now for k in self.keys(name, addr))

    def failed(self, name: str, addr: str) -> None:
        now = self.clock()
        self._sweep(now)
        for key in self.keys(name, addr):
            fails = self._fails.pop(key, None) or deque()
            fails.append(now)
            while fails and fails[0] <= now - self.window:
                fails.popleft()
            if len(fails) >= self.max_failures:
                self._locked_until.pop(key, None)
                self._locked_until[key] = now + self.lock_for
            else:
                self._fails[key] = fails  # to the end: the most recently failed
        self._bound()

    def succeeded(self, name: str, addr: str) -> None:
        self._fails.pop(self.keys(name, addr)[0], None)

    def _sweep(self, now: float) -> None:
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.window / 4
        # oldest first in both tables: stop at the first entry still alive
        while self._locked_until and next(iter(self._locked_until.values())) <= now:
            self._locked_until.popitem(last=False)
        for key in list(self._fails):
            if self._fails[key][-1] > now - self.window:
                break
            del self._fails[key]

    def _bound(self) -> None:
        # failure counts go before locks: dropping a lock would let a locked name guess again
        while len(self) > self.max_entries and self._fails:
            self._fails.popitem(last=False)
        while len(self) > self.max_entries:
            self._locked_until.popitem(last=False)
