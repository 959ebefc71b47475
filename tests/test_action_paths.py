"""Every engine action has a way in from the UI (issue 18.1).

The table roguelike/ui/action_paths.py names, for every action kind the engine registers,
the key, menu or prompt that reaches it (or why only creatures take it). Here it is held to
the registry both ways, its keys to the keymap, and every player path is driven through the
real keys by a pilot scenario below, which checks the action was recorded.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from explore_kit import door_at, give_treasure
from trap_helpers import place, sturdy

import roguelike.engine
from roguelike.core.components import Actor, Door, HitBoxes, MonsterStats, Position, Trap
from roguelike.core.explore_components import Marker, Stuck
from roguelike.engine import conditions
from roguelike.engine.action_base import _REGISTRY
from roguelike.engine.checks import fight_state
from roguelike.engine.explore.inventory import make_item
from roguelike.engine.explore.inventory import place as put_down
from roguelike.engine.explore.markers import make_marker
from roguelike.engine.scenario import Scripted, scenario
from roguelike.engine.traps.trigger import spring
from roguelike.ui.action_paths import ACTION_PATHS, CREATURES, KEY, MENU, PROMPT, VIAS
from roguelike.ui.app import RoguelikeApp
from roguelike.ui.keymap import load_keymap
from roguelike.ui.options import Options
from roguelike.ui.screens.choices import DirectionChoice
from roguelike.ui.screens.dialogs import Confirm, GameOver
from roguelike.ui.screens.game_commands import command_ids
from roguelike.ui.screens.info import ChoiceScreen
from roguelike.ui.screens.luck_prompt import LuckPrompt

PROMPT_SCREENS = {"luck_prompt": LuckPrompt}


def _registry() -> set[str]:
    """Every action kind, with every engine module imported (a kind registers on import)."""
    for mod in pkgutil.walk_packages(roguelike.engine.__path__, "roguelike.engine."):
        importlib.import_module(mod.name)
    return set(_REGISTRY)


# ----- the table -----------------------------------------------------------------------
def test_every_registered_action_kind_has_a_row_and_every_row_a_kind():
    kinds = _registry()
    assert sorted(kinds - set(ACTION_PATHS)) == [], "an action kind with no way in from the UI"
    assert sorted(set(ACTION_PATHS) - kinds) == [], "a row for an action kind that is gone"


def test_each_path_starts_at_a_bound_key_or_a_known_prompt():
    keymap = load_keymap(command_ids())
    for kind, path in ACTION_PATHS.items():
        assert path.via in VIAS, kind
        assert path.how, kind
        if path.via in (KEY, MENU):
            if path.command == "move":
                assert keymap.moves, kind
            else:
                assert path.command in command_ids(), (kind, path.command)
                assert keymap.keys_for(path.command), (kind, "no key bound")
        elif path.via == PROMPT:
            assert path.command in PROMPT_SCREENS, kind
        else:
            assert path.via == CREATURES and not path.command, kind


def test_every_player_path_is_driven_by_a_pilot_below():
    covered = {kind for scenario_kinds in PILOTS.values() for kind in scenario_kinds}
    players = {k for k, p in ACTION_PATHS.items() if p.via != CREATURES}
    assert sorted(players - covered) == [], "a player action no pilot test drives"


# ----- helpers -------------------------------------------------------------------------
async def _start(pilot, app, game):
    app.play(game)
    await pilot.pause()
    return app.screen


def _kinds(game, since: int) -> set[str]:
    return {a["kind"] for _r, a in game.history[since:]}


async def choose(pilot, app, text: str) -> None:
    """Pick the entry of the open menu whose label holds `text`."""
    screen = app.screen
    assert isinstance(screen, ChoiceScreen), type(screen)
    labels = [label for _k, label in screen.options]
    index = next((i for i, label in enumerate(labels) if text in label), None)
    assert index is not None, (text, labels)
    await pilot.press(*["down"] * index, "enter")
    await pilot.pause()


async def until_turn(pilot, game, eid: int, limit: int = 40) -> None:
    """Pass turns ('.') until `eid` is the one to act."""
    for _ in range(limit):
        if game.awaiting == eid:
            return
        await pilot.press("full_stop")
        await pilot.pause()
    raise AssertionError("that delver's turn never came")


async def fresh_turn(pilot, game, limit: int = 6) -> None:
    """Pass ('.') until the delver to act has its whole turn before it."""
    for _ in range(limit):
        eid = game.awaiting
        act = game.store.get(eid, Actor) if eid is not None else None
        if act is not None and act.actions_left == 2 and act.move_points == 0:
            return
        await pilot.press("full_stop")
        await pilot.pause()
    raise AssertionError("no fresh turn came")


async def until_idle(pilot, screen, limit: int = 600) -> None:
    for _ in range(limit):
        if screen.auto is None:
            return
        await pilot.pause(0.02)
    raise AssertionError("the run never stopped")


def _wound(game, eid: int) -> None:
    game.store.get(eid, HitBoxes).locations[0].crossed += 1


def _tough(game, foe: int) -> None:
    stats = game.store.get(foe, MonsterStats)
    stats.hits = stats.max_hits = 99


# ----- the pilots ----------------------------------------------------------------------
async def pilot_turns(pilot, app) -> set[str]:
    game = scenario("""
        #######
        #1.2.>#
        #3....#
        #######
    """)
    screen = await _start(pilot, app, game)
    await pilot.press("l")  # step
    await pilot.press("full_stop")  # end the move under way
    await pilot.press("full_stop")  # no move under way: end the turn
    await pilot.press("tab")  # lead the next delver
    for _ in range(3):
        await pilot.press("l")
    for _ in range(6):  # the others catch up, turn by turn
        await pilot.press("greater_than_sign")
        await pilot.pause()
        if game.depth == 2:
            break
        await pilot.press("full_stop")
    assert game.depth == 2
    _wound(game, game.party[0])
    await pilot.press("R")  # rest until healed (or something comes)
    await until_idle(pilot, screen)
    await pilot.press("Q")
    assert isinstance(app.screen, Confirm)
    await pilot.press("y")
    await pilot.pause()
    assert isinstance(app.screen, GameOver) and game.outcome == "quit"
    return _kinds(game, 0)


async def pilot_doors(pilot, app) -> set[str]:
    game = scenario("""
        #########
        #..1+...#
        #########
    """, party=(("leader", "rogue"),), rolls=[6] * 40)
    door = door_at(game, 4, 1)
    await _start(pilot, app, game)
    for label in ("Listen", "Lock the door", "Pick the lock"):
        await pilot.press("a")  # the door is the one square with something to do
        await pilot.pause()
        await choose(pilot, app, label)
    await pilot.press("a")  # (walking into it opens it too, recorded as the step)
    await pilot.pause()
    await choose(pilot, app, "Open the door")
    assert game.store.get(door, Door).open
    await pilot.press("full_stop")  # end the move the opening began: a new turn
    await pilot.press("a")
    await pilot.pause()
    await choose(pilot, app, "Close the door")
    game.store.add(door, Stuck())  # found stuck
    await pilot.press("a")
    await pilot.pause()
    await choose(pilot, app, "Force the stuck door")
    await pilot.press("a")
    await pilot.pause()
    await choose(pilot, app, "Close the door")
    game.store.add(door, Stuck())  # stuck again: this time break it down
    await pilot.press("a")
    await pilot.pause()
    await choose(pilot, app, "Break the door down")
    await pilot.press("a", "full_stop")  # nothing beside: '.' picks the own square
    await pilot.pause()
    await choose(pilot, app, "Search the walls")
    return _kinds(game, 0)


async def pilot_things(pilot, app) -> set[str]:
    game = scenario("""
        #########
        #.12....#
        #.......#
        #########
    """, party=(("leader", "warrior"), ("mercenary", "rogue")))
    lead, other = game.party
    await _start(pilot, app, game)
    marker = make_marker(game.store, 1, 2, 2, 0)
    game.store.get(marker, Marker).state = "hidden"
    game.streams.play = Scripted([6])  # the check succeeds: the treasure is found
    await pilot.press("comma")  # nothing to pick up, but a marker with hidden treasure
    await pilot.pause()
    await choose(pilot, app, "Retry the Wits check")
    assert not game.store.alive(marker)
    torch = make_item(game, "torch")
    put_down(game, torch, 1, 2, 1)
    await pilot.press("comma")  # pick up the torch lying here
    await pilot.pause()
    await pilot.press("d")  # drop: which thing
    await pilot.pause()
    await choose(pilot, app, "Torch")
    await pilot.press("a", "l")  # act toward the companion: give
    await pilot.pause()
    await choose(pilot, app, "Give the Flask of Oil")
    _wound(game, other)
    crossed = game.store.get(other, HitBoxes).locations[0].crossed
    await pilot.press("U")  # use: the Healing Salve, on the companion, its wound
    await pilot.pause()
    await choose(pilot, app, "Healing Salve")
    await choose(pilot, app, "Mercenary Rogue")
    await pilot.press("enter")  # the wounded location is listed first
    await pilot.pause()
    assert game.store.get(other, HitBoxes).locations[0].crossed == crossed - 1
    give_treasure(game, lead)
    await pilot.press("a", "full_stop")
    await pilot.pause()
    await choose(pilot, app, "Bank the treasure")
    conditions.add_condition(game, other, "asleep", -1, "test")  # (cannot act: take from)
    await fresh_turn(pilot, game)
    await pilot.press("a", "l")
    await pilot.pause()
    await choose(pilot, app, "Take the Flask of Oil from Mercenary Rogue")
    await fresh_turn(pilot, game)
    await pilot.press("a", "l")  # the one asleep beside: drag them a square west
    await pilot.pause()
    await choose(pilot, app, "Drag Mercenary Rogue to safety: step back west")
    assert (game.store.get(lead, Position).xy, game.store.get(other, Position).xy) == \
        ((1, 1), (2, 1))
    return _kinds(game, 0)


async def pilot_fight(pilot, app) -> set[str]:
    game = scenario("""
        ############
        #1m........#
        #2.........#
        #3......k..#
        ############
    """, monsters={"m": "apprentice", "k": "mercenary"}, seed="paths-fight")
    warrior, rogue, mage = game.party
    for foe, _s in game.store.query(MonsterStats):
        _tough(game, foe)
    for eid in game.party:
        sturdy(game, eid)
    screen = await _start(pilot, app, game)
    await until_turn(pilot, game, warrior)
    await pilot.press("a")  # the foe beside: attack or a special maneuver (walking into
    await pilot.pause()  # it attacks too, recorded as the step)
    await choose(pilot, app, "Attack")
    await until_turn(pilot, game, warrior)
    await pilot.press("a")
    await pilot.pause()
    await choose(pilot, app, "Knock Down")
    await until_turn(pilot, game, warrior)
    conditions.add_condition(game, warrior, "prone", 3)
    fight_state(game, warrior).disarmed = True
    await pilot.press("comma")  # the weapon knocked away: pick it up
    await pilot.pause()
    await pilot.press("a", "full_stop")
    await pilot.pause()
    await choose(pilot, app, "Get up")
    await until_turn(pilot, game, rogue)
    before = len(game.history)
    await pilot.press("L")  # 1 luck on the rogue's next initiative roll (takes no time)
    await pilot.pause()
    assert _kinds(game, before) == {"pledge_initiative"} and game.awaiting == rogue
    before = len(game.history)
    await pilot.press("F")  # auto-fight: the foe beside the rogue
    await pilot.pause()
    await until_idle(pilot, screen)  # (F plays on by a timer: a key while it runs stops it)
    assert _kinds(game, before) & {"attack", "shoot"}
    await until_turn(pilot, game, mage)
    await pilot.press("z")
    await pilot.pause()
    await choose(pilot, app, "Force Bolt")
    await pilot.press("enter")
    await pilot.pause()
    await until_turn(pilot, game, mage)
    _wound(game, rogue)
    await pilot.press("z")  # Heal: the target, then the location to mend
    await pilot.pause()
    await choose(pilot, app, "Heal")
    while game.creature_at(*screen.map.cursor) != rogue:
        await pilot.press("tab")
    await pilot.press("enter")
    await pilot.pause()
    await choose(pilot, app, "boxes crossed")
    assert any(a.get("spell") == "heal" and a.get("option") for _r, a in game.history)
    await until_turn(pilot, game, mage)
    await pilot.press("z")  # Fire Wall: a square, then a direction key
    await pilot.pause()
    await choose(pilot, app, "Fire Wall")
    screen.cursor.move_to((5, 2))
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, DirectionChoice)
    await pilot.press("j")  # south
    await pilot.pause()
    assert any(a.get("spell") == "fire_wall" and a.get("option") == "s"
               for _r, a in game.history)
    return _kinds(game, 0)


async def pilot_ranged(pilot, app) -> set[str]:
    game = scenario("""
        ##########
        #1....k..#
        ##########
    """, monsters={"k": "jaws_of_doom"}, party=(("leader", "rogue"),), seed="paths-shoot")
    rogue = game.party[0]
    sturdy(game, rogue)
    foe = next(e for e, _ in game.store.query(MonsterStats))
    _tough(game, foe)
    screen = await _start(pilot, app, game)
    await until_turn(pilot, game, rogue)
    await pilot.press("f")  # fire: the targeting view on the foe; Enter shoots
    await pilot.pause()
    assert screen.cursor_mode == "target" and "Shot at" in screen.status.hint
    await pilot.press("enter")
    await pilot.pause()
    assert "shoot" in _kinds(game, 0), screen.status.hint
    await until_turn(pilot, game, rogue)
    await pilot.press("t")  # throw: a flask (the Leader's kit), the target view; Enter
    await pilot.pause()
    await choose(pilot, app, "Flask of Oil")
    assert screen.cursor_mode == "target" and "Flask of Oil at" in screen.status.hint
    await pilot.press("enter")
    await pilot.pause()
    assert any(a["kind"] == "use_item" and a["x"] >= 0 for _r, a in game.history)
    await until_turn(pilot, game, rogue)
    before = len(game.history)
    await pilot.press("F")  # auto-fight: the foe in reach of the ranged weapon is shot
    await pilot.pause()
    assert _kinds(game, before) & {"shoot", "attack"}
    return _kinds(game, 0)


async def pilot_luck(pilot, app) -> set[str]:
    game = scenario("""
        #######
        #1m...#
        #######
    """, monsters={"m": "apprentice"}, party=(("leader", "warrior"),), luck_prompt="ask")
    foe = next(e for e, _ in game.store.query(MonsterStats))
    _tough(game, foe)
    app.options = Options(luck_prompt="ask")
    await _start(pilot, app, game)
    kinds: set[str] = set()
    for answer in ("y", "n"):
        await until_turn(pilot, game, game.party[0])
        game.streams.play = Scripted([2] * 20)  # a miss: the luck prompt asks
        before = len(game.history)
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LuckPrompt)
        await pilot.press(answer)
        await pilot.pause()
        kinds |= _kinds(game, before)
    return kinds


async def pilot_traps(pilot, app) -> set[str]:
    game = scenario("""
        ##########
        #...1....#
        #...2....#
        #........#
        ##########
    """, party=(("leader", "rogue"), ("mercenary", "warrior")), rolls=[6] * 60)
    lead, other = game.party
    await _start(pilot, app, game)
    await pilot.press("s")  # search
    await pilot.pause()
    trap = place(game, "mk_falling_weight", at=(5, 1), placement="square")
    await pilot.press("a", "full_stop")  # own square: look the squares around over
    await pilot.pause()
    await choose(pilot, app, "trap squares")
    assert lead in game.store.get(trap, Trap).known_by
    await pilot.press("a", "l")
    await pilot.pause()
    await choose(pilot, app, "Disarm slowly")
    cage = place(game, "mk_cage", at=(4, 2), placement="square")
    spring(game, cage, other)
    await fresh_turn(pilot, game)
    await pilot.press("a", "j")
    await pilot.pause()
    await choose(pilot, app, "Free")
    net = place(game, "net", at=(4, 1), placement="square")
    spring(game, net, lead)
    await fresh_turn(pilot, game)
    await pilot.press("a", "full_stop")
    await pilot.pause()
    await choose(pilot, app, "Struggle")
    return _kinds(game, 0)


PILOTS = {
    pilot_turns: {"step", "end_move", "wait", "lead", "rest", "stairs", "quit"},
    pilot_doors: {"listen", "lock_door", "pick_lock", "open", "close_door", "force_door",
                  "break_door", "search_doors"},
    pilot_things: {"pick_up", "drop", "give", "take", "drag", "use_item", "bank",
                   "retry_check"},
    pilot_fight: {"attack", "maneuver", "recover_weapon", "get_up", "cast",
                  "pledge_initiative"},
    pilot_ranged: {"shoot", "use_item"},
    pilot_luck: {"spend_luck", "keep_roll"},
    pilot_traps: {"search", "expose", "disarm", "free", "struggle"},
}


@pytest.mark.parametrize("pilot_fn", list(PILOTS), ids=lambda f: f.__name__)
async def test_each_player_action_is_reached_through_the_real_keys(pilot_fn):
    # the luck prompt only where a pilot asks for it (pilot_luck)
    app = RoguelikeApp(options=Options(luck_prompt="never"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        recorded = await pilot_fn(pilot, app)
    missing = PILOTS[pilot_fn] - recorded
    assert not missing, f"not recorded: {sorted(missing)}"
    assert {k for k in recorded if ACTION_PATHS[k].via == CREATURES} == set()
