"""Luck after a failed exploration check (issue 18, point 9): casting, lock picking, the
marker checks, doors and the Crystal Ball stop for the player's luck like a fight roll."""

from __future__ import annotations

from combat_kit import waiting_for
from explore_kit import act, door_at, give, texts

from roguelike.core.components import Character, Door, MonsterStats, Position
from roguelike.core.explore_components import Marker
from roguelike.engine.actions.basic import Step
from roguelike.engine.items.spells import Cast
from roguelike.engine.markers.event_markers import RetryCheck, make_marker
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.status.luck import KeepRoll, SpendLuck, offer_waiting, pending_entity

ARENA = """
####################
#1...m.............#
#2.................#
#3.................#
####################
"""


def _caster(luck_prompt: str = "ask"):
    g = scenario(ARENA, monsters={"m": "mercenary"}, luck_prompt=luck_prompt)
    foe = next(e for e, _ in g.store.query(MonsterStats))
    return g, foe, g.party[2]


def test_a_failed_cast_waits_for_luck_and_spent_luck_casts_it():
    g, foe, mage = _caster()
    res = act(g, mage, Cast("force_bolt", 5, 1), [2])  # 2 vs Wits 3: one pip short
    assert res.ok and "fails at casting Force Bolt (rolled 2 vs Wits 3)" in texts(res)
    pending = waiting_for(g, mage)
    assert (pending.label, pending.cost, pending.resume) == ("Wits (casting Force Bolt)", 1,
                                                            "cast")
    assert pending_entity(g) == mage and g.awaiting == mage
    luck = g.store.get(mage, Character).luck
    g.streams.play = Scripted([5, 1])  # the bolt's attack roll hits; the save fails
    out = g.try_action(SpendLuck(1), mage)
    assert "spends 1 luck on the Wits (casting Force Bolt) roll: 3 vs 3, a success" in \
        texts(out)
    assert g.store.get(mage, Character).luck == luck - 1
    assert g.store.get(foe, MonsterStats).hits == 2 and offer_waiting(g) is None


def test_keeping_the_failed_cast_does_nothing_more():
    g, foe, mage = _caster()
    act(g, mage, Cast("force_bolt", 5, 1), [2])
    out = g.try_action(KeepRoll(), mage)
    assert out.ok and g.store.get(foe, MonsterStats).hits == 3
    assert offer_waiting(g) is None


def test_no_offer_when_the_option_is_never_or_the_failure_is_critical():
    g, _foe, mage = _caster("never")
    act(g, mage, Cast("force_bolt", 5, 1), [2])
    assert offer_waiting(g) is None
    g, _foe, _mage = _caster()
    fighter = g.party[0]  # Wits 5: a 1 is 4 short, more than the critical margin
    make_marker(g.store, 1, 3, 1, room=0)
    act(g, fighter, Step(1, 0), [1, 1])  # (the chart's face first: 1, a monster row)
    assert offer_waiting(g) is None


DOOR = """
#########
#1..+...#
#2......#
#########
"""


def test_a_failed_lock_pick_waits_for_luck_and_opens_the_lock_when_bought():
    g = scenario(DOOR, luck_prompt="ask")
    rogue = g.party[1]
    g.store.get(rogue, Position).x, g.store.get(rogue, Position).y = 3, 1
    g.store.get(g.party[0], Position).y = 2
    door = door_at(g, 4, 1)
    state = g.store.get(door, Door)
    state.locked = state.checked = True
    from roguelike.engine.doors.doorways import PickLock

    res = act(g, rogue, PickLock(1, 0), [3])  # 3 vs Wits 4
    assert "fails at picking the lock" in texts(res) and state.locked
    assert waiting_for(g, rogue).resume == "pick_lock"
    g.try_action(SpendLuck(1), rogue)
    assert not state.locked


def test_a_failed_marker_check_waits_then_the_success_chart_is_read():
    g = scenario(ARENA.replace("m", "."), luck_prompt="ask")
    marker = make_marker(g.store, 1, 3, 1, room=0)
    lead = g.party[0]
    act(g, lead, Step(1, 0), [5, 4])  # the chart's face 5 first; 4 vs Wits 5
    assert waiting_for(g, lead).resume == "marker_check"
    assert g.store.get(marker, Marker).state == "unchecked"
    g.streams.play = Scripted([3, 1])  # success chart 5: treasure
    out = g.try_action(SpendLuck(1), lead)
    assert "treasure (rolled 5 on the success chart)" in texts(out)
    assert not g.store.alive(marker)


def test_a_retried_check_on_hidden_treasure_can_be_bought_too():
    g = scenario(ARENA.replace("m", "."), luck_prompt="ask")
    marker = make_marker(g.store, 1, 2, 2, room=0)
    g.store.get(marker, Marker).state = "hidden"
    lead = g.party[0]
    act(g, lead, RetryCheck(marker), [3])  # 3 vs Wits 5: two short
    assert waiting_for(g, lead).cost == 2
    g.streams.play = Scripted([3, 1])
    out = g.try_action(SpendLuck(2), lead)
    assert "The hidden treasure is found!" in texts(out)


def test_the_crystal_ball_reading_can_be_bought():
    g = scenario(ARENA.replace("m", "."), luck_prompt="ask")
    marker = make_marker(g.store, 1, 6, 2, room=0)
    mage = g.party[2]
    from roguelike.engine.items.item_use import UseItem

    ball = give(g, mage, "crystal_ball")
    res = act(g, mage, UseItem(ball, 6, 2), [2])  # 2 vs Wits 3
    assert "fails at reading the Crystal Ball" in texts(res)
    assert "stays cloudy" not in texts(res)  # not yet: luck may still turn it
    out = g.try_action(KeepRoll(), mage)
    assert "The Crystal Ball stays cloudy." in texts(out)
    assert g.store.get(marker, Marker).state == "unchecked"


async def test_a_run_stops_at_a_luck_offer_and_the_explaining_line_stays_in_view():
    from roguelike.ui.app import RoguelikeApp
    from roguelike.ui.options import Options
    from roguelike.ui.screens.luck_prompt import LuckPrompt

    g = scenario(ARENA.replace("m", "."), luck_prompt="ask")
    g.level.explored[:, :] = True
    make_marker(g.store, 1, 6, 1, room=0)
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(g)
        await pilot.pause()
        screen = app.screen
        # the marker's chart face 1 (a monster row), then its check: 4 vs Wits 5
        g.streams.play = Scripted([1, 4] + [3] * 40)
        await pilot.press("G", *["l"] * 8, "enter")  # travel past the marker
        for _ in range(200):
            await pilot.pause(0.02)
            if isinstance(app.screen, LuckPrompt):
                break
        assert isinstance(app.screen, LuckPrompt) and screen.auto is None
        shown = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "fails at the event marker check (rolled 4 vs Wits 5)." in shown
        assert shown.count("could spend 1 luck") == 1  # the log says it; no hint repeats it
        await pilot.press("y")
        await pilot.pause()
        assert offer_waiting(g) is None
