"""The party moves together, through the real keys (issue 26, §1 points 2 and 3), at 80x24
and 120x40: steps keep the three delvers together, `G >` walks the group (and a room trap
no longer takes the one in front alone), auto-explore gives the lead back to the delver the
player chose, a slower companion is waited for, and a step then `,` picks up without `.`."""

from __future__ import annotations

import pytest
from test_party_moves import in_step
from test_play_keys import until_idle
from trap_helpers import place

from roguelike.core.components import Door, HitBoxes, Position, Trap
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.creatures.inventory import carried, make_item
from roguelike.engine.game import Game
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen

SIZES = [(80, 24), (120, 40)]
HALL = """
####################################
#321..............................>#
#..................................#
####################################
"""


def _app() -> RoguelikeApp:
    return RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))


async def _travel_down(pilot, app: RoguelikeApp) -> None:
    """`G` then `>`, and wait until the walk stops."""
    await pilot.pause()
    await pilot.press("G", ">")
    await until_idle(pilot, app)


async def _down_logged(pilot, app: RoguelikeApp, game: Game) -> list[str]:
    """`G >` to the stairs down, reached; the log's lines after."""
    await _travel_down(pilot, app)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    assert _xy(game, game.led) == game.level.stairs_down
    return [text for text, _gen in screen.log_view.messages]


def _xy(game: Game, eid: int) -> tuple[int, int]:
    return game.store.get(eid, Position).xy


def _spread(game: Game) -> int:
    """The farthest any delver stands from the one led."""
    led = game.store.get(game.led, Position)
    return max(chebyshev(game.store.get(e, Position), led) for e in game.party)


@pytest.mark.parametrize("size", SIZES)
async def test_after_every_step_the_three_delvers_are_together(size):
    game = scenario(HALL, rolls=[6] * 100)
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        for key in "llllllllllllljjjlllkkklllll":
            await pilot.press(key)
            await pilot.pause()
            assert in_step(game) and _spread(game) <= 2, _xy(game, game.led)
        assert _xy(game, game.led)[0] >= 20  # it went a good way, several turns


@pytest.mark.parametrize("size", SIZES)
async def test_a_step_then_comma_picks_up_without_a_dot(size):
    """The Warrior's seventh step starts its second Move (its last action); `,` ends that
    move by itself, the turn passes, and the salve is picked up in the next."""
    game = scenario(HALL, rolls=[6] * 100)
    warrior = game.party[0]
    salve = make_item(game, "healing_salve", Position(1, 10, 1))
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press(*"lllllll")
        await pilot.pause()
        assert _xy(game, warrior) == (10, 1)
        await pilot.press(",")
        await pilot.pause()
        assert salve in carried(game.store, warrior)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "No action left" not in screen.status.hint
        assert any("ends the move" in line for line in screen.log_view.newest())
        assert [a["kind"] for _r, a in game.history][-1] == "pick_up"


def _oil_room() -> tuple[Game, int]:
    game = scenario("""
        ##################
        #321....#........#
        #.......'.......>#
        #.......#........#
        ##################
    """, rolls=[1] * 600)
    game.level.room_map[:, 9:] = 1
    game.level.room_map[2, 8] = -1
    game.level.rooms.append(game.level.rooms[0])
    game.level.explored[:] = True
    return game, place(game, "boiling_oil", at=(12, 2), placement="room", room=1)


@pytest.mark.parametrize("size", SIZES)
async def test_g_stairs_walks_the_group_and_a_room_trap_does_not_take_the_leader_alone(size):
    game, oil = _oil_room()
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await _travel_down(pilot, app)
        assert game.store.get(oil, Trap).springs == 1  # the Boiling Oil went off ...
        assert _xy(game, game.led) != game.level.stairs_down  # ... and stopped G
        assert any("sets off a trap: Boiling Oil" in e.text for e in game.log)
        assert _spread(game) <= 2  # the companions are with the one led, not rooms away
        await _travel_down(pilot, app)
        assert _xy(game, game.led) == game.level.stairs_down
        assert _spread(game) <= 2 and game.store.get(oil, Trap).springs == 1


@pytest.mark.parametrize("size", SIZES)
async def test_auto_explore_gives_the_lead_back_to_the_delver_the_player_chose(size):
    """Tab leads the Rogue; `o` asks at the locked door and the player picks the Warrior's
    break (down to it, Enter; the quiet pick is offered first): the Warrior leads to break
    it, then the lead goes back to the Rogue, who walks in front and checks the marker
    beyond (003: whoever comes within 1")."""
    game = scenario("""
        ############################################
        #1.....+...................................#
        #2.....#############.#######################
        #3.....#####################################
        ############################################
    """)
    game.level.room_map[:, 8:] = 1
    door = game.door_at(7, 1)
    assert door is not None
    game.store.get(door, Door).locked = True
    make_marker(game.store, 1, 20, 2, 1)
    game.level.explored[:, :8] = True
    warrior, rogue, _mage = game.party
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert game.led == rogue
        await pilot.press("o")
        await until_idle(pilot, app)
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        labels = [label for _key, label in app.screen.options]
        assert labels[0].startswith("Mercenary Rogue: pick the lock")
        breaking = next(i for i, label in enumerate(labels)
                        if label.startswith("Leader Warrior: break it down"))
        await pilot.press(*["down"] * breaking, "enter")
        for _ in range(6):  # the run stops for what it finds; `o` again goes on
            await until_idle(pilot, app)
            await pilot.pause()
            if isinstance(app.screen, ChoiceScreen):
                await pilot.press("enter")
                continue
            await pilot.press("o")
        await until_idle(pilot, app)
        assert "break_door" in [a["kind"] for _r, a in game.history]
        leads = [e.actor for e in game.log if e.kind == "lead"]
        assert leads[:3] == [rogue, warrior, rogue]  # Tab; the door's breaker; back
        assert leads[-1] == rogue == game.led  # (after each searcher's turn too)
        checks = [e.text for e in game.log if "event marker check" in e.text]
        assert checks and checks[0].startswith("Mercenary Rogue")


@pytest.mark.parametrize("size", SIZES)
async def test_a_turn_waited_for_one_as_quick_left_behind_is_not_news(size):
    """The one led 7 squares ahead (a job done, the lead given back): the Mage, as quick,
    closes up in the turn waited, and the walk says nothing of it (the line came with most
    presses of `o` in play)."""
    game = scenario(HALL, rolls=[6] * 600)
    game.level.explored[:] = True
    game.store.get(game.led, Position).x = 10
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        lines = await _down_logged(pilot, app, game)
        assert [a["kind"] for _r, a in game.history].count("wait") == 1
        assert not any("to catch up" in t for t in lines), lines
        assert "to catch up" not in app.screen.status.hint


@pytest.mark.parametrize("size", SIZES)
async def test_a_slower_companion_is_waited_for_and_the_log_says_so(size):
    game = scenario(HALL, rolls=[6] * 600)
    game.level.explored[:] = True
    mage = game.party[2]
    game.store.get(mage, HitBoxes).location("legs").crossed = 2  # Speed 4 to the others' 6+
    app = _app()
    async with app.run_test(size=size) as pilot:
        app.play(game)
        lines = await _down_logged(pilot, app, game)
        assert "wait" in [a["kind"] for _r, a in game.history]
        assert any(t.startswith("Waiting for Apprentice Mage to catch up") for t in lines)
        await pilot.press(">")  # the party is gathered: down the stairs together
        await pilot.pause()
        assert game.depth == 2
