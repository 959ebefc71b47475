from __future__ import annotations

from collections import Counter

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
