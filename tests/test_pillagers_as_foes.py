"""Pillagers are foes only once provoked (issue 26, the newcomer's playtest findings 1, 3, 7,
8, 9 and 12). T&T 003: "Pillagers will stand and fight if engaged, but will otherwise move
towards their Base avoiding combat". One keeping its distance is no foe: no fight mode (the
party moves as one), no "foes in view" for `o`, `R` and travel; one walked into, or one
striking a delver in its way, is a foe to the mode and to `F`; no rest begins where a
Pillager could strike this round; the mode the player is shown is the one `o` reads; the
round line counts the Pillagers as the sidebar does; `R` stops resting for an injury only a
natural 6 could end."""

from __future__ import annotations

import re
from itertools import pairwise

from explore_kit import Steady, act, pillager, pillager_turn

from roguelike.core.components import Conditions, HitBoxes, Position
from roguelike.engine.actions.basic import Attack, Step
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.helpers import travel
from roguelike.engine.helpers.autoexplore import Explorer
from roguelike.engine.helpers.autofight import fight_step
from roguelike.engine.helpers.watch import Watch
from roguelike.engine.rest.resting_turn import Rest, RestRun, rest_refusal
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state
from roguelike.engine.turns.turn_loop import new_round

HALL = """
##############################
#123.........................#
#............................#
##############################
"""


def _hall(**kw: object) -> Game:
    g = scenario(HALL, **kw)  # type: ignore[arg-type]
    g.level.camp_room = 9  # (not the Camp: Light Rest)
    g.level.pillager_camp_room = 9
    return g


def _positions(g: Game) -> list[tuple[int, int]]:
    return [g.store.get(e, Position).xy for e in g.party]


def test_a_pillager_keeping_its_distance_leaves_the_party_moving_as_one():
    g = _hall()
    p = pillager(g, 14, 2)
    g.view_changed()
    g.restart_round()
    assert g.hostiles_in_view() == [p] and g.threats_in_view() == []
    assert g.mode == "explore"  # before: "combat", each delver on its own turn
    before = _positions(g)
    for step in (Step(0, 1), Step(1, 0), Step(1, 0), Step(1, 0), Step(1, 0)):
        g.perform(step)  # the one led walks: the companions follow in step
        assert g.mode == "explore" and g.awaiting == g.led
    after = _positions(g)
    assert after[0] == (5, 2)
    assert after[1] != before[1]  # the Rogue kept up; the Mage behind it needed no step
    assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= 1 for a, b in pairwise(after))


def test_walking_into_a_pillager_makes_it_a_foe_of_the_mode_and_of_F():
    g = _hall()
    lead = g.party[0]
    p = pillager(g, 2, 2)  # beside the Leader
    g.view_changed()
    g.restart_round()
    assert g.mode == "explore"
    g.streams.play = Steady(1)  # (the blow misses: the Pillager stands)
    g.perform(Attack(p))
    assert g.threats_in_view() == [p] and g.mode == "combat"
    action = fight_step(g, g.awaiting or lead)
    assert not isinstance(action, str), action  # not "the Pillagers keep their distance"


def test_a_pillager_striking_a_delver_in_its_way_is_a_foe_to_F():
    """Finding 1: in a corridor the Pillagers hit the Warrior and `F` answered "No foe to
    fight: the Pillagers in view keep their distance"."""
    g = scenario("""
        #########
        #1......#
        #########
    """, party=(("leader", "warrior"),))
    g.level.pillager_camp_room = 9
    lead = g.party[0]
    g.store.get(lead, Position).x = 4
    p = pillager(g, 5, 1)
    g.level.camp_room = 9
    # its way home (the camp: the corridor's west end) is barred by the Warrior
    g.level.room_map[1, 1] = 9
    g.view_changed()
    g.restart_round()
    assert g.threats_in_view() == []
    g.streams.play = Steady(1)  # (its blow misses)
    events = pillager_turn(g, p)
    assert any(e.kind in ("attack", "miss", "hit") or "attacks" in e.text for e in events), \
        [e.text for e in events]
    assert g.threats_in_view() == [p]
    action = fight_step(g, lead)
    assert action == Attack(p), action


def test_no_rest_begins_with_a_pillager_that_could_strike_this_round():
    g = _hall()
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 1
    p = pillager(g, 6, 1)  # 3 squares from the nearest delver: Speed 5 and a blow reach it
    g.view_changed()
    g.restart_round()
    why = rest_refusal(g)
    assert why.startswith("Not with a Pillager in reach (3 squares east of"), why
    assert not act(g, g.party[0], Rest()).ok
    explorer = Explorer()
    assert not isinstance(explorer(g, g.awaiting), Rest)  # `o` goes on, away from it
    g.store.get(p, Position).x = 20  # far off down the hall: the party may rest
    g.view_changed()
    assert rest_refusal(g) == ""
    assert Explorer()(g, g.awaiting) == Rest()


