"""Turn a live game into a Record (for a save or a replay)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from roguelike import __version__
from roguelike.engine.base.action import Action
from roguelike.engine.game import Game
from roguelike.records.codec import Final, Record, cached_action
from roguelike.records.resim import recorder_for
from roguelike.records.score import score_parts


def final_claims(game: Game, hash_version: int) -> Final:
    """What a record claims about `game` as it stands (verify redoes each one), its state
    hash in digest `hash_version`."""
    return Final(actions=len(game.history), round=game.round, depth=game.depth,
                 over=game.over, outcome=game.outcome,
                 state_hash=game.state_hash(hash_version),
                 deepest=game.deepest, kills=game.kills)


def capture(game: Game, kind: str, player: str = "") -> Record:
    """The record of `game`. Its hashes are in the state digest its recorder keeps the
    checkpoints in: the current one, or the version of the save the game was resumed
    from (so that save's game, saved again, still verifies)."""
    rec = recorder_for(game)
    seen: dict[tuple[Any, ...], Action] = {}
    return Record(
        kind=kind,
        game_version=__version__,
        content_digest=game.content.digest,
        seed=game.seed,
        party=tuple(tuple(str(v) for v in member) for member in game.party_spec),
        rounds=tuple(r for r, _a in game.history),
        actions=tuple(cached_action(a, seen) for _r, a in game.history),
        prints=tuple(rec.prints),
        checkpoint_every=rec.every,
        checkpoints=dict(rec.checkpoints),
        final=final_claims(game, rec.version),
        score=score_parts(game),
        player=player,
        saved_at=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        options=game.options.to_dict(),
        hash_version=rec.version,
    )
