"""The bot as a careful player (issue 16, section 3): one decision at a time on hand-made
maps, and a bounded many-seed check that its games end or move on."""

from __future__ import annotations

import pytest

from roguelike.bot import Bot, bot_game, play
from roguelike.bot.heart import take_heart
from roguelike.core.components import (
    Character,
    Disabled,
    HitBoxes,
    Position,
    Searched,
    TrapFigure,
)
from roguelike.core.events import Event
from roguelike.core.explore_components import Treasure
from roguelike.engine import conditions as C
from roguelike.engine.actions import Attack, Lead, TakeStairs, Wait
from roguelike.engine.explore.clock import Rest
from roguelike.engine.explore.inventory import Take, carried, ledger
from roguelike.engine.explore.items import UseItem
from roguelike.engine.explore.spells import Cast
from roguelike.engine.fight_actions import RangedAttack
from roguelike.engine.luck import KeepRoll, SpendLuck
from roguelike.engine.luck_queue import Offer
from roguelike.engine.scenario import scenario
from tests.combat_kit import arena, put_first, waiting_for
from tests.explore_kit import give, give_treasure, pillager

BOT_REST = Rest(dark=True)  # (the bot puts its lights out to rest: RULES.md "Rest in the dark")

HALL = """
##############
#1...........#
#2...........#
#3...........#
##############
"""


def _explore_led(g, eid: int) -> None:
    """Out of a fight, `eid` leads and is on turn with two actions."""
    g.mode = "explore"
    g.led = eid
    put_first(g, eid)


def _treasure_carried(g, eid: int) -> bool:
    return any(g.store.has(i, Treasure) for i in carried(g.store, eid))


def _cross(g, eid: int, where: str, n: int) -> None:
    g.store.get(eid, HitBoxes).location(where).crossed = n


def test_an_unengaged_pillager_is_left_be_and_one_that_strikes_is_fought():
    g = arena(text=HALL, monsters={})
    warrior = g.party[0]
    p = pillager(g, 2, 1)  # right beside the Warrior, not fighting anyone
    g.mode = "combat"
    put_first(g, warrior)
    bot = Bot()
    assert not isinstance(bot.choose(g), Attack)
    g.log.append(Event("hit", "The Pillager hits the Leader Warrior.", p, warrior))
    assert bot.choose(g) == Attack(p)


def test_the_mage_casts_force_bolt_from_range_and_stays_out_of_melee():
    g = arena(text="""
    ##############
    #1..........m#
    #2...........#
    #3...........#
    ##############
    """)
    mage = g.party[2]
    put_first(g, mage)
    foe = next(e for e in g.hostiles_in_view())
    fpos = g.store.get(foe, Position)
    assert Bot().choose(g) == Cast("force_bolt", fpos.x, fpos.y)


def test_the_immobile_jaws_of_doom_are_not_fought_hand_to_hand():
    jaws_id = next(k for k, m in bot_game("x").content.monsters.items()
                   if m.name == "Jaws of Doom")
    g = arena(jaws_id, text="""
    ##############
    #1m..........#
    #............#
    #............#
    #2.3.........#
    ##############
    """)
    warrior, rogue = g.party[0], g.party[1]
    put_first(g, warrior)
    jaws = next(e for e in g.hostiles_in_view())
    assert Bot().choose(g) != Attack(jaws)
    put_first(g, rogue)  # the Rogue shoots it from where it stands (3 squares off)
    assert Bot().choose(g) == RangedAttack(jaws)


def test_a_companion_a_wound_from_down_is_healed():
    g = scenario("""
    ##############
    #13..........#
    #2...........#
    ##############
    """)
    warrior, mage = g.party[0], g.party[2]
    torso = g.store.get(warrior, HitBoxes).location("torso")
    _cross(g, warrior, "torso", len(torso.boxes) - 1)  # one box left
    _explore_led(g, mage)
    wpos = g.store.get(warrior, Position)
    assert Bot().choose(g) == Cast("heal", wpos.x, wpos.y, "torso")


def test_a_salve_mends_a_fallen_companion_when_no_spell_can():
    g = scenario(HALL, party=(("leader", "warrior"), ("mercenary", "rogue"),
                              ("apprentice", "warrior")))
    leader, rogue = g.party[0], g.party[1]
    head = g.store.get(rogue, HitBoxes).location("head")
    _cross(g, rogue, "head", len(head.boxes))
    g.store.add(rogue, Disabled("Head spent"))
    _explore_led(g, leader)
    salve = Bot().find(g, leader, "heal_box")
    assert salve is not None
    rpos = g.store.get(rogue, Position)
    assert Bot().choose(g) == UseItem(salve, rpos.x, rpos.y, "head")


def test_the_party_waits_for_a_knocked_out_companion_before_the_stairs():
    g = scenario("""
    ##############
    #1>..........#
    #2..........3#
    ##############
    """)
    leader, mage = g.party[0], g.party[2]
    g.store.add(mage, Disabled("knocked out (Head spent)"))
    C.add_condition(g, mage, "knocked_out", 60, "wounds")
    pos = g.store.get(leader, Position)
    pos.x, pos.y = g.level.stairs_down
    _explore_led(g, leader)
    g.store.add(leader, Searched(places=["1:0"], spots=[]))  # the room is searched
    bot = Bot()
    # 10 squares off and will wake: not left behind; a rest lets the knock-out run out
    assert bot.choose(g) == BOT_REST
    g.perform(Rest())
    assert not g.store.has(mage, Disabled)  # up again: the rest's 60 rounds passed
    _explore_led(g, leader)
    for _ in range(40):  # the Mage walks over as a follower; then down together
        action = bot.choose(g)
        if action == TakeStairs("down"):
            break
        assert not isinstance(action, TakeStairs)
        g.perform(action)
    assert action == TakeStairs("down")
    assert g.perform(action) and g.depth == 2
    assert g.store.get(mage, Position).depth == 2


