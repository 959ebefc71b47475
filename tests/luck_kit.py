"""Shared helpers of the luck pause tests (issue 26 section 3, engine/base/luck_queue.py): a
guard on the dice, answering every offer, and the game's hash with what asking adds (the
answers counted as actions, the option itself) set aside."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from roguelike.core.rng import Stream
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.luck_queue import Offer, offer_waiting
from roguelike.engine.game import Game
from roguelike.engine.status.luck import KeepRoll, SpendLuck


class WaitingRoll(AssertionError):
    """A die was rolled while a roll waited on the player's luck."""


class Guarded(Stream):
    """The play stream, refusing to roll while a luck offer waits: whatever comes after a
    roll offered luck must wait for the answer (only the answer, run with the queue set
    aside, goes on)."""

    __slots__ = ("game",)

    def next64(self) -> int:
        if self.game.state.luck_queue.items:
            raise WaitingRoll("a die was rolled while a roll waited on luck")
        return super().next64()


def guard(game: Game) -> Game:
    old = game.streams.play
    new = Guarded(game.seed, "play")
    new.s, new.draws = list(old.s), old.draws
    new.game = game
    game.streams.play = new
    return game


def answer_all(game: Game, spend: bool | Callable[[Offer], bool]) -> list[Offer]:
    """Answer every offer in turn (spend: buy each roll; else keep it); the offers asked."""
    asked: list[Offer] = []
    while (offer := offer_waiting(game)) is not None:
        asked.append(replace(offer, args=list(offer.args)))
        buy = spend(offer) if callable(spend) else spend
        events = game.perform(SpendLuck(offer.cost) if buy else KeepRoll())
        assert events and events[0].kind == "luck", [e.text for e in events]
        assert len(asked) < 200
    return asked


def rule_hash(game: Game, actions: int) -> str:
    """The state hash as if the game had been played with luck_prompt "never" in
    `actions` actions: asking adds an action per answer and the option itself, and
    nothing else when every roll is kept."""
    st = game.state
    taken, options = st.actions_taken, st.options
    st.actions_taken, st.options = actions, GameOptions("never")
    try:
        return game.state_hash()
    finally:
        st.actions_taken, st.options = taken, options
