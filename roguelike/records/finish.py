"""When a game ends: its replay, its morgue file and its line in the score table."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from roguelike import __version__
from roguelike.engine.creatures.starting_party import party_words
from roguelike.engine.game import Game
from roguelike.records.codec import RecordError, decode
from roguelike.records.morgue import write_morgue
from roguelike.records.paths import slot_name
from roguelike.records.replay import REPLAY_SUFFIX, write_replay
from roguelike.records.save import retire_save
from roguelike.records.score import score_parts
from roguelike.records.scores import add_score, same_rows


@dataclass
class Finished:
    replay: Path
    morgue: Path
    score_id: int
    score: dict[str, int]


def _finished_before(game: Game, data_dir: Path, player: str,
                     parts: dict[str, int]) -> Finished | None:
    """This very game's score row, if it was recorded already: a game whose end was
    recorded but whose journal was not yet retired when the process died comes back over,
    and must not score twice. (Rows that look the same are told apart by the replay's
    final state hash; they are rare, so the usual cost is one indexed query.)"""
    for row in same_rows(data_dir, player=player, seed=game.seed, score=parts["total"],
                         depth=game.deepest, turns=game.round, outcome=game.outcome):
        replay = data_dir / row["replay"]
        try:
            record = decode(replay.read_bytes())
        except (OSError, RecordError):
            continue
        final = record.final
        if final.actions == len(game.history) \
                and final.state_hash == game.state_hash(record.hash_version):
            morgue = data_dir / "morgue" / replay.name.replace(REPLAY_SUFFIX, ".txt")
            return Finished(replay, morgue, int(row["id"]), parts)
    return None


def finish_game(game: Game, data_dir: Path, player: str = "player",
                slot: str | None = None) -> Finished:
    """Record a finished game (call when `game.over` becomes true; again is harmless):
    replay, morgue, score row, then the save slot's files retired (save.retire_save)."""
    now = datetime.now(UTC)
    stamp = now.strftime("%Y%m%d-%H%M%S")
    ended_at = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    slot = slot or slot_name(player)
    data_dir = Path(data_dir)
    parts = score_parts(game)
    done = _finished_before(game, data_dir, player, parts)
    if done is not None:
        retire_save(data_dir, slot)
        return done
    stem = f"{slot}-{game.seed}-{stamp}"
    n = 0
    while (data_dir / "replays" / f"{stem}{REPLAY_SUFFIX}").exists():  # same second, same seed
        n += 1
        stem = f"{slot}-{game.seed}-{stamp}-{n}"
    replay = write_replay(game, data_dir / "replays" / f"{stem}{REPLAY_SUFFIX}", player)
    morgue = write_morgue(game, data_dir / "morgue" / f"{stem}.txt", player, ended_at)
    score_id = add_score(data_dir, player=player, seed=game.seed, parts=parts,
                         depth=game.deepest, turns=game.round, outcome=game.outcome,
                         replay=str(replay.relative_to(data_dir)), game_version=__version__,
                         ended_at=ended_at, party=party_words(game.party_spec, game.content))
    retire_save(data_dir, slot)
    return Finished(replay, morgue, score_id, parts)