def test_the_jaws_a_trap_summoned_are_counterattacked_at_once():
    g = arena("jaws_of_doom", text="""
    ##############
    #1m..........#
    #............#
    #2.3.........#
    ##############
    """)
    warrior = g.party[0]
    jaws = next(e for e in g.hostiles_in_view())
    put_first(g, warrior)
    assert Bot().choose(g) != Attack(jaws)  # (any other immobile foe: not hand to hand)
    g.store.add(jaws, TrapFigure(trap=0, on_miss="remove_figure",
                                 on_damage="disarmed_no_xp"))
    assert Bot().choose(g) == Attack(jaws)


def test_a_foe_next_to_a_delver_is_struck_while_the_fight_plan_is_set_aside():
    g = arena(text="""
    ##############
    #1m..........#
    #............#
    #2.3.........#
    ##############
    """)
    warrior = g.party[0]
    foe = next(e for e in g.hostiles_in_view())
    put_first(g, warrior)
    bot = Bot()
    bot.guard.banned[(g.depth, "fight")] = g.actions_taken + 400  # (a fight that looped)
    assert bot.choose(g) == Attack(foe)


def test_the_party_climbs_out_with_the_heart_and_banks_its_treasure():
    g = scenario("""
    ##############
    #<...........#
    #............#
    #..........12#
    #...........3#
    ##############
    """)
    leader = g.party[0]
    give(g, leader, "heart_of_the_deep")
    give_treasure(g, g.party[1], gp=40)
    _explore_led(g, leader)
    play(g, 200)
    assert g.over and g.outcome == "victory"
    assert ledger(g).banked_gp >= 40 + 5000


def test_on_the_stairs_up_a_companion_standing_far_off_is_led_there():
    g = scenario("""
    ##################
    #<...............#
    #2..............3#
    #1...............#
    ##################
    """)
    leader, far = g.party[0], g.party[2]
    g.store.get(leader, Position).x, g.store.get(leader, Position).y = g.level.stairs_up
    _explore_led(g, leader)
    g.level.explored[:, :] = True
    for e in g.party:  # (the room searched already: nothing else to do first)
        g.store.add(e, Searched(places=["1:0"], spots=[(1, 1, 1)]))
    bot = Bot()
    bot.guard.retiring = True
    assert bot.choose(g) == Wait()  # (first the line is given time to catch up)
    bot.stairs_waits = 99
    assert bot.choose(g) == Lead(g.store.get(far, Character).order)
    play(g, 300, bot)
    assert g.over and g.outcome == "retired"


def test_treasure_is_banked_at_the_camp_on_depth_1():
    g = scenario("""
    ##############
    #<....#......#
    #.....+....1.#
    #.....#....23#
    ##############
    """)
    # the left room is the Camp; the right one another room
    g.level.room_map[:, 6:] = 1
    g.level.room_map[2, 6] = -1
    leader = g.party[0]
    give_treasure(g, leader, gp=25)
    _explore_led(g, leader)
    bot = Bot()
    for _ in range(60):
        if not _treasure_carried(g, leader):
            break
        action = bot.choose(g)
        before = g.actions_taken
        g.perform(action)
        if g.actions_taken == before:
            g.perform(Wait())
    assert ledger(g).banked_gp == 25 and not _treasure_carried(g, leader)


def test_luck_buys_back_a_save_but_keeps_a_point():
    g = scenario(HALL, luck_prompt="ask")
    rogue = g.party[1]
    char = g.store.get(rogue, Character)
    g.luck_queue.items.append(Offer(rogue, "Might", 3, 5, 2, "save", [rogue, 1, 0, 0, 0]))
    g.current = rogue
    g.mode = "combat"
    assert Bot().choose(g) == SpendLuck(2)
    char.luck = 2  # spending 2 would leave none to turn a Disabling blow into a knock-out
    assert Bot().choose(g) == KeepRoll()
    char.luck = 10
    waiting_for(g, rogue).cost = 7  # too dear, even for a save that may down it
    assert Bot().choose(g) == KeepRoll()
    offer = waiting_for(g, rogue)
    offer.cost, offer.resume = 2, "trap_shot"  # a trap's dart: a save against a wound too
    assert Bot().choose(g) == SpendLuck(2)


def test_the_party_rests_while_hurt_until_a_rest_changes_nothing():
    g = scenario(HALL)
    warrior = g.party[0]
    _cross(g, warrior, "arms", 1)
    _explore_led(g, warrior)
    bot = Bot()
    assert bot.choose(g) == BOT_REST
    g.perform(Rest())
    _explore_led(g, warrior)
    if g.store.get(warrior, HitBoxes).location("arms").crossed:  # the rest healed nothing
        assert not isinstance(bot.choose(g), Rest)


def test_an_injury_is_rested_off_before_going_on():
    """Injured is -1 a stack on every roll until a rest at full boxes ends it (004); the
    bot rested injuries off only in the Camp, and a Rogue went on knocked out 20 times
    over with -20 on every roll (seed s24-b-8). No box crossed, one injury: it rests."""
    g = scenario(HALL)
    g.level.camp_room = 7  # (out of the Camp: there the bot rests off everything)
    warrior, rogue = g.party[0], g.party[1]
    _explore_led(g, warrior)
    assert not isinstance(Bot().choose(g), Rest)  # (nothing to mend)
    C.add_condition(g, rogue, "injured", C.UNTIL_ENDED, "knock-out")
    _explore_led(g, warrior)
    assert Bot().choose(g) == BOT_REST


