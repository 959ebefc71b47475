"""Pilot tests of the comfort commands and screens (issue 8).

Engine actions written by other modules (pick up, search, shoot, cast, rest) are stood in
for by small fake actions put in the registry for one test, so these tests check the UI's
side whether or not those modules are merged.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from roguelike.core.components import Appearance, HitBoxes, Named, Position
from roguelike.core.events import Event
from roguelike.engine.base import action as A
from roguelike.engine.rule_registry import ACTIONS
from roguelike.engine.scenario import scenario
from roguelike.ui import autorun, hooks
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options, load_options
from roguelike.ui.screens.dialogs import Confirm, HelpScreen
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import (
    CharacterSheet,
    ChoiceScreen,
    InventoryScreen,
    MessageHistory,
    ScoresScreen,
)
from roguelike.ui.screens.menu import MainMenu
from roguelike.ui.screens.options_screen import OptionsScreen

done_actions: list[A.Action] = []


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))
    done_actions.clear()


def fake(monkeypatch, command: str, cls: type[A.Action]) -> None:
    """Make `command`'s engine action this class for one test."""
    monkeypatch.setitem(ACTIONS, hooks.COMMAND_KINDS[command], cls)


@dataclass(frozen=True)
class FakeShoot(A.Action):
    target: int

    def perform(self, game, actor):
        done_actions.append(self)
        A.spend_action(game, actor)
        return A.done(Event("miss", "The shot misses (rolled 1 vs Combat 4).", actor,
                            self.target))


@dataclass(frozen=True)
class FakeCast(A.Action):
    spell: str
    x: int
    y: int

    def perform(self, game, actor):
        done_actions.append(self)
        A.spend_action(game, actor)
        return A.done(Event("spell", "Force Bolt!", actor, x=self.x, y=self.y))


@dataclass(frozen=True)
class FakePickUp(A.Action):
    item: int

    def perform(self, game, actor):
        done_actions.append(self)
        game.store.remove(self.item, Position)
        return A.done(Event("pickup", "Picked up.", actor))


@dataclass(frozen=True)
class FakeSearch(A.Action):
    def perform(self, game, actor):
        done_actions.append(self)
        A.spend_action(game, actor)
        return A.done(Event("search", "You search (rolled 3 vs 5): nothing.", actor))


@dataclass(frozen=True)
class FakeRest(A.Action):
    def perform(self, game, actor):
        done_actions.append(self)
        for eid in game.party:
            for loc in game.store.get(eid, HitBoxes).locations:
                if loc.crossed:
                    loc.crossed -= 1
                    break
        A.spend_action(game, actor)
        return A.done(Event("rest", "The party rests.", actor))


@dataclass
class Item:  # the watch and hooks know items by this component name
    kind: str = "idol"


ROOM = """
    ############
    #1.........#
    #..........#
    #..........#
    ############
"""


async def open_game(pilot, app, game):
    app.play(game)
    await pilot.pause()
    return app.screen


async def until_idle(pilot, screen, limit: int = 1500):
    for _ in range(limit):
        await pilot.pause(0.02)
        if screen.auto is None:
            return
    raise AssertionError("the run did not stop")


async def test_info_screens_open_and_close_with_escape():
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, screen_type in [("i", InventoryScreen), ("c", CharacterSheet),
                                 ("ctrl+p", MessageHistory), ("question_mark", HelpScreen),
                                 ("O", OptionsScreen), ("H", ScoresScreen)]:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen), key


