"""Seed strings: normalised so that 'Amber  Wolf 17' and 'amber-wolf-17' are one seed."""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, date, datetime

from roguelike.content.seedwords import seed_words

_SEP = re.compile(r"[\s_\-]+")
_ALLOWED = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
MAX_LEN = 64


class SeedError(ValueError):
    """A seed string that cannot be used."""


def normalise_seed(text: str) -> str:
    seed = _SEP.sub("-", text.strip().lower()).strip("-")
    if not seed:
        raise SeedError("A seed needs at least one letter or digit.")
    if len(seed) > MAX_LEN:
        raise SeedError(f"A seed is at most {MAX_LEN} characters.")
    if not _ALLOWED.match(seed):
        raise SeedError(
            f"Seed {text!r} has characters other than letters, digits, spaces and dashes."
        )
    return seed


def _pick(key: str) -> str:
    """A seed chosen by the digest of `key`: integers only, the same on every machine."""
    words = seed_words()
    n = int.from_bytes(hashlib.blake2b(key.encode(), digest_size=16).digest(), "little")
    parts = []
    for bank in (words.first, words.second, words.third):
        n, i = divmod(n, len(bank))
        parts.append(bank[i])
    parts.append(str(1 + n % words.number_max))
    return "-".join(parts)


def random_seed(entropy: int) -> str:
    """A fresh seed from the caller's entropy (the UI passes OS randomness; we stay pure)."""
    return _pick(f"random\x00{entropy}")


def daily_seed(day: date) -> str:
    """The seed everyone plays on a given (UTC) date."""
    return _pick(f"daily\x00{day.isoformat()}")


def utc_today() -> date:
    return datetime.now(UTC).date()
