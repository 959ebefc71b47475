"""The party moves together outside a fight (issue 26; RULES.md "The party moves
together"): one count for the party, companions following in step out of their own Moves,
a move ended by itself for a command that needs a fresh action, and walks that wait for a
companion left behind."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest
from trap_helpers import place

from roguelike.core.components import Actor, Door, HitBoxes, Position, Trap
from roguelike.core.explore_components import Item
from roguelike.engine.actions import marching
from roguelike.engine.actions.basic import Lead, Step, TakeStairs, Wait
from roguelike.engine.base.action import Action
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.creatures.inventory import Drop, Give, PickUp, carried, make_item
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.items.item_use import UseItem
from roguelike.engine.items.spells import Cast
from roguelike.engine.rest.resting_turn import Rest
from roguelike.engine.scenario import scenario
from roguelike.engine.traps.trap_actions import Disarm, Search
from roguelike.engine.traps.trigger import make_known, spring
from roguelike.engine.turns import turn_loop

HALL = """
####################################
#321...............................#
#..................................#
####################################
"""


def _xy(game: Game, eid: int) -> tuple[int, int]:
    return game.store.get(eid, Position).xy


def _budget(game: Game, eid: int) -> tuple[int, int]:
    act = game.store.get(eid, Actor)
    return act.actions_left, act.move_points


def in_step(game: Game) -> bool:
    """Each delver within a square of the one ahead of it in the marching line."""
    positions = game.store.table(Position)
    return all(chebyshev(positions[a], positions[b]) <= 1
               for a, b in pairwise(marching.line(game)))


def _slow(game: Game, eid: int, crossed: int) -> None:
    legs = game.store.get(eid, HitBoxes).location("legs")
    legs.crossed = crossed


# ----- one count for the party ---------------------------------------------------------
def test_the_party_takes_its_turns_at_the_first_delvers_count_led_first():
    """Rolls: Warrior 2, Rogue 6, Mage 4, the monster 5. The count is Rogue 6, monster 5,
    Mage 4, Warrior 2; out of a fight the party's turns all come at the Rogue's 6, the one
    led first, and the monster's turn follows them."""
    game = scenario("""
        #############
        #1.......####
        #2.......#m.#
        #3.......####
        #############
    """, monsters={"m": "mercenary"}, rolls=[2, 6, 4, 5])
    warrior, rogue, mage = game.party
    monster = next(e for e in game.order if e not in game.party)
    assert game.mode == "explore"
    assert game.order == [warrior, rogue, mage, monster]
    assert game.party_turn == [warrior, rogue, mage] and game.current == warrior
    assert all(_budget(game, e) == (2, 0) for e in game.party)
    round_ = game.round
    game.perform(Wait())  # the leader's turn ends; the companions' come next, begun already
    assert game.round == round_ + 1  # ... then the monster's; nobody took a second turn


def test_with_a_foe_in_view_every_delver_keeps_its_own_count():
    game = scenario("""
        ##########
        #1.......#
        #2.....m.#
        #3.......#
        ##########
    """, monsters={"m": "mercenary"}, rolls=[2, 6, 4, 5])
    warrior, rogue, mage = game.party
    monster = next(e for e in game.order if e not in game.party)
    assert game.mode == "combat"
    assert game.order == [rogue, monster, mage, warrior] and game.party_turn == []


def test_leading_another_in_the_party_turn_gives_it_the_head_of_the_count():
    game = scenario(HALL)
    warrior, rogue, mage = game.party
    game.perform(Step(1, 0))  # the Warrior's Move; the others follow
    game.perform(Lead(2))
    assert game.current == mage == game.awaiting
    assert game.order[:3] == [mage, rogue, warrior]
    assert _budget(game, warrior)[0] == 1  # it keeps what is left of its own turn


# ----- following in step -----------------------------------------------------------------
def test_companions_follow_in_step_out_of_their_own_moves():
    game = scenario(HALL)
    warrior, rogue, mage = game.party
    game.perform(Step(1, 0))
    assert _xy(game, warrior) == (4, 1)
    assert _xy(game, rogue) == (3, 1) and _xy(game, mage) == (2, 1)  # the leader's steps
    rogue_speed = game.store.get(rogue, HitBoxes).attribute("speed")
    assert _budget(game, rogue) == (1, rogue_speed - 1)  # its own Move, its own points
    for _ in range(10):
        game.perform(Step(1, 0))
        assert in_step(game)
    assert _xy(game, warrior) == (14, 1)


