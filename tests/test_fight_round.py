"""Issue 26: `F` plays the party's round of a fight (engine/helpers/fight_round.py), each delver's
action chosen by auto-fight (engine/helpers/autofight.py) from the judgement the bot shares
(engine/helpers/fight_sense.py). Headless; tests/test_fight_keys.py presses the real keys."""

from __future__ import annotations

from explore_kit import Steady, pillager
from trap_helpers import place

from roguelike.core.components import Actor, Door, HitBoxes, MonsterStats, Position, Trap
from roguelike.core.events import Event
from roguelike.engine.actions.basic import Attack, EndMove, Step, Wait
from roguelike.engine.actions.fight_actions import RangedAttack
from roguelike.engine.base.action import Action
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.stats import chebyshev, is_disabled
from roguelike.engine.combat.attack import wound
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.autofight import fight_step
from roguelike.engine.helpers.fight_round import (
    IDLE_ROUNDS,
    ROUND_DONE,
    FightRun,
    play_round,
)
from roguelike.engine.helpers.fight_sense import unsafe_squares
from roguelike.engine.helpers.travel import run as travel_run
from roguelike.engine.items.spells import Cast
from roguelike.engine.scenario import scenario
from roguelike.engine.status.conditions import add_condition
from roguelike.engine.status.luck import pending_entity
from roguelike.engine.traps.trigger import spring
from roguelike.records.capture import capture
from roguelike.records.recorder import attach
from roguelike.records.replay import verify_record

ROLES = ("leader", "mercenary", "apprentice")  # (the Leader carries the lantern)


def _party(*classes: str) -> tuple[tuple[str, str], ...]:
    return tuple(zip(ROLES, classes, strict=False))

DUEL = """
#########
#1m.....#
#.......#
#########
"""
HALL = """
################
#..............#
#..............#
#..............#
#..............#
#..............#
################
"""


def _foe(game: Game) -> int:
    return next(e for e, _ in game.store.query(MonsterStats))


def _put(game: Game, eid: int, xy: tuple[int, int]) -> None:
    pos = game.store.get(eid, Position)
    pos.x, pos.y = xy
    game.view_changed()


def _hurt(game: Game, eid: int) -> None:
    """A Head with one box left: the next wound there puts the delver down."""
    head = game.store.get(eid, HitBoxes).location("head")
    head.crossed = len(head.boxes) - 1


def _turn_of(game: Game, eid: int) -> None:
    """Make it `eid`'s turn, with its two actions."""
    game.state.current = eid
    game.state.turn_index = game.state.order.index(eid)
    act = game.store.get(eid, Actor)
    act.actions_left, act.move_points = 2, 0


def _hall(party, foes: dict[tuple[int, int], str]) -> Game:
    game = scenario(HALL, party=party, luck_prompt="never")
    for xy, kind in foes.items():
        make_monster(game.store, game.content, kind, Position(1, *xy), awake=True)
    game.restart_round()
    return game


# ----- one delver's choice --------------------------------------------------------------
def test_a_fighter_strikes_the_weakest_foe_beside_it_and_closes_on_one_further_off():
    game = scenario(DUEL, monsters={"m": "apprentice"}, party=_party("warrior"))
    lead, foe = game.party[0], _foe(game)
    assert fight_step(game, lead) == Attack(foe)
    _put(game, foe, (5, 1))
    assert fight_step(game, lead) == Step(1, 0)
    act = game.store.get(lead, Actor)
    act.actions_left, act.move_points = 0, 2
    _put(game, foe, (2, 1))
    assert fight_step(game, lead) == EndMove()  # beside it, only movement left


def test_a_fighter_closes_the_whole_way_its_move_allows_and_strikes_in_one_round():
    game = _hall(_party("warrior"), {(9, 3): "ogre"})
    lead = game.party[0]
    _put(game, lead, (2, 3))
    _turn_of(game, lead)
    before, round_ = len(game.history), game.round
    while game.awaiting == lead and game.round == round_:
        action = fight_step(game, lead)
        assert isinstance(action, Action)
        game.perform(action)
    kinds = [a["kind"] for _r, a in game.history[before:]]
    # one Move: six squares to stand beside the ogre, then the turn's second action
    assert kinds[:6] == ["step"] * 6 and kinds[6] == "attack"