def test_nights_that_fail_their_injury_check_are_not_given_up():
    """A rest at full boxes rolls an injury's night (004's Endurance check; a natural 6
    always passes): one that fails changes nothing, yet it is no futile rest. Counted
    futile, the party went on after three, and its injuries piled up to -7 on every roll
    (seed s24-e-19, a 900-round troll fight)."""
    from roguelike.bot.resting import FUTILE_RESTS

    g = scenario(HALL)
    g.level.camp_room = 7  # (out of the Camp)
    warrior, rogue = g.party[0], g.party[1]
    C.add_condition(g, rogue, "injured", C.UNTIL_ENDED, "knock-out")
    _explore_led(g, warrior)
    bot = Bot()
    for _ in range(FUTILE_RESTS + 2):  # (the same state each time: as after failed nights)
        assert bot.choose(g) == BOT_REST
    assert not bot.futile_rests.get(g.depth)


@pytest.mark.parametrize("seed", [f"bot-progress-{i}" for i in range(6)])
def test_every_bot_game_ends_or_moves_on(seed: str):
    """No stall: in each window of 1,500 actions the game ends, or the party reaches new
    ground (squares explored, a new depth) or banks or kills something."""
    g = bot_game(seed)
    bot = Bot()

    def progress() -> tuple[int, ...]:
        seen = sum(int(level.explored.sum()) for level in g.levels.values())
        return (g.deepest, seen, g.kills, ledger(g).banked_gp)

    for _ in range(3):
        before = progress()
        play(g, 1500, bot)
        if g.over:
            break
        assert progress() != before, (seed, g.depth, g.round)


def test_two_plans_pulling_opposite_ways_are_both_set_aside():
    """A loop walked by two plans taking turns (one steps out of a pool, the other back in;
    one walks to the Camp, the other away) sets aside each plan that walked it, not only
    the one on turn when the loop was seen (that one's partner pulled on for ever)."""
    from roguelike.bot.guard import LOOP_WINDOW, Guard
    from roguelike.engine.actions import Step

    g = scenario(HALL)
    leader = g.party[0]
    _explore_led(g, leader)
    guard = Guard()
    pos = g.store.get(leader, Position)
    for i in range(LOOP_WINDOW):
        pos.x = 3 + i % 2
        guard.note(g, leader, "camp" if i % 2 else "secret" if i % 4 == 0 else "loot",
                   Step(1, 0))
    assert guard.loops == 1
    assert not guard.allowed(g, "camp") and not guard.allowed(g, "loot")
    assert guard.allowed(g, "secret")  # (the last resort is never set aside)


def test_a_delver_standing_on_a_square_with_no_way_steps_off_it():
    """A delver swapped or thrown onto a square the route maps count as wall (an unfound
    secret door) still steps towards its goal: before, no step was found and the party
    searched in place for the rest of the game."""
    from roguelike.core.explore_components import SecretDoor
    from roguelike.engine.actions import Step
    from tests.explore_kit import door_at

    g = scenario("""
    ##########
    #..1+....#
    #2.3#....#
    ##########
    """)
    leader = g.party[0]
    door = door_at(g, 4, 1)
    g.store.add(door, SecretDoor())
    pos = g.store.get(leader, Position)
    pos.x, pos.y = 4, 1
    _explore_led(g, leader)
    g.view_changed()
    step = Bot().towards(g, leader, pos, [(7, 1)], False)
    assert step == Step(1, 0)


def test_burning_oil_is_thrown_only_when_the_trip_can_spare_its_light():
    """A flask of oil is 24 turns of the lantern's light and the dungeon holds no more:
    thrown at a strong foe only while the light carried covers the trip down and back
    with the flask's worth to spare (before, the bot threw a flask at the first Rival
    Leader and went dark four levels early)."""
    from roguelike.bot.journey import light_turns
    from roguelike.core.explore_components import LightSource
    from roguelike.engine.explore.inventory import unstow

    def game(torches: int):
        g = arena("troll", text="""
        ##############
        #1...m.......#
        #............#
        #2.3.........#
        ##############
        """)
        leader = g.party[0]
        for m in g.party:  # the start kits' lights gone but the lit lantern's last round
            if g.store.has(m, LightSource):
                g.store.get(m, LightSource).rounds_left = 1
            for item in list(carried(g.store, m)):
                if Bot.kind_of(g, item) in ("torch", "oil_flask"):
                    unstow(g, m, item)
                    g.store.destroy(item)
        for _ in range(3):  # 72 turns of the lantern's light
            give(g, leader, "oil_flask")
        for _ in range(torches):
            give(g, g.party[1], "torch")
        put_first(g, leader)
        return g, leader

    g = game(torches=0)[0]
    assert light_turns(g) == 72
    assert not isinstance(Bot().choose(g), UseItem)  # kept for the lantern
    g = game(torches=25)[0]  # 150 turns of torchlight besides
    action = Bot().choose(g)
    assert isinstance(action, UseItem) and Bot.kind_of(g, action.item) == "oil_flask"


def test_an_exhausted_mage_does_not_cast_on_a_six_alone():
    """Casting is a Wits check plus fatigue: at a target of 6 only a six casts, and the Mage
    stood bolting a regenerating Troll for thousands of rounds; it casts again once rested."""
    from roguelike.core.explore_components import Fatigue

    g = arena(text="""
    ##############
    #1..........m#
    #2...........#
    #3...........#
    ##############
    """)
    mage = g.party[2]
    put_first(g, mage)
    g.store.add(mage, Fatigue(level=3))  # Wits 3 + 3
    assert not isinstance(Bot().choose(g), Cast)
    g.store.get(mage, Fatigue).level = 1  # Wits 3 + 1: a cast worth trying
    assert isinstance(Bot().choose(g), Cast)


