"""Shared pieces of the trap engine: the springing context, step paths, dice, durations.

A placed trap's lasting parts (hazards, confinements) refer back to their step in the
profile by a path such as "1" or "0/effect/0/options/1/steps/0", so components stay plain
data and the profile stays the one source of every number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
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
from roguelike.engine.stats import name_of
from roguelike.engine.words import the_trap

if TYPE_CHECKING:
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
# The effect primitives by name (content/traps/README.md section 8). traps/effects.py defines
# and registers them as it loads; the runner sits here, below both, because the ops make
# hazards (traps/hazards.py) whose hooks run steps again.
OPS: dict[str, Op] = {}


def run_steps(ctx: Ctx, steps: list[Step], victims: list[int], base: str) -> list[int]:
    """Each step in turn on the victims the one before left (section 7)."""
    for i, step in enumerate(steps):
        path = f"{base}/{i}" if base else str(i)
        victims = OPS[step["op"]](ctx, step, victims, path)
    return victims


def profile_of(game: Game, trap_eid: int) -> TrapDef:
    return game.content.traps[game.store.get(trap_eid, Trap).profile]


def step_at(profile: TrapDef, path: str) -> dict[str, Any]:
    node: Any = profile.effect
    for part in path.split("/"):
        node = node[int(part)] if part.isdigit() else node[part]
    if not isinstance(node, dict):
        raise KeyError(f"{profile.id}: no step at {path!r}")
    return node


def roll(game: Game, expr: str | int) -> int:
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


def hit_dice(game: Game, eid: int) -> int:
    stats = game.store.try_get(eid, MonsterStats)
    if stats is not None:
        return max(1, stats.hit_dice)
    char = game.store.try_get(eid, Character)
    return max(1, getattr(char, "level", 1)) if char else 1


def creatures_on(game: Game, squares: list[tuple[int, int]], depth: int) -> list[int]:
    """The creatures standing (not Disabled) on `squares` at `depth`, ascending id."""
    wanted = set(squares)
    store = game.store
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