def test_nobody_moves_further_than_its_own_two_moves_and_the_laggard_catches_up():
    game = scenario(HALL)
    warrior, _rogue, mage = game.party
    _slow(game, mage, 2)  # Legs 6-5-4: Speed 4 against the Warrior's 6
    assert game.store.get(mage, HitBoxes).attribute("speed") == 4
    start = _xy(game, mage)
    for _ in range(11):  # the Warrior's two Moves but a square
        game.perform(Step(1, 0))
    assert _xy(game, warrior) == (14, 1) and _budget(game, warrior) == (0, 1)
    assert _xy(game, mage)[0] - start[0] == 8  # two Moves of 4, no more
    assert _budget(game, mage) == (0, 0)
    lag = marching.lagging(game, (15, 1))
    assert lag is not None and lag.eid == mage and lag.kind == "wait"
    assert "Apprentice Mage" in lag.why
    game.perform(Step(1, 0))  # the Warrior's last square ends its turn: a new round
    assert not in_step(game)
    game.perform(Step(1, 0))  # the Mage's next turn: it closes up as the Warrior steps
    assert in_step(game) and marching.lagging(game) is None


def test_a_follower_goes_round_a_known_trap_square_the_leader_stepped_past():
    game = scenario("""
        ###########
        #.........#
        #..32^1...#
        #.........#
        ###########
    """, rolls=[6] * 40)
    warrior = game.party[0]
    trap = place(game, "mk_spiked_pit", at=(5, 2), placement="square")
    make_known(game.store, trap, list(game.party))
    game.perform(Step(1, 0))  # the Warrior from (6, 2) to (7, 2)
    game.perform(Step(1, 0))
    assert _xy(game, warrior) == (8, 2) and in_step(game)
    springs = game.store.get(trap, Trap).springs
    assert springs == 0  # nobody stepped onto the known pit
    assert not any(e.kind == "trap" for e in game.log)


def test_a_follower_steps_where_the_one_ahead_stepped():
    game = scenario(HALL)
    warrior, rogue, mage = game.party
    trail = []
    for dx, dy in [(1, 0), (1, 1), (1, 0), (1, -1), (1, 0)]:
        trail.append(_xy(game, warrior))
        game.perform(Step(dx, dy))
    # the Rogue stands where the Warrior stood a step ago, the Mage a step behind it
    assert _xy(game, rogue) == trail[-1] and _xy(game, mage) == trail[-2]


# ----- a move ended by itself --------------------------------------------------------------
def _last_action_moving(game: Game) -> int:
    """Step until the led delver's second Move is under way (its last action)."""
    lead = game.awaiting
    speed = game.store.get(lead, HitBoxes).attribute("speed")
    for _ in range(speed + 1):
        game.perform(Step(1, 0))
    assert _budget(game, lead) == (0, speed - 1)
    return lead


def _item(game: Game, eid: int, kind: str) -> int:
    return next(i for i in carried(game.store, eid) if game.store.get(i, Item).kind == kind)


def _wound(game: Game, eid: int) -> None:
    game.store.get(eid, HitBoxes).location("legs").crossed = 1


