"""Seed strings: normalised so that 'Amber  Wolf 17' and 'amber-wolf-17' are one seed."""

from __future__ import annotations

import re

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
