"""Re-simulation: rebuild a game from its seed, party and actions, checking as it goes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import Any

from roguelike.core.events import Event
from roguelike.core.lean_dataclass import dataclass
from roguelike.engine.base.game_options import GameOptions
from roguelike.engine.base.seeds import normalise_seed
from roguelike.engine.game import Game
from roguelike.engine.rule_registry import action_from_dict
from roguelike.records import recorder as rec_mod
from roguelike.records.codec import Record
from roguelike.records.score import score_parts


@dataclass
class Divergence(Exception):
    """The re-simulated game stopped matching the record."""

    index: int  # the action (0-based) where it went wrong; len(actions) = at the end
    round: int
    reason: str

    def __str__(self) -> str:
        return f"diverged at action {self.index} (round {self.round}): {self.reason}"


@dataclass
class Mismatch:
    """One claim of the file that the re-simulated game contradicts."""

    claim: str  # e.g. "final.outcome", "score.total"
    claimed: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.claim}: the file claims {self.claimed!r} but the game gives {self.actual!r}"


@dataclass
class ClaimsRefused(Divergence):
    """The actions replay, but the file's claims about the end differ from the game's."""

    mismatches: list[Mismatch] = field(default_factory=list)

    def __str__(self) -> str:
        return self.reason


def claims_of(game: Game, hash_version: int) -> dict[str, Any]:
    """Everything a record claims about a game's end, by claim name (codec.Final, score),
    the state hash in digest `hash_version` (the record's)."""
    claims: dict[str, Any] = {
        "final.actions": len(game.history), "final.round": game.round,
        "final.depth": game.depth, "final.deepest": game.deepest, "final.over": game.over,
        "final.outcome": game.outcome, "final.kills": game.kills,
        "final.state_hash": game.state_hash(hash_version)}
    claims.update({f"score.{k}": v for k, v in score_parts(game).items()})
    return claims


def mismatches(record: Record, game: Game, rec: rec_mod.Recorder) -> list[Mismatch]:
    """Every claim of `record` that differs from `game` (re-simulated with recorder `rec`)."""
    actual = claims_of(game, record.hash_version)
    f = record.final
    claimed: dict[str, Any] = {f"final.{k}": getattr(f, k) for k in
                               ("actions", "round", "depth", "deepest", "over", "outcome",
                                "kills", "state_hash")}
    if f.deepest is None:  # a version 1 file makes neither claim
        del claimed["final.deepest"], claimed["final.kills"]
    for part in set(record.score) | {k[6:] for k in actual if k.startswith("score.")}:
        claimed[f"score.{part}"] = record.score.get(part)
    out = [Mismatch(k, v, actual.get(k)) for k, v in claimed.items() if actual.get(k) != v]
    # the full-state checkpoints every `checkpoint_every` actions are claims too: all of
    # them must be there (each one present was already compared on the way)
    if set(record.checkpoints) != set(rec.checkpoints):
        out.append(Mismatch("checkpoints", sorted(record.checkpoints),
                            sorted(rec.checkpoints)))
    return out


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
               progress: Callable[[Game, int], None] | None = None,
               check_claims: bool = True) -> Game:
    """The game after the record's first `upto` actions (all by default), fully checked:
    every action's round and fingerprint, every checkpoint and, at the end (unless
    `check_claims` is False, for a journal, which makes none), every claim of the file."""
    game = new_game(record.seed, record.party, record.options)
    rec = rec_mod.attach(game, record.checkpoint_every, record.hash_version)
    end = len(record.actions) if upto is None else min(upto, len(record.actions))
    for i in range(end):
        step(game, record, i, rec)
        if progress is not None:
            progress(game, i + 1)
    if end == len(record.actions) and check_claims:
        wrong = mismatches(record, game, rec)
        if wrong:
            raise ClaimsRefused(end, game.round, "; ".join(map(str, wrong)), wrong)
    return game


def valid_prefix(record: Record) -> tuple[Game, Divergence | None]:
    """The game after as many of the record's actions as replay cleanly, and why it
    stopped there (None: all of them). For a journal, whose tail a crash may have cut."""
    game = new_game(record.seed, record.party, record.options)
    rec = rec_mod.attach(game, record.checkpoint_every, record.hash_version)
    for i in range(len(record.actions)):
        try:
            step(game, record, i, rec)
        except Divergence as err:  # the failed action touched `game`: rebuild up to it
            return resimulate(record, upto=i, check_claims=False), err
    return game, None


def rebuild_recorder(game: Game) -> rec_mod.Recorder:
    """Fingerprints for a game that was played without a recorder (re-plays its history)."""
    if not game.history:  # nothing to re-play: no second game (a level made for nothing)
        return rec_mod.attach(game)
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
