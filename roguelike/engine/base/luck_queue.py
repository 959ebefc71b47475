"""The luck pause (DungeonPunk 004: luck is spent 1:1 on a roll, before or after it): a
failed roll a delver may still buy with luck waits for the player's answer, and so does
everything that comes after it in the same effect.

The waiting is rule state (`game.state.luck_queue`, in the state digest): plain ints and
strings, no closures, so saves (JSON replays) and `roguelike verify` rebuild it exactly.

- An `Offer` is the roll being asked about; it always heads the queue. Its `resume` names
  the resumer (engine/rule_registry.py's RESUMERS) that finishes what the roll decided, given
  whether it now succeeds.
- A `Then` is the rest of an effect the offer interrupted (the darts still to fly, the
  next step of a trap, the rest of a step's consequences): a continuation (`@continuation`)
  named with its integer arguments (the registry's CONTINUATIONS).

Code that calls something which may stop for luck asks `waiting(game)` after it: if so,
it queues what it had left to do with `then(...)` and returns at once, and so does each
caller up the stack, innermost first. The answer (SpendLuck or KeepRoll, each a recorded
action) runs the resumer, then the queued continuations in order; one that stops for luck
again puts its own offer and continuations ahead of those still queued. While anything
waits, no other rule runs (engine/turns/turn_loop.py) and the only action taken is the answer.

An effect that cannot stop half-way (a creature set down by a trap, a lasting hazard's
round) runs `holding(game)`: no offer is made inside it, and the roll stands as with
luck_prompt "never".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import field
from functools import partial
from typing import TYPE_CHECKING

from roguelike.core.lean_dataclass import dataclass

if TYPE_CHECKING:
    from roguelike.core.events import Event
    from roguelike.engine.base.views import HasState
    from roguelike.engine.game import Game

Resumer = Callable[["Game", list[int], bool], list["Event"]]
Continuation = Callable[["Game", list[int]], list["Event"]]
# (the resumers and continuations by name are listed in engine/rule_registry.py, which the
# game holds as game.registry: they are rules, above this module)


@dataclass(slots=True)
class Offer:
    """A failed roll delver `eid` may still buy: `cost` luck turns it (roll vs need)."""

    eid: int
    label: str
    roll: int
    need: int
    cost: int
    resume: str
    args: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Then:
    """What an effect had left to do when an offer stopped it."""

    step: str
    args: list[int] = field(default_factory=list)


@dataclass(slots=True)
class LuckQueue:
    """The offer waiting and the continuations behind it, in the order they run (empty
    while nothing waits). `holds` counts the effects under way that cannot stop (0 between
    actions)."""

    items: list[Offer | Then] = field(default_factory=list)
    holds: int = 0


def waiting(game: HasState) -> bool:
    """Whether a roll waits on the player's luck (nothing else may happen until answered)."""
    return bool(game.state.luck_queue.items)


def offer_waiting(game: HasState) -> Offer | None:
    """The roll the player is asked about now, if any."""
    items = game.state.luck_queue.items
    head = items[0] if items else None
    return head if isinstance(head, Offer) else None


def may_offer(game: HasState) -> bool:
    """Whether an offer made now could wait: nothing waits yet and no effect under way
    forbids stopping."""
    queue = game.state.luck_queue
    return not queue.items and queue.holds == 0


def ask(game: HasState, offer: Offer) -> None:
    queue = game.state.luck_queue
    if queue.items:  # (luck.offer_luck asks may_offer first)
        raise RuntimeError("a second offer while one waits: a caller went on after it")
    queue.items.append(offer)


def then(game: Game, step: str, args: list[int]) -> None:
    """Queue the rest of an effect behind the offer that stopped it."""
    if step not in game.registry.continuations:
        raise KeyError(f"no continuation {step!r}")
    queue = game.state.luck_queue
    if not queue.items:
        raise RuntimeError(f"{step}: nothing waits, so nothing need be put off")
    queue.items.append(Then(step, list(args)))


@contextmanager
def holding(game: HasState) -> Iterator[None]:
    """An effect that cannot stop half-way: no luck is offered inside it."""
    queue = game.state.luck_queue
    queue.holds += 1
    try:
        yield
    finally:
        queue.holds -= 1


def answer(game: Game, ok: bool) -> list[Event]:
    """The player answered the offer at the head: finish the roll, then go on with what
    waited behind it until everything is done or another offer stops it."""
    queue = game.state.luck_queue
    offer = queue.items.pop(0)
    if not isinstance(offer, Offer):
        raise RuntimeError("the luck queue is not headed by an offer")
    events = _first(game, partial(game.registry.resumers[offer.resume], game, list(offer.args), ok))
    return events + go_on(game)


def go_on(game: Game) -> list[Event]:
    """Run the queued continuations, in order, until an offer heads the queue again."""
    items = game.state.luck_queue.items
    events: list[Event] = []
    while items and isinstance(items[0], Then):
        step = items.pop(0)
        assert isinstance(step, Then)  # (for the type: the loop's test says it)
        go = game.registry.continuations[step.step]
        events += _first(game, partial(go, game, list(step.args)))
    return events


def _first(game: HasState, run: Callable[[], list[Event]]) -> list[Event]:
    """Run one piece with the queue set aside: what it queues (an offer and the rest of its
    own effect) goes ahead of what was already waiting."""
    items = game.state.luck_queue.items
    later = items[:]
    items.clear()
    try:
        return run()
    finally:
        items.extend(later)
