"""Messages that are right, once (issue 18, point 9): plurals, directions instead of
coordinates, one line per happening, and arrival said as arrival."""

from __future__ import annotations

import re

import pytest
from trap_helpers import Rigged, arena, place, sturdy

from roguelike.bot.player import Bot, play
from roguelike.core.components import Position, Trap
from roguelike.engine.actions.basic import Step
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.words import direction_words, plural
from roguelike.engine.game import Game
from roguelike.engine.helpers.watch import Watch
from roguelike.engine.markers.event_markers import make_marker
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.traps.trap_actions import attempt_disarm
from roguelike.engine.traps.trigger import spring
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

ONE_MANY = re.compile(r"\b1 (squares|rounds|Hits|boxes|creatures|Pillagers|treasures)\b")
COORDINATES = re.compile(r"\(\s*[-+]?\d+,\s*[-+]?\d+\s*\)")


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def test_plural_and_directions():
    assert plural(1, "square") == "1 square" and plural(3, "square") == "3 squares"
    assert plural(0, "round") == "0 rounds" and plural(2, "box") == "2 boxes"
    assert direction_words((5, 5), (6, 5)) == "1 square east"
    assert direction_words((5, 5), (1, 9)) == "4 squares south-west"


def test_bot_games_count_right_and_give_no_coordinates():
    texts: list[str] = []
    teleported = 0
    for n in range(30):  # (bot games until two have sent a delver through a teleport)
        game = Game(f"msg-{n}", options=GameOptions(luck_prompt="never"))
        play(game, 1500, Bot())
        texts += [e.text for e in game.log if e.text]
        teleported += any("is teleported" in e.text for e in game.log)
        if teleported >= 2 and n >= 2:
            break
    assert teleported >= 2
    for text in texts:
        assert not ONE_MANY.search(text), text
        assert not COORDINATES.search(text), text
        assert not re.search(r"\+\d+ XP\.", text), text  # award_xp says the XP, once


def test_teleport_says_how_far_and_which_way():
    game = arena()
    victim = game.party[0]
    sturdy(game, victim)
    game.streams.play = Rigged()
    trap = place(game, "tt_teleport", at=game.store.get(victim, Position).xy)
    before = game.store.get(victim, Position).xy
    texts = [e.text for e in spring(game, trap, victim)]
    after = game.store.get(victim, Position).xy
    assert after != before
    moved = [t for t in texts if "is teleported" in t]
    assert moved == [f"Leader Warrior is teleported {direction_words(before, after)}."]
    assert any(t.startswith("Teleport: ") and t.endswith("north-west.") for t in texts)
    assert not any(COORDINATES.search(t) for t in texts)


def test_the_empty_trap_square_is_said_once_and_stops_a_run_with_those_words():
    game = arena()
    lead = game.party[0]
    x, y = game.store.get(lead, Position).xy
    place(game, "mk_x", at=(x + 1, y), placement="square", room=0)
    watch = Watch.take(game)
    game.streams.play = Scripted([6] * 20)
    events = game.perform(Step(1, 0))
    said = [e.text for e in events if "marked X" in e.text]
    assert said == ["Leader Warrior steps on a square marked X: nothing happens. No trap after "
                    "all: the square is clear terrain for the rest of the game."]
    assert watch.stop_reason(game, events) == said[0]  # not "You notice a trap (X), here."


def test_a_disarm_says_its_experience_once():
    game = arena()
    rogue = game.party[1]
    trap = place(game, "mk_buzz_saw", at=(6, 3))
    game.store.get(trap, Trap).known_by.append(rogue)
    game.streams.play = Scripted([1, 6, 6])  # disarm value 6+1; 2d6 = 12
    texts = [e.text for e in attempt_disarm(game, rogue, trap, slow=False)]
    assert [t for t in texts if "XP" in t] == [
        "Mercenary Rogue earns 70 XP for disarming the Buzz Saw trap."]


class ThenHighest(Rigged):
    """These faces first, then every die at its highest (Rigged)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.faces = list(faces)

    def below(self, n: int) -> int:
        return self.faces.pop(0) - 1 if self.faces else super().below(n)


ROOM = """
##############
#1...........#
#2...........#
#3...........#
##############
"""


def test_a_marker_trap_rolls_its_treasure_once():
    game = scenario(ROOM)
    make_marker(game.store, 1, 3, 1, room=0)
    lead = game.party[0]
    # the chart's face first: 3 = trap; Wits fails (1); trap chart 1 = Teleport; the rest: 6s
    game.streams.play = ThenHighest([3, 1, 1])
    texts = [e.text for e in game.perform(Step(1, 0))]
    assert sum("reasure from the Teleport" in t for t in texts) == 1, texts
    assert "The marker hides a trap: Teleport (rolled 1 on the trap chart)." in texts
    assert not any(t.startswith("Trap chart:") for t in texts)  # the roll is said once
    assert lead  # (the Leader made the check)


def test_treasure_is_said_to_lie_where_it_lies():
    game = scenario(ROOM)
    make_marker(game.store, 1, 3, 1, room=0)
    game.streams.play = Scripted([5, 5, 3, 1])  # Wits 5 succeeds; 5 = treasure
    texts = [e.text for e in game.perform(Step(1, 0))]  # to (2, 1): the marker is east
    assert any(t.startswith("Treasure worth") and t.endswith("lies 1 square east.")
               for t in texts), texts


async def test_travel_says_it_arrived_not_that_it_was_already_there():
    game = scenario("""
        ##########
        #1.......#
        #.......>#
        ##########
    """, party=(("leader", "warrior"),))
    game.level.explored[:] = True
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        await pilot.press("G", "greater_than_sign")
        for _ in range(500):
            await pilot.pause(0.02)
            if screen.auto is None:
                break
        assert game.store.get(game.party[0], Position).xy == (8, 2)
        assert screen.status.hint == "You reach the stairs down."
        await pilot.press("G", "greater_than_sign")  # standing there: that is news
        await pilot.pause()
        assert screen.status.hint == "You are already there."
