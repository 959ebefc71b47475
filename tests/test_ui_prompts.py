"""Every prompt whole at 80x24, and dialogs clear of what they are about (issue 18, point 6).

Text snapshots (tests/snapshots/prompt_*_80x24.txt, characters only: see
test_comfort_snapshots.py; refresh with UPDATE_SNAPSHOTS=1) of: aiming a spell, the act
menu on a door, the act prompt asking for a side, a run stopped with its reason, the luck
prompt after a failed roll, the question before stepping on a known trap, and the end of a
game. Each also checks the words a player needs are on the screen whole and that a dialog
leaves its subject's square in view."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import check, screen_text
from test_comfort_travel import place_known_trap

from roguelike.core.components import Character, Disabled, Door, Position
from roguelike.engine.scenario import Scripted, scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.dialogs import Confirm, GameOver
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.luck_prompt import LuckPrompt

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def flat(text: str) -> str:
    """The screen's words with line breaks and the log's wrapping undone."""
    return " ".join(text.split())


def square_shown(app, square: tuple[int, int]) -> bool:
    """Whether the map square is on screen and no dialog covers it."""
    view = app.screen_stack[-2].map if len(app.screen_stack) > 1 else app.screen.map
    sx = view.region.x + square[0] - view.origin[0]
    sy = view.region.y + square[1] - view.origin[1]
    box = app.screen.children[0].region if app.screen.children else None
    return view.region.contains(sx, sy) and (box is None or not box.contains(sx, sy))


async def start(pilot, app, game):
    app.play(game)
    await pilot.pause()
    return app.screen


async def test_aiming_line_is_whole():
    game = scenario("""
        ####################
        #1.......g.........#
        ####################
    """, monsters={"g": "goblin"}, party=(("leader", "mage"),))  # the Leader has the lantern
    mage = game.party[0]
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, game)
        for _ in range(30):
            if game.awaiting == mage:
                break
            await pilot.press("full_stop")
        await pilot.press("z", "enter")  # Force Bolt, the first spell
        await pilot.pause()
        text = screen_text(app)
        check("prompt_aim_80x24", text)
        assert ("Force Bolt at Goblin: 8 squares, medium range, -1 to hit, line clear. Tab "
                "next target, Enter cast, Escape cancel.") in flat(text)


DOOR = """
##########
#1..+....#
#.....####
#.....+..#
##########
"""


async def test_act_menu_names_and_keeps_clear_of_its_door():
    game = scenario(DOOR, party=(("leader", "warrior"),))
    x, y = 3, 1
    game.store.get(game.party[0], Position).x = x
    state = game.store.get(game.door_at(4, 1), Door)
    state.locked = state.checked = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, game)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        check("prompt_act_menu_80x24", text)
        assert "Locked door, 1 square east: what does Leader Warrior do?" in flat(text)
        assert "Enter chooses, Escape cancels." in text
        assert square_shown(app, (4, 1)) and square_shown(app, (x, y))


async def test_act_prompt_for_a_side_is_whole():
    game = scenario(DOOR, party=(("leader", "warrior"),))
    game.store.get(game.party[0], Position).x = 5
    game.store.get(game.party[0], Position).y = 2  # beside both doors
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, game)
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(app)
        check("prompt_act_side_80x24", text)
        assert ("Act on which side? A direction key, '.' for your own square, Escape to "
                "cancel.") in flat(text)


async def test_a_stopped_run_says_why_whole():
    game = scenario("""
        ############################
        #1.........................#
        ###########.################
        #..........g...............#
        ############################
    """, monsters={"g": "goblin"}, party=(("leader", "warrior"),))
    game.level.explored[:3, :] = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, app, game)
        await pilot.press("G")
        for _ in range(10):
            await pilot.press("l")
        await pilot.press("j", "enter")  # travel to the corridor: the goblin comes in view
        for _ in range(500):
            await pilot.pause(0.02)
            if screen.auto is None:
                break
        text = screen_text(app)
        check("prompt_run_stopped_80x24", text)
        assert "You see Goblin" in flat(text)


async def test_luck_prompt_leaves_the_explaining_line_in_view():
    game = scenario("""
        ####################
        #1...m.............#
        ####################
    """, monsters={"m": "mercenary"}, party=(("leader", "mage"),), luck_prompt="ask")
    mage = game.party[0]
    # (a spell's casting roll is asked about only with "ask": "harm" keeps it unasked)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="ask"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, app, game)
        for _ in range(30):
            if game.awaiting == mage:
                break
            await pilot.press("full_stop")
        game.streams.play = Scripted([2])  # 2 vs Wits 3
        await pilot.press("z", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LuckPrompt)
        text = screen_text(app)
        check("prompt_luck_80x24", text)
        assert "fails at casting Force Bolt (rolled 2 vs Wits 3)" in flat(text)
        assert "Spend 1 of" in text
        log = screen.log_view.region
        assert not app.screen.children[0].region.overlaps(log)
        await pilot.press("n")
        await pilot.pause()
        assert game.store.get(mage, Character).luck == 10


async def test_the_question_before_a_known_trap_keeps_the_trap_in_view():
    game = scenario("""
        ############
        #1.........#
        #..........#
        ############
    """, party=(("leader", "warrior"),))
    place_known_trap(game, 2, 1)
    app = RoguelikeApp(options=Options(confirm_danger=True, reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, game)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, Confirm)
        check("prompt_trap_step_80x24", screen_text(app))
        assert square_shown(app, (2, 1)) and square_shown(app, (1, 1))


async def test_the_end_shows_where_the_party_fell():
    game = scenario("""
        ##############################
        #............................#
        #............................#
        #............................#
        #.............1..............#
        #............................#
        #............................#
        #............................#
        #............................#
        #............................#
        #............................#
        #............................#
        ##############################
    """, party=(("leader", "warrior"),))
    lead = game.party[0]
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, app, game)
        game.store.add(lead, Disabled("test"))
        screen.show(game.on_disabled(lead, "Leader Warrior is Disabled (Torso spent)!"))
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        text = screen_text(app)
        assert "The party has fallen." in text and "Enter: back to the menu" in text
        assert square_shown(app, game.store.get(lead, Position).xy)


async def test_travel_prompt_is_whole():
    game = scenario("""
        ##########
        #1.......#
        #.......>#
        ##########
    """, party=(("leader", "warrior"),))
    game.level.explored[:] = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, game)
        await pilot.press("G", "l", "l")
        await pilot.pause()
        text = screen_text(app)
        check("prompt_travel_80x24", text)
        assert ("Travel: floor; 2 squares east. Enter goes there; i item, m marker, d door, "
                "s stairs, x unexplored (again: the next); > stairs down, < up, c Camp go "
                "at once.") in flat(text)
