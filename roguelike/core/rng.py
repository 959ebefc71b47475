"""Named, independent random streams derived from a seed string.

Every draw is integer-only (xoshiro256** seeded through blake2b), so a seed gives the
same sequence on every Python version and under any PYTHONHASHSEED.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_LIMITS: dict[int, int] = {}  # below(n): largest multiple of n under 2**64


def _limit(n: int) -> int:
    """below(n)'s rejection bound: the largest multiple of n not above 2**64, kept."""
    limit = ((1 << 64) // n) * n
    if len(_LIMITS) < 4096:  # bounds are mostly small dice and list lengths
        _LIMITS[n] = limit
    return limit


def derive(seed: str, name: str) -> tuple[int, int, int, int]:
    """Four 64-bit words of state for stream `name` of `seed` (never all zero)."""
    digest = hashlib.blake2b(f"{seed}\x00{name}".encode(), digest_size=32).digest()
    words = tuple(int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8))
    if not any(words):
        words = (1, 0, 0, 0)
    return words  # type: ignore[return-value]


class Stream:
    """One xoshiro256** generator; its state is four ints, so it saves as plain data."""

    __slots__ = ("draws", "name", "s")

    def __init__(self, seed: str, name: str) -> None:
        self.name = name
        self.s = list(derive(seed, name))
        self.draws = 0

    def next64(self) -> int:
        # xoshiro256** (Blackman and Vigna's reference next()), its two rotl() calls
        # written out: a rotl function costs about 110 ns of a 580 ns draw, and a level
        # draws about a thousand; tests/test_inlined_copies.py holds it to the reference.
        # (the state list is updated in place, item by item: no tuple per draw)
        s = self.s
        s0, s1, s2, s3 = s
        r = (s1 * 5) & _MASK
        result = ((((r << 7) | (r >> 57)) & _MASK) * 9) & _MASK
        s2 ^= s0
        s3 ^= s1
        s[0] = s0 ^ s3
        s[1] = s1 ^ s2
        s[2] = s2 ^ ((s1 << 17) & _MASK)
        s[3] = ((s3 << 45) | (s3 >> 19)) & _MASK
        self.draws += 1
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _limit(n)
        # (through next64, the one copy of the generator's step: a copy written out here
        # saved about 1% and could drift from it)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def d(self, sides: int) -> int:
        return 1 + self.below(sides)

    def chance(self, num: int, den: int) -> bool:
        """True with probability num/den, as 'num in den' on a die."""
        return self.below(den) < num

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def state(self) -> dict[str, object]:
        return {"name": self.name, "s": list(self.s), "draws": self.draws}

    def restore(self, data: dict[str, object]) -> None:
        s = data["s"]
        if not isinstance(s, list) or len(s) != 4 or not all(isinstance(v, int) for v in s):
            raise ValueError(f"stream {self.name}: bad state")
        self.s = [int(v) & _MASK for v in s]
        draws = data.get("draws", 0)
        self.draws = int(draws) if isinstance(draws, int) else 0


class Streams:
    """The named streams of one game. Level streams depend only on (seed, depth)."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.play = Stream(seed, "play")
        self.cosmetic = Stream(seed, "cosmetic")

    def level(self, depth: int, purpose: str = "layout") -> Stream:
        """A fresh stream for one level's generation; calling twice gives the same draws."""
        return Stream(self.seed, f"level/{depth}/{purpose}")

    def seed_int(self, name: str, bits: int = 31) -> int:
        """An integer seed for a C library (tcod), derived like a stream."""
        return derive(self.seed, name)[0] & ((1 << bits) - 1)