# each: the led delver's class, the action made once its move is under way, the kind of
# event that says it was done, and whether it needs an action of its own (a drop and a rest
# do not: they were taken with a move under way before)
COMMANDS: dict[str, tuple[str, Callable[[Game, int], Action], str, bool]] = {
    "pick up": ("warrior", lambda g, e: PickUp(
        make_item(g, "healing_salve", Position(1, *_xy(g, e)))), "pick_up", True),
    "search": ("warrior", lambda g, e: Search(), "search", True),
    "use a salve": ("warrior", lambda g, e: (_wound(g, e), UseItem(
        _item(g, e, "healing_salve"), *_xy(g, e), "legs"))[1], "item", True),
    "throw": ("warrior", lambda g, e: UseItem(_item(g, e, "oil_flask"), _xy(g, e)[0] + 3,
                                              _xy(g, e)[1]), "throw", True),
    "cast": ("mage", lambda g, e: (_wound(g, e), Cast("heal", *_xy(g, e), "legs"))[1],
             "heal", True),
    "give (act)": ("warrior", lambda g, e: Give(g.party[1], str(_item(g, e, "oil_flask"))),
                   "give", True),
    "drop": ("warrior", lambda g, e: Drop(_item(g, e, "oil_flask")), "drop", False),
    "rest": ("warrior", lambda g, e: Rest(), "rest", False),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_needing_a_fresh_action_ends_the_move_by_itself(name: str):
    """Step, then the command: out of a fight the move under way ends by itself, the turn
    passes when it was the last action, and the command is taken (issue 26)."""
    klass, make, done_kind, fresh = COMMANDS[name]
    game = scenario(HALL.replace("321", "21."), party=(("leader", klass),
                                                       ("mercenary", "rogue")),
                    rolls=[6] * 80)
    lead = _last_action_moving(game)
    round_ = game.round
    action = make(game, lead)
    recorded = len(game.history)
    events = game.perform(action)
    texts = [e.text for e in events]
    assert not any(e.kind == "fail" for e in events), texts
    assert [a for _r, a in game.history[recorded:]] == [action.to_dict()]  # one action
    assert done_kind in [e.kind for e in events], texts
    ended = [e.text for e in events if e.kind == "end_move"]
    if fresh:  # the move ended, the turn passed, and the command was taken in the next
        assert ended == [f"{'Leader Mage' if klass == 'mage' else 'Leader Warrior'} ends "
                         "the move (5 movement points unused)."]
        assert game.round == round_ + 1
    else:
        assert ended == []


def test_the_stairs_are_taken_with_a_move_under_way():
    game = scenario("""
        ##############
        #321......>..#
        ##############
    """, rolls=[6] * 80)
    lead = _last_action_moving(game)
    assert _xy(game, lead) == (10, 1)  # on the stairs, the second Move under way
    events = game.perform(TakeStairs("down"))
    assert game.depth == 2, [e.text for e in events]


def test_with_a_foe_in_view_the_move_under_way_still_holds_the_last_action():
    game = scenario(HALL, party=(("leader", "warrior"),), rolls=[6] * 80)
    lead = _last_action_moving(game)
    x, y = _xy(game, lead)
    make_monster(game.store, game.content, "mercenary", Position(1, x + 2, y + 1),
                 awake=True)
    game.view_changed()
    turn_loop.update_mode(game)  # (what the loop does after every action)
    assert game.mode == "combat"
    events = game.perform(Search())
    assert [e.kind for e in events] == ["fail"]
    assert "the last one is the move under way" in events[0].text
    assert _budget(game, lead) == (0, 5)  # nothing changed


def test_a_disarm_wanting_more_points_than_the_move_has_starts_a_new_one():
    game = scenario("""
        ###########
        #1........#
        #.........#
        ###########
    """, party=(("leader", "rogue"),), rolls=[6] * 80)
    rogue = game.party[0]
    trap = place(game, "mk_spiked_pit", at=(9, 1), placement="square")
    make_known(game.store, trap, [rogue])
    for _ in range(7):  # Speed 8: one point of the first Move left, beside the pit
        game.perform(Step(1, 0))
    assert _xy(game, rogue) == (8, 1) and _budget(game, rogue) == (1, 1)
    events = game.perform(Disarm(1, 0, 0))
    assert any(e.kind == "end_move" for e in events)
    assert game.store.get(trap, Trap).state == "disarmed", [e.text for e in events]


# ----- walks wait for the party ------------------------------------------------------------
def test_travel_waits_for_a_slower_companion_and_says_so():
    game = scenario(HALL, rolls=[6] * 200)
    game.level.explored[:] = True  # (the way is known)
    mage = game.party[2]
    _slow(game, mage, 2)
    goal = (33, 1)
    walk = travel.Run(game, lambda g, e: travel.travel_step(g, e, goal)
                      if _xy(g, e) != goal else "there")
    news = []
    for _ in range(200):
        why = walk.advance(game.perform)
        if walk.news:
            news.append(walk.news)
            walk.news = ""
        if why:
            break
    assert why == "there"
    assert any(a["kind"] == "wait" for _r, a in game.history)
    assert news and news[0].startswith("Waiting for Apprentice Mage to catch up")
    waits = sum(1 for _r, a in game.history if a["kind"] == "wait")
    # said once a walk, however often the walk waits (the log held five such lines a walk)
    assert waits > 1 and len(news) == 1, (waits, news)
    game.perform(Wait())  # the Mage closes up with its next turn
    assert in_step(game)


def test_travel_does_not_leave_a_caged_companion_behind():
    game = scenario(HALL, rolls=[6] * 200)
    game.level.explored[:] = True
    _warrior, _rogue, mage = game.party
    cage = place(game, "mk_cage", at=_xy(game, mage), placement="square")
    spring(game, cage, mage)
    _events, why = travel.run(game, lambda g, e: travel.travel_step(g, e, (30, 1)))
    assert "Not leaving Apprentice Mage behind" in why and "free them first" in why
    assert chebyshev(game.store.get(game.led, Position), game.store.get(mage, Position)) \
        <= marching.GAP + 1


def test_travel_moves_the_group_and_a_room_trap_does_not_take_the_leader_alone():
    """`G` across a room with Boiling Oil (a room trap, 2 in 6 per delver entering): the
    party walks in together, so when it goes off the companions are beside the one led,
    and the walk stops for it; walked on, the trap is known and nobody springs it again."""
    game = scenario("""
        ##################
        #321....#........#
        #.......'........#
        #.......#........#
        ##################
    """, rolls=[1] * 400)
    game.level.room_map[:, 9:] = 1
    game.level.room_map[2, 8] = -1
    game.level.rooms.append(game.level.rooms[0])
    game.level.explored[:] = True
    oil = place(game, "boiling_oil", at=(12, 2), placement="room", room=1)
    goal = (15, 2)

    def to_goal(g: Game, e: int) -> Action | str:
        return travel.travel_step(g, e, goal) if _xy(g, e) != goal else "there"

    _events, why = travel.run(game, to_goal)
    assert "Leader Warrior triggers a hidden mechanism" in why  # the walk stops for it
    assert any("sets off a trap: Boiling Oil" in e.text for e in game.log)
    sprung = game.store.get(oil, Trap)
    assert sprung.springs == 1
    led = game.store.get(game.led, Position)
    assert all(chebyshev(game.store.get(e, Position), led) <= 2 for e in game.party)
    _events, why = travel.run(game, to_goal)
    assert why == "there" and game.store.get(oil, Trap).springs == 1
    assert in_step(game)


PARTED = """
####################
#......1.....+.....#
#............#.....#
#............#.23..#
####################
"""


def _parted() -> Game:
    """The Warrior west of a door found locked, the Rogue and the Mage east of it."""
    game = scenario(PARTED, rolls=[6] * 400)
    door = game.door_at(13, 1)
    assert door is not None
    game.store.get(door, Door).locked = True
    game.level.explored[:] = True
    return game


def test_travel_stops_walking_away_from_a_companion_a_locked_door_cuts_off():
    game = _parted()
    _events, why = travel.run(game, lambda g, e: travel.travel_step(g, e, (1, 3))
                              if _xy(g, e) != (1, 3) else "there")
    assert why.startswith("Mercenary Rogue has no way to the party")
    assert "lead them (Tab) to open it" in why and _xy(game, game.led) == (7, 1)
    # walking back toward it goes on: to the door
    _events, why = travel.run(game, lambda g, e: travel.travel_step(g, e, (12, 1))
                              if _xy(g, e) != (12, 1) else "there")
    assert why == "there"


def test_auto_explore_opens_the_door_that_parts_the_party():
    game = _parted()
    asked: list[str] = []
    _events, why = travel.run(game, Explorer(), answer=lambda q: asked.append(q.text) or 0)
    assert asked and asked[0].startswith("The party is parted by a locked door")
    # (Enter: the quiet way first, the Rogue picking the lock, from her side of it)
    assert "pick_lock" in [a["kind"] for _r, a in game.history]
    assert not marching.cut_off(game, game.party[1])
    assert in_step(game) or marching.lagging(game) is None, why


def test_a_follower_never_moves_the_one_led():
    """walk-3's first room: the Warrior steps back into the Rogue (they swap) and the Mage,
    closing up on the Rogue round a door, had only the Warrior's square nearer: it swapped
    the one led back out of the square it stepped to, and auto-explore went to and fro.
    Now no follower swaps with the one led (or the one it follows)."""
    game = Game("walk-3")
    lead = game.led
    walk = travel.Run(game, Explorer())

    def perform(action: Action) -> list:
        before = _xy(game, lead)
        events = game.perform(action)
        if isinstance(action, Step) and any(e.kind == "move" and e.actor == lead
                                            for e in events):
            assert _xy(game, lead) == (before[0] + action.dx, before[1] + action.dy)
        return events

    for _ in range(30):
        if walk.advance(perform):
            break
    assert game.actions_taken >= 30


def test_a_follower_takes_a_straight_step_rather_than_slip_past_a_known_trap():
    """The playtest (amber-wolf-17 D1 R13): a companion following in step slipped past a
    trap square diagonally and set it off (001: 1-3 on a d6). The Rogue, two squares behind
    the Warrior, could close up onto the square the Warrior left (diagonally past the known
    pit) or straight east: it steps straight."""
    game = scenario("""
        ###########
        #.........#
        #.321.....#
        #...^.....#
        #.........#
        ###########
    """, rolls=[6] * 40)
    warrior, rogue, _mage = game.party
    trap = place(game, "mk_spiked_pit", at=(4, 3), placement="square")
    make_known(game.store, trap, list(game.party))
    for dx, dy in [(1, 0), (0, 1), (1, 0)]:  # the Warrior: (5, 2), (5, 3), (6, 3)
        game.perform(Step(dx, dy))
    assert _xy(game, warrior) == (6, 3)
    assert _xy(game, rogue) == (5, 2) and in_step(game)
    assert not any("diagonally" in e.text for e in game.log)
    assert game.store.get(trap, Trap).springs == 0


def _trail_game(monkeypatch: pytest.MonkeyPatch, shortcut: bool) -> tuple[Game, int]:
    """The trail of test_a_follower_steps_where_the_one_ahead_stepped, with a known pit
    beside it, counting the distance maps the followers ask; `shortcut` False: every step
    ranked from the map, as before step_toward's shortcut."""
    asked = []
    route_near = Game.route_near

    def counting(self: Game, goal: tuple[int, int], near: tuple[int, int]):
        asked.append(goal)
        return route_near(self, goal, near)

    monkeypatch.setattr(Game, "route_near", counting)
    if not shortcut:
        monkeypatch.setattr(marching, "_prefer_first", lambda *args: False)
    game = scenario(HALL)
    trap = place(game, "mk_spiked_pit", at=(6, 1), placement="square")
    make_known(game.store, trap, list(game.party))
    for dx, dy in [(1, 0), (1, 1), (1, 0), (1, -1), (1, 0), (1, 1), (1, 0), (1, 0)]:
        game.perform(Step(dx, dy))
    monkeypatch.undo()
    return game, len(asked)


def test_a_follower_onto_the_square_just_left_asks_no_distance_map(monkeypatch):
    """step_toward's shortcut (issue 31): the square the one ahead has just left, next to
    both, ranks first without the map whenever it costs no more to enter and nothing
    counts against it; the map is asked for the rest (a known pit beside the trail). The
    game is the same, square for square, as with every step ranked from the map."""
    fast, asked_fast = _trail_game(monkeypatch, shortcut=True)
    slow, asked_slow = _trail_game(monkeypatch, shortcut=False)
    assert asked_slow >= 16 and asked_fast < asked_slow // 2
    assert [_xy(fast, e) for e in fast.party] == [_xy(slow, e) for e in slow.party]
    assert fast.state_hash() == slow.state_hash()
