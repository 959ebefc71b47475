"""Replays: write them, verify them, and step through them (for the replay screen)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from roguelike.content.loader import default_content
from roguelike.core.events import Event
from roguelike.engine.game import Game
from roguelike.engine.party import party_words
from roguelike.records import recorder as rec_mod
from roguelike.records.atomic import atomic_write
from roguelike.records.capture import capture
from roguelike.records.codec import Record, RecordError, decode, encode
from roguelike.records.resim import ClaimsRefused, Divergence, new_game, resimulate, step
from roguelike.records.score import score_parts

REPLAY_SUFFIX = ".replay.json"


class ReplayError(Exception):
    """A replay that cannot be read or played; str() is for the player."""


def write_replay(game: Game, path: Path, player: str = "") -> Path:
    atomic_write(Path(path), encode(capture(game, "replay", player)))
    return Path(path)


def read_record(path: Path) -> Record:
    try:
        return decode(Path(path).read_bytes())
    except OSError as err:
        raise ReplayError(f"Could not read {path}: {err.strerror or err}") from None
    except RecordError as err:
        raise ReplayError(f"{Path(path).name} cannot be used: {err}") from None


def verify_record(record: Record, content_digest: str | None = None,
                  progress: Callable[[Game, int], None] | None = None) -> dict[str, Any]:
    """Re-simulate headlessly; the result says whether the record proves its claims.

    Every claim the file makes is compared with the re-simulated game: each action's round
    and fingerprint, the checkpoints, the final state (actions, round, depth, deepest,
    over, outcome, kills, state hash), every score part, and the game content it was played
    with (`content_digest`: the digest of the content this game runs; None: the default).
    `progress(game, n)` is called after each action (what it raises ends the check)."""
    out: dict[str, Any] = {"verified": False, "seed": record.seed, "kind": record.kind,
                           "actions": len(record.actions), "score": None, "state_hash": None,
                           "game_version": record.game_version}
    if content_digest is None:
        content_digest = default_content().digest
    try:
        game = resimulate(record, progress=progress)
    except ClaimsRefused as err:
        first = err.mismatches[0]
        out.update(diverged_at={"index": err.index, "round": err.round}, reason=err.reason,
                   claim=first.claim, claimed=first.claimed, actual=first.actual,
                   mismatches=[{"claim": m.claim, "claimed": m.claimed, "actual": m.actual}
                               for m in err.mismatches])
        return out
    except Divergence as err:
        out.update(diverged_at={"index": err.index, "round": err.round}, reason=err.reason)
        if content_digest != record.content_digest:
            out["reason"] += " (the record was made with different game content)"
        return out
    parts = score_parts(game)
    out.update(score=parts["total"], score_parts=parts,
               state_hash=game.state_hash(record.hash_version),
               hash_version=record.hash_version,
               depth=game.deepest, turns=game.round, outcome=game.outcome, kills=game.kills,
               party=party_words(game.party_spec, game.content))
    if content_digest != record.content_digest:  # the score was earned under other rules
        out.update(claim="content_digest", claimed=record.content_digest,
                   actual=content_digest,
                   reason=f"content_digest: the file was played with game content "
                          f"{record.content_digest!r} but this game has {content_digest!r}, "
                          f"so its score cannot stand for these rules")
        return out
    out["verified"] = True
    return out


def verify_file(path: Path) -> dict[str, Any]:
    """`roguelike verify`: never raises for a bad file; the dict says what is wrong."""
    try:
        record = read_record(path)
    except ReplayError as err:
        return {"verified": False, "score": None, "state_hash": None, "diverged_at": None,
                "reason": str(err)}
    return verify_record(record)


class ReplayPlayer:
    """Watch a record action by action; jumping back re-simulates from the start."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.error = ""
        self.restart()

    @classmethod
    def open(cls, path: Path) -> ReplayPlayer:
        return cls(read_record(path))

    def restart(self) -> None:
        try:
            self.game: Game = new_game(self.record.seed, self.record.party,
                                       self.record.options)
        except Divergence as err:
            raise ReplayError(str(err)) from None
        self._rec = rec_mod.attach(self.game, self.record.checkpoint_every,
                                   self.record.hash_version)
        self.position = 0
        self.error = ""

    @property
    def total(self) -> int:
        return len(self.record.actions)

    @property
    def finished(self) -> bool:
        return self.position >= self.total or bool(self.error)

    def step(self) -> list[Event]:
        """Play the next action; returns its events ([] at the end or after an error)."""
        if self.finished:
            return []
        try:
            events = step(self.game, self.record, self.position, self._rec)
        except Divergence as err:
            self.error = str(err)
            return [Event("info", f"The replay breaks off: {err}")]
        self.position += 1
        return events

    def jump_to(self, index: int) -> None:
        """Show the game after `index` actions."""
        index = max(0, min(index, self.total))
        if index < self.position:
            self.restart()
        while self.position < index and not self.error:
            self.step()

    def jump_to_depth(self, depth: int) -> bool:
        """Show the first arrival at `depth`; False (at the end) if the replay never gets there."""
        if self.position and self.game.deepest >= depth:
            self.restart()
        while self.game.depth != depth:
            if self.finished:
                return False
            self.step()
        return True

    def run_to_end(self) -> Game:
        return resimulate(self.record)
