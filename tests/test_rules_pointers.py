"""RULES.md points from each rule to its code (issue 19): every path it names exists.

Every `roguelike/...`, `content/...` and `tests/...` path in RULES.md, in backticks or bare,
must name a file or folder of the repository, so a pointer cannot go stale when a module
moves: move the module, and this test names the RULES.md line to change. Brace lists
(`roguelike/engine/{combat,luck}.py`, also when wrapped over two lines) name each file, and
a wildcard (`content/traps/*.toml`) must match at least one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "RULES.md"
PREFIXES = ("roguelike/", "content/", "tests/")
TICKED = re.compile(r"`([^`]+)`")
BARE = re.compile(r"(?<![\w./-])((?:roguelike|content|tests)/[\w./*{},-]*[\w/*}])")
BRACES = re.compile(r"\{([^{}]*)\}")


def expand(path: str) -> list[str]:
    """`a/{b,c}.py` -> [`a/b.py`, `a/c.py`], any number of brace lists."""
    found = BRACES.search(path)
    if found is None:
        return [path]
    return [expanded for choice in found.group(1).split(",")
            for expanded in expand(path[:found.start()] + choice + path[found.end():])]


def named_paths(text: str) -> list[tuple[int, str]]:
    """(line, path) for every repository path the text names."""
    out: list[tuple[int, str]] = []

    def add(start: int, raw: str) -> None:
        line = text.count("\n", 0, start) + 1
        out.extend((line, path) for path in expand(raw))

    for tick in TICKED.finditer(text):
        # a brace list may wrap onto the next line; after the path may come words
        span = BRACES.sub(lambda m: re.sub(r"\s+", "", m.group(0)), tick.group(1)).strip()
        if span.startswith(PREFIXES):
            add(tick.start(), span.split()[0].rstrip(".,;:"))
    outside = TICKED.sub(lambda m: " " * len(m.group(0)), text)  # (keeps the offsets)
    for bare in BARE.finditer(outside):
        add(bare.start(), bare.group(1))
    return out


def exists(path: str) -> bool:
    if "*" in path:
        return any(ROOT.glob(path))
    return (ROOT / path).exists()


def test_the_pointers_are_read():
    paths = {p for _line, p in named_paths(RULES.read_text(encoding="utf-8"))}
    # a brace list wrapped over two lines, a wildcard, a folder and a plain file
    assert {"roguelike/engine/combat/attack.py", "roguelike/engine/monsters/ai.py",
            "content/traps/*.toml", "roguelike/engine/traps/",
            "content/explore.toml"} <= paths
    assert expand("a/{b,c}/{d,e}.py") == ["a/b/d.py", "a/b/e.py", "a/c/d.py", "a/c/e.py"]


def test_every_path_rules_md_names_exists():
    missing = [f"RULES.md:{line}: {path}"
               for line, path in named_paths(RULES.read_text(encoding="utf-8"))
               if not exists(path)]
    assert not missing, "RULES.md names paths that do not exist:\n" + "\n".join(missing)


@pytest.mark.parametrize("text, path", [
    ("Code: `roguelike/engine/nothing.py`.", "roguelike/engine/nothing.py"),
    ("see roguelike/ui/gone.py, and", "roguelike/ui/gone.py"),
    ("`content/{explore,none}.toml`", "content/none.toml"),
    ("`content/nowhere/*.toml`", "content/nowhere/*.toml"),
])
def test_a_stale_pointer_is_caught(text, path):
    named = [p for _line, p in named_paths(text)]
    assert path in named and not exists(path)


# Engine paths named in the content files that moved after games were recorded: the
# files are inside the content digest (roguelike/content/loader.py), so a corrected note
# would refuse every recorded game and save. Each stays, and RULES.md points at its new home.
FROZEN_IN_CONTENT = {"engine/explore/rest.py": "roguelike/engine/rest/resting_turn.py"}


def test_every_engine_path_the_content_names_exists_or_is_pointed_at():
    rules = RULES.read_text(encoding="utf-8")
    stale = []
    for data in sorted((ROOT / "content").rglob("*.toml")):
        for named in re.findall(r"engine/[\w/]+\.py", data.read_text(encoding="utf-8")):
            moved = FROZEN_IN_CONTENT.get(named)
            if moved is None and not (ROOT / "roguelike" / named).exists():
                stale.append(f"{data.name}: {named}")
            elif moved is not None and not ((ROOT / moved).exists() and named in rules
                                            and moved in rules):
                stale.append(f"{data.name}: {named} (RULES.md must name it and {moved})")
    assert not stale, stale
