"""A fight with Pillagers alone takes one key, not one a round (bookkeeping found in play).

On copper hare 9's depth 1, where a dozen Pillagers loot, a Pillager struck a delver in its
way every few rooms; each scuffle took `o` (stopped: "Pillager fights"), then `F` a round
(21 of 60 presses at the last play), then `o` again. Now `F` plays a fight with Pillagers
alone round after round to its end, and `o` pressed in one fights it out the same way and
explores on. A monster in view, a delver a box from going down, luck to decide and any key
still stop it.
"""

from __future__ import annotations

import pytest
from explore_kit import pillager
from test_comfort_snapshots import SIZES
from test_fight_round import _hall, _party

from roguelike.core.components import MonsterStats, Position
from roguelike.core.explore_components import Treasure
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.fight_round import FIGHT_OVER, ROUND_DONE, play_round
from roguelike.engine.helpers.scuffle import EXPLORING_ON, FightThenExplore
from roguelike.engine.helpers.travel import run
from roguelike.engine.status.checks import fight_state
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _scuffle(monster: bool = False, tough: bool = True) -> tuple[Game, list[int]]:
    """The party in a hall, a Pillager engaged beside each delver (one struck each: they
    stand and fight, T&T 003), `tough` ones lasting a few rounds; with `monster`, a goblin
    across the hall too."""
    game = _hall(_party("warrior", "rogue", "mage"), {})
    if monster:
        make_monster(game.store, game.content, "goblin", Position(1, 13, 5), awake=True)
    foes = []
    for eid in game.party:
        pos = game.store.get(eid, Position)
        p = pillager(game, pos.x + 1, pos.y)
        fight_state(game, p).engaged_by = eid
        if tough:  # (enough hits to last a few rounds)
            stats = game.store.get(p, MonsterStats)
            stats.hits = stats.max_hits = 4
        foes.append(p)
    game.view_changed()
    game.restart_round()
    assert game.mode == "combat" and set(foes) <= set(game.threats_in_view())
    return game, foes


def test_f_fights_pillagers_alone_to_the_end_in_one_press():
    game, _foes = _scuffle()
    start = game.round
    _events, why = play_round(game)
    assert why == FIGHT_OVER, why
    assert game.round > start + 1  # (more than one round: one press played them all)
    assert game.mode == "explore"


def test_a_monster_among_them_keeps_one_press_a_round():
    game, _foes = _scuffle(monster=True)
    start = game.round
    _events, why = play_round(game)
    assert why == ROUND_DONE and game.round == start + 1


def test_o_in_a_scuffle_fights_it_out_then_explores_on():
    game, _foes = _scuffle(tough=False)
    game.level.explored[:] = False
    walk = FightThenExplore(game, Explorer(), set())
    _events, why = run(game, walk, limit=3000)
    assert game.mode == "explore" and walk.walk is not None  # (the walk went on)
    assert why != FIGHT_OVER


async def _press(pilot, screen: GameScreen, key: str) -> None:
    """`key`, then wait for its run to stop (a question on the way, a Pillager's dropped
    treasure to pick up, answered with Escape: the run stops there)."""
    await pilot.press(key)
    for _ in range(1500):
        await pilot.pause(0.01)
        if pilot.app.screen is not screen:
            await pilot.press("escape")
        if screen.auto is None:
            return
    raise AssertionError("the run did not stop")


async def _keys(game: Game, size: tuple[int, int], *keys: str) -> tuple[list[str], str]:
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for key in keys:
            await _press(pilot, screen, key)
        return [m for m, _ in screen.log_view.messages], screen.status.hint


@pytest.mark.parametrize("size", SIZES)
async def test_one_f_ends_a_pillager_scuffle_through_the_keys(size):
    game, _foes = _scuffle()
    start = game.round
    _log, hint = await _keys(game, size, "F")
    assert game.mode == "explore" and game.round > start + 1
    assert hint == FIGHT_OVER


@pytest.mark.parametrize("size", SIZES)
async def test_o_in_a_pillager_scuffle_fights_and_explores_on_through_the_keys(size):
    game, _foes = _scuffle(tough=False)
    game.level.explored[:, 8:] = False
    log, _hint = await _keys(game, size, "o")
    assert game.mode == "explore"
    assert EXPLORING_ON in log
    assert game.level.explored[:, 8:].any()  # (it walked on and saw the rest)


def test_o_fights_through_a_pillager_that_strikes_again_on_the_way():
    game, _foes = _scuffle(tough=False)
    game.level.explored[:, 8:] = False
    walk = FightThenExplore(game, Explorer(), set())

    def perform(action):
        return game.perform(action)

    for _ in range(200):  # (the first scuffle, to its end: the walk begins)
        assert walk.advance(perform) is None
        if walk.walk is not None:
            break
    assert walk.walk is not None
    for eid, _item in list(game.store.query(Treasure)):  # (no question about loot here)
        game.store.destroy(eid)
    lead = game.store.get(game.led, Position)
    again = pillager(game, lead.x, lead.y + 1)  # (another strikes the one led on the way)
    fight_state(game, again).engaged_by = game.led
    game.view_changed()
    assert walk.advance(perform) is None  # (not given back: fought through)
    assert walk.walk is None and walk.scuffles == 1  # (the fight again, then on)