def test_a_level_that_keeps_putting_the_party_down_is_hurried_from():
    """A foe the party cannot beat (a Troll that breaks off, regenerates and comes back)
    put delvers down 1,800 times on one level: after DOWNS_HURRY downs there the party no
    longer rests or loots on it, and heads for the stairs."""
    from roguelike.bot.guard import DOWNS_HURRY
    from roguelike.core.events import Event as E

    g = scenario(HALL)
    bot = Bot()
    victim = g.party[1]
    for n in range(DOWNS_HURRY):
        assert g.depth not in bot.hurried, n
        g.log.append(E("disabled", "Mercenary Rogue is Knocked Out", victim))
        bot._read_log(g)
    assert g.depth in bot.hurried


def test_no_rest_while_someone_bleeds():
    """A Sapped delver loses a box each turn, which breaks any rest at once (it heals
    nothing): the party lets rounds pass instead (each turn's save may end the bleeding)
    rather than burn an exploration turn of light for nothing, 21 times on one level."""
    g = scenario(HALL)
    warrior, rogue = g.party[0], g.party[1]
    _cross(g, warrior, "arms", 1)
    _explore_led(g, warrior)
    assert Bot().choose(g) == BOT_REST
    C.add_condition(g, rogue, "sapped", C.UNTIL_ENDED, "test")
    assert Bot().choose(g) == Wait()


def test_a_delver_in_a_hand_whose_way_out_is_a_companion_hands_them_the_lead():
    """The only way out of a Monstrous Hand's reach is through a companion standing outside
    it: the swap would put them in the hand, so the one inside hands them the lead (they
    lead on from outside and the held follow, breaking away). Before, no step was found and
    the party searched in place until the action cap."""
    from roguelike.engine.actions import Lead
    from roguelike.engine.traps import spring
    from tests.trap_helpers import place

    g = scenario("""
    #######
    #.....#
    ###1###
    ###2###
    ###.###
    ###3###
    ###.###
    #######
    """)
    leader, rogue = g.party[0], g.party[1]
    spring(g, place(g, "mk_monstrous_hand", at=(3, 1), placement="square"), leader)
    _explore_led(g, leader)
    g.view_changed()
    action = Bot().towards(g, leader, g.store.get(leader, Position), [(3, 6)], False)
    assert action == Lead(g.store.get(rogue, Character).order)


def test_an_exhausted_mage_does_not_try_heal_that_cannot_be_cast():
    """Heal is a Wits check plus fatigue too: at Wits 4 + 3 fatigue no die casts it, and
    the Mage tried it (and declined the luck) for 40,000 rounds."""
    from roguelike.bot.care import heal_plan
    from roguelike.core.explore_components import Fatigue

    g = scenario(HALL)
    warrior, mage = g.party[0], g.party[2]
    torso = g.store.get(warrior, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes) - 1  # a wound from down
    g.store.add(mage, Fatigue(level=1))
    assert heal_plan(g, mage, None) == (warrior, "torso", "spell")
    g.store.get(mage, Fatigue).level = 3
    assert heal_plan(g, mage, None) is None  # (a salve would do, if it had one)


def test_a_fight_that_walks_a_loop_is_set_aside():
    """Stepping back from a foe and closing on it again (a cornered rat that will not come)
    walked the Mage between two squares for 40,000 actions: the guard sees fight steps too."""
    from roguelike.bot.guard import LOOP_WINDOW, Guard
    from roguelike.engine.actions import Step

    g = scenario(HALL)
    mage = g.party[2]
    g.mode = "combat"
    guard = Guard()
    pos = g.store.get(mage, Position)
    for i in range(LOOP_WINDOW):
        pos.x = 3 + i % 2
        guard.note(g, mage, "fight", Step(1 - 2 * (i % 2), 0))
    assert not guard.allowed(g, "fight")


def test_a_lead_handed_back_and_forth_sets_the_plan_aside():
    """Two delvers each handing the other the lead to heal a companion neither could reach
    went on for 20,000 rounds: leads count as a loop too."""
    from roguelike.bot.guard import LEAD_LOOP, Guard
    from roguelike.engine.actions import Lead

    g = scenario(HALL)
    guard = Guard()
    for i in range(LEAD_LOOP):
        assert guard.allowed(g, "care"), i
        guard.note(g, g.party[1 + i % 2], "care", Lead(2 - i % 2))
    assert not guard.allowed(g, "care")


def test_cut_off_on_the_way_out_the_bot_searches_new_walls():
    """Climbing out with no known way to the stairs up (cut off: a secret door, a collapse),
    the led delver walks to walls it has not searched yet; before, it searched where it had
    already searched (refused) for the rest of the game."""
    from roguelike.engine.actions import Step

    g = scenario("""
    ###############
    #1.........#..#
    #2.........#..#
    #3.........#..#
    ###############
    """)
    leader = g.party[0]
    _explore_led(g, leader)
    g.level.stairs_up = (12, 2)  # beyond the wall: no known way there
    g.level.explored[:, :] = True
    g.store.add(leader, Searched(places=["1:0"], spots=[(1, 1, 1)]))
    bot = Bot()
    bot.guard.retiring = True
    action = bot.choose(g)
    assert isinstance(action, Step), action


