"""`F` when nobody can reach a foe (bookkeeping found in play): a delver down in a corridor
beside a foe that cannot move, the others behind. Before, `F` waited thirty rounds and said
"Walk round, or fight by hand", press after press (the explore-rate harness's explore-54
D2: 3,883 actions of it). Now it names the body in the way and how to clear it (drag them
back: `a` toward them), and that the foe cannot follow out of its sight; and where the
drag is safe, `F` does it (one behind stepping away to make room)."""

from __future__ import annotations

import pytest
from explore_kit import Steady
from test_comfort_snapshots import SIZES
from test_party_keys import until_idle
from test_play_come_round import _knock_out

from roguelike.core.components import Position
from roguelike.engine.actions.drag import Drag
from roguelike.engine.helpers.fight_round import play_round
from roguelike.engine.helpers.interact import more_choices
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen

CORRIDOR = """
#############
#.123j......#
#############
"""
# (no square behind the Warrior: nobody can step back, so nobody can drag the Mage)
NO_ROOM = CORRIDOR.replace("#.123j", "##123j")


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


def _stuck(plan: str = NO_ROOM):
    g = scenario(plan, monsters={"j": "jaws_of_doom"},
                 party=(("leader", "warrior"), ("mercenary", "rogue"), ("apprentice", "mage")))
    g.streams.play = Steady(1)  # (nobody comes round early; every roll fails)
    _knock_out(g, g.party[2])  # the Mage, beside the jaws
    g.view_changed()
    g.restart_round()
    assert g.mode == "combat"
    return g


def test_F_names_the_body_in_the_way_and_the_foe_that_cannot_move():
    g = _stuck()
    _events, why = play_round(g)
    assert why.startswith("Nobody could reach a foe for 30 rounds")
    assert "Apprentice Mage lies beside Jaws of Doom (2 squares east; 29 rounds to come " \
        "round), in the way" in why
    assert "drag them back (a toward them, then Drag:" in why
    assert "Jaws of Doom cannot move: out of its sight the fight ends" in why
    assert "Walk round, or fight by hand" not in why


def test_what_it_says_can_be_done():
    """The Rogue beside the Mage is offered the Drag the words name once the Warrior
    behind her has made room (the one dragging steps back: the words say so)."""
    g = _stuck(CORRIDOR)
    warrior, rogue, _mage = g.party
    assert not [c for c in more_choices(g, rogue, 1, 0) if isinstance(c.action, Drag)]
    g.store.get(warrior, Position).x = 1  # (a step back, out of the Rogue's way)
    offered = [c for c in more_choices(g, rogue, 1, 0) if isinstance(c.action, Drag)]
    assert offered and offered[0].label.startswith("Drag Apprentice Mage")


@pytest.mark.parametrize("size", SIZES)
async def test_through_the_keys_F_says_what_to_do(size):
    g = _stuck()
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press("F")
        await until_idle(pilot, app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        told = screen.status.hint + " ".join(m for m, _ in screen.log_view.messages)
        assert "lies beside Jaws of Doom" in told and "drag them back" in told


def _mage_out_of_reach(g) -> bool:
    mage = g.store.get(g.party[2], Position)
    return mage.x <= 3  # (the jaws at x 5 reach one square)


def test_F_drags_the_body_out_of_reach_where_there_is_room():
    g = _stuck(CORRIDOR)
    events, _why = play_round(g)
    assert any(e.kind == "drag" for e in events)
    assert _mage_out_of_reach(g)
    assert all(g.store.get(e, Position).x <= 3 for e in g.party)  # (nobody beside it)


@pytest.mark.parametrize("size", SIZES)
async def test_through_the_keys_F_drags_the_body_out(size):
    g = _stuck(CORRIDOR)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        app.play(g)
        await pilot.pause()
        await pilot.press("F")
        await until_idle(pilot, app)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = " ".join(m for m, _ in screen.log_view.messages)
    assert "dragging Apprentice Mage" in log and _mage_out_of_reach(g)
