"""Fuzzing the content loader and the action deserialiser.

Real content files are copied to a temporary folder and mutated: fields deleted, values of
the wrong type, huge numbers, odd unicode, whole entries dropped, TOML garbled at the byte
level. Loading must then either work or raise ContentError naming the file (and the entry
and field when the mutation was inside an entry); never any other exception.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from roguelike.content.loader import content_root, load_content
from roguelike.content.schema import ContentError
from roguelike.engine import game as _game  # noqa: F401  (its import registers every action)
from roguelike.engine.base.action import ActionError
from roguelike.engine.rule_registry import ACTIONS, action_from_dict

CONTENT = content_root()
FILES = sorted(str(p.relative_to(CONTENT)) for p in CONTENT.rglob("*.toml"))
PARSED = {f: tomllib.loads((CONTENT / f).read_text()) for f in FILES}
# FUZZ_EXAMPLES=2000 for a long local run
FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "40")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ----- a small TOML writer (inline tables and arrays keep it short) ----------------------


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)  # JSON string escapes are valid TOML basic-string escapes
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}"
                               for k, x in v.items()) + "}"
    raise TypeError(type(v))


def dump_toml(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(str(k))} = {_toml_value(v)}\n" for k, v in data.items())


def test_toml_writer_round_trips_every_content_file():
    for f, data in PARSED.items():
        assert tomllib.loads(dump_toml(data)) == data, f


# ----- mutations ---------------------------------------------------------------------------

HUGE = st.sampled_from([2**63 - 1, -(2**63), 10**18, -1, 0, 2**31, 10**9])
ODD_TEXT = st.sampled_from(["", " ", "\u202e", "é", "🐉", "a" * 5000, "\x00", "[x]", "#"])
SCALARS = st.one_of(HUGE, st.integers(-100, 100), st.booleans(), st.text(max_size=12),
                    ODD_TEXT, st.floats(allow_nan=True, allow_infinity=True))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=4),
                   st.dictionaries(st.text(max_size=6), SCALARS, max_size=3))


def _mutate(data: Any, draw: st.DrawFn, depth: int = 0) -> Any:
    """Change one thing somewhere inside parsed TOML; returns the new value."""
    if isinstance(data, dict) and data:
        key = draw(st.sampled_from(sorted(data)))
        how = draw(st.sampled_from(["delete", "replace", "descend", "descend", "add"]))
        out = dict(data)
        if how == "delete":
            del out[key]
        elif how == "replace":
            out[key] = draw(VALUES)
        elif how == "add":
            out[draw(st.text(min_size=1, max_size=8))] = draw(VALUES)
        else:
            out[key] = _mutate(data[key], draw, depth + 1)
        return out
    if isinstance(data, list) and data:
        i = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["delete", "replace", "descend", "descend", "empty",
                                    "duplicate"]))
        out_list = list(data)
        if how == "delete":
            del out_list[i]
        elif how == "replace":
            out_list[i] = draw(VALUES)
        elif how == "empty":
            out_list = []
        elif how == "duplicate":
            out_list.append(data[i])
        else:
            out_list[i] = _mutate(data[i], draw, depth + 1)
        return out_list
    return draw(VALUES)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    """One copy of the content for the module's examples (each rewrites one file, then
    restores it), removed when they are done: nothing is left in the temporary folder."""
    with tempfile.TemporaryDirectory(prefix="fuzz-content-") as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(CONTENT, root)
        yield root


def _load_mutated(root: Path, file: str, text: bytes) -> None:
    try:
        (root / file).write_bytes(text)
        load_content(root)
    except ContentError as err:
        assert err.file, "a content error must name its file"
        assert err.file in FILES or err.file.rstrip("/") in {
            str(Path(f).parent) for f in FILES}, f"names no real file: {err}"
        assert err.problem, err
        assert str(err).startswith(err.file)
    finally:
        shutil.copyfile(CONTENT / file, root / file)


@FUZZ
@given(st.sampled_from(FILES), st.data())
def test_structural_mutations_give_content_errors(scratch, file, data):
    mutated = _mutate(PARSED[file], data.draw)
    _load_mutated(scratch, file, dump_toml(mutated).encode())


@FUZZ
@given(st.sampled_from(FILES), st.data())
def test_garbled_bytes_give_content_errors(scratch, file, data):
    raw = (CONTENT / file).read_bytes()
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw)))
        how = data.draw(st.sampled_from(["insert", "delete", "truncate", "bytes"]))
        if how == "insert":
            raw = raw[:at] + data.draw(st.sampled_from(
                [b"[", b"]", b"=", b'"', b"\n", b"[[", b"{", b"\\", b"'''", b"\xff\xfe",
                 b"\xe9", "é".encode(), b"\x00", b"= = ="])) + raw[at:]
        elif how == "delete":
            raw = raw[:at] + raw[at + data.draw(st.integers(1, 40)):]
        elif how == "truncate":
            raw = raw[:at]
        else:
            raw = raw[:at] + data.draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    _load_mutated(scratch, file, raw)


def test_mutation_inside_an_entry_names_file_entry_and_field():
    party = dict(PARSED["party.toml"])
    classes = [dict(c) for c in party["class"]]
    classes[1]["glyph"] = 7
    party["class"] = classes
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(CONTENT, root)
        (root / "party.toml").write_text(dump_toml(party))
        try:
            load_content(root)
        except ContentError as err:
            assert (err.file, err.entry, err.field) == ("party.toml", classes[1]["id"], "glyph")
        else:
            raise AssertionError("a number as a glyph was accepted")


def test_invalid_utf8_is_a_content_error():
    # regression: tomllib raises UnicodeDecodeError, not TOMLDecodeError, on such bytes
    raw = (CONTENT / "rules.toml").read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(CONTENT, root)
        (root / "rules.toml").write_bytes(raw + b'\nnote = "\xff\xfe"\n')
        try:
            load_content(root)
        except ContentError as err:
            assert err.file == "rules.toml" and "UTF-8" in err.problem
        else:
            raise AssertionError("invalid UTF-8 was accepted")


def test_huge_die_size_is_refused_quickly():
    # regression: a huge location_die built a list of that many faces (memory, hang)
    rules = dict(PARSED["rules.toml"], location_die=10**18)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(CONTENT, root)
        (root / "rules.toml").write_text(dump_toml(rules))
        try:
            load_content(root)
        except ContentError as err:
            assert err.file in ("rules.toml", "party.toml")
        else:
            raise AssertionError("a 10**18-sided die was accepted")


# ----- actions -----------------------------------------------------------------------------

JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(JSONISH)
def test_action_from_random_data_is_action_error_or_action(data):
    try:
        action = action_from_dict(data)
    except ActionError:
        return
    assert action.to_dict() == data


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(ACTIONS)), st.data())
def test_action_from_mutated_real_actions(kind, data):
    cls = ACTIONS[kind]
    import dataclasses

    base: dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(cls):
        base[f.name] = 1 if f.type == "int" else True if f.type == "bool" else "down"
    mutated = _mutate(base, data.draw)
    try:
        action = action_from_dict(mutated)
    except ActionError:
        return
    # (a field with a default may be left out: records made before it existed)
    defaults = {f.name: f.default for f in dataclasses.fields(cls)
                if f.default is not dataclasses.MISSING}
    assert action.to_dict() == {**defaults, **mutated}