def test_a_shooter_shoots_and_one_too_close_steps_back_then_shoots():
    game = scenario(DUEL.replace("1m....", "1....m"), monsters={"m": "apprentice"},
                    party=_party("rogue"))
    lead, foe = game.party[0], _foe(game)
    assert fight_step(game, lead) == RangedAttack(foe)
    _put(game, lead, (4, 1))
    _put(game, foe, (5, 1))  # beside it: too close to shoot (Classic: more than 5')
    back = fight_step(game, lead)
    assert isinstance(back, Step)
    game.perform(back)
    assert chebyshev(game.store.get(lead, Position), game.store.get(foe, Position)) >= 2
    assert fight_step(game, lead) == RangedAttack(foe)  # its second action: the shot


def test_a_shooter_with_no_room_to_step_back_fights_hand_to_hand():
    game = scenario("""
        #####
        #1m.#
        #####
    """, monsters={"m": "apprentice"}, party=_party("rogue"))
    assert fight_step(game, game.party[0]) == Attack(_foe(game))


def test_a_badly_hurt_delver_steps_back_while_a_companion_holds_the_line():
    game = _hall(_party("warrior", "warrior"), {(5, 3): "goblin"})
    hurt, mate = game.party
    _put(game, hurt, (4, 3))
    _put(game, mate, (5, 4))
    _hurt(game, hurt)
    _turn_of(game, hurt)
    start = game.store.get(hurt, Position).xy
    kinds = []
    while game.awaiting == hurt:
        action = fight_step(game, hurt)
        assert not isinstance(action, str | Attack)  # never refused, never strikes
        kinds.append(action.kind)
        game.perform(action)
    foe_at = game.store.get(_foe(game), Position)
    assert kinds[0] == "step" and kinds[-1] == "wait"
    assert chebyshev(game.store.get(hurt, Position), foe_at) > chebyshev(
        Position(1, *start), foe_at) + 1  # it went on stepping while that gained ground


def test_a_badly_hurt_delver_alone_strikes_back_and_one_further_off_holds():
    game = scenario(DUEL, monsters={"m": "apprentice"}, party=_party("warrior"))
    lead, foe = game.party[0], _foe(game)
    _hurt(game, lead)
    assert fight_step(game, lead) == Attack(foe)  # stepping back alone: struck all the same
    _put(game, foe, (6, 1))
    assert fight_step(game, lead) == Wait()  # not closing in: the foe comes to it


def test_the_mage_bolts_the_nearest_foe_and_keeps_out_of_melee():
    game = _hall(_party("mage", "warrior"), {(9, 3): "goblin", (12, 3): "goblin"})
    mage, mate = game.party
    _put(game, mage, (3, 3))
    _put(game, mate, (3, 5))
    near = game.creature_at(9, 3)
    assert fight_step(game, mage) == Cast("force_bolt", 9, 3) and near is not None
    _put(game, near, (4, 3))
    assert isinstance(fight_step(game, mage), Step)  # beside a foe: it steps back


def test_confusion_only_where_it_catches_no_delver():
    foes = {(9, 2): "goblin", (10, 2): "goblin", (9, 3): "goblin"}
    game = _hall(_party("mage"), foes)
    mage = game.party[0]
    _put(game, mage, (3, 2))
    assert fight_step(game, mage) == Cast("confusion", 9, 2)
    _put(game, mage, (7, 2))  # now within 3 of every foe: Confusion would catch it
    choice = fight_step(game, mage)
    assert isinstance(choice, Cast) and choice.spell == "force_bolt"


