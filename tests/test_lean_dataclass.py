"""roguelike/core/lean_dataclass.py makes `__eq__`, `__hash__` and `__repr__` without compiling
them (issue 31: start-up); each shape of class the game uses is made both ways here and must
answer as the standard library's does."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import os
import subprocess
import sys
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest

from roguelike.core import lean_dataclass

ROOT = Path(__file__).resolve().parents[1]


def shapes(make: Any) -> dict[str, type]:
    """One class of each shape, made by `make` (the standard library's or ours)."""

    @make(frozen=True)
    class Frozen:
        x: int
        name: str = "a"
        notes: list[int] = field(default_factory=list, compare=False)
        hidden: int = field(default=0, repr=False)
        unhashed: int = field(default=0, hash=False)

    @make(frozen=True, slots=True)
    class FrozenSlots:
        x: int

    @make(slots=True)
    class Mutable:
        x: int
        y: tuple[int, ...] = ()

    @make
    class Bare:
        x: int = 1

    @make(frozen=True)
    class Empty:
        pass

    @make(slots=True, eq=False)
    class NoEq:
        x: int

    @make(frozen=True)
    class OwnMethods:
        x: int

        def __eq__(self, other: object) -> bool:
            return True

        def __repr__(self) -> str:
            return "own"

    @make(frozen=True)
    class OwnHash:
        x: int

        def __hash__(self) -> int:
            return 7

    @make(frozen=True)
    class Child(Frozen):
        extra: int = 3

    @make
    class Loop:
        inner: list[Any] = field(default_factory=list)

    @make(slots=True, kw_only=True)
    class Keywords:
        x: int
        later: int = field(default=5, init=False)
        made: list[int] = field(default_factory=lambda: [1], init=False)
        y: int = 2

    @make(frozen=True, slots=True)
    class PostInit:
        x: int
        twice: int = field(default=0, init=False, compare=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "twice", self.x * 2)

    return {c.__name__: c for c in (Frozen, FrozenSlots, Mutable, Bare, Empty, NoEq,
                                    OwnMethods, OwnHash, Child, Loop, Keywords, PostInit)}


STDLIB, LEAN = shapes(dataclasses.dataclass), shapes(lean_dataclass.dataclass)
ARGS: dict[str, list[tuple[Any, ...]]] = {
    "Frozen": [(1,), (1, "a", [5], 9, 4), (2, "b"), (1, "a")],
    "FrozenSlots": [(1,), (2,), (1,)], "Mutable": [(1,), (1, (2,)), (3,)],
    "Bare": [(), (2,)], "Empty": [(), ()], "NoEq": [(1,), (1,)],
    "OwnMethods": [(1,), (2,)], "OwnHash": [(1,), (2,)],
    "Child": [(1,), (1, "a", [], 0, 0, 4), (1, "a", [], 0, 0, 3)], "Loop": [(), ([1],)],
    "Keywords": [()], "PostInit": [(1,), (2,)],
}
KEYWORDS = {"Keywords": [{"x": 1}, {"x": 1, "y": 3}]}


def answers(classes: dict[str, type], name: str) -> list[Any]:
    cls = classes[name]
    made = ([cls(**kwargs) for kwargs in KEYWORDS[name]] if name in KEYWORDS
            else [cls(*args) for args in ARGS[name]])
    out: list[Any] = [cls.__hash__ is None, cls.__match_args__,  # type: ignore[attr-defined]
                      [f.name for f in dataclasses.fields(cls)],
                      str(inspect.signature(cls.__init__)),  # type: ignore[misc]
                      [getattr(cls.__dataclass_params__, k)  # type: ignore[attr-defined]
                       for k in ("init", "repr", "eq", "frozen")],
                      [copy.deepcopy(a) == a for a in made], [vars(a) if hasattr(a, "__dict__")
                                                              else None for a in made]]
    for a in made:
        # repr names the class by its qualified name, which holds the making function's
        out.append(repr(a).replace(f"{shapes.__qualname__}.<locals>.", ""))
        # the hash itself differs on purpose (stable_hash); equal objects hash equal
        out.append("none" if cls.__hash__ is None
                   else "identity" if cls.__hash__ is object.__hash__
                   else [hash(a) == hash(b) for b in made if a == b])
        out.extend([a == b for b in made] + [a == 1, a.__eq__(object())])
    return out


@pytest.mark.parametrize("name", sorted(ARGS))
def test_each_shape_answers_as_the_standard_librarys(name: str) -> None:
    assert answers(LEAN, name) == answers(STDLIB, name)


def test_frozen_stays_frozen_and_a_loop_is_shown_as_the_standard_library_shows_it() -> None:
    for classes in (STDLIB, LEAN):
        with pytest.raises(dataclasses.FrozenInstanceError):
            classes["Frozen"](1).x = 2  # type: ignore[misc]
        loop = classes["Loop"]()
        loop.inner.append(loop)
        assert repr(loop).endswith("Loop(inner=[...])")
    assert not hasattr(LEAN["FrozenSlots"](1), "__dict__")
    with pytest.raises(TypeError, match="non-frozen dataclass from a frozen one"):
        lean_dataclass.dataclass(type("Thawed", (LEAN["Frozen"],), {}))
    with pytest.raises(TypeError, match="follows default argument"):
        lean_dataclass.dataclass(type("Late", (), {"__annotations__": {"a": "int", "b": "int"},
                                                   "a": 1}))


# in a fresh interpreter: what `sim` and `verify` import, and which of its dataclasses have
# an `__eq__` compiled from text (the standard library's)
PROBE = """
import contextlib, dataclasses, io, sys
from roguelike import cli
with contextlib.redirect_stdout(io.StringIO()):
    cli.main(["sim", "--seed", "lean", "--actions", "5"])
    cli.main(["verify", sys.argv[1]])
for name, module in sorted(sys.modules.items()):
    if name.startswith("roguelike.") and not name.startswith("roguelike.engine.helpers"):
        for value in vars(module).values():
            code = getattr(getattr(value, "__dict__", {}).get("__eq__"), "__code__", None)
            if (isinstance(value, type) and value.__module__ == name
                    and dataclasses.is_dataclass(value) and code is not None
                    and code.co_filename == "<string>"):
                print(name, value.__qualname__)
print("probed")
"""


def test_the_dataclasses_sim_and_verify_import_are_made_by_it() -> None:
    """A module that went back to the standard library's would cost the start-up again."""
    replay = ROOT / "tests" / "fixtures" / "digest-v2.replay.json"
    out = subprocess.run([sys.executable, "-c", PROBE, str(replay)], cwd=ROOT, text=True,
                         capture_output=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["probed"]


def test_init_is_compiled_when_the_class_is_first_made_and_then_kept() -> None:
    @lean_dataclass.dataclass(frozen=True, slots=True)
    class Point:
        x: int
        y: int = 0

    class Named(Point):
        __slots__ = ("name",)

        def __init__(self, name: str, x: int) -> None:
            super().__init__(x)
            object.__setattr__(self, "name", name)

    waiting = Point.__dict__["__init__"]
    assert waiting.__code__.co_filename != "<string>"  # not compiled yet
    assert Named("a", 3).x == 3 and Named("a", 3).name == "a"  # made through super()
    real = Point.__dict__["__init__"]
    assert real is not waiting and real.__code__.co_filename == "<string>"
    assert Point(1, 2) == Point(1, 2) and Point.__dict__["__init__"] is real
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        Point(1, z=2)  # type: ignore[call-arg]


def test_either_maker_builds_on_the_others_classes() -> None:
    """The standard library reads a base's parameters: a frozen class of the standard
    library's below one of ours (as a test's or a screen's may be), and back."""
    @dataclasses.dataclass(frozen=True)
    class Theirs(LEAN["Frozen"]):  # type: ignore[misc,valid-type]
        more: int = 1

    @lean_dataclass.dataclass(frozen=True)
    class Ours(STDLIB["Frozen"]):  # type: ignore[misc,valid-type]
        more: int = 1

    assert Theirs(1).more == Ours(1).more == 1
    assert repr(Ours(1, "b")).endswith("Ours(x=1, name='b', notes=[], unhashed=0, more=1)")
    with pytest.raises(TypeError, match="non-frozen dataclass from a frozen one"):
        dataclasses.dataclass(type("Thawed", (LEAN["Frozen"],), {}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        Ours(1).more = 2  # type: ignore[misc]


STABLE = """
import enum
from roguelike.core.lean_dataclass import dataclass, stable_hash

class Kind(enum.Enum):
    ORC = "orc"

@dataclass(frozen=True)
class Inner:
    name: str

@dataclass(frozen=True)
class Outer:
    name: str
    at: tuple[int, int]
    kind: Kind
    inner: Inner
    tags: frozenset[str]
    gone: None = None

made = [Outer(f"rat {i}", (i, -i), Kind.ORC, Inner(str(i)), frozenset({"a", str(i)}))
        for i in range(40)]
print([hash(m) for m in made[:5]], [m.name for m in set(made)], stable_hash(("x", 1)))
"""


def test_a_frozen_classs_hash_is_the_same_under_every_pythonhashseed() -> None:
    """The built-in hash() of a text changes with PYTHONHASHSEED; the frozen classes' does
    not, so even a set of them comes out in one order on every run."""
    outs = set()
    for seed in ("0", "1", "4242", "random"):
        run = subprocess.run([sys.executable, "-c", STABLE], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        outs.add(run.stdout)
    assert len(outs) == 1, outs


def test_stable_hash_keeps_equal_values_equal_and_refuses_what_cannot_be_hashed() -> None:
    stable = lean_dataclass.stable_hash
    assert stable((1, "a")) == stable((1, "a")) != stable(("a", 1))
    assert stable(frozenset({"a", "b"})) == stable(frozenset({"b", "a"}))
    assert stable(True) == stable(1) and stable(3) == 3
    with pytest.raises(TypeError, match="unhashable type: 'list'"):
        stable(([1],))
    frozen = LEAN["Frozen"]
    assert hash(frozen(1, "a")) == hash(frozen(1, "a"))
    with pytest.raises(TypeError, match="unhashable"):
        hash(LEAN["Mutable"](1))
