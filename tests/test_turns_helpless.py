"""Delvers who cannot act never stall the game (engine/creatures/helpless.py).

A led delver that is Petrified (or asleep, unconscious, knocked out ...) out of combat used to
make the turn loop spin for thousands of rounds or raise "turn loop made no progress", and a
basilisk fight crashed the same way. Now the lead passes to a delver who can act, time runs
on while none can (foes act, conditions run out), and a party that can never act again loses.
The last test plays every combination of the turn-taking states on the three delvers, in and
out of combat."""

from __future__ import annotations

import itertools

import pytest
from combat_kit import foes, script

from roguelike.core.components import Actor, Character, HitBoxes, Position
from roguelike.core.explore_components import LightSource
from roguelike.core.rng import Stream
from roguelike.engine.actions.basic import Step, Wait
from roguelike.engine.combat.attack import knock_down_or_disable
from roguelike.engine.creatures import helpless
from roguelike.engine.game import Game
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.traps.trigger import spring
from tests.trap_helpers import place

QUIET = """
############
#1.........#
#2.........#
#3.........#
############
"""
FIGHT = """
############
#1.........#
#2.......m.#
#3.........#
############
"""


def _game(combat: bool, monster: str = "apprentice") -> Game:
    g = scenario(FIGHT if combat else QUIET, monsters={"m": monster} if combat else None)
    assert g.mode == ("combat" if combat else "explore")
    return g


class NoOnesOrTwos(Stream):
    """Dice that never roll 1 or 2 (3, 4, 5 ... in turn): no wandering-monster check
    (1 in 6, 2 where noisy) ever comes up."""

    def __init__(self) -> None:
        super().__init__("no-ones", "play")
        self.turn = 0

    def below(self, n: int) -> int:
        self.turn += 1
        return 2 + self.turn % (n - 2) if n > 2 else n - 1


# ----- the led delver cannot act -------------------------------------------------------
def test_a_petrified_led_delver_hands_the_lead_on_out_of_combat():
    g = _game(False)
    leader, merc = g.party[0], g.party[1]
    assert g.awaiting == leader
    C.add_condition(g, leader, "petrified", C.UNTIL_ENDED)
    round_ = g.round
    events = g.perform(Wait())
    assert g.awaiting == merc and g.led == merc
    assert g.round <= round_ + 2  # (before: 5,000 rounds and more, until a monster came)
    assert any("cannot act (Petrified)" in e.text for e in events)
    assert not g.set_leader(0).ok  # a statue cannot be led
    g.perform(Step(1, 0))
    assert g.store.get(merc, Position).x == 2


def test_a_delver_put_to_sleep_in_its_own_turn_loses_the_rest_of_it():
    """A condition that takes turns, given in the middle of the bearer's turn, ends it
    (before, the sleeper or the statue still had its second action)."""
    g = _game(False)
    leader = g.awaiting
    g.perform(Step(1, 0))
    assert g.store.get(leader, Actor).actions_left == 1
    C.add_condition(g, leader, "asleep", 3)
    a = g.store.get(leader, Actor)
    assert (a.actions_left, a.move_points) == (0, 0)


def test_surprise_in_the_middle_of_a_turn_waits_for_the_next_turn():
    g = _game(False)
    leader = g.awaiting
    g.perform(Step(1, 0))
    C.add_condition(g, leader, "surprised", 0)
    assert g.store.get(leader, Actor).actions_left == 1  # DungeonPunk: the next turn is lost


def test_a_whole_party_turned_to_stone_loses_at_once():
    """Basilisk fights crashed with "turn loop made no progress" once the whole party was
    stone: Petrified has no cure in the game, so a party of statues has lost."""
    g = _game(True, "basilisk")
    for eid in g.party:
        C.add_condition(g, eid, "petrified", C.UNTIL_ENDED)
    g.restart_round()
    assert g.over and g.outcome == "defeat"


def test_monsters_go_for_the_delvers_who_are_not_stone():
    """A statue is no target: the monster next to it goes for a delver it can hurt (before,
    it chose the statue, its attack was refused and it stood idle beside it)."""
    g = _game(True, "mercenary")
    leader, merc = g.party[0], g.party[1]
    monster = foes(g)[0]
    pos = g.store.get(monster, Position)
    pos.x, pos.y = 2, 1  # next to the Leader (1, 1), and the Mercenary (1, 2)
    g.view_changed()
    C.add_condition(g, leader, "petrified", C.UNTIL_ENDED)
    from roguelike.engine.monsters import ai

    act = g.store.get(monster, Actor)
    act.actions_left, act.move_points = 2, 0
    script(g, [6, 1, 3])  # a hit, a failed save, a hit location
    events = ai.take_action(g, monster)
    assert any(e.kind == "hit" and e.target == merc for e in events)


def test_time_runs_while_nobody_can_act_until_someone_wakes():
    """All three unconscious for 2 rounds: rounds pass (the clock runs) and control
    comes back when they come round; nothing is asked of the player meanwhile."""
    g = _game(False)
    for eid in g.party:
        C.add_condition(g, eid, "unconscious", 2)
    round_ = g.round
    g.perform(Wait())
    assert not g.over and g.round >= round_ + 2
    assert helpless.can_act(g, g.awaiting)


