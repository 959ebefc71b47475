"""Fuzzing the save and replay loaders: always a clear error, never a crash or a bad write."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from records_util import bot_game

from roguelike.records import save as S
from roguelike.records.codec import RecordError, checksum, decode
from roguelike.records.replay import verify_file, write_replay

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
_GAME = bot_game("e-1", actions=30, budget=0)
with tempfile.TemporaryDirectory() as _tmp:
    VALID = write_replay(_GAME, Path(_tmp) / "r.json").read_bytes()
    VALID_SAVE = S.save_game(_GAME, Path(_tmp), "base").read_bytes()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 70), 1 << 70) | st.text(max_size=8)
    | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*prefix, i))
    return out


def _set(doc: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    doc[path[0]] = _set(doc[path[0]], path[1:], new)
    return doc


def _mutate_bytes(data: bytes, cuts: list[tuple[int, int]]) -> bytes:
    buf = bytearray(data)
    for pos, byte in cuts:
        if buf:
            buf[pos % len(buf)] = byte
    return bytes(buf)


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_are_refused_clearly(blob):
    try:
        decode(blob)
    except RecordError as err:
        assert str(err)


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), min_size=1,
                max_size=4), st.integers(0, len(VALID_SAVE)))
def test_damaged_saves_are_refused_and_moved_aside_intact(tmp_path_factory, cuts, keep):
    directory = tmp_path_factory.mktemp("fz")
    bad = _mutate_bytes(VALID_SAVE, cuts)[:keep]
    path = S.save_path(directory, "p")
    path.write_bytes(bad)
    try:
        loaded = S.load_game(directory, "p")
    except S.SaveError as err:
        assert "p.save.json" in str(err)
        assert sorted(p.name for p in directory.iterdir()) == ["p.save.json.corrupt-1"]
        assert (directory / "p.save.json.corrupt-1").read_bytes() == bad
    else:  # a harmless change (e.g. in whitespace) may leave the save good
        assert loaded.game.state_hash() == _GAME.state_hash()


@FUZZ
@given(st.data(), json_values)
def test_edited_and_resigned_records_never_crash_the_verifier(tmp_path_factory, data, new):
    doc = json.loads(VALID)
    path = data.draw(st.sampled_from(_paths(doc["body"])))
    doc["body"] = _set(doc["body"], path, new)
    doc["checksum"] = checksum(doc["body"])
    file = tmp_path_factory.mktemp("fz") / "r.json"
    file.write_text(json.dumps(doc))
    result = verify_file(file)
    assert set(result) >= {"verified", "score", "state_hash"}
    if not result["verified"]:
        assert result["reason"]
    json.dumps(result)  # the last line of `verify` must always be printable


@FUZZ
@given(st.data(), json_values)
def test_edited_and_resigned_saves_load_or_fail_clearly(tmp_path_factory, data, new):
    doc = json.loads(VALID_SAVE)
    path = data.draw(st.sampled_from(_paths(doc["body"])))
    doc["body"] = _set(doc["body"], path, new)
    doc["checksum"] = checksum(doc["body"])
    directory = tmp_path_factory.mktemp("fz")
    S.save_path(directory, "q").write_text(json.dumps(doc))
    try:
        S.load_game(directory, "q")
    except S.SaveError as err:
        assert str(err) and (directory / "q.save.json.corrupt-1").is_file()
