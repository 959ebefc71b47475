"""`roguelike sim`: the bot plays N actions; the summary proves the run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from roguelike.bot.player import bot_game, play
from roguelike.records.recorder import attach
from roguelike.records.replay import write_replay


def run_sim(seed: str, actions: int, party: tuple[tuple[str, str], ...] | None = None,
            record: Path | None = None) -> dict[str, Any]:
    game = bot_game(seed, party)
    if record is not None:
        attach(game)
    play(game, actions)
    if record is not None:
        write_replay(game, record)
    return {
        "seed": game.seed,
        "actions": game.actions_taken,
        "turns": game.round,
        "depth": game.deepest,
        "kills": game.kills,
        "over": game.over,
        "outcome": game.outcome,
        "score": game.score_parts()["total"],
        "state_hash": game.state_hash(),
    }