POOL_HALL = """
##############
#............#
#.1....2.....#
#............#
#...3........#
##############
"""


def _down_in_pool(g, victim: int) -> int:
    """An acid pool sprung on `victim`, who lies Knocked Out in it; the pool's trap."""
    from roguelike.engine.traps import spring
    from tests.trap_helpers import place

    vpos = g.store.get(victim, Position)
    trap = place(g, "mk_noxious_acid_pool", at=vpos.xy, placement="square")
    spring(g, trap, victim)
    head = g.store.get(victim, HitBoxes).location("head")
    _cross(g, victim, "head", len(head.boxes))
    if not g.store.has(victim, Disabled):
        g.store.add(victim, Disabled("knocked out (Head spent)"))
    C.add_condition(g, victim, "knocked_out", 60, "wounds")
    g.view_changed()
    return trap


def test_no_heal_is_spent_on_one_lying_in_an_acid_pool():
    """A delver down in an acid pool is struck down again at its next turn's start: the
    Mage neither casts Heal on them nor walks into the pool to do it (a bot game's Mage and
    Rogue went in one after the other, and the whole party went down)."""
    from roguelike.bot.care import heal_plan

    g = scenario(POOL_HALL)
    leader, mage = g.party[0], g.party[2]
    _down_in_pool(g, leader)
    _explore_led(g, mage)
    assert heal_plan(g, mage, None) is None
    action = Bot().choose(g)
    assert not (isinstance(action, Cast) and action.spell == "heal")


def test_only_a_fit_delver_walks_into_a_pool_to_disarm_it_for_the_fallen():
    """The pool's trap holds a fallen companion: a delver RESCUE_FIT boxes or more from
    going down goes to disarm it; one nearer going down leaves it (the stairs leave the
    fallen there, journey.gathered)."""
    from roguelike.bot.resting import RESCUE_FIT, tend_fallen
    from roguelike.bot.routes import hazard_squares

    g = scenario(POOL_HALL)
    leader, rogue = g.party[0], g.party[1]
    _down_in_pool(g, leader)
    _explore_led(g, rogue)
    pos = g.store.get(rogue, Position)
    bot = Bot()
    assert tend_fallen(bot, g, rogue, pos, hazard_squares(g)) is not None
    torso = g.store.get(rogue, HitBoxes).location("torso")
    _cross(g, rogue, "torso", len(torso.boxes) - (RESCUE_FIT - 1))  # a box from down
    assert tend_fallen(bot, g, rogue, pos, hazard_squares(g)) is None


def _bot_plays(g, bot, limit: int, until) -> list:
    """The bot's actions for whoever is to act, performed, until `until(g)` or `limit`."""
    done = []
    for _ in range(limit):
        if until(g):
            break
        action = bot.choose(g)
        done.append((g.awaiting, action))
        g.perform(action)
    return done


def test_a_fallen_companion_in_an_acid_pool_is_dragged_out_of_it_and_rested_beside():
    """Issue 16: a Mage knocked out in an acid pool came round after 60 rounds with a box,
    was struck at its turn's start and went down again, 23 times (seed s24-e-33): the
    Rogue walks in and drags the Leader out (a square an action), standing in the pool at
    no turn's start, and the party rests beside them out of it."""
    from roguelike.bot.routes import harming_squares
    from roguelike.engine.explore.drag import Drag

    g = scenario(POOL_HALL)
    leader, rogue = g.party[0], g.party[1]
    _down_in_pool(g, leader)
    _explore_led(g, rogue)
    pool = set(harming_squares(g))
    bot = Bot()
    done = _bot_plays(g, bot, 30, lambda g: g.store.get(leader, Position).xy not in pool)
    assert g.store.get(leader, Position).xy not in pool
    # (back east, a square an action: straight, or round the Mage who followed the Rogue
    # in step, issue 26)
    drags = [a for _who, a in done if isinstance(a, Drag)]
    assert len(drags) == 2 and all(d.frm == leader and d.dx == 1 for d in drags), drags
    struck = [e for e in g.log if e.kind == "trap_damage" and e.actor == rogue]
    assert len(struck) == 1 and "1 Hit" in struck[0].text  # (walking in; no turn's start)
    rest = _bot_plays(g, bot, 12, lambda g: isinstance(g.history[-1][1], dict)
                      and g.history[-1][1]["kind"] == "rest")
    assert rest and rest[-1][1] == BOT_REST
    assert not {g.store.get(m, Position).xy for m in g.party} & pool


def test_a_delver_a_wound_from_down_drags_the_fallen_only_from_outside_the_pool():
    """RESCUE_FIT: a Rogue a box from going down does not step into the acid for a
    companion lying in it; from beside the pool it drags one at its edge out, stepping
    away from it; one in its middle it leaves (no square beside them is out of it)."""
    from roguelike.bot.resting import RESCUE_FIT, tend_fallen
    from roguelike.bot.routes import harming_squares
    from roguelike.engine.actions import Step
    from roguelike.engine.explore.drag import Drag
    from tests.explore_kit import act

    g = scenario(POOL_HALL)
    leader, rogue = g.party[0], g.party[1]
    _down_in_pool(g, leader)
    g.store.get(leader, Position).x = 3  # (the pool's east edge: it spans x 1..3)
    g.store.get(rogue, Position).x = 5
    torso = g.store.get(rogue, HitBoxes).location("torso")
    _cross(g, rogue, "torso", len(torso.boxes) - (RESCUE_FIT - 1))
    _explore_led(g, rogue)
    pool = set(harming_squares(g))
    bot = Bot()
    done = []
    for _ in range(4):
        action = tend_fallen(bot, g, rogue, g.store.get(rogue, Position), tuple(pool))
        done.append(action)
        assert act(g, rogue, action).ok
        if g.store.get(leader, Position).xy not in pool:
            break
    assert done == [Step(-1, 0), Drag(leader, 1, 0)]
    assert g.store.get(leader, Position).xy == (4, 2)
    assert not [e for e in g.log if e.kind == "trap_damage" and e.actor == rogue]
    g.store.get(leader, Position).x = 2  # (back in the middle)
    _explore_led(g, rogue)
    pos = g.store.get(rogue, Position)
    assert tend_fallen(bot, g, rogue, pos, tuple(pool)) is None


