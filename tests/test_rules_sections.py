"""RULES.md is laid out by the game's parts (issue 27): one section per engine domain, in the
engine's order, then the parts outside the engine; each section's pointers into the engine
stay in its own folders, and every dotted name it gives (`traps.placement.cuts_the_level`)
is defined where it says. The paths themselves are checked by tests/test_rules_pointers.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_rules_pointers import RULES, named_paths

ROOT = Path(__file__).resolve().parents[1]
ENGINE = "roguelike/engine/"

# Each section, in order, and where its engine pointers may lead (below `roguelike/engine/`).
# `base/` is what every rule stands on; a file named outside a section's folders is the one
# module of another folder that holds part of its rule (it says so in its `Code:` line).
SECTIONS: dict[str, tuple[str, ...]] = {
    "Turns and time": ("turns/", "actions/", "base/", "game.py"),
    "Combat and wounds": ("combat/", "actions/fight_actions.py", "actions/basic.py", "base/",
                          "game.py", "turns/fight_hooks.py"),
    "Checks, conditions and luck": ("status/", "base/", "turns/condition_turns.py",
                                    "combat/attack.py"),
    "Creatures and monsters": ("creatures/", "monsters/ai.py", "monsters/monster_ai.py",
                               "routing/", "actions/drag.py", "base/"),
    "Traps": ("traps/", "base/"),
    "Doors": ("doors/", "levels/stock_explore.py", "turns/party_sight.py", "base/"),
    "Light and sight": ("light/", "items/item_use.py", "turns/party_sight.py", "base/"),
    "Rest and healing": ("rest/", "turns/clock.py", "status/checks.py", "base/"),
    "Items and spells": ("items/", "base/"),
    "Markers and Pillagers": ("markers/", "monsters/pillagers.py", "monsters/pillager_maps.py",
                              "base/"),
    "Levels and stocking": ("levels/", "game.py", "actions/abandon.py", "base/"),
    "The player's helpers": ("helpers/", "rest/resting_turn.py", "base/"),
    "Saves and records": ("base/", "state.py", "game.py", "levels/depths.py"),
    "The UI": ("base/words.py",),
    "The host and web": (),
    "Challenges": (),
    "Content files": (),
}

# The engine's domain folders each have a section that points into them.
DOMAINS = sorted(p.name for p in (ROOT / ENGINE).iterdir()
                 if p.is_dir() and (p / "__init__.py").exists())


def sections(text: str) -> list[tuple[str, str]]:
    """(title, body) of every `## ` section, in order."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    return list(zip(parts[1::2], parts[2::2], strict=True))


def test_one_section_per_part_in_the_engines_order():
    assert [title for title, _body in sections(RULES.read_text(encoding="utf-8"))] \
        == list(SECTIONS)


def test_the_contents_list_every_section():
    text = RULES.read_text(encoding="utf-8")
    for title in SECTIONS:
        assert f"- [{title}](#" in text, title


def stray_pointers(text: str) -> list[str]:
    stray = []
    for title, body in sections(text):
        allowed = SECTIONS.get(title, ())
        for _line, path in named_paths(body):
            inside = path.removeprefix(ENGINE)
            if path.startswith(ENGINE) and inside and not inside.startswith(allowed):
                stray.append(f"{title}: {path}")
    return stray


def test_each_section_points_into_its_own_folders():
    stray = stray_pointers(RULES.read_text(encoding="utf-8"))
    assert not stray, "engine pointers outside their section's folders:\n" + "\n".join(stray)


def test_a_pointer_into_another_domain_is_caught():
    text = ("## Doors\n\n"
            "Code: `roguelike/engine/doors/doorways.py`, `roguelike/engine/traps/make.py`.\n")
    assert stray_pointers(text) == ["Doors: roguelike/engine/traps/make.py"]


def test_every_engine_domain_has_a_section_that_points_into_it():
    text = RULES.read_text(encoding="utf-8")
    named = {path.removeprefix(ENGINE).split("/")[0]
             for _line, path in named_paths(text) if path.startswith(ENGINE)}
    assert set(DOMAINS) <= named, sorted(set(DOMAINS) - named)


