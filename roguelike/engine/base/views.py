"""Narrow views of the game: the few members a rule reads, as Protocols.

A rule that reads only the entity store, the content, the rule state or the random
streams says so by taking one of these instead of the whole Game (engine/game.py
satisfies every one; nothing needs registering). Its callers pass the game as before,
and a test or a tool may pass anything with those members. Where a rule needs the
store alone, it takes the EntityStore itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from roguelike.content.loader import Content
    from roguelike.core.ecs import EntityStore
    from roguelike.core.rng import Streams
    from roguelike.engine.base.rule_state import RuleState
    from roguelike.world.level import Level


class HasStore(Protocol):
    """The entity store (every entity and component)."""

    @property
    def store(self) -> EntityStore: ...


class HasContent(Protocol):
    """The content tables, loaded once (roguelike/content/)."""

    @property
    def content(self) -> Content: ...


class HasState(Protocol):
    """The rule state (engine/base/rule_state.py): the luck queue, the round, the mode."""

    @property
    def state(self) -> RuleState: ...


class HasStreams(Protocol):
    """The named random streams (core/rng.py)."""

    @property
    def streams(self) -> Streams: ...


class StoreAndContent(HasStore, HasContent, Protocol):
    """The entity store and the content: a rule that looks things up and reads their
    table rows, and rolls nothing."""


class Board(HasStore, Protocol):
    """Where things are: the store, the party, the depth the party is on and its level."""

    @property
    def depth(self) -> int: ...

    @property
    def level(self) -> Level: ...

    @property
    def party(self) -> list[int]: ...


class BoardAndContent(Board, HasContent, Protocol):
    """Where things are and the content: a rule that reads the board and the table rows
    of what stands on it, and rolls nothing."""
