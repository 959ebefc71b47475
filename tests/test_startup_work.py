"""What a game's start does once (issue 31: start-up): a new game's recorder is attached to
it, not to a second game made to re-play no actions."""

from __future__ import annotations

import pytest

from roguelike.engine.actions.basic import Step
from roguelike.engine.game import Game
from roguelike.records import recorder as rec_mod
from roguelike.records import resim


def test_a_new_games_recorder_is_attached_without_a_second_game(monkeypatch):
    game = Game("bench-pty")

    def no_second(*_args: object, **_kwargs: object) -> Game:
        raise AssertionError("a second game was made for a game with no actions")

    with monkeypatch.context() as m:
        m.setattr(resim, "new_game", no_second)
        rec = resim.recorder_for(game)
    fresh = Game("bench-pty")
    fresh_rec = rec_mod.attach(fresh)
    for dx in (-1, 1, -1):
        for g in (game, fresh):
            g.perform(Step(dx, 0))
    assert len(game.history) == 3 and rec.prints == fresh_rec.prints
    assert rec.checkpoints == fresh_rec.checkpoints


def test_a_played_games_recorder_still_replays_its_history():
    game = Game("bench-pty")
    for dx in (-1, 1):
        game.perform(Step(dx, 0))
    assert game.history and rec_mod.find(game) is None
    rec = resim.recorder_for(game)
    assert len(rec.prints) == len(game.history)
    with pytest.raises(ValueError):
        rec_mod.attach(game)