def test_a_party_helpless_with_nothing_running_out_loses_after_the_limit():
    """Asleep until woken, with no foe on the level to wake anyone: after the helpless
    limit (content rules.toml helpless_rounds) of rounds with no clock running, the delve
    is lost instead of spinning for ever."""
    g = _game(False)
    for eid in g.party:
        C.add_condition(g, eid, "asleep", C.UNTIL_ENDED)
    g.streams.play = NoOnesOrTwos()  # (no wandering monster ever comes)
    round_ = g.round
    events = g.perform(Wait())
    assert g.over and g.outcome == "defeat"
    limit = g.content.rules.helpless_rounds
    assert round_ + limit < g.round <= round_ + limit + 2
    assert "helpless" in events[-1].text


def test_stone_counts_as_down_for_the_whole_party_down_rule():
    """Two delvers stone and the third knocked out: the whole party is down (Knocked Out
    has always counted as down for it), so the delve is lost; with the third asleep for a
    few rounds instead, it wakes and leads on."""
    g = _game(False)
    leader, merc, mage = g.party
    for eid in (leader, merc):
        C.add_condition(g, eid, "petrified", C.UNTIL_ENDED)
    assert not g.over
    _knock_out(g, mage, luck=3)
    assert g.over and g.outcome == "defeat"
    g = _game(False)
    leader, merc, mage = g.party
    for eid in (leader, merc):
        C.add_condition(g, eid, "petrified", C.UNTIL_ENDED)
    C.add_condition(g, mage, "asleep", 3)
    g.restart_round()
    assert not g.over and g.awaiting == mage and g.led == mage


# ----- every combination ---------------------------------------------------------------
def _cross_head(g: Game, eid: int) -> None:
    head = g.store.get(eid, HitBoxes).location("head")
    head.crossed = len(head.boxes)


def _knock_out(g: Game, eid: int, luck: int) -> None:
    g.store.get(eid, Character).luck = luck
    _cross_head(g, eid)
    knock_down_or_disable(g, eid, "Head")


def _cage(g: Game, eid: int) -> None:
    at = g.store.get(eid, Position).xy
    spring(g, place(g, "mk_cage", at=at, placement="square"), eid)


def _turn_takers(g: Game) -> list[str]:
    """Every condition of the content that takes turns or actions (no turn, or fewer
    actions), but those the engine gives only with the Disabled state (below)."""
    return sorted(c.id for c in g.content.fight.conditions.values()
                  if (c.play.no_turn or c.play.max_actions)
                  and c.id not in ("knocked_out", "disabled"))


def _states(g: Game) -> list[str]:
    return ["free", *_turn_takers(g), "knocked_out", "disabled", "caged"]


def _put(g: Game, eid: int, state: str) -> None:
    if state == "free":
        return
    if state == "knocked_out":
        _knock_out(g, eid, luck=2)
    elif state == "disabled":
        _knock_out(g, eid, luck=0)
    elif state == "caged":
        _cage(g, eid)
    else:  # with the content's own duration; none given: until its end comes
        cond = g.content.fight.conditions[state]
        C.add_condition(g, eid, state, 0 if cond.default_duration else C.UNTIL_ENDED)


STATES = _states(scenario(QUIET))
PERFORMS = 12


def test_the_states_cover_the_conditions_that_take_turns():
    assert {"petrified", "asleep", "unconscious", "surprised", "stunned", "slow"} <= set(STATES)
    assert len(STATES) == len(set(STATES)) >= 10


@pytest.mark.parametrize("combat", [False, True], ids=["explore", "combat"])
@pytest.mark.parametrize("led", STATES)
def test_no_combination_of_states_on_the_three_delvers_stalls_the_loop(combat, led):
    """For the led delver in each state, the two others in every pair of states (in combat
    against a basilisk, the fights that crashed): the game never raises, never asks a
    delver that cannot act, passes time while nobody can, and either goes on or ends."""
    for others in itertools.product(STATES, repeat=2):
        g = _game(combat, "basilisk")  # (its blows slow, then petrify)
        for eid in g.party:  # (in the dark: no surprise roll is spared by the lantern)
            g.store.remove(eid, LightSource)
        for eid, state in zip(g.party, (led, *others), strict=True):
            _put(g, eid, state)
        label = f"{led}/{'/'.join(others)}"
        g.restart_round()
        rounds = g.round
        for _ in range(PERFORMS):
            if g.over:
                break
            actor = g.awaiting
            assert actor is not None, label
            assert helpless.can_act(g, actor), label  # never a statue, sleeper, the down
            g.perform(Wait())
        limit = g.content.rules.helpless_rounds
        assert g.over or g.round > rounds, label  # time ran
        assert g.round <= rounds + PERFORMS * (limit + 80), label
        if all(s in ("petrified", "knocked_out", "disabled") for s in (led, *others)):
            assert g.over, label  # the whole party down or stone: lost at once
