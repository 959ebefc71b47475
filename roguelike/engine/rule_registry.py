"""The engine's registries, each listed here and nowhere else: every action kind a record
can hold, the resumers that finish a roll offered luck, the continuations of an effect that
waited on luck, and the trap effect operations. Nothing registers itself as a side effect of
being imported: a new action, resumer or continuation is added to its table below (and a
new trap operation to `TRAP_OPS` in engine/traps/effects.py), and tests/test_registry.py
fails on one defined but not listed.

The game holds `REGISTRY` (`game.registry`), which the luck pause (engine/base/luck_queue.py)
and the trap step runner (engine/traps/core.py) read: they sit below every rule they call.
The UI and the records read the tables here (`ACTIONS`, `action_from_dict`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.actions.abandon import Quit
from roguelike.engine.actions.basic import (
    Attack,
    EndMove,
    Lead,
    OpenDoor,
    Step,
    TakeStairs,
    Wait,
    continue_moved_too,
)
from roguelike.engine.actions.drag import Drag
from roguelike.engine.actions.fight_actions import (
    Advance,
    GetUp,
    Maneuver,
    RangedAttack,
    RecoverWeapon,
)
from roguelike.engine.actions.marching import continue_party_follows
from roguelike.engine.base.action import Action, read_action
from roguelike.engine.base.luck_queue import Continuation, Resumer
from roguelike.engine.combat.attack import resume_attack, resume_save
from roguelike.engine.creatures.inventory import Bank, Drop, Give, PickUp, Take
from roguelike.engine.doors.doorways import (
    BreakDoor,
    CloseDoor,
    ForceDoor,
    Listen,
    LockDoor,
    PickLock,
    resume_break_door,
    resume_force_door,
    resume_listen,
    resume_lock_door,
    resume_pick_lock,
)
from roguelike.engine.doors.doorways import Search as SearchDoors
from roguelike.engine.items.item_use import UseItem, resume_crystal_ball
from roguelike.engine.items.spells import Cast, resume_cast, resume_resist_confusion
from roguelike.engine.markers.event_markers import (
    RetryCheck,
    continue_contact_acted,
    continue_marker_revealed,
    continue_markers_near,
    resume_marker_check,
    resume_marker_disarm,
    resume_marker_retry,
)
from roguelike.engine.monsters.pillagers import Deposit, Grab, PillagerStep
from roguelike.engine.rest.resting_turn import Rest
from roguelike.engine.status.luck import KeepRoll, PledgeInitiative, SpendLuck, resume_check
from roguelike.engine.traps.core import Op, continue_trap_steps
from roguelike.engine.traps.effects import (
    TRAP_OPS,
    continue_trap_figure_attacks,
    continue_trap_shots,
    resume_trap_shot,
)
from roguelike.engine.traps.trap_actions import Disarm, Expose, Free, Search, Struggle
from roguelike.engine.traps.trigger import continue_trap_sprung, continue_traps_moved
from roguelike.engine.turns.explore_hooks import continue_explore_moved

_ACTION_CLASSES: tuple[type[Action], ...] = (
    # engine/actions: the basic ones, the fight's, dragging, giving up
    Step, OpenDoor, Attack, EndMove, Wait, Lead, TakeStairs,
    RangedAttack, Maneuver, GetUp, RecoverWeapon, Advance, Drag, Quit,
    # carrying (engine/creatures/inventory.py)
    PickUp, Drop, Give, Take, Bank,
    # doors
    ForceDoor, BreakDoor, PickLock, LockDoor, CloseDoor, SearchDoors, Listen,
    # traps
    Search, Expose, Disarm, Struggle, Free,
    # items and spells, markers, rest
    UseItem, Cast, RetryCheck, Rest,
    # luck
    SpendLuck, PledgeInitiative, KeepRoll,
    # the Pillagers (creatures only)
    PillagerStep, Grab, Deposit,
)

# Every action kind -> its class: what a record's actions are read back by.
ACTIONS: dict[str, type[Action]] = {cls.kind: cls for cls in _ACTION_CLASSES}

# What finishes a roll offered luck (luck_queue.Offer.resume names one): (game, args, the
# roll now succeeds) -> events. The names are in saved games: never rename one.
RESUMERS: Mapping[str, Resumer] = {
    "check": resume_check,
    "attack": resume_attack,
    "save": resume_save,
    "force_door": resume_force_door,
    "break_door": resume_break_door,
    "pick_lock": resume_pick_lock,
    "lock_door": resume_lock_door,
    "listen": resume_listen,
    "crystal_ball": resume_crystal_ball,
    "cast": resume_cast,
    "resist_confusion": resume_resist_confusion,
    "marker_check": resume_marker_check,
    "marker_disarm": resume_marker_disarm,
    "marker_retry": resume_marker_retry,
    "trap_shot": resume_trap_shot,
}

# The rest of an effect a luck offer stopped (luck_queue.Then.step names one): (game, args)
# -> events. The names are in saved games too.
CONTINUATIONS: Mapping[str, Continuation] = {
    "moved_too": continue_moved_too,
    "party_follows": continue_party_follows,
    "explore_moved": continue_explore_moved,
    "markers_near": continue_markers_near,
    "marker_revealed": continue_marker_revealed,
    "contact_acted": continue_contact_acted,
    "trap_steps": continue_trap_steps,
    "trap_sprung": continue_trap_sprung,
    "traps_moved": continue_traps_moved,
    "trap_shots": continue_trap_shots,
    "trap_figure_attacks": continue_trap_figure_attacks,
}


@dataclass(frozen=True, slots=True)
class Registry:
    """The tables a game's lower layers look up by name (Game.registry)."""

    actions: Mapping[str, type[Action]]
    resumers: Mapping[str, Resumer]
    continuations: Mapping[str, Continuation]
    trap_ops: Mapping[str, Op]


REGISTRY = Registry(ACTIONS, RESUMERS, CONTINUATIONS, TRAP_OPS)


def action_from_dict(data: Any) -> Action:
    """A recorded action read back (ActionError if it cannot be)."""
    return read_action(data, ACTIONS)


def action_class(kind: str) -> type[Action] | None:
    """The class of an action kind, or None for a kind the engine does not have."""
    return ACTIONS.get(kind)
