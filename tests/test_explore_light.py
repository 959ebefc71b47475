"""Light, time, fatigue, rest and wandering monsters."""

from __future__ import annotations

from explore_kit import Steady, act, give

from roguelike.core.components import Actor, MonsterStats, Position
from roguelike.core.explore_components import Fatigue, Inventory, Item, LightSource
from roguelike.engine.base.stats import speed
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.items.item_use import UseItem
from roguelike.engine.light.lighting import burn, in_darkness, light_level
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.status.fatigue_checks import check
from roguelike.engine.turns.clock import Rest, on_round, tire, wandering_check

HALL = """
##############################
#1...........................#
#2...........................#
#3...........................#
##############################
"""


def _lead_light(g):
    return g.store.get(g.party[0], LightSource)


def test_the_party_sees_only_what_its_light_reaches():
    g = scenario(HALL)
    foe = make_monster(g.store, g.content, "mercenary", Position(1, 15, 2))
    g.view_changed()
    assert _lead_light(g).kind == "lantern"  # bright 10, dim out to 20
    assert g.visible[2, 15] and light_level(g, 9, 1) == "bright"
    assert light_level(g, 15, 1) == "dim" and light_level(g, 25, 1) == "dark"
    assert not g.visible[2, 25] and in_darkness(g, 25, 1)
    g.store.remove(g.party[0], LightSource)
    g.view_changed()
    assert not g.visible[2, 15] and in_darkness(g, 5, 1)
    assert g.visible[1, 2]  # a neighbour is made out by touch
    assert g.store.alive(foe)


def test_a_torch_lights_five_squares_for_six_turns():
    g = scenario(HALL)
    g.store.remove(g.party[0], LightSource)
    merc = g.party[1]
    torch = next(i for i in g.store.get(merc, Inventory).items
                 if g.store.get(i, Item).kind == "torch")
    res = act(g, merc, UseItem(torch))
    assert res.ok and g.store.get(merc, LightSource).rounds_left == 6 * 60
    assert torch not in g.store.get(merc, Inventory).items
    g.view_changed()
    assert g.visible[2, 6] and not g.visible[2, 8]


def test_lights_burn_down_and_the_pack_relights_them():
    g = scenario(HALL)
    merc = g.party[1]
    g.store.add(merc, LightSource("torch", 2))
    spares = [i for i in g.store.get(merc, Inventory).items]
    events = burn(g, 1)
    assert not events and g.store.get(merc, LightSource).rounds_left == 1
    events = burn(g, 1)
    assert "lights another" in events[0].text
    assert g.store.get(merc, LightSource).rounds_left == 360
    assert len(g.store.get(merc, Inventory).items) == len(spares) - 1
    for item in list(g.store.get(merc, Inventory).items):  # no torches left
        g.store.get(merc, Inventory).items.remove(item)
    g.store.get(merc, LightSource).rounds_left = 1
    assert "goes out" in burn(g, 1)[0].text
    assert not g.store.has(merc, LightSource)


def test_a_lantern_burns_24_turns_a_flask_and_is_refilled():
    g = scenario(HALL)
    lead = g.party[0]
    flasks = len(g.store.get(lead, Inventory).items)
    _lead_light(g).rounds_left = 1
    assert "refills" in burn(g, 1)[0].text
    assert _lead_light(g).rounds_left == 24 * 60
    assert len(g.store.get(lead, Inventory).items) == flasks - 1


def test_rounds_run_the_clock_and_burn_the_lights():
    g = scenario(HALL)
    before = _lead_light(g).rounds_left
    clock = ledger(g).clock
    g.streams.play = Scripted([6] * 40)
    for _ in range(3):
        on_round(g)
    assert ledger(g).clock == clock + 3
    assert _lead_light(g).rounds_left == before - 3


