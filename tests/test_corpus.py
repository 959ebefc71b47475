"""The fixed corpus of benchmarks/corpus/: the engine's yardstick (benchmarks/resim.py).

A change that alters games makes the first test fail: regenerate the corpus on purpose
(`python benchmarks/corpus.py regenerate`) in its own commit that says why."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import MIN_ACTIONS, MIN_DEEPEST, MUST_HOLD, load, manifest  # noqa: E402
from benchmarks.resim import KindClock, by_kind  # noqa: E402
from roguelike.records.replay import verify_record  # noqa: E402

ENTRIES = manifest()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["seed"] for e in ENTRIES])
def test_every_corpus_game_still_replays_to_its_recorded_hashes(entry):
    record = load(entry)
    assert len(record.actions) == entry["actions"]
    result = verify_record(record)
    assert result["verified"], (
        f"{entry['file']} no longer replays: {result.get('reason')}. If the change alters "
        "games on purpose, run `python benchmarks/corpus.py regenerate` and commit the new "
        "corpus on its own, saying why")
    assert result["state_hash"] == entry["state_hash"] == record.final.state_hash
    assert result["outcome"] == entry["outcome"] and result["depth"] == entry["deepest"]


def test_the_corpus_holds_what_the_issue_asks_for():
    """Depth 1 to 12, fights, rests, traps, Pillagers, a victory, 20,000+ actions."""
    assert sum(e["actions"] for e in ENTRIES) >= MIN_ACTIONS
    assert max(e["deepest"] for e in ENTRIES) >= MIN_DEEPEST
    assert any(e["outcome"] == "victory" for e in ENTRIES)
    for name in MUST_HOLD:
        assert sum(e["holds"][name] for e in ENTRIES) > 0, name
    # small: gzipped, well under a kilobyte per hundred actions
    size = sum((ROOT / "benchmarks" / "corpus" / e["file"]).stat().st_size for e in ENTRIES)
    assert size < sum(e["actions"] for e in ENTRIES) * 10


def test_time_by_action_kind_counts_every_action_once():
    entry = min(ENTRIES, key=lambda e: e["actions"])
    record = load(entry)
    clock = KindClock(record)
    assert verify_record(record, progress=clock)["verified"]
    kinds = by_kind([clock])
    assert sum(int(k["actions"]) for k in kinds.values()) == entry["actions"]
    assert {a.kind for a in record.actions} == set(kinds)
    assert abs(sum(float(k["share"]) for k in kinds.values()) - 1.0) < 0.01