# ----- known traps and lasting effects -------------------------------------------------
def _known_pit(game: Game, at: tuple[int, int]) -> int:
    trap = place(game, "mk_spiked_pit", at=at, placement="square")
    game.store.get(trap, Trap).known_by = list(game.party)
    return trap


def _moves(events: list[Event], eid: int) -> list[tuple[int, int]]:
    return [(e.x, e.y) for e in events if e.kind == "move" and e.actor == eid]


GAP = """
####################
#....#.............#
#2.1.^...........z.#
#....#.............#
####################
"""


def test_the_rogue_shoots_across_a_known_trap():
    game = scenario(GAP.replace("#2.1.^", "#2...^").replace("#.............#", "#..1..........#",
                                                              1),
                    monsters={"z": "zombie"}, party=_party("warrior", "rogue"))
    rogue, zombie = game.party[1], _foe(game)
    _known_pit(game, (5, 2))
    _turn_of(game, rogue)
    assert fight_step(game, rogue) == RangedAttack(zombie)


def test_nobody_walks_onto_a_known_trap_towards_a_foe_it_cannot_shoot():
    """The tester's Rogue walked 11 squares onto Wall Spikes towards a Zombie it could not
    shoot (here the Warrior stands in its line of fire, and the one way to the Zombie
    crosses the trap): now it keeps its ground, and the Zombie comes to the party."""
    game = scenario(GAP, monsters={"z": "zombie"}, party=_party("warrior", "rogue"),
                    luck_prompt="never")
    warrior, rogue = game.party
    pit = game.store.get(_known_pit(game, (5, 2)), Position).xy
    events: list[Event] = []
    for _ in range(12):
        if game.over or game.mode != "combat":
            break
        more, _why = play_round(game)
        events += more
    assert pit not in _moves(events, rogue) and pit not in _moves(events, warrior)
    assert game.mode == "explore" and not game.over  # and the Zombie was fought


def test_a_fighter_walks_round_a_known_trap_and_never_slips_past_one_diagonally():
    game = _hall(_party("warrior"), {(12, 3): "ogre"})
    lead = game.party[0]
    _put(game, lead, (2, 3))
    pit = game.store.get(_known_pit(game, (5, 3)), Position).xy
    _turn_of(game, lead)
    moves: list[tuple[int, int]] = []
    here = game.store.get(lead, Position).xy
    for _ in range(10):
        action = fight_step(game, lead)
        if not isinstance(action, Step):
            break
        to = (here[0] + action.dx, here[1] + action.dy)
        if action.dx and action.dy:  # a diagonal step: neither corner is the trap
            assert pit not in ((to[0], here[1]), (here[0], to[1]))
        game.perform(action)
        here = game.store.get(lead, Position).xy
        moves.append(here)
    assert len(moves) >= 3 and pit not in moves


def test_nobody_steps_into_an_acid_pool_and_one_standing_in_its_reach_steps_out():
    game = _hall(_party("warrior"), {(10, 3): "ogre"})
    lead, ogre = game.party[0], _foe(game)
    pool = place(game, "mk_noxious_acid_pool", at=(6, 3), placement="square")
    game.store.get(pool, Trap).known_by = list(game.party)
    _put(game, ogre, (6, 3))
    spring(game, pool, ogre)  # the ogre springs it, and the pool lasts
    _put(game, ogre, (12, 3))
    unsafe = unsafe_squares(game)
    assert (6, 3) in unsafe and (5, 2) in unsafe  # the pool and its reach
    _put(game, lead, (5, 3))  # in the reach
    _turn_of(game, lead)
    out = fight_step(game, lead)
    assert isinstance(out, Step)
    game.perform(out)
    assert game.store.get(lead, Position).xy not in unsafe
    round_ = game.round
    while game.awaiting == lead and game.round == round_:
        action = fight_step(game, lead)
        assert isinstance(action, Action), action
        game.perform(action)
        assert game.store.get(lead, Position).xy not in unsafe


