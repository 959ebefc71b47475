"""Issue 31: a rest's quiet rounds settled without the turn loop (turn_loop.quiet_turns):
every turn the loop would have taken, each Pillager's Wait that still holds written in
place. The game and every action's events are the loop's own; under
ROGUELIKE_CHECK_KEPT the loop also runs each settled round on a twin of the game
(quiet_check) and a settling that breaks the proof fails there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from roguelike.bot.player import Bot
from roguelike.core.components import FightState
from roguelike.core.events import Event
from roguelike.core.rng import Stream
from roguelike.engine.base.action import Action
from roguelike.engine.base.kept import StaleAnswer
from roguelike.engine.game import Game
from roguelike.engine.monsters import pillagers
from roguelike.engine.turns import turn_loop
from roguelike.engine.turns.initiative import order_by_initiative

SEED = "amber wolf 17"
ACTIONS = 1500  # (its rests: some 240 rounds, most settled whole)


def _bot_game(actions: int, check: bool = False) -> Iterator[tuple[Game, Action, list[Event]]]:
    game = Game(SEED)
    game.kept.check = check
    bot = Bot()
    for _ in range(actions):
        action = bot.choose(game)
        yield game, action, game.perform(action)


def _settled(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the turns quiet_turns settles (a list to add to)."""
    turns = [0]
    real = turn_loop.quiet_turns

    def counted(game: Game) -> tuple[bool, list[Event]]:
        done, events = real(game)
        turns[0] += game.state.turn_index + 1 if done else 0
        return done, events

    monkeypatch.setattr(turn_loop, "quiet_turns", counted)
    return turns


def test_settled_rounds_are_the_loops_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game, action by action (its state digest and every event), with the
    quiet rounds settled and with the loop taking every turn."""
    turns = _settled(monkeypatch)
    settled = [(g.state_hash(), e) for g, _a, e in _bot_game(ACTIONS)]
    assert turns[0] > 1000  # (the rests' rounds were settled, not left to the loop)
    monkeypatch.setattr(turn_loop, "quiet_turns", lambda _g: (False, []))
    looped = [(g.state_hash(), e) for g, _a, e in _bot_game(ACTIONS)]
    assert settled == looped
    assert settled[-1][0] == "b47c9acb6be00e9b9d4cbdaf8e590174"




def _rest_twice(check: bool) -> str:
    """The game after its first two rests with Pillagers about, taken from where the bot
    takes them (its digest)."""
    game = Game(SEED)
    game.kept.check = check
    bot, rests = Bot(), 0
    for _ in range(ACTIONS):
        action = bot.choose(game)
        game.perform(action)
        rests += action.kind == "rest" and pillagers.on_level(game) > 0
        if rests == 2:
            return game.state_hash()
    raise AssertionError("fewer than two rests with Pillagers about")


def _every_fighter_waits(game: Game, eid: int, side: str) -> FightState | None:
    """A proof broken on purpose: any creature with a FightState is taken for a Pillager
    kept from its way (a resting delver's turn, a woken monster's hunt)."""
    del side
    return game.store.by_type[FightState].get(eid)


@pytest.mark.parametrize("broken", ["anyone_waits", "every_pillager_waits"])
def test_a_broken_proof_fails_under_the_check(monkeypatch: pytest.MonkeyPatch,
                                              broken: str) -> None:
    """Settling turns that are not quiet changes the game (without the check nothing
    notices: what the check is for) and fails under the check."""
    fresh = _rest_twice(check=False)
    if broken == "anyone_waits":
        monkeypatch.setattr(turn_loop, "_waiting_pillager", _every_fighter_waits)
    else:  # a Pillager that would step or grab taken for one that waits again
        monkeypatch.setattr(pillagers, "waits_again", lambda _g, _e: True)
    assert _rest_twice(check=False) != fresh
    with pytest.raises(StaleAnswer, match="quiet_turns"):
        _rest_twice(check=True)


def test_initiative_without_its_record_throws_the_same_dice() -> None:
    """The turn loop keeps no record of the roll-offs (initiative's `thrown`): the same
    order from the same draws, round after round of a big tied group and small ties."""
    kept, lean = Stream("quiet", "initiative"), Stream("quiet", "initiative")
    entrants = list(range(1, 12))
    for _ in range(300):
        rolls = {e: 3 if e > 4 else kept.d(6) for e in entrants}
        assert lean.d(6) and lean.d(6) and lean.d(6) and lean.d(6)  # (the same 4 dice)
        speed = {e: 2 + e % 2 if e > 6 else 2 for e in entrants}
        order, thrown = order_by_initiative(entrants, rolls, lambda e: e % 3 and 1,
                                            speed.__getitem__, kept)
        order_lean, none = order_by_initiative(entrants, rolls, lambda e: e % 3 and 1,
                                               speed.__getitem__, lean, thrown=False)
        assert (order_lean, none) == (order, {}) and thrown
        assert lean.s == kept.s and lean.draws == kept.draws
