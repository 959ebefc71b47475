"""Failed-login counting and lock-out, per account name and per client address."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable


class Lockout:
    def __init__(self, max_failures: int, window: float, lock_for: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.max_failures = max_failures
        self.window = window
        self.lock_for = lock_for
        self.clock = clock
        self._fails: dict[str, deque[float]] = defaultdict(deque)
        self._locked_until: dict[str, float] = {}

    @staticmethod
    def keys(name: str, addr: str) -> tuple[str, str]:
        # A name lock stops guessing one account from many addresses; an address lock
        # stops one address from trying many names.
        return f"name:{name.lower()}", f"addr:{addr}"

    def locked(self, name: str, addr: str) -> bool:
        now = self.clock()
        return any(self._locked_until.get(k, 0.0) > now for k in self.keys(name, addr))

    def failed(self, name: str, addr: str) -> None:
        now = self.clock()
        for key in self.keys(name, addr):
            fails = self._fails[key]
            fails.append(now)
            while fails and fails[0] < now - self.window:
                fails.popleft()
            if len(fails) >= self.max_failures:
                self._locked_until[key] = now + self.lock_for
                fails.clear()

    def succeeded(self, name: str, addr: str) -> None:
        self._fails.pop(self.keys(name, addr)[0], None)
