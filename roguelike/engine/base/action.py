"""The action base: what every command is (Action, its Result, reading a serialised one
back by the engine's table of kinds, engine/rule_registry.py) and the turn's action economy
(spend an action, end a move; a Wait's events: engine/base/kept_events.py).

Like Hauberk's, an action can succeed, fail with a reason (costing nothing), or turn into
another action (a step into a foe becomes an attack). The player, the bot and the monsters
all act through these, so one set of rules governs everyone. This module imports no rule:
the concrete actions live with their rules (engine/actions/basic.py: step, open, attack, wait ...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from roguelike.core.components import Actor
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.words import plural

if TYPE_CHECKING:
    from roguelike.engine.base.views import HasStore
    from roguelike.engine.game import Game

DIRECTIONS: dict[str, tuple[int, int]] = {
    "n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0),
    "ne": (1, -1), "nw": (-1, -1), "se": (1, 1), "sw": (-1, 1),
}


@dataclass
class Result:
    ok: bool
    events: list[Event] = dataclasses.field(default_factory=list)
    reason: str = ""
    alternate: Action | None = None
    # refused only because the move under way holds the turn's last action: outside a
    # fight the move then ends by itself and the action is taken (Game.perform)
    fresh: bool = False


def done(*events: Event) -> Result:
    return Result(True, list(events))


def fail(reason: str) -> Result:
    return Result(False, reason=reason)


def instead(action: Action) -> Result:
    return Result(False, alternate=action)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


class ActionError(ValueError):
    """A serialised action that cannot be read."""


class Action:
    """An action's kind: each is a frozen dataclass of its own fields. The base is a plain
    class (it has no fields): as a dataclass it put every kind below another dataclass,
    which the standard library then checks and writes frozen guards for, 82 functions
    compiled at every start (issue 31: start-up)."""

    # each kind's own fields (declared for the type checker: the base itself has none)
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]
    kind: ClassVar[str] = ""
    uses_time: ClassVar[bool] = True

    def perform(self, game: Game, actor: int) -> Result:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        # fields are ints and strs, so no deep copy (asdict's) is needed; this runs per action
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        return {"kind": self.kind, **{n: getattr(self, n) for n in names}}


def read_action(data: Any, kinds: Mapping[str, type[Action]]) -> Action:
    """A serialised action read back by its kind's class in `kinds` (the registry's)."""
    if not isinstance(data, dict):
        raise ActionError(f"an action must be an object, got {data!r}")
    kind = data.get("kind")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionError(f"unknown action kind {kind!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    args = {k: v for k, v in data.items() if k != "kind"}
    # (a field with a default may be missing: records made before it existed, e.g. Rest's
    # `dark`, play as they were)
    needed = {n for n, f in fields.items() if f.default is dataclasses.MISSING}
    if not needed <= set(args) or not set(args) <= set(fields):
        raise ActionError(f"action {kind!r} needs fields {sorted(fields)}, got {sorted(args)}")
    for name, value in args.items():
        want = fields[name].type
        ok = (isinstance(value, int) and not isinstance(value, bool)) if want == "int" else \
            isinstance(value, str) if want == "str" else \
            isinstance(value, bool) if want == "bool" else True
        if not ok:
            raise ActionError(f"action {kind!r}: field {name!r} has a bad value {value!r}")
    return cls(**args)


def end_move(game: HasStore, actor: int) -> None:
    game.store.get(actor, Actor).move_points = 0


def spend_action(game: HasStore, actor: int) -> Result | None:
    """Use one of the turn's actions for something other than moving."""
    act = game.store.get(actor, Actor)
    if act.actions_left <= 0:
        if act.move_points > 0:  # the status line says "action 2/2, moving": say why not
            return Result(False, reason="No action left for that: the last one is the move "
                          f"under way ({plural(act.move_points, 'movement point')} left).",
                          fresh=True)
        return fail("No actions left this turn.")
    act.move_points = 0  # any other action ends a move under way
    act.actions_left -= 1
    return None