def test_a_party_hurrying_off_a_level_still_rests_off_severe_fatigue():
    """Hurried (guard.Guard: no progress here for long) the bot rests no wounds, but severe
    fatigue (-2 on every roll) is rested off: seed s22-b-33's exhausted Mage, shut behind a
    locked door it could not break at Might 6 + 3, never rested and the game stalled."""
    from roguelike.core.explore_components import Fatigue

    g = scenario(HALL)
    warrior = g.party[0]
    _explore_led(g, warrior)
    bot = Bot()
    bot.guard.hurried.add(g.depth)
    g.store.add(g.party[2], Fatigue(level=1))
    assert not isinstance(bot.choose(g), Rest)
    g.store.get(g.party[2], Fatigue).level = 2
    _explore_led(g, warrior)
    assert bot.choose(g) == BOT_REST


def test_rests_that_stopped_helping_are_tried_again_after_a_while_and_lift_given_up_doors():
    from roguelike.bot.resting import FUTILE_PAUSE, FUTILE_RESTS
    from roguelike.core.explore_components import Fatigue

    g = scenario(HALL)
    warrior = g.party[0]
    _explore_led(g, warrior)
    g.store.add(warrior, Fatigue(level=1))
    bot = Bot()
    bot.futile_rests[g.depth] = FUTILE_RESTS
    bot.futile_at[g.depth] = g.round
    bot.routes.bar(g, (5, 2))
    assert not isinstance(bot.choose(g), Rest)  # (three rests in a row changed nothing here)
    g.round += FUTILE_PAUSE - 1
    _explore_led(g, warrior)
    assert not isinstance(bot.choose(g), Rest)
    g.round += 1
    _explore_led(g, warrior)
    assert bot.choose(g) == BOT_REST
    assert bot.routes.barred_here(g) == ()  # rested: the doors given up on get a new try


def test_the_bot_gives_up_a_locked_door_it_cannot_break_instead_of_trying_for_ever(
        monkeypatch: pytest.MonkeyPatch):
    """A try the engine would refuse (explore.checks.hopeless) is not made: the door is
    given up on (until a rest) and the bot looks for another way."""
    import roguelike.bot.moves as moves
    from roguelike.core.components import Door
    from roguelike.engine.explore.doors import BreakDoor
    from tests.explore_kit import door_at

    g = scenario("""
##########
#..1+...>#
#2.3######
##########
""")
    lead = g.party[0]
    state = g.store.get(door_at(g, 4, 1), Door)
    state.locked = state.checked = True
    _explore_led(g, lead)
    bot = Bot()
    bot.guard.hurried.add(g.depth)  # (straight for the stairs: no search of the room first)
    assert bot.choose(g) == BreakDoor(1, 0)
    monkeypatch.setattr(moves, "hopeless", lambda *args: "it needs 7 on a d6")
    _explore_led(g, lead)
    assert bot.choose(g) != BreakDoor(1, 0)
    assert bot.routes.barred_here(g) == ((4, 1),)


def test_a_delver_in_the_middle_of_an_acid_pool_walks_out_of_it_first():
    """From the pool's middle every neighbour is in the pool: the delver walks two squares
    out of it in its turn (before it tends anyone, searches or rests) rather than stand in
    it, struck at each turn's start (bot games lost whole parties in pools on depths 1-3)."""
    from roguelike.bot.routes import hazard_squares
    from roguelike.engine.actions import Step
    from roguelike.engine.traps import spring
    from tests.trap_helpers import place

    g = scenario(POOL_HALL)
    rogue = g.party[1]
    spot = g.store.get(rogue, Position).xy
    spring(g, place(g, "mk_noxious_acid_pool", at=spot, placement="square"), rogue)
    _explore_led(g, rogue)
    assert not g.store.has(rogue, Disabled)
    pool = set(hazard_squares(g))
    bot = Bot()
    for _ in range(3):
        if g.store.get(rogue, Position).xy not in pool:
            break
        action = bot.choose(g)
        assert isinstance(action, Step), action
        g.perform(action)
    assert g.store.get(rogue, Position).xy not in pool


def test_a_free_delver_in_the_hands_reach_crosses_it_to_lead_the_held_from_outside():
    """In a corridor the Monstrous Hand spans, the free Warrior standing in its reach has
    no free square beside it out of the reach: it walks out across the reach (it waited
    there for ever, seed s23-g-14), to lead from 2 squares off while the held try to
    break away."""
    from roguelike.engine.actions import Step
    from roguelike.engine.traps import spring
    from tests.trap_helpers import place

    g = scenario("""
###########
#3.21.....#
###########
""")
    leader, rogue = g.party[0], g.party[1]
    # the Hand under the Warrior; the Rogue beside it held, the square beyond in reach too
    spring(g, place(g, "mk_monstrous_hand", at=(4, 1), placement="square"), rogue)
    C.remove_condition(g, leader, "held")  # (the Warrior came into the reach unheld)
    assert C.has_condition(g, rogue, "held")
    _explore_led(g, leader)
    g.view_changed()
    bot = Bot()
    assert bot.choose(g) == Lead(g.store.get(rogue, Character).order)  # (to disarm it)
    # the disarm tries spent, breaking away is what is left
    from roguelike.bot.rescue import HOLD_TRIES
    bot.disarm_tries[(g.depth, 4, 1)] = HOLD_TRIES
    assert bot.choose(g) == Step(1, 0)


