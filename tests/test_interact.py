"""The act menu (engine/interact.py and the UI's `a`): every door, trap and trapped-companion
action has a way in from the keyboard. Before it, a locked door could only be refused
("The door is locked.") and a trap could not be disarmed in play at all."""

from __future__ import annotations

import asyncio

import pytest
from explore_kit import act, door_at, give, give_treasure

from roguelike.core.components import Actor, Door, Position, Trap
from roguelike.core.explore_components import Listened, SecretDoor, Stuck
from roguelike.engine import interact
from roguelike.engine.actions import OpenDoor, Step
from roguelike.engine.explore.doors import BreakDoor, CloseDoor, Listen, PickLock
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.actions import Disarm, Free, Struggle
from roguelike.engine.traps.describe import disarm_odds
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.screens.info import ChoiceScreen
from tests.trap_helpers import place

MAP = """
##########
#..1+....#
#2.3#....#
##########
"""


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _game():
    g = scenario(MAP)
    return g, g.party[0], door_at(g, 4, 1)


def _kinds(g, eid, dx, dy) -> list[type]:
    return [type(c.action) for c in interact.choices(g, eid, dx, dy)]


def test_a_closed_door_can_be_opened_or_listened_at():
    g, lead, _door = _game()
    assert _kinds(g, lead, 1, 0) == [OpenDoor, Listen]
    assert interact.squares_with_choices(g, lead) == [(1, 0)]


def test_a_locked_door_offers_breaking_and_a_rogue_picking():
    g, lead, door = _game()
    g.store.get(door, Door).locked = True
    g.store.get(door, Door).checked = True
    assert _kinds(g, lead, 1, 0) == [BreakDoor, Listen]
    assert "Might, d6" in interact.choices(g, lead, 1, 0)[0].label
    rogue = g.party[1]
    give(g, rogue, "lockpicks")
    g.store.get(rogue, Position).x, g.store.get(rogue, Position).y = 3, 2
    assert _kinds(g, rogue, 1, -1) == [PickLock, BreakDoor, Listen]


def test_open_doors_close_and_a_stuck_one_is_forced():
    g, lead, door = _game()
    g.store.get(door, Door).open = True
    assert _kinds(g, lead, 1, 0) == [CloseDoor]
    g.store.get(door, Door).open = False
    g.store.add(door, Stuck())
    labels = [c.label for c in interact.choices(g, lead, 1, 0)]
    assert labels[0].startswith("Force the stuck door")


def test_listening_is_offered_once_and_secret_doors_never():
    g, lead, door = _game()
    g.store.add(door, Listened([lead]))
    assert _kinds(g, lead, 1, 0) == [OpenDoor]
    g.store.add(door, SecretDoor())
    assert _kinds(g, lead, 1, 0) == []


def test_a_known_trap_offers_both_disarms_with_their_odds():
    g, lead, _door = _game()
    trap = place(g, "mk_falling_weight", at=(2, 1), placement="square")
    assert _kinds(g, lead, -1, 0) == []  # not known: nothing to offer (nothing to give away)
    g.store.get(trap, Trap).known_by.append(lead)
    menu = interact.choices(g, lead, -1, 0)
    assert [type(c.action) for c in menu] == [Disarm, Disarm]
    quick, _ = disarm_odds(g, lead, trap, slow=False)
    slow, _ = disarm_odds(g, lead, trap, slow=True)
    assert f"{quick} in 36" in menu[0].label and f"{slow} in 36" in menu[1].label
    assert menu[1].action == Disarm(-1, 0, 1)
    assert act(g, lead, menu[0].action, [6, 6]).ok  # 12 disarms it
    assert g.store.get(trap, Trap).state == "disarmed"
    assert _kinds(g, lead, -1, 0) == []