async def test_character_sheet_shows_saves_luck_xp_and_tab_pages():
    app = RoguelikeApp(seed="amber-wolf-17", straight_in=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        sheet = app.screen
        text = sheet.text()
        assert "Leader Warrior" in text and "stone 15+ (d20)" in text and "might 3+" in text
        assert "Luck[/b] 10" in text and "Experience[/b] 0" in text
        await pilot.press("tab")
        assert "Mercenary Rogue" in sheet.text()


async def test_help_is_built_from_the_keymap_with_player_overrides(tmp_path):
    (tmp_path / "keymap.toml").write_text('[commands]\nmessages = ["ctrl+o", "M"]\n')
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = dict(app.keymap.help_rows())
        assert rows["Ctrl-O or M"] == "message history"
        await pilot.press("M")
        await pilot.pause()
        assert isinstance(app.screen, MessageHistory)
        assert "The party enters the dungeon" in str(app.screen.messages)


async def test_message_history_holds_more_than_the_log_shows():
    game = scenario(ROOM, party=(("leader", "warrior"),))
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        for _ in range(12):
            screen.say("")
            game.log.append(Event("note", f"note {_}"))
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert [m for m in app.screen.messages if m.startswith("note")] == [
            f"note {i}" for i in range(12)]


async def test_options_screen_cycles_saves_and_applies(tmp_path):
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game_screen = app.screen
        await pilot.press("O")
        await pilot.pause()
        await pilot.press("1")  # palette: classic -> colorblind
        await pilot.press("5")  # accessible mode on
        assert load_options(tmp_path / "options.toml")[0] == Options(
            palette="colorblind", accessible=True)
        assert game_screen.map.styles_.palette.name == "colorblind"
        assert game_screen.log_view.plain
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def test_every_command_asks_for_an_action_the_engine_has():
    """The screens ask the engine's public registry, which has every kind they name."""
    for command, kind in hooks.COMMAND_KINDS.items():
        assert hooks.action_class(command) is ACTIONS[kind], command
        assert ACTIONS[kind].kind == kind
    assert hooks.action_class("step") is ACTIONS["step"]


async def test_search_and_pick_up_use_the_engine_actions(monkeypatch):
    fake(monkeypatch, "search", FakeSearch)
    fake(monkeypatch, "pickup", FakePickUp)
    game = scenario(ROOM, party=(("leader", "warrior"),))
    lead = game.party[0]
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("comma")
        assert screen.status.hint == "There is nothing here or next to you to pick up."
        idols = [game.store.create(Position(1, 1, 1), Named(f"idol {i}"), Item(),
                                   Appearance("*", "yellow", 0)) for i in range(2)]
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert done_actions == [FakePickUp(idols[1])]
        await pilot.press("s")
        assert done_actions[-1] == FakeSearch()
        assert any("rolled 3 vs 5" in m for m, _ in screen.log_view.messages)
        assert game.store.get(lead, Position).xy == (1, 1)


async def test_fire_shows_line_and_band_then_shoots_the_chosen_target(monkeypatch):
    fake(monkeypatch, "fire", FakeShoot)
    game = scenario("""
        ##############
        #1....m......#
        #............#
        #........m...#
        ##############
    """, monsters={"m": "apprentice"}, party=(("leader", "rogue"),))
    near, far = game.creature_at(6, 1), game.creature_at(9, 3)
    app = RoguelikeApp(options=Options(reduced_motion=False))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("f")
        assert screen.cursor_mode == "target" and screen.map.cursor == (6, 1)
        assert "5 squares, short range, +0 to hit, line clear" in screen.status.hint
        assert screen.map.path == {(2, 1), (3, 1), (4, 1), (5, 1)}
        await pilot.press("tab")
        assert screen.map.cursor == (9, 3)
        assert "Apprentice: 8 squares, short range" in screen.status.hint
        await pilot.press("l")  # the cursor also moves freely
        assert "9 squares, medium range, -1 to hit" in screen.status.hint
        await pilot.press("tab", "escape")
        assert screen.cursor_mode is None and screen.map.path == set() and done_actions == []
        await pilot.press("f", "tab", "enter")
        assert done_actions == [FakeShoot(far)]
        assert screen.frame_timer is not None  # the shot is animated
        await pilot.press("f", "enter")
        assert done_actions[-1] == FakeShoot(near)
        assert screen.frame_timer is None  # any key cut the first animation short


async def test_fire_with_nobody_in_sight_says_so_and_does_not_shoot_the_shooter(monkeypatch):
    fake(monkeypatch, "fire", FakeShoot)
    game = scenario("""
        ########
        #1.....#
        ########
    """, party=(("leader", "rogue"),))
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("f")
        assert screen.cursor_mode == "target" and screen.map.cursor == (1, 1)
        assert "no foe in sight" in screen.status.hint
        await pilot.press("enter")
        assert done_actions == [] and screen.cursor_mode == "target"
        assert "onto a target first" in screen.status.hint


async def test_cast_picks_a_spell_then_a_square(monkeypatch):
    fake(monkeypatch, "cast", FakeCast)
    monkeypatch.setattr(hooks, "known_spells", lambda game, eid: [
        ("force_bolt", "Force Bolt", 12), ("heal", "Heal", 1)])
    game = scenario("""
        ##########
        #1...m...#
        ##########
    """, monsters={"m": "apprentice"}, party=(("apprentice", "mage"),))
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.cursor_mode == "target" and "Force Bolt at" in screen.status.hint
        foe = game.hostiles_in_view()[0]
        x, y = game.store.get(foe, Position).xy
        await pilot.press("enter")
        assert done_actions == [FakeCast("force_bolt", x, y)]
        assert screen.frame_timer is None  # reduced motion: no animation


async def test_rest_repeats_until_healed(monkeypatch):
    fake(monkeypatch, "rest", FakeRest)
    game = scenario(ROOM, party=(("leader", "warrior"),))
    boxes = game.store.get(game.party[0], HitBoxes)
    boxes.location("legs").crossed = 2
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("R")
        await until_idle(pilot, screen)
        assert len(done_actions) == 2 and boxes.location("legs").crossed == 0
        assert screen.status.hint == "The party is fully rested."
        await pilot.press("R")
        assert screen.status.hint == "Nobody needs rest."


async def exploring(pilot, app):
    """Start auto-explore (o) and wait for its first steps (timers run late on a busy
    machine); the game screen."""
    await pilot.pause()
    screen = app.screen
    await pilot.press("o")
    assert screen.auto is not None
    for _ in range(500):
        await pilot.pause(0.01)
        if app.game.actions_taken >= 2:
            break
    return screen


async def test_auto_explore_runs_until_a_foe_and_any_key_stops_it():
    app = RoguelikeApp(seed="walk-3", straight_in=True,
                       options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("o")
        await until_idle(pilot, screen)
        assert screen.status.hint.startswith("You see ")
        assert app.game.mode == "combat"
        await pilot.press("o")
        assert screen.status.hint == "Not with foes in view! F fights them."
    app = RoguelikeApp(seed="walk-3", straight_in=True)  # animated: one step a tick
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")  # give up the first game, waiting in the slot
        screen = await exploring(pilot, app)
        await pilot.press("space")
        assert screen.auto is None and screen.status.hint == "Stopped."
        taken = app.game.actions_taken
        await pilot.pause(0.1)
        assert 0 < taken == app.game.actions_taken


async def test_travel_to_a_chosen_square_and_to_named_places():
    game = scenario("""
        ##########
        #1.......#
        #........#
        #.......>#
        ##########
    """, party=(("leader", "warrior"),))
    game.level.explored[:] = True
    lead = game.party[0]
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.press("G")
        assert screen.cursor_mode == "travel"
        await pilot.press("l", "l", "l", "j", "enter")
        await until_idle(pilot, screen)
        assert game.store.get(lead, Position).xy == (4, 2)
        await pilot.press("G", "greater_than_sign")
        await until_idle(pilot, screen)
        assert game.store.get(lead, Position).xy == (8, 3)
        await pilot.press("G", "escape")
        assert screen.cursor_mode is None


async def test_mouse_click_travels_hover_describes_and_panel_click_leads():
    game = scenario(ROOM)
    game.level.explored[:] = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        ox, oy = screen.map.origin
        await pilot.hover(screen.map, offset=(5 - ox, 2 - oy))
        assert screen.status.hint == "floor; 4 squares east."  # from the one acting
        await pilot.click(screen.map, offset=(9 - ox, 3 - oy))
        await until_idle(pilot, screen)
        assert game.store.get(game.led, Position).xy == (9, 3)
        row = screen.party_panel.row_owner.index(game.party[2])
        await pilot.click(screen.party_panel, offset=(3, row))
        assert game.led == game.party[2]


async def test_a_click_on_the_map_during_a_run_only_stops_it(monkeypatch):
    """The map posts the square clicked; during a run the screen only stops the run (a
    click is 'any key'), it does not travel there."""
    # a slow step, so that on a busy machine the run is still going when the click lands
    # (at full speed it could reach walk-3's first foe and stop by itself before it)
    monkeypatch.setattr(autorun, "DELAY", 0.25)
    app = RoguelikeApp(seed="walk-3", straight_in=True)  # animated: one step a tick
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("y")  # give up the first game, waiting in the slot
        screen = await exploring(pilot, app)
        assert screen.auto is not None
        ox, oy = screen.map.origin
        x, y = app.game.store.get(app.game.led, Position).xy
        await pilot.click(screen.map, offset=(x - ox, y - oy))
        await pilot.pause(0.2)
        assert screen.auto is None and screen.status.hint == "Stopped."


async def test_confirm_before_stepping_onto_a_known_trap(monkeypatch):
    from test_comfort_travel import place_known_trap

    game = scenario(ROOM, party=(("leader", "warrior"),))
    place_known_trap(game, 2, 1)
    lead = game.party[0]
    app = RoguelikeApp(options=Options(confirm_danger=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, app, game)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, Confirm) and "known trap" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert game.store.get(lead, Position).xy == (1, 1)
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert game.store.get(lead, Position).xy == (2, 1)
        await pilot.press("j")  # no trap there: no question
        assert game.store.get(lead, Position).xy == (2, 2)


async def test_accessible_mode_announces_with_directions_and_places_the_cursor():
    game = scenario("""
        ##########
        #1...m...#
        ##########
    """, monsters={"m": "apprentice"}, party=(("leader", "warrior"),))
    app = RoguelikeApp(options=Options(accessible=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, app, game)
        await pilot.pause()
        texts = [m for m, _ in screen.log_view.messages]
        assert "Rival Apprentice, 4 squares east." in texts
        await pilot.press("W")  # an unknown key: the reason goes to the log as well
        assert any("Unknown key" in m for m, _ in screen.log_view.messages)
        region = screen.log_view.region
        row, col = screen.log_view.last_text_end()
        assert app.cursor_position == (region.x + col, region.y + row)
        assert col > 0


async def test_save_and_quit_then_continue_restores_the_same_game():
    app = RoguelikeApp(seed="x-1", straight_in=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("j", "j", "l"):
            await pilot.press(key)
        first = app.game
        before = first.state_hash()
        assert first.history
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)
        from textual.widgets import OptionList

        options = app.screen.query_one(OptionList)
        assert options.get_option_at_index(0).id == "continue"
        options.highlighted = 0
        await pilot.press("enter")
        await pilot.pause()
        from roguelike.ui.screens.game_screen import GameScreen

        assert isinstance(app.screen, GameScreen) and app.game is not first
        assert app.game.state_hash() == before and app.game.seed == "x-1"
        # nothing was consumed, but the continued game is journalled from here on: each
        # action is on disk as it is taken, so there is no earlier moment to go back to
        from roguelike.records.journal import read_journal
        from roguelike.records.live import journal_path
        from roguelike.ui import local_records

        await pilot.press("k")
        await pilot.pause()
        journal = read_journal(journal_path(local_records.folder(), local_records.slot()))
        assert len(journal.actions) == len(app.game.history) > len(first.history)
        assert local_records.state().kind == "interrupted"  # a crash now: Recover


async def test_tab_leads_the_next_character():
    game = scenario(ROOM)
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, app, game)
        assert game.led == game.party[0]
        await pilot.press("tab")
        assert game.led == game.party[1]
        await pilot.press("tab", "tab")
        assert game.led == game.party[0]


async def test_main_menu_offers_options_and_scores(tmp_path):
    app = RoguelikeApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, OptionsScreen)
        await pilot.press("2", "escape")  # reduced motion on, saved
        await pilot.pause()
        assert load_options(tmp_path / "options.toml")[0].reduced_motion
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
