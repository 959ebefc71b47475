"""The game's kept answers (engine/kept.py): one owner each, told of changes or keyed."""

from __future__ import annotations

import pytest

from roguelike.bot import play
from roguelike.core.components import Position
from roguelike.engine import kept, traps
from roguelike.engine.explore import pillager_maps
from roguelike.engine.game import Game


def test_declarations_name_known_changes_and_one_owner() -> None:
    answers = kept.declared()
    assert len(answers) >= 18
    for answer in answers:
        assert answer.stale_on and set(answer.stale_on) <= kept.KINDS, answer
        assert set(answer.told) <= set(answer.stale_on), answer
        assert answer.owner.startswith("roguelike.engine."), answer
    with pytest.raises(ValueError, match="declared by"):
        kept.declare(answers[0].name, "roguelike.somewhere.else", ("level",))
    with pytest.raises(ValueError, match="unknown kinds"):
        kept.declare("nonsense", __name__, ("weather",))


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
    from roguelike.bot import Bot

    # (where one comes is the bot's trajectory: the first of a few seeds that has one)
    for seed in ("seed-1", "bench-0", "bench-3", "bench-4"):
        game, bot = Game(seed), Bot()
        for _ in range(3000):
            if game.over:
                break
            game.perform(bot.choose(game))
            if traps.last_squares_state(game):
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
    unseen = next(int(k) for k, v in traps.last_squares_state(game).items() if v is None)
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
    from roguelike.engine.explore import doors

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


# What each field of a Game is (issue 19: the rule state is in state_hash, every derived
# answer in game.kept): a new field must be put in one of these.
# (engine/state.py, digest version 2; of "levels", the tiles and the explored squares)
HASHED = {"seed", "depth", "round", "order", "turn_index", "led", "actions_taken", "streams",
          "store", "over", "stuck_rounds", "last_squares", "levels", "mode", "current",
          "deepest", "outcome", "kills", "party", "options"}
# fixed when the game is made, and stated by its record beside the hashes: the party as
# asked for (its delvers are entities, hashed) and the content (the record's digest of it)
GIVEN = {"party_spec", "content"}
RECORDS = {"history", "log"}  # what happened, for saves, replays and the screens
WIRING = {"kept", "rule_calls", "on_action", "on_level_change", "knowledge_checks",
          "_positions", "_actors", "_characters", "_tables"}  # (the store's live tables)


def test_every_field_of_the_game_is_state_given_a_record_or_wiring() -> None:
    game = Game("x-2")
    kinds = [HASHED, GIVEN, RECORDS, WIRING]
    assert set(vars(game)) == set().union(*kinds)
    assert sum(map(len, kinds)) == len(vars(game))  # (no field in two)


def test_dropping_every_kept_answer_mid_game_changes_nothing() -> None:
    """Derived state decides nothing: a game whose kept answers are all thrown away every
    250 actions plays on exactly as one that kept them (the same bot, the same hashes)."""
    from roguelike.bot import Bot

    kept_all, dropped = Game("bench-0"), Game("bench-0")
    bots = Bot(), Bot()
    for _ in range(6):
        play(kept_all, 250, bots[0])
        play(dropped, 250, bots[1])
        dropped.kept.values.clear()
        assert kept_all.state_hash() == dropped.state_hash()
    assert kept_all.actions_taken > 1000