# ----- the round: one press, and what stops it ------------------------------------------
def test_one_press_plays_the_whole_partys_round():
    game = _hall(_party("warrior", "rogue", "mage"), {(12, 2): "orc", (12, 4): "orc"})
    start = game.round
    before = game.actions_taken
    _events, why = play_round(game)
    assert why == ROUND_DONE and game.round == start + 1
    assert game.actions_taken - before >= 3  # each delver on its count, at least one each


def test_a_fight_takes_few_presses_where_it_took_a_key_per_action():
    game = _hall(_party("warrior", "rogue", "mage"), {(12, 2): "goblin", (13, 4): "goblin"})
    before = game.actions_taken
    presses = 0
    while game.mode == "combat" and presses < 20 and not game.over:
        play_round(game)
        presses += 1
    assert game.mode == "explore"  # won
    assert game.actions_taken - before >= 3 * presses  # each was a key (or `.`) before


def test_the_round_stops_when_a_new_foe_comes_into_view():
    game = _hall(_party("warrior", "rogue"), {(12, 2): "orc"})
    fight = FightRun(game)

    def perform(action: Action) -> list[Event]:
        events = game.perform(action)
        if len(game.hostiles_in_view()) == 1:
            make_monster(game.store, game.content, "kobold", Position(1, 13, 5), awake=True)
            game.view_changed()
        return events

    why = fight.advance(perform)
    assert why is not None and why.startswith("You see Kobold, ")


def test_the_round_stops_when_a_delver_goes_down_or_a_condition_lands():
    game = _hall(_party("warrior", "rogue"), {(12, 2): "orc"})
    rogue = game.party[1]
    fight = FightRun(game)

    def down(action: Action) -> list[Event]:
        events = game.perform(action)
        while not is_disabled(game.store, rogue):
            events += wound(game, rogue, location="torso")
        return events

    assert fight.advance(down) == "Mercenary Rogue is down!"
    game = _hall(_party("warrior", "rogue"), {(12, 2): "orc"})
    fight = FightRun(game)

    def prone(action: Action) -> list[Event]:
        return game.perform(action) + add_condition(game, game.party[0], "prone", 2)

    assert fight.advance(prone) == "Leader Warrior is Prone for 2 rounds."


def test_the_round_stops_when_luck_is_asked_and_at_the_fights_end():
    game = scenario(DUEL, monsters={"m": "goblin"}, party=_party("warrior"), luck_prompt="ask")
    game.streams.play = Steady(2)  # a miss by one: luck could turn it
    _events, why = play_round(game)
    assert pending_entity(game) == game.party[0]
    assert why == "Leader Warrior could spend 1 luck (of 10) to pass the Combat roll."
    assert FightRun(game).refusal() == "Luck first: answer the question."
    game = scenario(DUEL, monsters={"m": "ogre"}, party=_party("warrior"))
    fight, foe = FightRun(game), _foe(game)

    def felled(action: Action) -> list[Event]:
        events = game.perform(action)
        game.store.destroy(foe)  # (as a blow that fells it would)
        game.view_changed()
        return events

    assert fight.advance(felled) == "The fight is over."


def test_no_foe_and_pillagers_keeping_their_distance_are_said():
    game = scenario(DUEL.replace("m", "."), party=_party("warrior"))
    assert play_round(game) == ([], "No foe in view.")
    pillager(game, 6, 2)
    game.view_changed()
    assert fight_step(game, game.party[0]).startswith("No foe to fight: the Pillagers")


def test_a_round_of_f_is_ordinary_recorded_actions_that_verify():
    game = Game("walk-3", options=GameOptions(luck_prompt="never"))
    attach(game)
    _events, why = travel_run(game, Explorer())
    assert why.startswith("You see ")
    presses = 0
    while game.mode == "combat" and presses < 30 and not game.over:
        play_round(game)
        presses += 1
    assert game.mode == "explore" or game.over
    result = verify_record(capture(game, "replay"))
    assert result["verified"], result