def test_unrested_turns_bring_fatigue_and_rest_clears_it():
    g = scenario(HALL)
    lead = g.party[0]
    for _ in range(5):
        assert not tire(g)
    events = tire(g)  # the sixth turn without rest
    assert g.store.get(lead, Fatigue).level == 1 and "mildly fatigued" in events[0].text
    for _ in range(12):
        tire(g)
    fat = g.store.get(lead, Fatigue)
    assert fat.level == 3 and fat.halved and speed(g.store, lead) == 3
    g.streams.play = Scripted([6])
    ok, event = check(g, lead, "wits", "a test")  # fatigue adds to the d6 target: 5 + 3
    assert not ok and event.need == 8 and "+3 fatigue" in event.text
    g.mode = "explore"
    g.streams.play = Steady(6)  # (no wandering monster comes to break the rest)
    assert g.awaiting == lead
    clock = ledger(g).clock
    assert g.perform(Rest())[0].kind == "rest"  # the rest's 60 rounds pass in the turn loop
    assert ledger(g).clock == clock + 60 and g.awaiting == lead
    assert g.store.get(lead, Fatigue).level == 0 and speed(g.store, lead) == 6


def test_wandering_monster_check_and_reaction():
    g = scenario(HALL)
    g.store.remove(g.party[0], LightSource)
    g.view_changed()
    count = len(list(g.store.query(MonsterStats)))
    g.streams.play = Scripted([2])  # 2 > 1 in 6: nothing
    assert wandering_check(g) == []
    g.streams.play = Scripted([1, 1, 3, 3, 1, 1])  # a monster 12 squares off, reaction 2
    events = wandering_check(g)
    mons = [e for e, _ in g.store.query(MonsterStats)]
    assert len(mons) == count + 1 and "Hostile" in events[0].text
    assert g.store.get(mons[-1], Actor).awake
    g.streams.play = Scripted([1, 1, 3, 3, 6, 6])  # reaction 12: friendly, passes by
    assert "passes by" in wandering_check(g)[0].text
    assert len(list(g.store.query(MonsterStats))) == count + 1


def test_noise_makes_wandering_monsters_twice_as_likely():
    g = scenario(HALL)
    ledger(g).noisy_until = ledger(g).clock + 10
    g.store.remove(g.party[0], LightSource)
    g.view_changed()
    g.streams.play = Scripted([2, 1, 3, 3, 4, 4])
    assert "2 in 6" in wandering_check(g)[0].text


def test_a_candle_gives_only_dim_light_two_squares():
    g = scenario(HALL)
    lead = g.party[0]
    g.store.remove(lead, LightSource)
    candle = give(g, lead, "candle")
    assert act(g, lead, UseItem(candle)).ok
    g.view_changed()
    assert light_level(g, 3, 1) == "dim" and light_level(g, 4, 1) == "dark"
    assert not any(light_level(g, x, 1) == "bright" for x in range(1, 4))


def test_an_unroused_wanderer_out_of_sight_moves_on_at_the_next_turn():
    """Reaction 6-8 ("lurks, waiting"): it stays a turn; still asleep and unseen at the next
    wandering check it has moved on (RULES.md). One the party sees, or one that woke, stays."""
    from roguelike.core.components import Position, Wanderer

    g = scenario(HALL)
    g.store.remove(g.party[0], LightSource)
    g.view_changed()
    g.streams.play = Scripted([1, 1, 3, 3, 3, 4])  # 12 squares off, reaction 7: lurks
    events = wandering_check(g)
    assert "lurks, waiting" in events[0].text
    lurker = next(e for e, _ in g.store.query(Wanderer))
    assert not g.store.get(lurker, Actor).awake
    g.streams.play = Scripted([1, 1, 3, 3, 3, 4])  # another lurks; the first has gone
    events = wandering_check(g)
    assert "moved on" in events[0].text and not g.store.alive(lurker)
    second = next(e for e, _ in g.store.query(Wanderer))
    g.store.get(second, Actor).awake = True  # roused: it stays to fight
    g.streams.play = Scripted([6])
    assert wandering_check(g) == [] and g.store.alive(second)
    g.store.get(second, Actor).awake = False
    pos = g.store.get(second, Position)
    g.visible[pos.y, pos.x] = True  # (in view: the party watches it; it stays)
    g.streams.play = Scripted([6])
    assert wandering_check(g) == [] and g.store.alive(second)
