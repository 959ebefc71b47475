"""The party a game starts with: each role's class and, if the player gave one, a name.

A party is a tuple of (role, class) or (role, class, name) entries, part of the game's
record like its seed: a named party's replay starts with the same names, and the names are
checked wherever a party is read (a new game, a save, a replay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from roguelike.content.loader import Content

NAME_MAX = 20
# Square brackets and backslashes would be read as markup by the screens that show names.
NAME_FORBIDDEN = frozenset("[]\\")

Member = tuple[str, ...]  # (role, class) or (role, class, name)


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a delver, or None. The empty name keeps the default name."""
    if name != name.strip():
        return "A name cannot start or end with a space."
    if len(name) > NAME_MAX:
        return f"A name is at most {NAME_MAX} characters."
    if not name.isprintable():
        return "A name cannot hold control characters."
    if any(ch in NAME_FORBIDDEN for ch in name):
        return "A name cannot hold [, ] or \\."
    if "  " in name:
        return "A name cannot hold two spaces in a row."
    return None


def party_problem(party: tuple[Member, ...], content: Content | None = None) -> str | None:
    """Why `party` cannot start a game, or None: each entry a role, a class and perhaps a
    name, known to `content` when it is given, no role twice, no name twice."""
    roles: list[str] = []
    names: list[str] = []
    for i, member in enumerate(party):
        if len(member) not in (2, 3) or not all(isinstance(v, str) for v in member):
            return f"party member {i + 1} must be a role, a class and perhaps a name"
        role, klass = member[0], member[1]
        if content is not None and role not in content.roles:
            return f"party member {i + 1}: unknown role {role!r}"
        if content is not None and klass not in content.classes:
            return f"party member {i + 1}: unknown class {klass!r}"
        if role in roles:
            return f"the role {role!r} is taken twice"
        roles.append(role)
        name = member[2] if len(member) == 3 else ""
        problem = name_problem(name)
        if problem:
            return f"party member {i + 1}: {problem}"
        if name and name.casefold() in names:
            return f"two delvers are named {name!r}"
        names.append(name.casefold())
    return None


def member_name(member: Member) -> str:
    """The chosen name of a party entry ('' for the default name)."""
    return member[2] if len(member) == 3 else ""


def party_words(party: tuple[Member, ...], content: Content) -> str:
    """'Brand (Leader Warrior), Mercenary Rogue, ...': the party as the score table shows
    it."""
    words = []
    for member in party:
        default = f"{content.roles[member[0]].name} {content.classes[member[1]].name}"
        name = member_name(member)
        words.append(f"{name} ({default})" if name else default)
    return ", ".join(words)
