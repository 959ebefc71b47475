"""Argument types for the command line: each refuses a bad value with a sentence that says
what is allowed, before anything starts (argparse turns it into a usage error, exit 2).

The game's content is imported only by the types that read it (`party`, `depth`), when a command
line has such an argument: `roguelike --help` and every command without one start without
it (issue 31: start-up)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from roguelike.engine.base.seeds import SeedError, normalise_seed

ROLES = ("leader", "mercenary", "apprentice")


def int_range(low: int, high: int | None = None) -> Callable[[str], int]:
    """An int type accepting low..high (no upper bound when high is None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            allowed = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise argparse.ArgumentTypeError(f"{value} is out of range: {allowed}")
        return value

    parse.__name__ = "number"  # argparse names the type in "invalid number value"
    return parse


def seed(text: str) -> str:
    try:
        return normalise_seed(text)
    except SeedError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _content_problem(err: Exception) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(f"the game's content cannot be read: {err}")


def party(text: str) -> tuple[tuple[str, str], ...]:
    """'warrior,rogue,mage': the classes of the Leader, the Mercenary and the Apprentice."""
    from roguelike.content.loader import default_content
    from roguelike.content.schema import ContentError

    try:
        known = list(default_content().classes)  # as party.toml lists them
    except ContentError as err:
        raise _content_problem(err) from None
    classes = [c.strip().lower() for c in text.split(",")]
    if len(classes) != len(ROLES):
        raise argparse.ArgumentTypeError(
            f"takes {len(ROLES)} classes, one each for {', '.join(ROLES)}, "
            f"e.g. {','.join(known[:3])}")
    unknown = [c for c in classes if c not in known]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no class {unknown[0]!r}; the classes are {', '.join(known)}")
    return tuple(zip(ROLES, classes, strict=True))


def depth(text: str) -> int:
    """A dungeon level: 1 to the deepest the content has."""
    from roguelike.content.loader import default_content
    from roguelike.content.schema import ContentError

    try:
        deepest = default_content().explore.depths
    except ContentError as err:
        raise _content_problem(err) from None
    return int_range(1, deepest)(text)
