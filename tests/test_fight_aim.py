"""Issue 26: aiming never turns on the party by itself, and what the targeting view says
agrees with what the shot, spell or throw does. Through the real keys, at 80x24 and 120x40."""

from __future__ import annotations

import pytest
from test_comfort_snapshots import screen_text

from roguelike.core.components import Position
from roguelike.engine.actions.basic import Lead
from roguelike.engine.items import aim
from roguelike.engine.items.item_use import usable
from roguelike.engine.items.spells import harmful
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.options import Options
from roguelike.ui.screens.info import ChoiceScreen

SIZES = [(80, 24), (120, 40)]
# the tester's names: Bors the Leader (a Warrior), Vex; the Mage casts
PARTY = (("leader", "warrior", "Bors"), ("mercenary", "rogue", "Vex"),
         ("apprentice", "mage", "Mora"))


def flat(text: str) -> str:
    return " ".join(text.split())


async def _open(pilot, app, game):
    app.play(game)
    await pilot.pause()
    return app.screen


async def _until_turn(pilot, game, eid: int) -> None:
    """End the others' turns until `eid` acts (a fight: each on its own count)."""
    for _ in range(40):
        if game.awaiting == eid:
            return
        await pilot.press("full_stop")
    raise AssertionError("never its turn")


async def _spell(pilot, app, name: str) -> None:
    """z, then the spell of that name from the menu."""
    await pilot.press("z")
    await pilot.pause()
    menu = app.screen
    assert isinstance(menu, ChoiceScreen)
    index = next(i for i, (_k, label) in enumerate(menu.options) if label.startswith(name))
    await pilot.press(*["down"] * index, "enter")
    await pilot.pause()


async def _cursor_to(pilot, screen, square: tuple[int, int]) -> None:
    """Move the map cursor with the direction keys."""
    x, y = screen.map.cursor
    keys = ["l" if square[0] > x else "h"] * abs(square[0] - x) \
        + ["j" if square[1] > y else "k"] * abs(square[1] - y)
    await pilot.press(*keys)
    assert screen.map.cursor == square


def _kinds(game) -> list[str]:
    return [a["kind"] for _r, a in game.history]


@pytest.mark.parametrize("size", SIZES)
async def test_force_bolt_with_no_foe_in_sight_does_not_aim_at_the_leader(size):
    game = scenario("""
        ##########
        #1.3.2...#
        ##########
    """, party=PARTY)
    bors, mage = game.party[0], game.party[2]
    game.perform(Lead(2))  # lead the Mage: out of a fight the led delver acts
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=size) as pilot:
        screen = await _open(pilot, app, game)
        assert game.awaiting == mage
        await _spell(pilot, app, "Force Bolt")
        assert screen.cursor_mode == "target"
        assert screen.map.cursor == game.store.get(mage, Position).xy  # not on Bors
        assert "Force Bolt: no foe in sight" in screen.status.hint
        assert "Bors" not in screen.status.hint
        await pilot.press("enter")
        assert "cast" not in _kinds(game) and "onto a target first" in screen.status.hint
        # moved onto Bors by hand, it warns first and casts only on a second Enter
        await _cursor_to(pilot, screen, game.store.get(bors, Position).xy)
        assert "would strike Bors" in screen.status.hint
        await pilot.press("enter")
        assert "cast" not in _kinds(game)
        assert "Force Bolt would strike Bors: Enter again to cast anyway." in \
            flat(screen_text(app))
        await pilot.press("enter")
        assert _kinds(game)[-1] == "cast"


@pytest.mark.parametrize("size", SIZES)
async def test_confusion_beside_a_companion_warns_before_it_catches_one(size):
    game = scenario("""
        ############
        #1.3g......#
        #..2.......#
        ############
    """, monsters={"g": "goblin"}, party=PARTY)
    mage, foe = game.party[2], game.creature_at(4, 1)
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        screen = await _open(pilot, app, game)
        await _until_turn(pilot, game, mage)
        await _spell(pilot, app, "Confusion")
        assert screen.map.cursor == game.store.get(foe, Position).xy  # the foe, by itself
        hint = screen.status.hint
        assert "Confusion at Goblin: 1 square" in hint and "would catch" in hint
        assert "Mora" in hint and "Bors" in hint and "Vex" in hint
        casts = _kinds(game).count("cast")
        await pilot.press("enter")
        assert _kinds(game).count("cast") == casts  # said first, nothing cast
        assert "Confusion would catch Bors, Vex and Mora: Enter again to cast anyway." \
            in flat(screen_text(app))
        await pilot.press("enter")
        assert _kinds(game).count("cast") == casts + 1


async def _rogue_fires(size, room: str, then) -> None:
    """On `room` (Bors the Leader, Vex the Rogue, a goblin), `f` on Vex's turn, then
    `then(pilot, game, screen)`."""
    game = scenario(room, monsters={"g": "goblin"}, party=PARTY[:2])
    app = RoguelikeApp(options=Options(reduced_motion=True, luck_prompt="never"))
    async with app.run_test(size=size) as pilot:
        screen = await _open(pilot, app, game)
        await _until_turn(pilot, game, game.party[1])
        await then(pilot, game, screen)


@pytest.mark.parametrize("size", SIZES)
async def test_a_shot_at_a_foe_beside_says_too_close_not_line_clear(size):
    async def then(pilot, game, screen) -> None:
        await pilot.press("f")
        hint = screen.status.hint
        assert "Shot at Goblin: 1 square" in hint
        assert "Too close to shoot" in hint and "line clear" not in hint
        assert "Enter fire" not in hint
        await pilot.press("enter")  # the shot's own refusal: the same words
        assert "shoot" not in _kinds(game)
        assert "Too close to shoot" in screen.status.hint

    await _rogue_fires(size, """
        ##########
        #2g......#
        ##########
    """, then)


@pytest.mark.parametrize("size", SIZES)
async def test_a_shot_past_a_companion_names_who_is_in_the_way(size):
    async def then(pilot, game, screen) -> None:
        if game.store.get(game.party[0], Position).xy != (3, 1):
            pytest.skip("Bors moved before the Rogue's turn")
        await pilot.press("f")
        assert "No clear line of fire: Bors is in the way" in screen.status.hint

    await _rogue_fires(size, """
        ############
        #2.1...g...#
        ############
    """, then)


def test_a_throw_warns_of_the_splash_and_holy_water_spares_the_living():
    game = scenario("""
        ##########
        #2..1g...#
        ##########
    """, monsters={"g": "goblin"}, party=PARTY[:2])
    rogue, bors, foe = game.party[1], game.party[0], game.creature_at(5, 1)
    x, y = game.store.get(foe, Position).xy
    by_kind = {d.id: d for _i, d in usable(game, rogue)} | {
        d.id: d for _i, d in usable(game, bors)}
    oil = by_kind["oil_flask"]
    verdict = aim.throw(game, rogue, oil, x, y)
    assert verdict.goes and verdict.friends == (bors,)
    assert aim.warning(game, "Flask of Oil", "splash", "throw", verdict) == \
        "Flask of Oil would splash Bors: Enter again to throw anyway."
    if "holy_water" in by_kind:
        assert aim.throw(game, rogue, by_kind["holy_water"], x, y).friends == ()


def test_harmful_spells_are_read_from_the_content():
    game = scenario("#####\n#1..#\n#####", party=PARTY)
    assert harmful(game, "force_bolt") and harmful(game, "confusion")
    assert harmful(game, "fire_wall")
    assert not harmful(game, "heal") and not harmful(game, "climb")
    assert not harmful(game, "fly") and not harmful(game, "stone_wall")
