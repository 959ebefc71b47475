"""Events kept for reuse: the ones the turn loop makes for every turn of every creature.

Events are frozen, so one Event serves every time alike: the turn's own event (one a
creature and initiative roll) and a creature's Wait (a Pillager kept from its way waits
every turn of a rest: a replay of the corpus made a quarter of a million). Each is a
kept answer with no kinds of change (a memo of a pure function of its key: never stale),
held to a fresh Event under ROGUELIKE_CHECK_KEPT.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from roguelike.core.components import Actor
from roguelike.core.events import Event
from roguelike.engine.base.kept import Answer, declare

if TYPE_CHECKING:
    from roguelike.engine.game import Game

WAIT_EVENTS = declare("wait_events", __name__, (), why=(
    "actor -> its Wait's Event: events are frozen, one serves every wait of a creature"))

KEEP = 4096  # events a kept answer holds before it starts afresh (ids and rolls are few)


def kept_event(game: Game, answer: Answer[dict[Any, Event]], key: object, kind: str,
               text: str = "", actor: int = 0, target: int = 0, x: int = -1, y: int = -1,
               roll: int = 0) -> Event:
    """Event(kind, text, actor, target, x, y, roll), kept by `key` in `answer` (a memo:
    the same key always makes the same Event)."""
    kept = game.kept
    events: dict[Any, Event] | None = kept.values.get(answer.name)
    if events is None:
        events = answer.put(game, {})
    event = events.get(key)
    if event is None:
        if len(events) >= KEEP:
            events.clear()
        event = events[key] = Event(kind, text, actor, target, x, y, roll)
    elif kept.check:
        answer.check(game, event, Event(kind, text, actor, target, x, y, roll))
    return event


def wait_events(game: Game, actor: int) -> list[Event]:
    """What Wait does, and the events it gives: for the creatures' own decisions, which
    want the events alone (a Wait always succeeds and never turns into another action)."""
    act = game.store.get(actor, Actor)
    act.actions_left = 0
    act.move_points = 0
    return [kept_event(game, WAIT_EVENTS, actor, "wait", "", actor)]