def test_a_caged_companion_is_freed_from_outside_only():
    g, lead, _door = _game()
    other = g.party[2]  # at (3, 2), beside the leader at (3, 1)
    trap = place(g, "mk_cage", at=(3, 2), placement="square")
    from roguelike.engine.traps import spring

    spring(g, trap, other)
    assert _kinds(g, lead, 0, 1) == [Free]
    # from inside there is no way: the step is refused, free of charge, and says who can
    res = act(g, other, Struggle(), [])
    assert not res.ok and "someone outside must disarm it" in res.reason
    assert _kinds(g, other, 0, 0) == []
    # a swap would have lifted the companion out of the cage
    res = act(g, lead, Step(0, 1), [])
    assert not res.ok and "held fast" in res.reason
    assert g.store.get(other, Position).xy == (3, 2)
    before = g.store.get(lead, Actor).actions_left
    res = act(g, lead, Free(0, 1), [6, 6])
    assert res.ok and g.store.get(lead, Actor).actions_left == before - 1
    assert interact.choices(g, lead, 0, 1) == []


def test_a_companion_caged_in_a_doorway_is_freed_not_the_door():
    """Found by auto-explore: Free looked at the door on the square first, so a companion
    caged in an open doorway could be offered Free but never freed."""
    g, lead, door = _game()
    g.store.get(door, Door).open = True
    other = g.party[2]
    g.store.get(other, Position).x, g.store.get(other, Position).y = 4, 1  # in the doorway
    from roguelike.engine.traps import spring

    spring(g, place(g, "mk_cage", at=(4, 1), placement="square"), other)
    assert Free in _kinds(g, lead, 1, 0)
    res = act(g, lead, Free(1, 0), [6, 6])
    assert res.ok, res.reason


async def _open(app, pilot, game):
    app.play(game)
    await pilot.pause()
    return app.screen


def _locked_door_game():
    """The map with its door found locked already (the lock roll made)."""
    g, _lead, door = _game()
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    return g, door


async def test_a_opens_the_menu_and_breaks_a_locked_door():
    g, _door = _locked_door_game()
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, g)
        await pilot.press("a")  # one square to act on: its menu opens at once
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Break the door down" in str(app.screen.options)
        await pilot.press("enter")  # the first entry
        await pilot.pause()
        assert "breaking down the door" in " ".join(e.text for e in g.log[-3:])


async def test_walking_into_a_locked_door_asks_what_to_do():
    g, door = _locked_door_game()
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _open(app, pilot, g)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert g.store.get(door, Door).locked  # cancelled: nothing happened


async def test_a_direction_picks_the_square_when_several_have_choices():
    g, lead, _door = _game()
    trap = place(g, "mk_falling_weight", at=(2, 1), placement="square")
    g.store.get(trap, Trap).known_by.append(lead)
    unseen = place(g, "mk_falling_weight", at=(2, 2), placement="square")
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, g)
        await pilot.press("a")
        await pilot.pause()
        assert screen.cursor_mode == "act" and "which side" in screen.status.hint
        await pilot.press("h")  # west: the trap
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Disarm quickly" in str(app.screen.options)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("a")
        await pilot.press("full_stop")  # own square: exposing trap squares is always there
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "trap squares" in str(app.screen.options)
        await pilot.press("enter")
        await pilot.pause()
        assert lead in g.store.get(unseen, Trap).known_by


def test_the_bot_frees_a_caged_companion_and_hands_on_the_lead_when_caged():
    from roguelike.bot import Bot
    from roguelike.bot.rescue import rescue
    from roguelike.engine.actions import Lead
    from roguelike.engine.traps import spring

    g, lead, _door = _game()
    other = g.party[2]
    spring(g, place(g, "mk_cage", at=(3, 2), placement="square"), other)
    bot = Bot()
    g.store.get(lead, Actor).actions_left = 2
    assert rescue(bot, g, lead, g.store.get(lead, Position)) == Free(0, 1)
    assert isinstance(rescue(bot, g, other, g.store.get(other, Position)), Lead)


