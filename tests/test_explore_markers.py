"""Event markers (both Wits charts) and the Pillagers who race the party for them."""

from __future__ import annotations

from explore_kit import act, pillager, pillager_turn, texts

from roguelike.core.components import Actor, Character, HitBoxes, MonsterStats, Position
from roguelike.core.explore_components import Haul, Marker, Treasure
from roguelike.engine.actions.basic import Attack, Step
from roguelike.engine.base.stats import chebyshev
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.markers.event_markers import RetryCheck, make_marker
from roguelike.engine.scenario import Scripted, scenario

ROOM = """
##############
#1...........#
#2...........#
#3...........#
##############
"""


def _game(marker_at=(3, 1)):
    g = scenario(ROOM)
    marker = make_marker(g.store, 1, *marker_at, room=0)
    return g, marker


def _monsters(g, kind=None):
    return [e for e, s in g.store.query(MonsterStats) if kind is None or s.kind == kind]


def _treasures(g):
    return [e for e, _t, _p in g.store.query(Treasure, Position)]


def test_success_chart_treasure():
    g, marker = _game()
    res = act(g, g.party[0], Step(1, 0), [5, 5, 3, 1])  # Wits 5: success; 5 = treasure
    assert "succeeds at the event marker check (rolled 5 vs Wits 5)" in texts(res)
    assert "treasure (rolled 5 on the success chart)" in texts(res)
    assert not g.store.alive(marker)
    (piece,) = _treasures(g)
    assert g.store.get(piece, Treasure).gp == 30
    assert g.store.get(piece, Position).xy == (3, 1)


def test_success_chart_monster_not_in_contact():
    g, _marker = _game((6, 1))
    g.store.get(g.party[0], Position).x = 4
    res = act(g, g.party[0], Step(1, 0), [2, 6, 1, 1])  # face 2 (first): away; 1: Apprentice
    (mon,) = _monsters(g)
    assert g.store.get(mon, MonsterStats).kind == "apprentice"
    assert chebyshev(g.store.get(mon, Position), g.store.get(g.party[0], Position)) > 1
    assert g.store.get(mon, Actor).awake and "appears near" in texts(res)


def test_failure_chart_monster_in_contact_takes_an_action():
    g, _marker = _game()
    res = act(g, g.party[0], Step(1, 0), [1, 4, 3, 1, 1])  # 1 = in contact; fail; Mercenary
    (mon,) = _monsters(g, "mercenary")
    assert chebyshev(g.store.get(mon, Position), g.store.get(g.party[0], Position)) == 1
    assert "attacks Leader Warrior and misses (rolled 1" in texts(res)


def test_success_chart_trap_a_rogue_disarms_then_treasure():
    g, marker = _game((3, 2))
    rogue = g.party[1]
    res = act(g, rogue, Step(1, 0), [3, 4, 2, 4, 6, 2, 1])
    out = texts(res)
    assert "The marker hides a trap: Sleeping Dart (rolled 2 on the trap chart)" in out
    assert "succeeds at disarming the Sleeping Dart" in out
    assert "Treasure from the Sleeping Dart (rolled 6 of 6)" in out
    assert not g.store.alive(marker) and len(_treasures(g)) == 1
    # experience as for any disarm: 10 x the T&T disarm value 7, through award_xp
    assert "70 XP for disarming the Sleeping Dart." in out
    assert g.store.get(rogue, Character).xp == 70


def test_failure_chart_trap_springs_on_the_character():
    g, marker = _game()
    lead = g.party[0]
    res = act(g, lead, Step(1, 0), [3, 1, 3, 1, 2, 2, 1, 1])  # Poison Dart, fail Might
    out = texts(res)
    assert "The marker hides a trap: Poison Dart (rolled 3 on the trap chart)" in out
    assert "disarm" not in out
    assert g.store.get(lead, HitBoxes).location("torso").crossed == 2
    assert not g.store.alive(marker)


def test_failure_chart_hidden_treasure_shows_on_a_later_success():
    g, marker = _game()
    lead = g.party[0]
    act(g, lead, Step(1, 0), [5, 2])
    assert g.store.get(marker, Marker).state == "hidden" and not _treasures(g)
    act(g, lead, Step(0, 1), [])  # no free check for a hidden marker
    assert g.store.alive(marker)
    res = act(g, lead, RetryCheck(marker), [4])
    assert res.ok and g.store.alive(marker)  # the retry costs an action and failed
    assert g.store.get(lead, Actor).actions_left <= 1
    res = act(g, lead, RetryCheck(marker), [6, 4, 1])
    assert "hidden treasure is found" in texts(res)
    assert not g.store.alive(marker) and len(_treasures(g)) == 1


def test_each_revealed_marker_brings_d3_pillagers():
    g, _marker = _game()
    make_marker(g.store, 1, 10, 3, room=0)
    act(g, g.party[0], Step(1, 0), [5, 5, 3, 2, 1, 1, 1, 1])
    assert len(_monsters(g, "pillager")) == 2


