"""A proved game goes public: its line in the append-only public log and, for a game the
host witnessed, its row in the host's score table (whose pages show its recordings).

A hidden seed's games stay off both until their challenge's window closes (the host then
publishes them, service.py), so that no board, log line, recording or replay tells the
seed early.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from roguelike.challenges.model import Challenge, parse_iso
from roguelike.challenges.store import Entry, Store
from roguelike.records.scores import add_score


def replay_address(game_id: int) -> str:
    """Where the website serves a board game's replay (relative to the host's address)."""
    return f"/g/{int(game_id)}/replay"


def log_record(entry: Entry, code: str | None) -> dict[str, Any]:
    """A finished game as the public log and the JSON boards give it."""
    return {"game": entry.id, "challenge": code, "seed": entry.seed, "player": entry.player,
            "party": entry.party, "score": entry.score, "parts": entry.score_parts(),
            "depth": entry.depth, "outcome": entry.outcome, "turns": entry.turns,
            "actions": entry.actions, "ended": entry.ended_at, "verified": entry.verified_at,
            "witnessed": entry.source == "witnessed", "ranked": entry.ranked,
            "game_version": entry.game_version, "content_digest": entry.content_digest,
            "replay": replay_address(entry.id)}


def may_publish(challenge: Challenge | None, now: str) -> bool:
    return challenge is None or challenge.seed_public(parse_iso(now))


def publish(store: Store, data: Path, entry: Entry, challenge: Challenge | None) -> None:
    """Put a verified game on the public log (and a witnessed one in the score table)."""
    if entry.source == "witnessed" and entry.origin and entry.score_row is None:
        row = add_score(Path(data), player=entry.player, seed=entry.seed,
                        parts=entry.score_parts(), depth=entry.depth, turns=entry.turns,
                        outcome=entry.outcome, replay=entry.origin,
                        game_version=entry.game_version, ended_at=entry.ended_at,
                        party=entry.party)
        store.set_score_row(entry.id, row)
    line = json.dumps(log_record(entry, challenge.code if challenge else None),
                      sort_keys=True, separators=(",", ":"))
    store.publish(entry.id, line)

