"""The game's kept answers (engine/base/kept.py): one owner each, told of changes or keyed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np
import pytest

from roguelike.bot.player import play
from roguelike.core.components import Position
from roguelike.engine.base import kept
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import Then
from roguelike.engine.base.rule_state import RuleState
from roguelike.engine.game import Game
from roguelike.engine.monsters import pillager_maps
from roguelike.engine.traps.trigger import last_squares_state


def test_declarations_name_known_changes_and_one_owner() -> None:
    answers = kept.declared()
    assert len(answers) >= 18
    for answer in answers:  # (no kinds at all: a memo of a pure function, never stale)
        assert set(answer.stale_on) <= kept.KINDS, answer
        assert set(answer.told) <= set(answer.stale_on), answer
        assert answer.owner.startswith("roguelike.engine."), answer
    with pytest.raises(ValueError, match="declared by"):
        kept.declare(answers[0].name, "roguelike.somewhere.else", ("level",))
    with pytest.raises(ValueError, match="unknown kinds"):
        kept.declare("nonsense", __name__, ("weather",))


def test_every_kind_of_change_is_needed_by_an_answer() -> None:
    """A kind of change nothing is stale on goes from KINDS; the game's changes drop the
    answers told of them and only those."""
    kinds_used = {k for a in kept.declared() for k in a.stale_on}
    assert kinds_used == kept.KINDS
    game = Game("bench-0")
    play(game, 300)
    for kind in ("moves", "doors", "tiles"):
        told = {a.name for a in kept.declared() if kind in a.told}
        assert told, kind
        for answer in kept.declared():
            game.kept.values[answer.name] = object()
        game.kept.changed(kind)
        assert set(game.kept.values) == {a.name for a in kept.declared()} - told, kind


def test_tiles_changed_drops_the_answers_told_of_tiles_and_keeps_the_rest() -> None:
    game = Game("bench-0")
    play(game, 300)
    told = {a.name for a in kept.declared() if "tiles" in a.told}
    assert told >= {pillager_maps.GOAL_MAPS.name, pillager_maps.LOOT.name}
    for name in told:
        game.kept.values[name] = object()
    game.kept.values["secret_squares"] = keyed = object()
    before = game.kept.changes["tiles"]
    game.invalidate_terrain()
    assert game.kept.changes["tiles"] == before + 1
    assert not told & game.kept.values.keys()
    assert game.kept.values["secret_squares"] is keyed  # keyed by its inputs: not told


def test_no_module_hangs_attributes_on_the_game() -> None:
    """What a game holds after play is what it was made with: every kept answer is in
    game.kept, none set on the game from another module."""
    game = Game("x-2")
    made = set(vars(game))
    play(game, 1500)
    assert set(vars(game)) == made
    assert game.kept.values  # (the answers were kept: in their one place)


def _hidden_game() -> Game:
    """A bot game stopped where a creature's last square (the traps') is one its Position
    does not say: Pillagers a marker brought mid-round, not yet seen by the traps."""
    from roguelike.bot.player import Bot

    # (where one comes is the bot's trajectory: the first of a few seeds that has one)
    for seed in ("seed-1", "bench-0", "bench-3", "bench-4"):
        game, bot = Game(seed), Bot()
        for _ in range(3000):
            if game.over:
                break
            game.perform(bot.choose(game))
            if last_squares_state(game):
                return game
    raise AssertionError("no hidden last square in 4 bot games of 3000 actions")


def test_the_traps_last_squares_are_in_the_state_hash() -> None:
    """traps/trigger.py's last squares decide what a creature's next step springs (a
    diagonal pass, a hazard entered): rule state, so two games differing only there must
    not hash alike (they did while the map hung on the game outside state_hash)."""
    game = _hidden_game()
    before = game.state_hash()
    eid, _seen = next(iter(game.last_squares.items()))
    saved = game.last_squares[eid]
    game.last_squares[eid] = (saved[0], saved[1] + 1, saved[2])
    assert game.state_hash() != before
    game.last_squares[eid] = saved
    assert game.state_hash() == before
    # a creature not yet seen by the traps differs from one seen where it stands
    unseen = next(int(k) for k, v in last_squares_state(game).items() if v is None)
    pos = game.store.get(unseen, Position)
    game.last_squares[unseen] = (pos.depth, pos.x, pos.y)
    assert game.state_hash() != before


def test_a_replayed_game_has_the_same_last_squares() -> None:
    """Saves are replays of the action list: the last squares come back with them."""
    from roguelike.records.capture import capture
    from roguelike.records.resim import resimulate

    game = _hidden_game()
    again = resimulate(capture(game, "save"), check_claims=False)
    assert again.last_squares == game.last_squares
    assert again.state_hash() == game.state_hash()


# (an object standing for a tiles array by identity: nothing to recompute it from)
NOT_CHECKABLE = {"tiles_token"}


def test_every_kept_answer_equals_a_fresh_one_over_bot_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The debug switch on (ROGUELIKE_CHECK_KEPT=1): every read of a kept answer that
    would be returned as it is recomputes it and raises StaleAnswer unless the two are
    equal. Two bot games (some 3,000 actions: doors, secret doors, traps, hazards,
    markers, Pillagers, lights, monsters chasing and fleeing, a second level) must read
    every checkable answer and never find one stale. (It replaces the per-cache scans of
    the chase cost map, the secret squares and the light maps.)"""
    monkeypatch.setenv(kept.CHECK_ENV, "1")
    checked: dict[str, int] = {}
    actions = 0
    for seed in ("bench-0", "bench-throughput-3"):
        game = Game(seed)
        assert game.kept.check
        play(game, 3000)
        actions += game.actions_taken
        game.known_tiles()  # (the screens' and auto-explore's: the bot does not ask it)
        game.known_tiles()
        for name, n in game.kept.checked.items():
            checked[name] = checked.get(name, 0) + n
    assert actions > 2500, actions
    names = {a.name for a in kept.declared()}
    assert names - NOT_CHECKABLE - checked.keys() == set(), checked
    assert min(checked.values()) > 0 and sum(checked.values()) > 10000, checked


