"""What a newcomer's whole game (issue 26, the playtest's diary) found to be bookkeeping,
through the real keys at 80x24 and 120x40: each test fails without its fix."""

from __future__ import annotations

import re
from contextlib import asynccontextmanager

import pytest
from explore_kit import Steady, door_at, give_treasure
from test_luck_pause import CASES, _seed_for
from test_luck_pause_ui import DARTS
from test_play_keys import until_idle
from test_play_light import sidebar
from test_play_pillagers import _hall, _hauler, _log, _rested, _wound

from roguelike.core.components import Appearance, Character, Door, Named, Position
from roguelike.core.explore_components import Treasure
from roguelike.engine.base.luck_queue import Offer, offer_waiting
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.luck_asks import HARMLESS, asked, rolled_words
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import ChoiceScreen, MessageHistory
from roguelike.ui.screens.luck_prompt import LuckPrompt

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def make_treasure(game, gp: int, x: int, y: int) -> int:
    return game.store.create(Position(1, x, y), Appearance("$", "bright_yellow", 0),
                             Named(f"Treasure ({gp} gp)"), Treasure(gp))


@asynccontextmanager
async def playing(game, size, **options):
    """The app at `size` playing `game` (no animations), and its pilot."""
    app = RoguelikeApp(options=Options(reduced_motion=True, **options))
    async with app.run_test(size=size) as pilot:
        app.play(game)
        await pilot.pause()
        yield app, pilot


async def settle(pilot, app, key: str) -> None:
    """Press `key` and wait for any run it starts to end."""
    await pilot.press(key)
    await until_idle(pilot, app)
    await pilot.pause()


def shown(widget) -> str:
    """A lines widget's text as drawn."""
    return "\n".join("".join(t for t, _ in line) for line in widget._lines)


def _kinds(game) -> list[str]:
    return [a["kind"] for _r, a in game.history]


LOCKED = """
###########
#12.+.....#
#...#.....#
###########
"""


@pytest.mark.parametrize("size", SIZES)
async def test_a_lock_tried_again_until_it_works_asks_no_luck_and_goes_on(size):
    """`o` at a locked door, "Rogue: pick the lock" chosen: a failed pick is kept by the
    run (it asked for tries until it works) rather than asking to spend luck on it and
    dropping the job; the lock gives and the walk goes on beyond the door."""
    game = scenario(LOCKED, party=(("leader", "warrior"), ("mercenary", "rogue")),
                    seed="pick0", luck_prompt="ask")  # (its first pick fails)
    door = door_at(game, 4, 1)
    state = game.store.get(door, Door)
    state.checked = state.locked = True
    game.level.explored[1:3, 5:] = False
    async with playing(game, size, luck_prompt="ask") as (app, pilot):
        await settle(pilot, app, "o")
        assert isinstance(app.screen, ChoiceScreen)
        pick = next(i for i, (_k, label) in enumerate(app.screen.options)
                    if "pick the lock" in label)
        for _ in range(pick):
            await pilot.press("down")
        await settle(pilot, app, "enter")
        assert not isinstance(app.screen, LuckPrompt)
        assert isinstance(app.screen, GameScreen)
        assert any("fails at picking the lock" in e.text for e in game.log)
        kinds = _kinds(game)
        assert "keep_roll" in kinds and "spend_luck" not in kinds
        assert not state.locked and state.open
        assert game.level.explored[1, 8]  # and on beyond the door


ROOM = """
#######
#.....#
#.1...#
#.....#
#######
"""