def test_a_held_delver_disarms_the_hand_or_is_handed_the_lead_to_disarm_it():
    """A held delver follows the companion ahead of it in the line and tries to break away
    (on a 6) only when that one is 2 squares off. In a corridor the Rogue stood beside the
    held Mage, the Mage blocking its way to the led Warrior: nobody stepped, and the
    Warrior waited out the whole clock (seeds s24-a-0, s24-a-28). The held Mage is handed
    the lead and disarms the Hand (001:145: it must be disarmed to be removed)."""
    from roguelike.engine.traps import spring
    from roguelike.engine.traps.actions import Disarm
    from tests.trap_helpers import place

    g = scenario("""
############
#..23....1.#
############
""")
    leader, rogue, mage = g.party
    spring(g, place(g, "mk_monstrous_hand", at=(4, 1), placement="square"), mage)
    for other in (leader, rogue):
        if C.has_condition(g, other, "held"):
            C.remove_condition(g, other, "held")
    assert C.has_condition(g, mage, "held")
    _explore_led(g, leader)
    g.view_changed()
    bot = Bot()
    assert bot.choose(g) == Lead(g.store.get(mage, Character).order)
    g.perform(Lead(g.store.get(mage, Character).order))
    assert isinstance(bot.choose(g), Disarm)
    play(g, 300, bot)
    assert not C.has_condition(g, mage, "held")


def test_with_the_heart_the_party_never_takes_the_stairs_down():
    """The climb set aside a while by the guard (a loop), the next plan was the stairs
    down: a Mage carrying the Heart home went down and up the same stairs until the party
    fell (seed s24-a-3)."""
    g = scenario("""
    ##############
    #<..........>#
    #..........12#
    #...........3#
    ##############
    """)
    leader = g.party[0]
    give(g, leader, "heart_of_the_deep")
    pos = g.store.get(leader, Position)
    pos.x, pos.y = g.level.stairs_down
    _explore_led(g, leader)
    g.level.explored[:, :] = True
    bot = Bot()
    bot.guard.banned[(g.depth, "climb")] = g.actions_taken + 400
    for _ in range(30):
        action = bot.choose(g)
        assert action != TakeStairs("down")
        g.perform(action)
    assert g.depth == 1


def test_the_heart_is_taken_off_a_petrified_bearer_and_carried_out():
    """The Mage carrying the Heart is turned to stone far from the stairs: the leader walks
    over, takes the Heart (and the salves and lights a statue no longer needs) and climbs
    out with it. Before, the party left without it and retired (seed s23-c-6)."""
    g = scenario("""
    ##############
    #<...........#
    #............#
    #1.........3.#
    #2...........#
    ##############
    """)
    leader, mage = g.party[0], g.party[2]
    heart = give(g, mage, "heart_of_the_deep")
    salve = give(g, mage, "healing_salve")
    C.add_condition(g, mage, "petrified", -1, "basilisk")
    _explore_led(g, leader)
    g.level.explored[:, :] = True
    for e in g.party:  # (the room searched already: nothing else to do first)
        g.store.add(e, Searched(places=["1:0"], spots=[(1, 1, 1)]))
    bot = Bot()
    taken = None
    for _ in range(60):
        action = bot.choose(g)
        if isinstance(action, Take):
            taken = action
            break
        assert not isinstance(action, TakeStairs)  # (not out without the Heart)
        g.perform(action)
    assert taken is not None and taken.frm == mage
    assert {heart, salve} <= {int(i) for i in taken.items.split(",")}
    play(g, 300, bot)
    assert g.over and g.outcome == "victory" and ledger(g).artifact


def test_an_asleep_bearer_is_not_robbed_in_a_fight_but_a_statue_is():
    g = arena(text="""
    ##############
    #1m..........#
    #2...........#
    #............#
    #3...........#
    ##############
    """)
    mage = g.party[2]
    give(g, mage, "heart_of_the_deep")
    C.add_condition(g, mage, "asleep", 10, "test")
    put_first(g, g.party[1])
    eid = g.party[1]
    bot = Bot()
    assert take_heart(bot, g, eid, g.store.get(eid, Position)) is None  # (it wakes in time)
    C.remove_condition(g, mage, "asleep")
    C.add_condition(g, mage, "petrified", -1, "test")
    assert take_heart(bot, g, eid, g.store.get(eid, Position)) is not None


def test_out_of_a_fight_an_asleep_bearer_is_relieved_but_not_a_resting_one():
    g = scenario(HALL)
    leader, mage = g.party[0], g.party[2]
    heart = give(g, mage, "heart_of_the_deep")
    _explore_led(g, leader)
    mpos = g.store.get(mage, Position)
    mpos.x, mpos.y = 2, 1  # (beside the leader)
    pos = g.store.get(leader, Position)
    C.add_condition(g, mage, "resting", 5, "test")  # (a rest's pause: over with the rest)
    assert take_heart(Bot(), g, leader, pos) is None
    C.remove_condition(g, mage, "resting")
    C.add_condition(g, mage, "asleep", 5, "test")
    assert take_heart(Bot(), g, leader, pos) == Take(mage, str(heart))