def test_the_mode_shown_is_what_o_R_and_travel_read_after_every_action():
    """Finding 9: `o` said "Not with foes in view!" while the mode line said Explore (the
    view had changed at the round's turn, after the last look). After every action the mode
    and the foes in view agree, over whole games played by the auto-explore harness."""
    from roguelike.tools import explore_rate

    checked: list[str] = []

    def hold(game: Game) -> None:
        if game.awaiting is None or game.state.luck_queue.items:
            return
        checked.append(game.mode)
        assert (game.mode == "combat") == bool(game.threats_in_view()), (
            game.round, game.mode, game.threats_in_view())
        assert (rest_refusal(game) == "Not with foes in view!") == (game.mode == "combat")
        if game.mode == "explore":
            assert travel.Run(game, Explorer()).refusal() is None

    for seed in ("explore-9", "explore-3", "pill26-mode"):
        game = Game(seed)
        game.on_action.append(hold)
        explore_rate.explore_level(game, cap=400)
    assert "combat" in checked and "explore" in checked  # (both were checked)


def test_the_round_line_counts_the_pillagers_as_one_entry():
    """Finding 12: "Round N: ..., Pillager 3, Pillager 3, ..." named each of them although
    the sidebar shows the group as one token."""
    g = _hall()
    for x in (20, 21, 22, 23):
        pillager(g, x, 2)
    make_monster(g.store, g.content, "goblin", Position(1, 8, 2), awake=True)
    g.view_changed()
    g.restart_round()
    assert g.mode == "combat"
    line = next(e.text for e in new_round(g) if e.kind == "round")
    words = line.split(": ", 1)[1].split(", ")
    assert len([w for w in words if "Pillager" in w]) == 1, line
    assert any(re.fullmatch(r"4 Pillagers [1-6]", w) for w in words), line
    assert len(words) == 5, line  # the three delvers, the Goblin and the group


def test_R_stops_for_an_injury_only_a_natural_six_could_end():
    """Finding 3: "fails (Endurance, to rest off an injury: rolled 5-5 vs 5)" rest after
    rest. The check is d6 + modifiers against Might; a natural 6 always passes (so it is
    not impossible), but R no longer rests on for it, and says why."""
    g = _hall()
    mage = g.party[2]
    C.add_condition(g, mage, "injured", C.UNTIL_ENDED, "test")
    g.store.get(mage, Conditions).stacks["injured"] = 6  # -6: a 5 and less cannot pass
    run = RestRun()
    stop = run.next(g, g.awaiting)
    assert isinstance(stop, str), stop
    assert "Only a natural 6 ends Apprentice Mage's injury" in stop, stop
    C.remove_condition(g, mage, "injured")
    warrior = g.party[0]  # Might 3: at -1 a 4 passes
    C.add_condition(g, warrior, "injured", C.UNTIL_ENDED, "test")
    assert RestRun().next(g, g.awaiting) == Rest()


def test_a_run_stops_when_a_pillager_it_was_told_of_engages():
    """A Pillager announced as keeping its distance stops `o`, `G` and `R` once; once it
    strikes a delver in its way it is a foe, and the run stops for it again."""
    g = _hall()
    p = pillager(g, 2, 2)  # beside the Leader
    g.view_changed()
    g.restart_round()
    watch = Watch.take(g)
    assert p in watch.told and watch.stop_reason(g, []) is None
    fight_state(g, p).engaged_by = g.party[0]  # it struck the Leader in its way
    assert watch.stop_reason(g, []) == "Pillager fights, 1 square south-east."


def test_the_melee_goes_on_while_any_delver_stands_beside_the_pillager():
    """The lead's plum-otter-3 D1 R1004-R1021: the Mage walked into a Pillager in a
    doorway, `F` then stepped the Mage (a caster keeps out of melee) and the hurt Warrior
    back, the engagement ended with the one who began it, `F` said "the Pillagers in view
    keep their distance" and the Pillager, its way still barred, struck again: fight and
    explore mode took turns for a hundred rounds. Classic: foes within 5' of each other are
    engaged in melee, so a Pillager stays a foe while any standing delver is beside it."""
    g = _hall()
    lead, rogue, mage = g.party
    p = pillager(g, 3, 2)  # beside the Rogue (2, 1) and the Mage (3, 1)
    g.view_changed()
    g.restart_round()
    fight_state(g, p).engaged_by = mage  # the Mage walked into it
    assert g.threats_in_view() == [p]
    g.store.get(mage, Position).x = 6  # the Mage steps back out of melee
    g.view_changed()
    assert g.threats_in_view() == [p]  # the Rogue still stands beside it
    g.store.get(rogue, Position).x = 7
    g.store.get(lead, Position).x = 8
    g.view_changed()
    assert g.threats_in_view() == []  # nobody beside it: it keeps its distance again
