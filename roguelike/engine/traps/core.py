"""Shared pieces of the trap engine: the springing context, step paths, dice, durations.

A placed trap's lasting parts (hazards, confinements) refer back to their step in the
profile by a path such as "1" or "0/effect/0/options/1/steps/0", so components stay plain
data and the profile stays the one source of every number. A springing that waits on a
delver's luck (engine/base/luck_queue.py) keeps the step it goes on from as that path's place
in `step_paths` (the queue holds integers), and its context as the trap, the creature
that set it off and the caster level (`trap_ctx` makes the rest again).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Any

from roguelike.content.traps import TrapDef, parse_duration
from roguelike.core.components import (
    Actor,
    Character,
    Disabled,
    MonsterStats,
    Position,
    Trap,
)
from roguelike.core.dice import parse
from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.luck_queue import then, waiting
from roguelike.engine.base.stats import name_of
from roguelike.engine.base.words import the_trap

if TYPE_CHECKING:
    from roguelike.core.ecs import EntityStore
    from roguelike.engine.base.views import HasStore, HasStreams, StoreAndContent
    from roguelike.engine.game import Game



@dataclass
class Ctx:
    """One springing of one trap."""

    game: Game
    trap: int
    profile: TrapDef
    trigger: int
    point: tuple[int, int]
    room: int
    depth: int
    beyond: int
    option: int
    ecl: int = 0
    hazard: int = 0  # the hazard entity running these steps, if any
    events: list[Event] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def the_trap(self) -> str:
        """The trap as a message names it: 'the Darts (2d6) trap' (words.the_trap)."""
        return the_trap(self.profile.name)


Step = dict[str, Any]
Op = Callable[[Ctx, Step, list[int], str], list[int]]
# The effect primitives by name (content/traps/README.md section 8) are traps/effects.py's
# TRAP_OPS, read through game.registry: the runner sits here, below them, because the ops
# make hazards (traps/hazards.py) whose hooks run steps again.


def run_steps(ctx: Ctx, steps: list[Step], victims: list[int], base: str, start: int = 0
              ) -> list[int]:
    """Each step in turn on the victims the one before left (section 7), from `start`.

    A step whose roll waits on luck (an attack's save) ends the run here: the steps left
    wait behind it, given the victims that step was given (a step that can wait hands
    them on unchanged)."""
    for i in range(start, len(steps)):
        step = steps[i]
        path = f"{base}/{i}" if base else str(i)
        victims = ctx.game.registry.trap_ops[step["op"]](ctx, step, victims, path)
        if waiting(ctx.game):
            if i + 1 < len(steps):
                then(ctx.game, "trap_steps", [*ctx_args(ctx), step_index(
                    ctx.profile, f"{base}/{i + 1}" if base else str(i + 1)), *victims])
            break
    return victims


def ctx_args(ctx: Ctx) -> list[int]:
    """The springing as the luck queue keeps it (trap_ctx makes it again)."""
    if ctx.hazard:  # (hazards' steps run under luck_queue.holding: they never wait)
        raise RuntimeError("a hazard's step cannot wait on luck")
    return [ctx.trap, ctx.trigger, ctx.ecl]


def trap_ctx(game: Game, trap_eid: int, trigger: int, ecl: int = 0) -> Ctx:
    """The context of a springing of `trap_eid` set off by `trigger`."""
    trap = game.store.get(trap_eid, Trap)
    pos = game.store.get(trap_eid, Position)
    return Ctx(game, trap_eid, profile_of(game, trap_eid), trigger, pos.xy, trap.room,
               pos.depth, trap.beyond, trap.option, ecl)


def step_paths(profile: TrapDef) -> list[str]:
    """Every step of a profile's effect by its path, in one fixed order."""
    out: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if "op" in node:
                out.append(path)
            for key, value in node.items():
                walk(value, f"{path}/{key}" if path else key)
        elif isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{path}/{i}" if path else str(i))

    walk(profile.effect, "")
    return out


def step_index(profile: TrapDef, path: str) -> int:
    return step_paths(profile).index(path)


def _node_at(profile: TrapDef, path: str) -> Any:
    node: Any = profile.effect
    for part in path.split("/") if path else ():
        node = node[int(part)] if part.isdigit() else node[part]
    return node


def continue_trap_steps(game: Game, args: list[int]) -> list[Event]:
    """The steps of a springing still to run after a step that waited on luck."""
    trap, trigger, ecl, index, *victims = args
    ctx = trap_ctx(game, trap, trigger, ecl)
    base, _, first = step_paths(ctx.profile)[index].rpartition("/")
    run_steps(ctx, _node_at(ctx.profile, base), victims, base, int(first))
    return ctx.events


def profile_of(game: StoreAndContent, trap_eid: int) -> TrapDef:
    return game.content.traps[game.store.get(trap_eid, Trap).profile]


def step_at(profile: TrapDef, path: str) -> dict[str, Any]:
    node = _node_at(profile, path)
    if not isinstance(node, dict):
        raise KeyError(f"{profile.id}: no step at {path!r}")
    return node


def roll(game: HasStreams, expr: str | int) -> int:
    return parse(expr).roll(game.streams.play)


def duration_rounds(game: Game, text: str, ecl: int = 0) -> int:
    """Rounds a duration lasts; -1 for one that lasts until its own end."""
    parsed = parse_duration(text)
    if parsed is None:
        raise ValueError(f"bad duration {text!r}")
    word, count, unit, per_level, _after = parsed
    if word == "instant":
        return 0
    if word != "timed":
        return -1
    n = roll(game, count) * unit
    return n * max(1, ecl) if per_level else n


def hit_dice(game: HasStore, eid: int) -> int:
    stats = game.store.try_get(eid, MonsterStats)
    if stats is not None:
        return max(1, stats.hit_dice)
    char = game.store.try_get(eid, Character)
    return max(1, getattr(char, "level", 1)) if char else 1


def creatures_on(store: EntityStore, squares: list[tuple[int, int]], depth: int) -> list[int]:
    """The creatures standing (not Disabled) on `squares` at `depth`, ascending id."""
    wanted = set(squares)
    positions = store.table(Position)
    out = []
    for eid in store.ids(Actor, Position):
        pos = positions[eid]
        if pos.depth == depth and (pos.x, pos.y) in wanted and not store.has(eid, Disabled):
            out.append(eid)
    return out


def slay(game: Game, eid: int, cause: str) -> list[Event]:
    """Death for a monster; for a character, Disabled (T&T's down state)."""
    store = game.store
    if not store.alive(eid) or store.has(eid, Disabled):
        return []
    if store.has(eid, MonsterStats):
        return game.on_monster_killed(eid, cause)
    store.add(eid, Disabled(cause=cause, by=cause))
    return game.on_disabled(eid, f"{name_of(store, eid)} is struck down ({cause})!")