def test_a_foe_that_cannot_move_is_left_to_the_shooters_or_else_fought_by_hand():
    game = _hall(_party("warrior"), {(9, 3): "jaws_of_doom"})
    lead, jaws = game.party[0], _foe(game)
    _put(game, lead, (5, 3))
    assert fight_step(game, lead) == Step(1, 0)  # nobody shoots: at last, hand to hand
    _put(game, lead, (8, 3))
    assert fight_step(game, lead) == Attack(jaws)
    game = _hall(_party("warrior", "rogue"), {(9, 3): "jaws_of_doom"})
    warrior = game.party[0]
    _put(game, warrior, (5, 3))
    assert fight_step(game, warrior) == Wait()  # the Rogue can shoot it: left to her


def test_a_round_where_nobody_could_do_anything_says_so():
    """A foe that cannot move behind a known trap in a corridor, the Warrior in the
    Rogue's line: every delver can only wait, and F says what to do instead."""
    game = scenario("""
        ##########
        #2.1^j...#
        ##########
    """, monsters={"j": "jaws_of_doom"}, party=_party("warrior", "rogue"))
    _known_pit(game, (4, 1))
    start = game.round
    _events, why = play_round(game)
    # one press waits on through the rounds nobody can act in (one press a round for a
    # knocked-out delver's sixty rounds was bookkeeping: the lead's plum-otter-4 D2 R994),
    # then says so, with how long
    assert why.startswith(f"Nobody could reach a foe for {IDLE_ROUNDS} rounds"), why
    assert game.round - start == IDLE_ROUNDS


def test_waiting_on_in_a_fight_stops_when_a_downed_delver_comes_round():
    game = scenario("""
        ##########
        #2.1^j...#
        ##########
    """, monsters={"j": "jaws_of_doom"}, party=_party("warrior", "rogue"))
    _known_pit(game, (4, 1))
    warrior = game.party[0]
    while not is_disabled(game.store, warrior):  # knocked out for 60 rounds
        wound(game, warrior, location="torso")
    whys = [play_round(game)[1] for _ in range(3)]
    assert "Leader Warrior is back on their feet." in whys, whys


def test_a_delver_on_a_known_trap_that_harms_nobody_standing_there_fights_on():
    game = scenario(DUEL, monsters={"m": "apprentice"}, party=_party("warrior"))
    _known_pit(game, (1, 1))  # under the Warrior: it springs on coming in, not on staying
    assert fight_step(game, game.party[0]) == Attack(_foe(game))


LOCKED = """
############
#....+.....#
#.1..#.....#
#....#.....#
#....#.....#
#..........#
############
"""


def test_a_caster_never_heads_for_a_line_through_a_locked_door():
    # (copper-hare-5, round 2: the Mage's line lay two steps off through a door found
    # locked, and `F` stepped into it again and again: "The door is locked.")
    game = scenario(LOCKED, party=_party("warrior", "mage"), luck_prompt="never")
    mate, mage = game.party  # (the Warrior, with the lantern in the other room, sees it)
    make_monster(game.store, game.content, "goblin", Position(1, 9, 2), awake=True)
    game.restart_round()
    _turn_of(game, mage)
    _put(game, mage, (4, 1))
    _put(game, mate, (10, 5))
    door = game.door_at(5, 1)
    assert door is not None
    state = game.store.get(door, Door)
    state.locked = state.checked = True
    step = fight_step(game, mage)
    assert isinstance(step, Step) and (step.dx, step.dy) != (1, 0)
    events = game.perform(step)
    assert events and events[0].kind != "fail"


def test_a_delver_held_fast_holds_its_ground_and_the_round_goes_on():
    """copper-hare-9 D4 R1811: the Warrior grabbed, a Giant Spider three squares off; every
    press of F answered "Leader Warrior is held fast and cannot move." and played nothing."""
    game = _hall(_party("warrior", "rogue"), {(12, 2): "orc"})
    warrior = game.party[0]
    add_condition(game, warrior, "grabbed", 5)
    _events, why = play_round(game)
    assert "held fast" not in why, why
    assert any(a["kind"] == "wait" for _r, a in game.history)