def test_a_companion_knocked_out_in_a_flooding_pit_is_pulled_out():
    """Only someone outside can pull a victim out of a flooded pit; a Mage knocked out in
    one came round to drown again, 194 times, while the Warrior beside the pit waited for
    her to stand (seed s24-e-14). The fallen are freed too."""
    from roguelike.engine.combat import knock_down_or_disable
    from roguelike.engine.traps import confine, spring
    from roguelike.engine.traps.actions import Free
    from tests.trap_helpers import place

    g = scenario("""
    ##########
    #........#
    #.1..3...#
    #.......2#
    ##########
    """)
    leader, mage = g.party[0], g.party[2]
    pit = place(g, "pit_flooding", at=(5, 2))
    spring(g, pit, mage)
    assert [m for m in g.party if confine.top(g, m) is not None] == [mage]
    knock_down_or_disable(g, mage, "Torso")
    assert g.store.has(mage, Disabled)
    _explore_led(g, leader)
    bot = Bot()
    for _ in range(40):
        action = bot.choose(g)
        if isinstance(action, Free):
            break
        g.perform(action)
    assert action == Free(1, 0)  # (from beside the pit)


def test_a_known_trap_passed_diagonally_is_disarmed_first():
    """Slipping past a trap square diagonally may spring it (001), and those following
    walk through it: s24-e-17's leader sprang a Buzz Saw so and its companions went
    through the saw again and again (16 knock-outs on depth 2). A known one is disarmed
    first, as one in the next square is."""
    from roguelike.core.components import Trap
    from roguelike.engine.traps.actions import Disarm
    from tests.trap_helpers import place

    g = scenario("""
    #######
    #31T###
    ###...#
    ###..2#
    #######
    """)
    leader = g.party[0]
    saw = place(g, "mk_buzz_saw", at=(3, 1), placement="square")
    trap = g.store.get(saw, Trap)
    trap.state = "armed"
    trap.known_by.append(leader)
    _explore_led(g, leader)
    g.view_changed()
    action = Bot().towards(g, leader, g.store.get(leader, Position), [(5, 2)], False)
    assert isinstance(action, Disarm) and (action.dx, action.dy) == (1, 0)


def test_a_caught_companion_beside_the_leader_is_freed_though_another_is_out_of_reach():
    """Two companions knocked out in pit traps: the first, in party order, out of reach,
    the other beside the leader. Going for the first only, the leader stood beside the
    second for the rest of the game (seed s24-i-7, 50,000 actions)."""
    from roguelike.bot.moves import caught
    from roguelike.engine.combat import knock_down_or_disable
    from roguelike.engine.traps import spring
    from roguelike.engine.traps.actions import Free
    from tests.trap_helpers import place

    g = scenario("""
    ##########
    #1.3#2...#
    ##########
    """)
    leader, rogue, mage = g.party
    for member, xy in ((rogue, (5, 1)), (mage, (3, 1))):
        spring(g, place(g, "pit_locking", at=xy), member)
        knock_down_or_disable(g, member, "Torso")
    assert caught(g) == [rogue, mage]  # (the leader 2 squares off when they sprang)
    g.store.get(leader, Position).x = 2
    _explore_led(g, leader)
    assert Bot().choose(g) == Free(1, 0)


def test_the_wounded_rest_where_they_are_rather_than_wade_through_acid_to_the_camp():
    """Seed s25-b-0: the Camp lay beyond a sprung acid pool in a corridor. Wounded, the
    leader walked towards the Camp's beds into the pool's reach (1 box) and, standing in
    it, stepped out again (rest_plan leaves a pool first), in and out nine times between
    the Warrior and the Mage until both went down in it; the Warrior, knocked out in the
    pool, was struck down again each time it came round, 892 times. Now it rests here."""
    from roguelike.bot.routes import harming_squares
    from roguelike.engine.traps import spring
    from tests.trap_helpers import place, sturdy

    g = scenario("""
    ####################
    #.....#............#
    #.....+.3.......12.#
    #.....#............#
    ####################
    """)
    g.level.room_map[:, 7:] = 1  # (the left room is the Camp, the corridor and the right
    g.level.room_map[2, 6] = -1  # room another)
    leader, rogue, mage = g.party
    sturdy(g, mage)  # (it springs the pool and walks off, standing)
    spring(g, place(g, "mk_noxious_acid_pool", at=(8, 2), placement="square"), mage)
    g.store.get(mage, Position).x = 18
    pool = set(harming_squares(g))
    assert (9, 2) in pool and (10, 2) not in pool
    g.store.get(leader, Position).x = 10  # (beside the pool's reach, the Camp beyond it)
    g.store.get(rogue, Position).x = 11
    _cross(g, leader, "arms", 1)
    _cross(g, leader, "legs", 2)
    _explore_led(g, leader)
    action = Bot().choose(g)
    assert action == BOT_REST, action


def test_a_sapped_companion_down_is_rested_up_not_waited_on_for_ever():
    """A delver down takes no turns, so Sapped neither bleeds them nor is saved against at a
    turn's end: the bot waited beside a Sapped Mage down (no luck, so Disabled until rested)
    for the bleeding to stop, 47,000 rounds of Waits until the 50,000-action cap
    (s26-final-4, depth 2). The rest that stands her up is the way on."""
    g = scenario("""
    ##############
    #12..........#
    #3...........#
    ##############
    """)
    leader, mage = g.party[0], g.party[2]
    g.store.get(mage, Character).luck = 0
    g.store.add(mage, Disabled("Torso spent", by="condition"))
    C.add_condition(g, mage, "sapped", -1, "263")
    _explore_led(g, leader)
    assert Bot().choose(g) == BOT_REST
