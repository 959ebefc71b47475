"""Words the newcomer's playtest (issue 26, finding 12) read wrong: a plural lasting trap
effect, the lead handed to a delver called by its role, two doors that read as one, and a
treasure's direction measured from a companion the player does not lead."""

from __future__ import annotations

from trap_helpers import TWO_ROOMS, VICTIM_AT, place

from roguelike.core.components import Hazard, Position
from roguelike.core.explore_components import Treasure
from roguelike.engine.actions.basic import Lead, OpenDoor
from roguelike.engine.creatures.inventory import make_treasure
from roguelike.engine.scenario import scenario
from roguelike.engine.traps import hazards
from roguelike.engine.traps.trigger import spring


def test_the_closing_walls_of_a_compacting_room_are_gone():
    game = scenario(TWO_ROOMS)
    victim = game.party[0]
    trap = place(game, "compacting_room", at=VICTIM_AT)
    spring(game, trap, victim)
    walls = [e for e, _h in game.store.query(Hazard)]
    assert walls
    text = " ".join(e.text for e in hazards.end(game, walls[0]))
    assert "The closing walls left by the Compacting Room trap are gone." in text


def test_leading_a_delver_called_by_its_role_takes_no_article():
    game = scenario(TWO_ROOMS)
    result = game.perform(Lead(1))
    assert [e.text for e in result] == ["You now lead Mercenary Rogue."]


def test_two_doors_say_which_is_which():
    """Rolls: three for initiative, 1 for the west door's lock (locked), 6 for the east."""
    game = scenario("""
        #########
        #...#...#
        #..+1+..#
        #...#...#
        #########
    """, rolls=[6, 5, 4, 1, 6, 6, 6])
    texts = [e.text for e in game.perform(OpenDoor(-1, 0))]
    assert texts[0].startswith("The door to the west is locked (rolled 1 on d6")
    texts = [e.text for e in game.perform(OpenDoor(1, 0))]
    assert texts[0] == "Leader Warrior opens the door to the east."


def test_treasure_is_placed_from_the_delver_led_outside_a_fight():
    """A companion following in step may be the one acting when a marker shows treasure:
    the direction is still the one the player reads from the delver led."""
    game = scenario("""
        ##########
        #........#
        #.3.2.1..#
        #........#
        ##########
    """)
    warrior, rogue, _mage = game.party
    assert game.mode == "explore" and game.led == warrior
    game.current = rogue
    wx, wy = game.store.get(warrior, Position).xy
    eid, event = make_treasure(game, 1, wx, wy + 1)
    assert game.store.has(eid, Treasure)
    assert event.text.endswith("lies 1 square south.")
