"""Re-simulation: rebuild a game from its seed, party and actions, checking as it goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from roguelike.engine.actions import action_from_dict
from roguelike.engine.events import Event
from roguelike.engine.game import Game
from roguelike.engine.options import GameOptions
from roguelike.engine.seeds import normalise_seed
from roguelike.records import recorder as rec_mod
from roguelike.records.codec import Record


@dataclass
class Divergence(Exception):
    """The re-simulated game stopped matching the record."""

    index: int  # the action (0-based) where it went wrong; len(actions) = at the end
    round: int
    reason: str

    def __str__(self) -> str:
        return f"diverged at action {self.index} (round {self.round}): {self.reason}"


def new_game(seed: str, party: tuple[tuple[str, ...], ...],
             options: dict[str, str] | None = None) -> Game:
    """A fresh game with the recorded options; bad parties or options are a Divergence at 0."""
    try:
        return Game(normalise_seed(seed), party, options=GameOptions.from_dict(options or {}))
    except (ValueError, KeyError) as err:
        raise Divergence(0, 0, f"cannot start the game: {err}") from None


def step(game: Game, record: Record, i: int, rec: rec_mod.Recorder) -> list[Event]:
    """Perform action i of the record on `game`, raising Divergence on any mismatch."""
    round_ = record.rounds[i]
    if game.over:
        raise Divergence(i, round_, "the game is already over")
    if game.round != round_:
        raise Divergence(i, round_, f"the action was taken in round {round_}, "
                         f"but the game is in round {game.round}")
    before = game.actions_taken
    try:
        events = game.perform(record.actions[i])
    except Exception as err:  # an edited action may drive the engine somewhere odd
        raise Divergence(i, round_, f"the engine failed on {record.actions[i].kind}: "
                         f"{type(err).__name__}: {err}") from None
    if game.actions_taken == before:
        why = events[0].text if events else "refused"
        raise Divergence(i, round_, f"{record.actions[i].kind} was refused: {why}")
    if rec.prints[-1] != record.prints[i]:
        raise Divergence(i, round_, "the state after this action differs from the recording")
    want = record.checkpoints.get(i + 1)
    if want is not None and rec.checkpoints.get(i + 1) != want:
        raise Divergence(i, round_, "the state checksum differs from the recording")
    return events


def resimulate(record: Record, upto: int | None = None,
               progress: Callable[[Game, int], None] | None = None) -> Game:
    """The game after the record's first `upto` actions (all by default), fully checked."""
    game = new_game(record.seed, record.party, record.options)
    rec = rec_mod.attach(game, record.checkpoint_every)
    end = len(record.actions) if upto is None else min(upto, len(record.actions))
    for i in range(end):
        step(game, record, i, rec)
        if progress is not None:
            progress(game, i + 1)
    if end == len(record.actions):
        final = game.state_hash()
        if final != record.final.state_hash:
            raise Divergence(end, game.round, "the final state hash differs from the recording")
    return game


def rebuild_recorder(game: Game) -> rec_mod.Recorder:
    """Fingerprints for a game that was played without a recorder (re-plays its history)."""
    shadow = new_game(game.seed, game.party_spec, game.options.to_dict())
    rec = rec_mod.attach(shadow)
    for _round, data in game.history:
        shadow.perform(action_from_dict(data))
    game.on_action.append(rec)
    return rec


def recorder_for(game: Game) -> rec_mod.Recorder:
    rec = rec_mod.find(game)
    if rec is not None and rec.in_step(game):
        return rec
    if rec is not None:
        game.on_action.remove(rec)
    return rebuild_recorder(game)
