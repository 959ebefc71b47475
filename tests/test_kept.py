"""The game's kept answers (engine/kept.py): one owner each, told of changes or keyed."""

from __future__ import annotations

import pytest

from roguelike.bot import play
from roguelike.engine import kept
from roguelike.engine.explore import pillager_maps
from roguelike.engine.game import Game


def test_declarations_name_known_changes_and_one_owner() -> None:
    answers = kept.declared()
    assert len(answers) >= 18
    for answer in answers:
        assert answer.stale_on and set(answer.stale_on) <= kept.KINDS, answer
        assert set(answer.told) <= set(answer.stale_on), answer
        assert answer.owner.startswith("roguelike.engine."), answer
    with pytest.raises(ValueError, match="declared by"):
        kept.declare(answers[0].name, "roguelike.somewhere.else", ("level",))
    with pytest.raises(ValueError, match="unknown kinds"):
        kept.declare("nonsense", __name__, ("weather",))


def test_tiles_changed_drops_the_answers_told_of_tiles_and_keeps_the_rest() -> None:
    game = Game("bench-0")
    play(game, 300)
    told = {a.name for a in kept.declared() if "tiles" in a.told}
    assert told >= {pillager_maps.GOAL_MAPS.name, pillager_maps.LOOT.name}
    for name in told:
        game.kept.values[name] = object()
    game.kept.values["secret_squares"] = keyed = object()
    before = game.kept.changes["tiles"]
    game.invalidate_terrain()
    assert game.kept.changes["tiles"] == before + 1
    assert not told & game.kept.values.keys()
    assert game.kept.values["secret_squares"] is keyed  # keyed by its inputs: not told


def test_no_module_hangs_attributes_on_the_game() -> None:
    """What a game holds after play is what it was made with: every kept answer is in
    game.kept, none set on the game from another module."""
    game = Game("x-2")
    made = set(vars(game))
    play(game, 1500)
    assert set(vars(game)) == made
    assert game.kept.values  # (the answers were kept: in their one place)
