"""The word lists for human-friendly seeds (content/seedwords.toml), validated on load."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from roguelike.content.data_files import content_root, read_toml
from roguelike.content.schema import build
from roguelike.core.lean_dataclass import dataclass

_WORD = re.compile(r"^[a-z]+$")
FILE = "seedwords.toml"


@dataclass(frozen=True)
class SeedWords:
    source: str
    number_max: int
    first: tuple[str, ...]
    second: tuple[str, ...]
    third: tuple[str, ...]

    def validate(self) -> tuple[str, str] | None:
        if self.number_max < 1:
            return ("number_max", "must be 1 or more")
        for name in ("first", "second", "third"):
            words: tuple[str, ...] = getattr(self, name)
            if not words:
                return (name, "needs at least one word")
            for word in words:
                if not _WORD.match(word):
                    return (name, f"{word!r} is not lowercase letters only")
            if len(set(words)) != len(words):
                return (name, "has a word twice")
        return None


def load_seed_words(root: Path | None = None) -> SeedWords:
    root = root or content_root()
    return build(SeedWords, read_toml(root / FILE, root), FILE)


@cache
def seed_words() -> SeedWords:
    return load_seed_words()
