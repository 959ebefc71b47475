"""Issue 31: the traps' round clock writes every creature's round-start square only when
something moved, came, went or changed level since its last pass in the same turn loop
(trigger.ROUND_SQUARES); under ROGUELIKE_CHECK_KEPT a skipped pass is made as well and
must write nothing."""

from __future__ import annotations

import pytest

from roguelike.bot.player import play
from roguelike.core.components import Actor, Position
from roguelike.engine.base.kept import StaleAnswer
from roguelike.engine.game import Game
from roguelike.engine.traps import trigger


def _after_a_pass() -> tuple[Game, int]:
    """A game some actions in, inside a turn loop (as its rounds are), just after a
    round's pass: the game and a creature of the level played that is no delver."""
    game = Game("bench-0")
    play(game, 120)
    game.kept.in_run = True
    trigger._round_squares(game)
    positions = game.store.table(Position)
    other = next(e for e in game.store.ids(Actor, Position)
                 if e not in game.party and positions[e].depth == game.depth)
    return game, other


def _nudge(game: Game, eid: int) -> tuple[int, int, int]:
    pos = game.store.get(eid, Position)
    pos.x += 1  # (by hand: the square need not be free for the clock's bookkeeping)
    return pos.depth, pos.x, pos.y


def test_a_quiet_round_writes_nothing_and_looks_at_nothing() -> None:
    game, other = _after_a_pass()
    before = dict(game.last_squares)
    _nudge(game, other)  # (nobody told: a quiet round as far as the key knows)
    trigger._round_squares(game)
    assert game.last_squares == before  # (skipped: what the check below is for)


def test_a_move_told_of_is_written_next_round() -> None:
    game, other = _after_a_pass()
    square = _nudge(game, other)
    game.kept.note_move(other)
    trigger._round_squares(game)
    assert game.last_squares[other] == square


def test_a_skipped_pass_gone_wrong_fails_under_the_check() -> None:
    game, other = _after_a_pass()
    _nudge(game, other)
    game.kept.check = True
    with pytest.raises(StaleAnswer, match="round_squares"):
        trigger._round_squares(game)


def test_outside_a_turn_loop_every_square_is_looked_at() -> None:
    game, other = _after_a_pass()
    game.kept.in_run = False
    square = _nudge(game, other)
    trigger._round_squares(game)
    assert game.last_squares[other] == square