@pytest.mark.parametrize("size", SIZES)
async def test_comma_picks_up_the_treasure_lying_next_to_the_delver(size):
    """A marker's treasure "lies 1 square east": `,` takes it from beside (003's Pick up
    reaches a thing next to you), instead of "nothing here" and a step first."""
    game = scenario(ROOM, party=(("leader", "warrior"),))
    lead = game.party[0]
    gold = make_treasure(game, 60, 3, 2)  # 1 square east of the Warrior
    async with playing(game, size) as (app, pilot):
        await pilot.press("comma")
        await pilot.pause()
        assert not game.store.has(gold, Position)  # taken (and banked: the room is the Camp)
        assert game.store.get(lead, Position).xy == (2, 2)  # taken from where she stood
        assert any("picks up the Treasure (60 gp)" in e.text for e in game.log)
        # two things beside: a menu that says where each lies
        beside = [make_treasure(game, 10, 1, 1), make_treasure(game, 20, 3, 3)]
        await pilot.press("comma")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        labels = [label for _k, label in app.screen.options]
        assert any("10 gp" in t and "1 square north-west" in t for t in labels)
        assert any("20 gp" in t and "1 square south-east" in t for t in labels)
        await pilot.press("escape")
        await pilot.pause()
        for eid in beside:  # nothing within reach now
            game.store.destroy(eid)
        await pilot.press("comma")
        await pilot.pause()
        assert "nothing here or next to you" in app.screen.status.hint


@pytest.mark.parametrize("size", SIZES)
async def test_the_sidebar_shows_the_speed_a_move_gives_with_treasure_carried(size):
    """Two Treasures carried: a Move gives 4 squares, not the legs' 6. The sidebar said Sp6
    and so did the character sheet; they say Sp4(6) and why."""
    game = scenario(ROOM, party=(("leader", "warrior"),))
    lead = game.party[0]
    give_treasure(game, lead, 20)
    give_treasure(game, lead, 60)
    async with playing(game, size) as (app, pilot):
        panel = shown(app.screen.party_panel)
        assert "Sp4(6)" in panel
        await pilot.press("c")
        await pilot.pause()
        sheet = " ".join(app.screen.text().split())
        assert "Speed now 4" in sheet and "6 on the boxes; -2: 2 Treasures carried" in sheet
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("l")  # and a step leaves 3 of the 4
        await pilot.pause()
        assert "3 MP left" in shown(app.screen.status)


DUEL = """
#########
#1m.....#
#.......#
#########
"""


def _duel():
    game = scenario(DUEL, monsters={"m": "goblin"}, party=(("leader", "warrior"),),
                    luck_prompt="ask")
    game.streams.play = Steady(2)  # every swing a miss by one: luck could turn it
    return game


@pytest.mark.parametrize("size", SIZES)
async def test_f_is_not_stopped_to_ask_luck_for_a_miss_by_default(size):
    """A rat fight asked six times "spend luck to hit?" and each question stopped `F`. By
    default (luck: "harm") a miss is kept without asking and the round goes on; with "ask"
    the question comes as before."""
    game = _duel()
    async with playing(game, size) as (app, pilot):
        assert app.options.luck_prompt == "harm"
        await settle(pilot, app, "F")
        assert isinstance(app.screen, GameScreen)
        assert offer_waiting(game) is None
        assert "keep_roll" in _kinds(game)  # (recorded, as the player's n)
        assert any("attacks Goblin and misses (rolled 2" in e.text for e in game.log)
        log = shown(app.screen.log_view)
        assert "could spend" not in log and "roll stand" not in log
        assert game.round > 1 or "Round played" in app.screen.status.hint
    game = _duel()
    async with playing(game, size, luck_prompt="ask") as (app, pilot):
        await settle(pilot, app, "F")
        assert isinstance(app.screen, LuckPrompt)
        offer = offer_waiting(game)
        assert offer.resume == "attack"
        assert f"Combat failed (rolled {rolled_words(offer)}, needs 3)" in app.screen.text


@pytest.mark.parametrize("size", SIZES)
async def test_a_failed_save_against_a_dart_is_still_asked_by_default(size):
    """What luck is for: a save that keeps a delver from a wound is asked about under the
    default option, as issue 26's darts case (test_luck_pause_ui) asks it under "ask"."""
    make = CASES[DARTS][0]
    game, _act = make(_seed_for(DARTS), "ask")
    async with playing(game, size) as (app, pilot):
        await pilot.press("k")  # onto the trap square: the darts fly
        await pilot.pause()
        assert isinstance(app.screen, LuckPrompt)
        assert offer_waiting(game).resume not in HARMLESS
        assert "Might" in app.screen.text


