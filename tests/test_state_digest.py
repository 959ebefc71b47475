"""The state digest (engine/state.py, Game.state_hash) takes in all of the rule state, in
versions: version 2 added what version 1 left out, version 3 the luck queue, and the older
versions stay as they were (records made with them are verified with them:
tests/test_records_digest.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from roguelike.bot.player import bot_game, play
from roguelike.core.components import Position
from roguelike.core.rng import Stream
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import Then, offer_waiting, waiting
from roguelike.engine.game import Game
from roguelike.engine.scenario import scenario
from roguelike.engine.state import DIGEST_VERSION, DIGEST_VERSIONS, state_digest
from roguelike.engine.status.luck import KeepRoll
from roguelike.engine.traps.make import make_trap
from roguelike.engine.traps.trigger import spring

ROOM = """
#########
#.......#
#...1...#
#.......#
#########
"""


@pytest.fixture(scope="module")
def game() -> Game:
    """A bot game that has fought (kills) and is mid-round (a creature's turn)."""
    game = bot_game("digest-v1-3")
    play(game, 160)
    assert game.kills > 0 and game.current is not None and not game.over
    return game


def _flip_explored(game: Game) -> Callable[[], None]:
    explored = game.levels[1].explored
    explored[0, 0] = not explored[0, 0]

    def undo() -> None:
        explored[0, 0] = not explored[0, 0]
    return undo


def _set(name: str, value: Callable[[Game], object]) -> Callable[[Game], Callable[[], None]]:
    def change(game: Game) -> Callable[[], None]:
        old = getattr(game, name)
        setattr(game, name, value(game))
        return lambda: setattr(game, name, old)
    return change


def _reverse_party(game: Game) -> Callable[[], None]:
    game.party.reverse()  # (in place: the list is the state's own, game.state.party)
    return game.party.reverse


def _other_member(game: Game) -> int:
    return next(e for e in game.party if e != game.current)


# each field version 2 added, and a change to it (returning its undo)
NEW_IN_2: dict[str, Callable[[Game], Callable[[], None]]] = {
    "mode": _set("mode", lambda g: "combat" if g.mode == "explore" else "explore"),
    "current": _set("current", _other_member),
    "current None": _set("current", lambda g: None),
    "deepest": _set("deepest", lambda g: g.deepest + 1),
    "outcome": _set("outcome", lambda g: "defeat"),
    "kills": _set("kills", lambda g: g.kills + 1),
    "party": _reverse_party,
    "options": _set("options", lambda g: GameOptions(
        "never" if g.options.luck_prompt == "ask" else "ask")),
    "explored": _flip_explored,
}


@pytest.mark.parametrize("field", sorted(NEW_IN_2))
def test_a_game_differing_only_in_a_field_version_2_added_hashes_differently(
        game: Game, field: str) -> None:
    before, before_v1 = game.state_hash(), game.state_hash(1)
    undo = NEW_IN_2[field](game)
    try:
        assert game.state_hash() != before, field
        assert game.state_hash(1) == before_v1  # (version 1 never took it in)
    finally:
        undo()
    assert game.state_hash() == before


def test_the_current_digest_is_version_3_and_game_state_hash_is_it(game: Game) -> None:
    assert DIGEST_VERSION == 3 and DIGEST_VERSIONS == (1, 2, 3)
    assert game.state_hash() == state_digest(game, 3) != state_digest(game, 2)
    assert state_digest(game, 2) != state_digest(game, 1)


def _darts_waiting() -> Game:
    """A Warrior in a room of darts, its first failed save waiting on luck."""
    game = scenario(ROOM, party=(("leader", "warrior"),), luck_prompt="ask", seed="p0")
    trap = make_trap(game.store, game.content, game.content.traps["darts_2d6"],
                     Position(1, 4, 2), placement="room", room=0, rng=Stream("p0", "trap"))
    spring(game, trap, game.party[0])
    assert offer_waiting(game) is not None and len(game.luck_queue.items) == 2
    return game


def test_version_3_takes_in_the_whole_luck_queue_and_version_2_the_offer_alone() -> None:
    """What waits behind the offer (the rest of the springing: its treasure and reset)
    decides the game: digest 3 tells such games apart; digest 2 saw only the offer, as the
    component it was on its delver."""
    game = _darts_waiting()
    before = {v: game.state_hash(v) for v in DIGEST_VERSIONS}
    game.luck_queue.items.append(Then("trap_sprung", [0, 0]))  # a second springing waits
    assert game.state_hash(3) != before[3]
    assert game.state_hash(2) == before[2] and game.state_hash(1) == before[1]
    game.luck_queue.items[0].cost += 1  # the offer itself: every version sees it
    assert all(game.state_hash(v) != before[v] for v in DIGEST_VERSIONS)


@pytest.mark.parametrize("version", [0, 4, -1])
def test_an_unknown_digest_version_is_refused(game: Game, version: int) -> None:
    with pytest.raises(ValueError, match="state digest version"):
        game.state_hash(version)


def test_the_explored_squares_are_up_to_date_whenever_the_game_waits() -> None:
    """Explored squares grow as the party's view is read (engine/turns/party_sight.py), and a screen
    reads it after every action while a headless replay may not: the turn loop takes the
    view in before it waits, so they (and the digest holding them) never depend on
    whether anything looked. (Without it, bot games left the view unread a few times in
    1,500 actions.) A roll waiting on luck is the exception: the rule it interrupted has
    not finished, and the view read then is neither kept nor explored (the next test)."""
    stale: list[int] = []
    paused = 0

    def watch(game: Game, _action: object, _events: object) -> None:
        nonlocal paused
        if waiting(game):
            paused += 1
        elif "party_view" not in game.kept.values:
            stale.append(game.actions_taken)

    for seed in ("lag-2", "lag-3"):
        play(bot_game(seed), 1500, watch=watch)
    assert stale == [] and paused > 0


def test_looking_while_a_roll_waits_on_luck_explores_nothing() -> None:
    """A screen draws the view while a roll waits (the luck prompt over the map); the
    explored squares are rule state, so that look must not change them: a game looked at
    then and one nobody looked at are the same game."""
    looked, unseen = _darts_waiting(), _darts_waiting()
    looked.kept.values.clear()  # (as if the view went stale before the trap was sprung)
    unseen.kept.values.clear()
    view = looked.visible
    assert view.any() and "party_view" not in looked.kept.values
    assert looked.state_hash() == unseen.state_hash()
    for game in (looked, unseen):
        while offer_waiting(game) is not None:
            game.perform(KeepRoll())
    assert looked.state_hash() == unseen.state_hash()
