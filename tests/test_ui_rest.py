"""`R` (rest until healed or disturbed) driven through the real keys, with the real Rest
action (issue 16 section 2, issue 18 point 4: rest waits out a knock-out)."""

from __future__ import annotations

import pytest
from explore_kit import Steady

from roguelike.core.components import Disabled, HitBoxes, Position
from roguelike.engine.combat.attack import wound
from roguelike.engine.creatures.inventory import ledger
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.scenario import scenario
from roguelike.engine.status import conditions as C
from roguelike.engine.status.checks import fight_state
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options

BEND = """
###################
#1.....############
#2.....############
#3................#
#################.#
#################.#
#################.#
#################.#
#################.#
###################
"""


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _knock_out(g, eid):
    torso = g.store.get(eid, HitBoxes).location("torso")
    torso.crossed = len(torso.boxes) - 1
    wound(g, eid, location="torso")
    assert C.has_condition(g, eid, "knocked_out")


async def _rest(game, **options):
    app = RoguelikeApp(options=Options(reduced_motion=True, **options))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(game)
        await pilot.pause()
        screen = app.screen
        await pilot.press("R")
        for _ in range(1500):
            await pilot.pause(0.02)
            if screen.auto is None:
                return screen.status.hint
        raise AssertionError("R did not stop")


async def test_R_waits_out_a_knock_out_and_rests_until_everyone_is_whole():
    g = scenario(BEND)
    g.level.camp_room = 9  # Light Rest: not in the Camp
    g.streams.play = Steady(6)  # no wandering monster; every Endurance check a 6
    mage = g.party[2]
    _knock_out(g, mage)
    lead = g.party[0]
    g.store.get(lead, HitBoxes).location("legs").crossed = 2
    C.add_condition(g, lead, "injured", C.UNTIL_ENDED)  # from an earlier knock-out
    start = ledger(g).clock
    hint = await _rest(g)
    assert hint == "The party is fully rested."
    assert not g.store.has(mage, Disabled) and not C.condition_labels(g, mage)
    assert not C.condition_labels(g, lead)
    assert all(loc.crossed == 0 for e in g.party
               for loc in g.store.get(e, HitBoxes).locations)
    # three rests: the Mage comes round and heals its last Torso box while the Leader heals
    # a Legs box; the Leader's second while the Mage has its night for the injury; the
    # Leader's night
    assert ledger(g).clock == start + 3 * 60


async def test_R_stops_when_a_foe_breaks_the_rest():
    g = scenario(BEND)
    g.level.camp_room = 9
    foe = make_monster(g.store, g.content, "mercenary", Position(1, 17, 8), awake=True)
    fight_state(g, foe).pursuit = "pursue"
    g.store.get(g.party[0], HitBoxes).location("legs").crossed = 2
    hint = await _rest(g)
    assert hint.startswith("You see Rival Mercenary")
    assert g.store.get(g.party[0], HitBoxes).location("legs").crossed == 2
    assert "The rest is broken: Rival Mercenary comes into view. It heals nothing." \
        in [e.text for e in g.log]


async def test_R_puts_the_lights_out_to_rest_when_the_option_says_so():
    """Options "Put the lights out to rest": R's rests are Rest(dark=True), and the lantern
    burns nothing over them; without the option it burns a turn a rest."""
    from roguelike.core.explore_components import LightSource

    for dark, burnt in ((True, 0), (False, 60)):
        g = scenario(BEND)
        g.level.camp_room = 9
        g.streams.play = Steady(6)
        lead = g.party[0]
        g.store.get(lead, HitBoxes).location("legs").crossed = 1
        before = g.store.get(lead, LightSource).rounds_left
        assert await _rest(g, rest_in_dark=dark) == "The party is fully rested."
        assert g.store.get(lead, LightSource).rounds_left == before - burnt
        assert [a.get("dark", False) for _r, a in g.history if a["kind"] == "rest"] == [dark]