DOTTED = re.compile(r"`([a-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\([^`]*\))?`")
DATA_SUFFIXES = (".py", ".toml", ".json", ".md", ".sqlite3")


def module_for(first: str) -> Path | None:
    """The one package folder or module a dotted name starts from: the engine's first (RULES.md
    speaks of rules), else the one of that name anywhere in roguelike/."""
    for top in (ROOT / ENGINE, ROOT / "roguelike"):
        hits = sorted({p for p in top.rglob(f"{first}.py") if "__pycache__" not in p.parts}
                      | {p for p in top.rglob(first)
                         if p.is_dir() and (p / "__init__.py").exists()})
        if hits:
            return hits[0] if len(hits) == 1 else None
    return None


def defines(source: Path, name: str) -> bool:
    text = source.read_text(encoding="utf-8")
    return re.search(rf"^\s*(?:def|class)\s+{name}\b|^\s*{name}\s*[:=]|\bimport\b.*\b{name}\b",
                     text, flags=re.M) is not None


def resolve(dotted: str) -> bool | None:
    """True when each part of `pkg.module.name` is there; None when it names no module of ours."""
    first, *rest = dotted.split(".")
    place = module_for(first)
    if place is None:
        return None
    for part in rest:
        if place.is_dir():
            below = place / f"{part}.py"
            if below.exists() or (place / part).is_dir():
                place = below if below.exists() else place / part
                continue
            place = place / "__init__.py"
        return defines(place, part)
    return True


def test_every_dotted_name_is_defined_where_it_says():
    text = RULES.read_text(encoding="utf-8")
    # (`game.x` is the game in play, an instance: its members are the Game's, not a module's)
    names = sorted({m for m in DOTTED.findall(text)
                    if not m.endswith(DATA_SUFFIXES) and not m.startswith("game.")})
    unresolved = [name for name in names if resolve(name) is False]
    assert not unresolved, "RULES.md names what its module does not define: " + str(unresolved)
    # the check reaches module functions through folders and modules alike
    assert {"traps.placement.cuts_the_level", "healing.heal_box"} <= set(names)


@pytest.mark.parametrize("dotted, found", [
    ("traps.placement.cuts_the_level", True),
    ("traps.placement.no_such_rule", False),
    ("traps.stock.cuts_the_level", False),
    ("healing.heal_box", True),
    ("Character.luck_max", None),
])
def test_dotted_names_resolve(dotted, found):
    assert resolve(dotted) is found


# `RULES.md "Healing and rest"` in a comment, a docstring or a content note
CITED = re.compile(r'RULES(?:\.md)?,?\s+\(?"([^"\n]+)"')


def titles(text: str) -> set[str]:
    """What a reference may name: a heading (with or without its seeds in brackets), a bold
    rule's lead, or an old section the table at the top says where it went."""
    heads = re.findall(r"^#+ (.+)$", text, flags=re.M)
    found = {h for head in heads for h in (head, head.split(" (")[0], head.split(":")[0])}
    found |= {b.rstrip(".:") for b in re.findall(r"\*\*([^*\n]+)\*\*", text)}
    for row in re.findall(r"^\| ([^|]+) \|", text, flags=re.M):
        found |= {old.strip() for old in row.split(";")}
    return found


def test_every_reference_to_a_rules_section_names_one():
    known = titles(RULES.read_text(encoding="utf-8"))
    assert {"Healing and rest", "Rest in the dark", "Event markers", "The state hash"} <= known
    assert "No such section" not in known
    stale, cited = [], 0
    for folder, suffixes in (("roguelike", ("*.py",)), ("tests", ("*.py",)),
                             ("content", ("*.toml", "*.md")), ("benchmarks", ("*.py",))):
        for suffix in suffixes:
            for path in sorted((ROOT / folder).rglob(suffix)):
                text = path.read_text(encoding="utf-8")
                for name in CITED.findall(text):
                    cited += 1
                    if name.rstrip(". ") not in known and not name.endswith("..."):
                        stale.append(f"{path.relative_to(ROOT)}: {name}")
    assert cited >= 30  # (the pattern still reads the references)
    assert not stale, "references to RULES.md sections it does not have:\n" + "\n".join(stale)