def test_the_prompt_shows_the_modifier_the_log_shows():
    """"rolled 2-1 vs Combat 4" in the log; the prompt said "rolled 2, needs 4. Spend 3",
    which reads wrong."""
    offer = Offer(1, "Combat", 2, 4, 3, "attack", [])
    assert rolled_words(offer) == "2-1"
    assert "rolled 2-1, needs 4" in LuckPrompt("Vex", "Combat", rolled_words(offer), 4, 3,
                                                11).text
    assert rolled_words(Offer(1, "Wits (picking the lock)", 3, 4, 1, "pick_lock", [])) == "3"


def test_a_long_shot_is_not_asked_by_default_but_a_hopeless_lock_is():
    """The playtest's Mage cast at a rat 12 squares off, "rolled 5-2 vs Combat 5": only
    luck (or a natural 6) could pass it, and every `F` stopped on "Spend 3 of 14 luck?".
    Under "harm" a blow or spell is never asked; a lock only luck could pick still is (a
    job tried until it works may otherwise fail for a long while)."""
    long_shot = Offer(1, "Combat", 5, 5, 2, "cast", [])
    assert not asked(long_shot, "harm") and asked(long_shot, "ask")
    assert not asked(Offer(1, "Combat", 4, 6, 4, "attack", []), "harm")
    assert asked(Offer(1, "Wits (picking the lock)", 5, 5, 2, "pick_lock", []), "harm")
    assert not asked(Offer(1, "Wits (picking the lock)", 3, 4, 1, "pick_lock", []), "harm")


@pytest.mark.parametrize("size", SIZES)
async def test_a_rest_in_sight_of_a_pillager_writes_its_empty_rounds_as_one_line(size):
    """`R` with a Pillager in view (it keeps its distance: the party rests on, round by
    round): each 60-round rest wrote a "Round N: ..." line and an "X acts" line per
    delver for every round, some 240 lines of nothing that pushed everything older out of
    the log and of Ctrl-P (playtest26, amber-wolf-17, depth 1, rounds 182-302). Such
    rounds were folded into one line ("Rounds A-B: nothing happens"); since a Pillager
    keeping its distance is no foe (issue 26, finding 8) the rest is no fight at all and
    writes no round lines; what happened stays."""
    g = _hall(camp_in_view=True)
    _hauler(g, 23, 2)
    _wound(g, 1)
    g.streams.play = Steady(6)  # no wandering monster to break the rest
    start = g.round
    async with _rested(g, size) as (app, pilot):
        assert g.round - start >= 60 and g.state.mode == "explore"
        log = _log(app).splitlines()
        assert not [line for line in log if line.startswith("Round ")], log[-10:]
        assert not [line for line in log if "acts (initiative" in line], log[-10:]
        assert any("rests" in line for line in log)  # the rest itself is said
        await pilot.press("ctrl+p")
        await pilot.pause()
        history = app.screen
        assert isinstance(history, MessageHistory)
        text = "\n".join(history.messages)
        assert "rests" in text and "Round " not in text


@pytest.mark.parametrize("size", SIZES)
async def test_the_delver_card_says_luck_not_a_bare_L_beside_the_legs_row(size):
    """The card read "Leader Warrior  L10" four rows above "L 6543" (the Legs): a DCSS
    player took L10 for a level until the Rogue's went to L9 on a bought save (playtest26,
    amber-wolf-17, depth 1, round 5). The card says "Luck 10"; a name too long for that
    keeps the short L10 on the same line."""
    game = scenario(LOCKED, party=(("leader", "warrior"), ("mercenary", "rogue")),
                    seed="luck0")
    async with playing(game, size) as (app, pilot):
        rows = sidebar(app)
        lead = next(r for r in rows if "Leader Warrior" in r)
        luck = game.store.get(game.party[0], Character).luck
        assert lead.endswith(f"Luck {luck}"), rows
        # a name that leaves room for " L10" but not for " Luck 10"
        game.store.get(game.party[1], Named).name = "R" * (len(lead) - 3 - 5)
        await pilot.press("tab")  # (a change of lead redraws the cards)
        await pilot.pause()
        rows = sidebar(app)
        long = next(r for r in rows if "RRR" in r)
        assert re.search(rf" L{luck}$", long) and "Luck" not in long, rows
        assert any(re.fullmatch(r"\s+L [0-9x]+", r) for r in rows)  # the Legs row