def test_the_menu_says_who_could_pick_a_lock():
    from roguelike.core.components import Disabled

    g, lead, door = _game()
    g.store.get(door, Door).locked = True
    # the Rogue's start kit holds lockpicks; the Warrior may not use them
    assert interact.hint(g, lead, 1, 0) == "Mercenary Rogue could pick the lock."
    g.store.get(door, Door).locked = False
    assert interact.hint(g, lead, 1, 0) == ""
    g.store.get(door, Door).locked = True
    g.store.add(g.party[1], Disabled())
    assert interact.hint(g, lead, 1, 0) == ""  # a Disabled Rogue picks nothing


async def test_a_click_beside_the_character_picks_the_square_to_act_on():
    g, lead, _door = _game()
    trap = place(g, "mk_falling_weight", at=(2, 1), placement="square")
    g.store.get(trap, Trap).known_by.append(lead)
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open(app, pilot, g)
        await pilot.press("a")
        await pilot.pause()
        assert screen.cursor_mode == "act"
        screen.acting.click((8, 1))  # far away: still choosing
        assert screen.cursor_mode == "act" and "Too far" in screen.status.hint
        screen.acting.click((4, 1))  # the door, east of the leader
        await pilot.pause()
        assert screen.cursor_mode is None and isinstance(app.screen, ChoiceScreen)
        assert "Open the door" in str(app.screen.options)


async def test_a_second_key_on_the_end_screen_does_not_close_the_menu_too():
    """Escapes reaching the end-of-game screen before it has closed (a mashed key): only it
    closes, and the menu shows. The monkey run found the app with no screen left, frozen."""
    from textual import events

    from roguelike.ui.screens.dialogs import GameOver
    from roguelike.ui.screens.menu import MainMenu

    app = RoguelikeApp(seed="amber wolf 17", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("less_than_sign")  # on depth 1's stairs up: leave at once
        await pilot.pause()
        assert isinstance(app.screen, GameOver)
        for _ in range(3):
            app._driver.process_message(events.Key("escape", None))
        await asyncio.sleep(0.5)  # (not pilot.pause: with no screen left it never returns)
        left = list(app.screen_stack)
        if not (left and isinstance(left[-1], MainMenu)):
            app.push_screen(MainMenu())  # so that the app can close, and the test fail
        assert left and isinstance(left[-1], MainMenu), left


def test_a_companion_caged_in_a_doorway_can_be_freed():
    """Free looked at the door first: a delver caged while standing in an open doorway could
    never be freed ("Nothing there is held by a trap."), and the bot tried for ever."""
    from roguelike.engine.traps import spring

    g, lead, door = _game()
    g.store.get(door, Door).open = True
    other = g.party[2]
    opos = g.store.get(other, Position)
    opos.x, opos.y = 4, 1
    lpos = g.store.get(lead, Position)
    lpos.x, lpos.y = 3, 1
    g.view_changed()
    spring(g, place(g, "mk_cage", at=(4, 1), placement="square"), other)
    assert g.store.get(lead, Actor).actions_left > 0
    result = act(g, lead, Free(1, 0))
    assert result.ok, result.reason  # tried (the cage may or may not give), not refused


def test_a_disarm_the_delver_is_too_slow_for_says_so_instead_of_its_odds():
    """The playtest's Mage, Held (-4 Speed), was offered "Disarm slowly (6 movement points,
    +2; 15 in 36)" and choosing it said "Too slow: disarming this way takes 6 movement
    points"."""
    g, lead, _door = _game()
    trap = place(g, "mk_falling_weight", at=(2, 1), placement="square")
    g.store.get(trap, Trap).known_by.append(lead)
    labels = [c.label for c in interact.choices(g, lead, -1, 0)]
    assert any(label.startswith("Disarm slowly (6 movement points") for label in labels)
    for _ in range(3):
        give_treasure(g, lead)  # (each treasure carried slows a delver)
    labels = [c.label for c in interact.choices(g, lead, -1, 0)]
    slow = next(label for label in labels if label.startswith("Disarm slowly"))
    assert "too slow now: it takes 6 movement points" in slow and "in 36" not in slow
    assert g.perform(Disarm(-1, 0, 1))[0].text.startswith("Too slow")
