"""A walk whose way flips at every step, after TO_AND_FRO steps between the same two
squares, waits where it stands for HOLD_ROUNDS turns, saying why once, then walks on
(hunt-6's depth 3: `o` paced between two squares for travel.STALL_STEPS steps, 50 rounds a
press, while Pillagers beside the way stepped in and out of sight)."""

from __future__ import annotations

import itertools

from test_party_moves import HALL

from roguelike.core.components import Position
from roguelike.engine.actions.basic import Step
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.travel import HOLD_ROUNDS, HOLDS, TO_AND_FRO, TO_AND_FRO_WORDS
from roguelike.engine.scenario import scenario


def _hall() -> Game:
    game = scenario(HALL, rolls=[6] * 400)
    game.level.explored[:] = True  # (nothing new to see: every step is idle)
    return game


def test_to_and_fro_waits_for_them_to_move_and_says_why_once():
    game = _hall()
    steps = itertools.cycle([Step(1, 0), Step(-1, 0)])
    start = len(game.history)
    walk = travel.Run(game, lambda g, e: next(steps))
    travel.run(game, walk, limit=2 * (TO_AND_FRO + HOLD_ROUNDS))
    kinds = [a["kind"] for _r, a in game.history[start:]]
    assert kinds[:TO_AND_FRO] == ["step"] * TO_AND_FRO
    assert kinds[TO_AND_FRO:TO_AND_FRO + HOLD_ROUNDS] == ["wait"] * HOLD_ROUNDS
    assert kinds.count("wait") == 2 * HOLD_ROUNDS  # (and again, but said once)
    assert walk.news == TO_AND_FRO_WORDS


def test_a_walk_that_goes_on_is_not_stopped():
    game = _hall()
    goal = (30, 1)
    _events, why = travel.run(game, lambda g, e: travel.travel_step(g, e, goal)
                              if g.store.get(e, Position).xy != goal else "there")
    assert why == "there"


def test_it_waits_so_a_few_times_a_walk_then_paces_on_to_the_safety_net():
    game = _hall()
    steps = itertools.cycle([Step(1, 0), Step(-1, 0)])
    start = len(game.history)
    travel.run(game, lambda g, e: next(steps), limit=(HOLDS + 2) * (TO_AND_FRO + HOLD_ROUNDS))
    assert [a["kind"] for _r, a in game.history[start:]].count("wait") == HOLDS * HOLD_ROUNDS
