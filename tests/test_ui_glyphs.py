"""Glyphs and names that do not collide, and downed delvers plain to see (issue 18, 4-5).

The map is read without colour too (NO_COLOR), so each kind of thing has glyphs of its own:
the party's class letters are no monster's, a marker is no item, an open door is not a
closed one. Monster names never begin with a party role's or class's name."""

from __future__ import annotations

from itertools import combinations

import pytest
from trap_helpers import arena, place

from roguelike.content.loader import load_content
from roguelike.core.components import Door, Position, Trap
from roguelike.engine.combat.attack import knock_down_or_disable
from roguelike.engine.scenario import scenario
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.glyphs import DOOR_CLOSED, DOOR_OPEN, legend, map_kinds
from roguelike.ui.look import describe_square
from roguelike.ui.options import Options


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("ROGUELIKE_SAVES", str(tmp_path))


CONTENT = load_content()


def test_no_glyph_means_two_kinds_of_thing():
    kinds = map_kinds(CONTENT)
    for (a, ga), (b, gb) in combinations(kinds.items(), 2):
        shared = set(ga) & set(gb)
        assert not shared, f"{a} and {b} both drawn {sorted(shared)}: {ga} / {gb}"


def test_party_letters_are_no_monsters_and_monster_names_are_not_the_partys():
    kinds = map_kinds(CONTENT)
    party = set(kinds["party"])
    assert party and not party & set(kinds["monster"])
    own_words = {r.name for r in CONTENT.roles.values()} | {c.name for c in
                                                             CONTENT.classes.values()}
    for mon in CONTENT.monsters.values():
        assert mon.name.split()[0] not in own_words, mon.name  # "Leader attacks Leader ..."


def test_monsters_share_a_letter_only_within_a_family():
    for glyph, names in map_kinds(CONTENT)["monster"].items():
        if len(names) > 1:  # Goblin / Goblin Archer, the four Elementals
            common = set.intersection(*(set(n.split()) for n in names))
            assert common, f"{glyph} is drawn for unrelated monsters {names}"


def test_marker_item_and_door_glyphs_differ():
    kinds = map_kinds(CONTENT)
    assert DOOR_OPEN != DOOR_CLOSED
    assert "!" in kinds["item"] and "!" not in kinds["marker"]
    assert {"?", "="} <= set(kinds["marker"])
    # the help's legend lists every glyph the map can show
    shown = {g for g, _words in legend(CONTENT)}
    assert shown == {g for per_kind in kinds.values() for g in per_kind}


def map_text(app) -> list[str]:
    view = app.screen.map
    return ["".join(seg.text for seg in strip) for strip in view._rows]


def cell(app, x: int, y: int) -> str:
    view = app.screen.map
    return map_text(app)[y - view.origin[1]][x - view.origin[0]]


async def test_open_and_closed_doors_are_drawn_apart():
    game = scenario("""
        ##########
        #1.+.....#
        ##########
    """, party=(("leader", "warrior"),))
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(game)
        await pilot.pause()
        assert cell(app, 3, 1) == DOOR_CLOSED
        assert "closed door" in describe_square(game, 3, 1)
        await pilot.press("l", "l")  # the second step opens the door
        await pilot.pause()
        assert game.store.get(game.door_at(3, 1), Door).open
        assert cell(app, 3, 1) == DOOR_OPEN
        assert "open door" in describe_square(game, 3, 1)


async def test_a_knocked_out_delver_on_a_trap_is_drawn_and_named_with_the_logs_words():
    game = arena()
    warrior, rogue = game.party[0], game.party[1]
    trap = place(game, sorted(game.content.traps)[0])
    game.store.get(trap, Trap).known_by.append(rogue)  # a known trap under the Warrior
    events = knock_down_or_disable(game, warrior, "Torso")
    # said once, in the log's words (the lead then passes on: engine/creatures/helpless.py)
    assert events[0].text == \
        "Leader Warrior is Knocked Out for 60 rounds (Torso spent; 10 luck left)!"
    assert sum("Knocked Out" in e.text for e in events) == 2 and "you now lead" in events[1].text
    app = RoguelikeApp(options=Options(reduced_motion=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.play(game)
        await pilot.pause()
        app.screen.show(events)
        await pilot.pause()
        x, y = game.store.get(warrior, Position).xy
        assert not game.visible[y, x]  # the others do not see the room he lies in
        assert cell(app, x, y) == "W"  # ... and still he is drawn, over the trap
        style = app.screen.map._overlay()[(x, y)][1]
        assert style.underline  # a look of its own, with or without colour
        words = describe_square(game, x, y)
        assert words.startswith("Leader Warrior") and "Knocked Out: 60 rounds" in words
        assert "something" not in words
        panel = "\n".join("".join(t for t, _ in line) for line in app.screen.party_panel._lines)
        assert "Knocked Out: 60 rounds" in panel and "DISABLED" not in panel
