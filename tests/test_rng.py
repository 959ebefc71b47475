from __future__ import annotations

from collections import Counter

import pytest

from roguelike.core.rng import Stream, Streams


def test_same_seed_same_sequence():
    a, b = Stream("amber-wolf-17", "play"), Stream("amber-wolf-17", "play")
    assert [a.d(6) for _ in range(100)] == [b.d(6) for _ in range(100)]


def test_streams_are_independent_and_named():
    s = Streams("amber-wolf-17")
    first = [s.level(3).d(20) for _ in range(5)]
    for _ in range(50):
        s.play.d(6)  # gameplay draws must not move a level's stream
    assert [s.level(3).d(20) for _ in range(5)] == first
    assert [Stream("x", "a").next64() for _ in range(3)] != [Stream("x", "b").next64()
                                                            for _ in range(3)]


def test_known_values_pin_the_generator():
    # If these change, every seed in every challenge changes: that must be on purpose.
    s = Stream("amber-wolf-17", "play")
    assert [s.d(6) for _ in range(12)] == PINNED


PINNED = [2, 6, 3, 3, 5, 2, 3, 5, 1, 2, 1, 5]


def test_d6_is_fair():
    s = Stream("fair", "play")
    counts = Counter(s.d(6) for _ in range(60_000))
    for face in range(1, 7):
        assert 9_500 < counts[face] < 10_500


def test_state_round_trips():
    s = Stream("x", "play")
    s.d(6)
    saved = s.state()
    nxt = [s.d(6) for _ in range(5)]
    t = Stream("x", "play")
    t.restore(saved)
    assert [t.d(6) for _ in range(5)] == nxt


def test_d_draws_exactly_as_1_plus_below() -> None:
    """d writes below's rejection loop out (one call fewer a die): the same values, draws
    and state as 1 + below, for small dice and bounds where rejection happens often."""
    for sides in (1, 2, 6, 12, 20, 100, (1 << 63) + 1, (1 << 64) - 1):
        a, b = Stream("dice", str(sides)), Stream("dice", str(sides))
        assert [a.d(sides) for _ in range(300)] == [1 + b.below(sides) for _ in range(300)]
        assert a.s == b.s and a.draws == b.draws
    with pytest.raises(ValueError, match="positive"):
        Stream("dice", "0").d(0)
