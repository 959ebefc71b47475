"""The engine's registries are explicit (issue 27): every action kind, resumer, continuation
and trap operation is listed in one place (engine/rule_registry.py, and TRAP_OPS in
engine/traps/effects.py), none registers itself by being imported, and none defined in the
engine is missing from its list."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import roguelike.engine
from roguelike.content.traps import OPS as OP_FIELDS
from roguelike.engine.base.action import Action, ActionError
from roguelike.engine.game import Game
from roguelike.engine.rule_registry import (
    ACTIONS,
    CONTINUATIONS,
    REGISTRY,
    RESUMERS,
    action_class,
    action_from_dict,
)
from roguelike.engine.traps import effects
from roguelike.engine.traps.effects import TRAP_OPS

ENGINE = Path(roguelike.engine.__file__).parent


def _engine_modules() -> list[ModuleType]:
    return [importlib.import_module(m.name)
            for m in pkgutil.walk_packages(roguelike.engine.__path__, "roguelike.engine.")]


def _subclasses(cls: type) -> set[type]:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub, *_subclasses(sub)}
    return out


def test_every_action_the_engine_defines_is_listed_under_its_kind():
    _engine_modules()
    defined = {cls for cls in _subclasses(Action)
               if cls.kind and cls.__module__.startswith("roguelike.engine.")}
    assert len(defined) > 30
    assert {cls.kind: cls for cls in defined} == ACTIONS
    assert len({cls.kind for cls in defined}) == len(defined), "two classes share a kind"


def test_defining_an_action_registers_nothing():
    @dataclass(frozen=True)
    class Tried(Action):
        kind: ClassVar[str] = "tried_here"

    assert "tried_here" not in ACTIONS and action_class("tried_here") is None
    try:
        action_from_dict({"kind": "tried_here"})
    except ActionError as e:
        assert "unknown action kind" in str(e)
    else:
        raise AssertionError("an unlisted kind was read back")
    assert action_class("step") is ACTIONS["step"]


def test_every_resumer_and_continuation_is_listed_by_its_name():
    """A resumer is `resume_<name>` and a continuation `continue_<name>`, where <name> is
    what a saved game's luck queue holds; each one the engine defines is listed."""
    found: dict[str, dict[str, object]] = {"resume_": {}, "continue_": {}}
    for module in _engine_modules():
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            for prefix, seen in found.items():
                if name.startswith(prefix) and fn.__module__ == module.__name__:
                    seen[name.removeprefix(prefix)] = fn
    assert found["resume_"] == dict(RESUMERS)
    assert found["continue_"] == dict(CONTINUATIONS)
    assert len(RESUMERS) > 10 and len(CONTINUATIONS) > 8


def test_every_trap_operation_is_listed_and_matches_the_content_schema():
    ops = {name for name, _fn in inspect.getmembers(effects, inspect.isfunction)
           if name.startswith("op_")}
    assert {f"op_{k}" for k in TRAP_OPS} == ops
    assert set(TRAP_OPS) == set(OP_FIELDS)


def test_a_game_holds_the_registry():
    assert Game("registry 1").registry is REGISTRY
    assert REGISTRY.actions is ACTIONS and REGISTRY.trap_ops is TRAP_OPS


def test_no_engine_module_keeps_an_import_for_its_side_effect():
    kept = [str(p.relative_to(ENGINE)) for p in sorted(ENGINE.rglob("*.py"))
            if "noqa: F401" in p.read_text()]
    assert not kept, kept
