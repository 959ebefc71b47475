"""Watches a live game and keeps what a record needs besides the history itself.

After every action it notes a 16-bit fingerprint of the state (so a verifier can name the
very action where a replay goes wrong) and, every `CHECKPOINT_EVERY` actions, the full
state hash (so a lucky fingerprint match cannot hide a divergence for long), of the state
digest version it was made for: the current one for a new game, a record's own when it
re-simulates one (engine/state.py; a record states its version, codec.py).
"""

from __future__ import annotations

from roguelike.core.components import Position
from roguelike.engine.game import Game
from roguelike.engine.state import DIGEST_VERSION

CHECKPOINT_EVERY = 500
_MASK = (1 << 64) - 1
_MUL = 0x100000001B3  # FNV-1a's 64-bit prime: integer-only mixing, same on every Python


def fingerprint(game: Game) -> int:
    """A cheap digest of what moves when anything happens: clock, dice and party squares."""
    play = game.streams.play
    h = 0
    mul, mask = _MUL, _MASK  # (locals: a replay takes one print per action)
    s0, s1, s2, s3 = play.s
    for v in (game.round, game.turn_index, game.depth, game.actions_taken, play.draws,
              s0, s1, s2, s3):
        h = ((h ^ v) * mul) & mask
    positions = game.store.by_type.get(Position, {})
    for eid in game.party:
        pos = positions.get(eid)
        if pos is not None:
            h = ((h ^ (pos.depth << 32 | pos.x << 16 | pos.y)) * mul) & mask
    h ^= h >> 31
    return (h ^ (h >> 16) ^ (h >> 32) ^ (h >> 48)) & 0xFFFF


class Recorder:
    """An `on_action` watcher; `prints[i]` belongs to `game.history[i]`."""

    def __init__(self, every: int = CHECKPOINT_EVERY, version: int = DIGEST_VERSION) -> None:
        self.every = every
        self.version = version  # the state digest of the checkpoints (and of a capture)
        self.prints: list[int] = []
        self.checkpoints: dict[int, str] = {}

    def __call__(self, game: Game) -> None:
        self.prints.append(fingerprint(game))
        n = len(game.history)
        if n % self.every == 0:
            self.checkpoints[n] = game.state_hash(self.version)

    def in_step(self, game: Game) -> bool:
        return len(self.prints) == len(game.history)


def attach(game: Game, every: int = CHECKPOINT_EVERY,
           version: int = DIGEST_VERSION) -> Recorder:
    """Start recording a game that has taken no actions yet (its checkpoints in state
    digest `version`: a record's own, to re-simulate it)."""
    if game.history:
        raise ValueError("attach a recorder before the first action (or use recorder_for)")
    rec = Recorder(every, version)
    game.on_action.append(rec)
    return rec


def find(game: Game) -> Recorder | None:
    for watcher in game.on_action:
        if isinstance(watcher, Recorder):
            return watcher
    return None
