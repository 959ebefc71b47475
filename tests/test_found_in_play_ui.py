"""Issue 26 §2: defects a tester found playing, each through the real keys of the game's
screen (Textual pilot at 80x24 and 120x40)."""

from __future__ import annotations

import pytest
from textual.widgets import Static
from trap_helpers import Rigged, place, sturdy

from roguelike.core.components import Appearance, Position, Trap
from roguelike.core.events import Event
from roguelike.engine.base.stats import name_of
from roguelike.engine.creatures.inventory import TREASURE_GLYPH, carried, make_treasure
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trigger import make_known, spring
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.look import describe_square
from roguelike.ui.options import Options
from roguelike.ui.screens.dialogs import Confirm, GameOver
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import MessageHistory
from roguelike.ui.userdata import save_dir

SIZES = [(80, 24), (120, 40)]
SEED = "amber-wolf-17"


@pytest.mark.parametrize("size", SIZES)
async def test_message_history_shows_one_message_a_line(size):
    app = RoguelikeApp(seed=SEED, straight_in=True, options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        game.log.append(Event("note", "First [bold]thing[/bold] said."))
        game.log.append(Event("note", "Second thing said."))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, MessageHistory)
        shown = str(app.screen.query_one("#history").render())
        assert "\\x0a" not in shown and "\\x" not in shown
        lines = shown.splitlines()
        assert lines[-2:] == ["First [bold]thing[/bold] said.", "Second thing said."]
        assert len(lines) == len(app.screen.messages)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_the_morgue_file_names_what_each_delver_carries(size):
    app = RoguelikeApp(seed=SEED, straight_in=True, options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        kit = {eid: [name_of(game.store, it) for it in carried(game.store, eid)]
               for eid in game.party}
        await pilot.press("Q", "y")
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
    morgue = next((save_dir() / "morgue").glob("*.txt")).read_text()
    carrying = morgue.split("The party:")[1].split("Last messages:")[0]
    for names in kit.values():
        for name in names:
            assert f"      {name}" in carrying, name
    assert "Flask of Oil" in carrying
    numbers = [line.strip() for line in carrying.splitlines() if line.strip().isdigit()]
    assert numbers == [], "entity numbers instead of items"


POOL_ROOM = """
    ##############
    #............#
    #............#
    #.1..........#
    #............#
    #............#
    ##############
"""
POOL = (6, 3)  # its reach: the squares within 1 of it


def pool_game():
    """A lone Warrior beside a Noxious Acid Pool that has just hurt it (sprung on it)."""
    game = scenario(POOL_ROOM, party=(("leader", "warrior"),))
    warrior = game.party[0]
    sturdy(game, warrior)
    game.streams.play = Rigged()
    trap = place(game, "mk_noxious_acid_pool", at=POOL, placement="square")
    game.store.get(warrior, Position).x, game.store.get(warrior, Position).y = POOL
    hurt = [e.text for e in spring(game, trap, warrior)]
    assert any("takes 2 Hits" in t for t in hurt), hurt
    game.store.get(warrior, Position).x = 2  # then stepped out of its reach
    game.restart_round()
    return game, warrior, trap


@pytest.mark.parametrize("size", SIZES)
async def test_look_on_the_acid_pools_reach_says_what_it_does(size):
    game, _warrior, _trap = pool_game()
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        await pilot.press("x", *["l"] * 3)  # from (2, 3) to (5, 3): beside the pool
        await pilot.pause()
        said = screen.status.hint
        assert said.startswith("within reach of the acid pool left by the Noxious Acid Pool "
                               "trap (until the trap is disarmed; 2 Hits to whoever starts a "
                               "turn there, 1 Hit to whoever steps in), floor;"), said
        await pilot.press("l")  # the pool's own square
        await pilot.pause()
        said = screen.status.hint
        assert "Noxious Acid Pool (sprung; its acid pool stays until the trap is disarmed)" \
            in said and "within reach of the acid pool" in said and "something" not in said
        assert "harmless" not in said
        await pilot.press("l", "l")  # two squares off: out of its reach
        await pilot.pause()
        assert screen.status.hint.startswith("floor;")


@pytest.mark.parametrize("size", SIZES)
async def test_the_step_question_comes_only_where_a_step_risks_something_and_says_what(size):
    game, warrior, _trap = pool_game()
    pos = game.store.get(warrior, Position)
    pos.x = 3  # two squares from the pool's reach
    spent = place(game, "mk_x", at=(3, 1), placement="square")  # a trap that was nothing
    game.store.get(spent, Trap).state = "sprung"
    make_known(game.store, spent, list(game.party))
    app = RoguelikeApp(options=Options(reduced_motion=True, confirm_danger=True))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        assert "spent: harmless now" in describe_square(game, 3, 1)
        await pilot.press("k")  # towards the spent trap: no question
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and pos.xy == (3, 2)
        await pilot.press("j", "full_stop")  # back, and a new turn
        for _ in range(4):
            await pilot.press("full_stop")
        await pilot.pause()
        assert pos.xy == (3, 3)
        await pilot.press("l")  # (4, 3): not yet in the pool's reach
        await pilot.pause()
        assert not isinstance(app.screen, Confirm) and pos.xy == (4, 3)
        await pilot.press("l")  # (5, 3): into its reach
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        assert app.screen.question == (
            "That square is within reach of the acid pool left by the Noxious Acid Pool trap "
            "(until the trap is disarmed; 2 Hits to whoever starts a turn there, 1 Hit to "
            "whoever steps in). Step there anyway?")
        await pilot.press("n")
        await pilot.pause()
        assert pos.xy == (4, 3)


@pytest.mark.parametrize("size", SIZES)
async def test_treasure_on_a_spent_traps_square_is_drawn_over_it(size):
    game = scenario(POOL_ROOM, party=(("leader", "warrior"),))
    trap = place(game, "mk_x", at=(4, 3), placement="square")
    make_known(game.store, trap, list(game.party))
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        trap_glyph = game.store.get(trap, Appearance).glyph
        assert glyph_at(app, 4, 3) == trap_glyph  # armed: the trap shows
        make_treasure(game, 1, 4, 3)
        game.view_changed()
        app.screen.refresh_all()
        await pilot.pause()
        assert glyph_at(app, 4, 3) == trap_glyph  # an armed trap stays over what lies on it
        game.store.get(trap, Trap).state = "sprung"  # spent: harmless now
        game.view_changed()
        app.screen.refresh_all()
        await pilot.pause()
        assert glyph_at(app, 4, 3) == TREASURE_GLYPH


def glyph_at(app, x: int, y: int) -> str:
    sprites = {(s.x, s.y): s for s in app.screen.map.model.sprites}
    return sprites[(x, y)].glyph if (x, y) in sprites else ""


CAMP = """
    ############
    #1<........#
    #..........#
    ############
"""


@pytest.mark.parametrize("size", SIZES)
async def test_the_end_screen_lists_each_banking_and_they_make_the_treasure_score(size):
    game = scenario(CAMP, party=(("leader", "warrior"),))
    warrior = game.party[0]
    first, _ = make_treasure(game, 1, 3, 1)  # in the Camp room
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("l", "l", "comma")  # to the treasure; picked up in the Camp: banked
        await pilot.pause()
        assert game.store.get(warrior, Position).xy == (3, 1)
        assert len(game.bankings) == 1 and not game.store.alive(first)
        game.level.camp_room = 9  # (the rest of the room no longer the Camp)
        make_treasure(game, 1, 4, 1)
        await pilot.press("l", "comma")  # carried, not banked
        await pilot.pause()
        assert len(game.bankings) == 1 and len(carried(game.store, warrior)) > 2
        await pilot.press("h", "h", "less_than_sign")  # out of the dungeon with it
        await pilot.pause()
        assert game.over and game.outcome == "retired"
        over = app.screen
        assert isinstance(over, GameOver)
        parts = game.score_parts()
        assert len(game.bankings) == 2
        assert sum(e.roll for _r, _d, e in game.bankings) == parts["treasure_gp"] > 0
        shown = " ".join(" ".join(str(w.render()) for w in over.query(Static)).split())
        for _round, depth, event in game.bankings:
            assert f"D{depth} R{_round}: {event.text}" in shown
        assert "at the Camp" in shown and "on leaving the dungeon" in shown
        assert f"In all: {parts['treasure_gp']} gp banked, 2 times." in shown
        assert f"treasure {parts['treasure_gp']} gp" in shown
