"""Every hand-inlined copy of a rule kept for speed, held to its original.

A copy stays only where a measurement showed that calling the original costs (see each
copy's comment); this file fails if either side changes without the other. The turn loop's
rule for whether a creature can start its turn has no copy: the loop asks turn_loop.can_start.
"""

from __future__ import annotations

import random

import pytest

from roguelike.bot.player import Bot
from roguelike.core.events import Event
from roguelike.core.rng import Stream
from roguelike.engine.game import Game
from roguelike.engine.turns import turn_loop
from roguelike.world.paths import _climb_any, _climb_inside

_MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _MASK


def _reference_next(s: list[int]) -> int:
    """xoshiro256** next(), as in Blackman and Vigna's reference C (xoshiro256starstar.c)."""
    result = (_rotl((s[1] * 5) & _MASK, 7) * 9) & _MASK
    t = (s[1] << 17) & _MASK
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@pytest.mark.parametrize("name", ["play", "cosmetic", "level/1/layout", "level/12/bench"])
def test_next64_is_the_reference_xoshiro256starstar(name: str) -> None:
    stream = Stream("amber-wolf-17", name)
    state = list(stream.s)
    for _ in range(5000):
        assert stream.next64() == _reference_next(state)
    assert stream.s == state


def test_climb_inside_is_climb_any_on_every_inner_square() -> None:
    """Small values make ties among the lower neighbours, where _CLIMB_ORDER decides."""
    rng = random.Random(19)
    checked = 0
    for _ in range(400):
        h, w = rng.randint(3, 7), rng.randint(3, 7)
        top = rng.choice((2, 3, 5, 1000))
        rows = [[rng.randint(0, top) for _x in range(w)] for _y in range(h)]
        for y in range(1, h - 1):
            for x in range(1, w - 1):
                assert _climb_inside(rows[y - 1], rows[y], rows[y + 1], x, y) \
                    == _climb_any(rows, x, y), (rows, x, y)
                checked += 1
    assert checked > 2000


# Events said of a delver off its turn: the lead handed to it when the one led falls, the
# party's fatigue told for each member as the clock runs.
NOT_TURNS = ("lead", "fatigue")


def _turns(events: list[Event]) -> set[int]:
    """The creatures whose turn began or who acted (moved, attacked, waited, ...)."""
    return {e.actor for e in events if e.actor is not None and e.kind not in NOT_TURNS}


def _play(game: Game, actions: int) -> set[int]:
    """The creatures that had a turn in `actions` of a bot's game."""
    bot = Bot()
    took = _turns(game.restart_round())
    for _ in range(actions):
        if game.over:
            break
        took |= _turns(game.perform(bot.choose(game)))
    return took


def test_the_turn_loop_asks_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """A creature can_start refuses is never given a turn: the loop's checks all come
    from it (a copy written out in the loop would give it its turns)."""
    game = Game("inlined-copies-1")
    refused = game.party[1]
    assert refused in _play(Game("inlined-copies-1"), 60)  # (it has turns otherwise)
    original = turn_loop.can_start
    monkeypatch.setattr(turn_loop, "can_start",
                        lambda game, eid: eid != refused and original(game, eid))
    took = _play(game, 60)
    assert took and refused not in took


def _acts(events: list[Event]) -> set[int]:
    return {e.actor for e in events if e.actor is not None and e.kind != "turn"}


def test_a_turn_refused_once_begun_goes_no_further(monkeypatch: pytest.MonkeyPatch) -> None:
    """The loop asks can_start again on every pass, not only when a turn begins: refused
    once its two actions are granted, the creature's turn ends without its acting."""
    refused_seed = "inlined-copies-3"
    game = Game(refused_seed)
    bot = Bot()
    acted = _acts(game.restart_round())
    for _ in range(60):
        acted |= _acts(game.perform(bot.choose(game)))
    # (a monster, which acts only in its own turns: one that acts otherwise)
    refused = min(e for e in acted if e in game._actors and game._actors[e].side != "party")
    game = Game(refused_seed)
    original = turn_loop.can_start
    granted = game.content.rules.actions_per_turn
    monkeypatch.setattr(turn_loop, "can_start", lambda g, eid: original(g, eid) and not (
        eid == refused and g._actors[eid].actions_left == granted))
    acted = _acts(game.restart_round())
    began = _turns(game.restart_round())
    for _ in range(60):
        events = game.perform(bot.choose(game))
        acted |= _acts(events)
        began |= {e.actor for e in events if e.kind == "turn" and e.actor is not None}
    assert refused in began and refused not in acted