def test_the_switch_is_read_once_when_the_game_is_made(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kept.CHECK_ENV, "1")
    game = Game("x-2")
    monkeypatch.delenv(kept.CHECK_ENV)
    assert game.kept.check and not Game("x-2").kept.check
    monkeypatch.setenv(kept.CHECK_ENV, "0")
    assert not Game("x-2").kept.check


def test_the_switch_finds_a_stale_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept answer gone wrong while its key still matches (what a missed change would
    leave) raises under the switch, and goes unnoticed without it."""
    from roguelike.engine.doors import doorways as doors

    for check in (False, True):
        monkeypatch.setenv(kept.CHECK_ENV, "1" if check else "")
        game = Game("secret-0")
        play(game, 200)
        doors.secret_squares(game)
        ids, depth, found = doors.SECRET_SQUARES.get(game)
        doors.SECRET_SQUARES.put(game, (ids, depth, (*found, (0, 0))))
        if check:
            with pytest.raises(kept.StaleAnswer, match="secret_squares"):
                doors.secret_squares(game)
        else:
            assert doors.secret_squares(game)[-1] == (0, 0)


# What each field of a Game is (issue 19: the rule state is one object, all of it in
# state_hash; every derived answer in game.kept): a new field must be put in one of these.
HASHED = {"state"}  # engine/base/rule_state.py; its every field: the next test
# the state's objects that stay for the game's life, held by the game too (for speed)
HELD = {"store", "streams", "levels", "party", "last_squares"}
# fixed when the game is made, and stated by its record beside the hashes: the party as
# asked for (its delvers are entities, hashed) and the content (the record's digest of it)
GIVEN = {"party_spec", "content"}
RECORDS = {"history", "log", "bankings"}  # what happened: saves, replays, the screens
WIRING = {"kept", "rule_calls", "registry", "on_action", "on_level_change", "knowledge_checks",
          "_positions", "_actors", "_characters", "_tables"}  # (the store's live tables)


def test_every_field_of_the_game_is_state_given_a_record_or_wiring() -> None:
    game = Game("x-2")
    kinds = [HASHED, HELD, GIVEN, RECORDS, WIRING]
    assert set(vars(game)) == set().union(*kinds)
    assert sum(map(len, kinds)) == len(vars(game))  # (no field in two)


def _tile_changed(game: Game) -> None:
    tiles = game.levels[1].tiles
    tiles.flat[0] = tiles.max() if tiles.flat[0] != tiles.max() else tiles.min()


# One change to each field of the rule state (a new field needs its own here).
CHANGES: dict[str, Callable[[Game], object]] = {
    "seed": lambda g: setattr(g.state, "seed", g.seed + "x"),
    "options": lambda g: setattr(g.options, "luck_prompt",
                                 "never" if g.options.luck_prompt == "ask" else "ask"),
    "streams": lambda g: g.streams.play.d(6),
    "store": lambda g: g.store.create(Position(1, 0, 0)),
    "levels": _tile_changed,
    "party": lambda g: g.party.reverse(),
    "last_squares": lambda g: g.last_squares.update({g.led: (1, 0, 0)}),
    "depth": lambda g: setattr(g, "depth", 2),
    "deepest": lambda g: setattr(g, "deepest", 5),
    "round": lambda g: setattr(g, "round", g.round + 1),
    "order": lambda g: g.order.append(99),
    "turn_index": lambda g: setattr(g, "turn_index", g.turn_index + 1),
    "current": lambda g: setattr(g, "current", 99),
    "party_turn": lambda g: g.party_turn.append(99),
    "led": lambda g: setattr(g, "led", g.party[-1]),
    "mode": lambda g: setattr(g, "mode", "combat" if g.mode == "explore" else "explore"),
    "over": lambda g: setattr(g, "over", not g.over),
    "outcome": lambda g: setattr(g, "outcome", "defeat"),
    "stuck_rounds": lambda g: setattr(g, "stuck_rounds", g.stuck_rounds + 1),
    "actions_taken": lambda g: setattr(g, "actions_taken", g.actions_taken + 1),
    "kills": lambda g: setattr(g, "kills", g.kills + 1),
    "luck_queue": lambda g: g.luck_queue.items.append(Then("trap_sprung", [0, 0])),
}


@pytest.mark.parametrize("name", sorted(CHANGES))
def test_every_field_of_the_rule_state_is_in_the_state_hash(name: str) -> None:
    """Two games that differ in any one field of the rule state hash differently, and a
    game's own names for the fields are the state's (game.depth is game.state.depth)."""
    assert set(CHANGES) == {f.name for f in dataclasses.fields(RuleState)}
    game = Game("x-2")
    before = game.state_hash()
    CHANGES[name](game)
    assert game.state_hash() != before
    assert getattr(game, name) is getattr(game.state, name)


def test_the_objects_the_game_holds_are_still_the_states_after_play() -> None:
    game = Game("bench-0")
    play(game, 1500)
    assert game.depth > 1  # (levels were made, stairs taken)
    for name in HELD:
        assert getattr(game, name) is getattr(game.state, name), name


def test_a_games_names_for_the_rule_state_write_the_state() -> None:
    game = Game("x-2")
    game.depth, game.options = 3, GameOptions("never")
    assert game.state.depth == 3 and game.state.options.luck_prompt == "never"


def test_dropping_every_kept_answer_mid_game_changes_nothing() -> None:
    """Derived state decides nothing: a game whose kept answers are all thrown away every
    250 actions plays on exactly as one that kept them (the same bot, the same hashes)."""
    from roguelike.bot.player import Bot

    kept_all, dropped = Game("bench-0"), Game("bench-0")
    bots = Bot(), Bot()
    for _ in range(6):
        play(kept_all, 250, bots[0])
        play(dropped, 250, bots[1])
        dropped.kept.values.clear()
        assert kept_all.state_hash() == dropped.state_hash()
    assert kept_all.actions_taken > 1000


def test_reading_the_view_explores_nothing_the_explicit_step_does() -> None:
    """No kept answer writes rule state when it is made: reading `visible` afresh leaves the
    explored squares as they were; Game.take_in_view (after each action) takes it in."""
    game = Game("amber wolf 17")
    explored = game.level.explored
    explored[:] = False
    game.view_changed()
    view = game.visible
    assert view.any() and not explored.any()
    game.take_in_view()
    assert (explored == view).all()


def test_a_view_is_taken_in_once() -> None:
    """The explicit step's quick answer: the view already taken adds nothing again (the
    squares cleared by hand since stay cleared), and a new view (a delver moved) is taken
    in at the next step, though something read it first."""
    game = Game("amber wolf 17")
    game.kept.check = False  # (squares unexplored by hand are what the check refuses)
    explored = game.level.explored
    game.take_in_view()
    explored[:] = False
    game.take_in_view()
    assert not explored.any()
    game.view_changed()
    view = game.visible  # (made by a read: kept, not yet taken)
    game.take_in_view()
    assert view.any() and (explored == view).all()


def test_a_delvers_action_takes_in_the_view() -> None:
    """After a delver's action the explored squares hold what the party sees, though
    nothing but the rules looked (no screen, no bot)."""
    game = Game("amber wolf 17")
    play(game, 40)
    level = game.level
    assert not (game.visible & ~level.explored).any()


def test_the_pillagers_maps_are_keyed_by_value() -> None:
    """A goal map is found again by the values it was made from (depth, goals, secret
    doors), not by which objects were handed in; the steps asked of it are kept with it,
    and a change of tiles makes it afresh."""
    game = Game("bench-0")
    level = game.level
    x, y = level.stairs_up
    goals = [(x, y)]
    made = pillager_maps.distances(game, goals)
    again = pillager_maps.distances(game, [(x, y), (x, y)])  # (another list, same goals)
    assert again is made and made.key == (game.depth, ((x, y),), made.key[2])
    camp = pillager_maps.goal_map(game, "camp", level)
    assert pillager_maps.goal_map(game, "".join(["ca", "mp"]), level) is camp
    assert pillager_maps.distances(game, goals) is made  # (not only the last map asked)
    sx, sy = next((x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if made.dist[y + dy, x + dx] == 1)
    steps = pillager_maps.steps_from(game, made, sx, sy)
    assert steps == (1, [((x, y), x - sx, y - sy)]) and made.steps[(sx, sy)] is steps
    game.invalidate_terrain()
    fresh = pillager_maps.distances(game, goals)
    assert fresh is not made and fresh.key == made.key and not fresh.steps
    assert np.array_equal(fresh.dist, made.dist)