def test_pillagers_go_for_markers_and_haul_to_camp():
    g, marker = _game((11, 2))
    p = pillager(g, 6, 2)
    pillager_turn(g, p)
    assert g.store.get(p, Haul).hauling
    assert g.store.alive(marker)


def test_every_third_haul_home_removes_an_unrevealed_marker():
    g, marker = _game((11, 2))
    p = pillager(g, 6, 2)
    g.store.get(p, Haul).hauling = True
    ledger(g).hauls = 1
    g.streams.play = Scripted([])
    pillager_turn(g, p)  # the scenario's one room is the Pillager camp too
    assert ledger(g).hauls == 2 and g.store.alive(marker)
    g.store.get(p, Haul).hauling = True
    events = pillager_turn(g, p)
    assert ledger(g).hauls == 3 and not g.store.alive(marker)
    assert any("marker is gone" in e.text for e in events)


def test_pillagers_snatch_loose_treasure_and_drop_it_when_they_fall():
    g, marker = _game((11, 3))
    g.store.destroy(marker)
    piece = g.store.create(Position(1, 8, 2), Treasure(40))
    p = pillager(g, 6, 2)
    pillager_turn(g, p)
    assert piece in g.store.get(p, Haul).items and not g.store.has(piece, Position)
    ppos = g.store.get(p, Position).xy
    g.on_monster_killed(p, "test")
    assert g.store.get(piece, Position).xy == ppos


def test_pillagers_fight_only_when_engaged():
    g, _marker = _game((11, 3))
    leader = g.party[0]
    p = pillager(g, 2, 1)  # next to the Leader: not engaged for all that
    assert not any(e.kind in ("hit", "miss") for e in pillager_turn(g, p))
    ppos = g.store.get(p, Position)
    ppos.x, ppos.y = 2, 1
    act(g, leader, Attack(p), [1])  # the Leader attacks it (and misses): engaged
    events = pillager_turn(g, p)
    assert any(e.kind in ("hit", "miss") and e.target == leader for e in events)


def test_success_chart_trap_with_no_rogue_beside_says_none_can_disarm_it():
    """The marker's words match what happens (issue 26 §2): on the success chart a trap a
    Rogue may disarm springs at once when no Rogue stands beside the marker, and the
    marker says so rather than promise a disarm."""
    g = scenario(ROOM, party=(("leader", "warrior"), ("mercenary", "rogue")))
    make_marker(g.store, 1, 3, 1, room=0)
    g.store.get(g.party[1], Position).y = 3  # the Rogue two squares from the marker
    res = act(g, g.party[0], Step(1, 0), [3, 5, 3, 1, 2, 2, 1, 1])  # 3 = trap; success
    out = texts(res)
    assert "The marker holds a trap; a Rogue beside it could have disarmed it, but none " \
        "stands there (rolled 3 on the success chart)." in out
    assert "may disarm" not in out and "disarming" not in out
    assert "The marker hides a trap: Poison Dart" in out


def test_success_chart_trap_with_a_rogue_beside_still_offers_the_disarm():
    g, _marker = _game((3, 2))
    out = texts(act(g, g.party[1], Step(1, 0), [3, 4, 2, 4, 6, 2, 1]))
    assert "The marker holds a trap (a Rogue may disarm it) (rolled 3 on the success " \
        "chart)." in out


def _offers(res):
    return [e for e in res.events if e.kind == "luck_offer"]


def test_no_luck_is_offered_for_a_marker_check_whose_success_could_buy_nothing():
    """The playtest (amber-wolf-17 D1 R20): "spends 2 luck on the Wits (the event marker
    check) roll: 5 vs 5, a success" and then "The marker holds a trap; a Rogue beside it
    could have disarmed it, but none stands there": the trap went off all the same. The
    chart's face comes first (unseen): on a trap row with no Rogue beside, success and
    failure both spring the trap (003), so the failed check is not offered luck."""
    g = scenario(ROOM, party=(("leader", "warrior"),), luck_prompt="ask")
    marker = make_marker(g.store, 1, 3, 1, room=0)
    res = act(g, g.party[0], Step(1, 0), [3, 4, 3, 1, 2, 2, 1, 1])  # 3 = trap; 4 fails
    assert not _offers(res)
    out = texts(res)
    assert "fails at the event marker check (rolled 4 vs Wits 5)" in out
    assert not g.store.alive(marker)
    assert "The marker hides a trap: Poison Dart" in out


def test_luck_is_still_offered_where_success_changes_the_marker():
    """A monster row (1: in contact on a failure, away on a success) and a trap row with a
    Rogue beside (its disarm needs a success) are offered luck as before."""
    g = scenario(ROOM, party=(("leader", "warrior"),), luck_prompt="ask")
    make_marker(g.store, 1, 3, 1, room=0)
    assert len(_offers(act(g, g.party[0], Step(1, 0), [1, 4]))) == 1
    g = scenario(ROOM, luck_prompt="ask")
    make_marker(g.store, 1, 3, 2, room=0)
    # the Rogue (Wits 4) fails by 1; 3 = trap, the Rogue beside it
    assert len(_offers(act(g, g.party[1], Step(1, 0), [3, 3]))) == 1
