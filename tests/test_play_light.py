"""Issue 26 §1, the light that was invisible, through the real keys at 80x24 and 120x40:
the sidebar names each light, its bearer, the exploration turns it has left and its
refills; a light about to go out for good is warned of (and stops `R`); the Flask of Oil is
named as the lantern's fuel in `i`, `t` and `U`, and `c` and `i` say what is lit."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import SIZES, screen_text
from test_snapshots_play import _settle as settle

from roguelike.core.components import HitBoxes, Position
from roguelike.core.explore_components import LightSource
from roguelike.engine.creatures.inventory import carried, item_def_of, stow, unstow
from roguelike.engine.creatures.spawn import make_monster
from roguelike.engine.game import Game
from roguelike.engine.light.lighting import LOW_TURNS, burn
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.game_screen import GameScreen
from roguelike.ui.screens.info import CharacterSheet, ChoiceScreen, InventoryScreen

SEED = "amber-wolf-17"  # the default party: the Leader's lantern lit, 5 Flasks of Oil


def _app() -> RoguelikeApp:
    return RoguelikeApp(seed=SEED, straight_in=True,
                        options=Options(reduced_motion=True, luck_prompt="never"))


def sidebar(app: RoguelikeApp) -> list[str]:
    """The sidebar's rows as text (right of its border)."""
    return [row.split("▏", 1)[1].rstrip() for row in screen_text(app).splitlines()
            if "▏" in row]


def game_screen(app: RoguelikeApp) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


def _oil_to_the_mercenary(game) -> None:
    """The Leader's Flasks of Oil go into the Mercenary's pack (as if given away)."""
    leader, mercenary = game.party[0], game.party[1]
    for item in carried(game.store, leader):
        idef = item_def_of(game, item)
        if idef is not None and idef.id == "oil_flask":
            unstow(game, leader, item)
            stow(game, mercenary, item)


@pytest.mark.parametrize("size", SIZES)
async def test_the_sidebar_shows_the_lantern_its_turns_and_refills_and_the_gold(size):
    app = _app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        rows = sidebar(app)
        lantern = ("Leader: Lantern 24 turns +5" if size == (80, 24)
                   else "Leader: Oil Lantern 24 turns +5")
        assert lantern in rows, rows
        assert "Spare: 5 Torches" in rows
        gold = ("Gold 0 carried, 0 banked" if size == (80, 24)
                else "Gold: 0 gp carried, 0 banked")
        assert gold in rows, rows
        # every line fits the sidebar whole (nothing cut at its edge)
        width = 27 if size == (80, 24) else 33
        assert all(len(r) <= width for r in rows)


@pytest.mark.parametrize("size", SIZES)
async def test_a_torch_lit_with_U_shows_in_the_sidebar(size):
    app = _app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("tab")  # lead the Mercenary (2 Torches in the pack)
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        labels = [label for _key, label in app.screen.options]
        torch = next(i for i, label in enumerate(labels) if label.startswith("Torch"))
        assert "a spare light, 6 turns" in labels[torch]
        await pilot.press(*["down"] * torch, "enter")
        await settle(pilot, app)
        rows = sidebar(app)
        assert any(r.startswith("Mercenary: ") and "Torch" in r and "6 turns +2" in r
                   for r in rows), rows
        assert any(r.startswith("Leader: ") for r in rows)


@pytest.mark.parametrize("size", SIZES)
async def test_a_light_about_to_go_out_is_warned_of_in_the_log_and_the_sidebar(size):
    app = _app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        game = app.game
        _oil_to_the_mercenary(game)
        lantern = game.store.get(game.party[0], LightSource)
        lantern.rounds_left = LOW_TURNS * 60 + 3  # three rounds from the warning
        game_screen(app).refresh_all()
        await pilot.pause()
        assert not any(r.startswith("!") for r in sidebar(app))
        for _ in range(8):  # the turns pass, the lantern burns a round each
            await pilot.press(".")
            await pilot.pause()
        log = " ".join(text for text, _gen in game_screen(app).log_view.messages)
        assert ("Leader Warrior's Oil Lantern will go out within 2 exploration turns: no "
                "Flask of Oil in Leader Warrior's pack (Mercenary Rogue carries 5 Flasks "
                "of Oil: give it with a).") in log
        assert any(r.startswith("!Leader: ") and "2 turns +0" in r for r in sidebar(app))


async def test_R_stops_at_the_warning_rather_than_rest_the_light_away():
    app = _app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game
        _oil_to_the_mercenary(game)
        leader = game.party[0]
        game.store.get(leader, HitBoxes).location("torso").crossed = 2  # rests to heal
        game.store.get(leader, LightSource).rounds_left = LOW_TURNS * 60 + 30
        game_screen(app).refresh_all()
        await pilot.press("R")
        await settle(pilot, app)
        rests = [a for _r, a in game.history if a["kind"] == "rest"]
        assert len(rests) == 1  # R would rest on: the warning stopped it
        # (the log's newest line says it: the status line does not say it twice)
        assert any("will go out within" in line for line in game_screen(app).log_view.newest())
        assert game.store.get(leader, LightSource).rounds_left > 0


@pytest.mark.parametrize("size", SIZES)
async def test_the_flask_of_oil_is_named_as_fuel_in_i_t_and_U_and_c_says_what_is_lit(size):
    app = _app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        fuel = "fuel for Leader Warrior's Oil Lantern, 24 turns left"
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InventoryScreen)
        text = app.screen.text()
        assert f"Flask of Oil ({fuel})" in text
        assert "Light: Oil Lantern, 24 exploration turns left (5 Flasks of Oil" in text
        await pilot.press("escape", "t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert any(label.startswith(f"Flask of Oil (5 carried; {fuel}): ")
                   for _key, label in app.screen.options), app.screen.options
        await pilot.press("escape", "U")
        await pilot.pause()
        assert any(label.startswith(f"Flask of Oil (5 carried; {fuel}): ")
                   for _key, label in app.screen.options)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, CharacterSheet)
        assert "Light: Oil Lantern, 24 exploration turns left" in app.screen.text()
        await pilot.press("tab")  # the Mercenary: no light lit
        assert "Light: none lit" in app.screen.text()


def test_a_refill_says_how_many_are_left_and_only_the_party_is_warned():
    game = Game(SEED)
    leader = game.party[0]
    game.store.get(leader, LightSource).rounds_left = 1
    events = burn(game, 1)
    assert [e.text for e in events] == [
        "Leader Warrior refills the Oil Lantern (4 Flasks of Oil left)."]
    kobold = make_monster(game.store, game.content, "kobold", Position(1, 1, 1), awake=True)
    game.store.add(kobold, LightSource("torch", LOW_TURNS * 60 + 1))
    assert not [e for e in burn(game, 1) if e.kind == "light_low"]  # a foe's torch: not ours
